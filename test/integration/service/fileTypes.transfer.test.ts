import { randomUUID } from 'node:crypto';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

const fields = [
  { title: 'Claim Number', type: 'STRING' },
  { title: 'Items', type: 'OBJECT', items: [{ title: 'Cost', type: 'NUMBER' }] },
];

async function create(className: string, key?: string) {
  const res = await svc.request('POST', '/prod/v1/file-type', { body: { className, name: `${className} form`, fields }, key });
  expect(res.status).toBe(201);
  return res.body as { id: string; className: string; defaultSchemaId: string };
}

async function exportZip(query: string, key = svc.key.key) {
  const res = await fetch(`${svc.url}/prod/v1/files/schema/export${query}`, { headers: { 'x-api-key': key } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function importZip(bytes: Buffer | string, key = svc.key.key, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: 'application/zip' }), 'schemas.zip');
  const res = await fetch(`${svc.url}/prod/v1/files/schema/import`, { method: 'POST', headers: { 'x-api-key': key, ...headers }, body: form });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

function unzip(bytes: Buffer): Promise<Map<string, any>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, any>();
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, JSON.parse(Buffer.concat(chunks).toString('utf8')));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('export (extension) and import (4.13)', () => {
  it('round-trips into another workspace with new ids, the importer\'s metadata and every version', async () => {
    const a = await create('Claim');
    const b = await create('Expense');
    await svc.request('PATCH', '/prod/v1/file-type/approve', { body: { blueprintId: a.id, schemaId: a.defaultSchemaId } });
    // Edited in place (4.8): the export carries the current fields.
    await svc.request('PATCH', '/prod/v1/schemas', { body: { schemaId: a.defaultSchemaId, fields: [{ title: 'Note', type: 'STRING' }] } });

    const exported = await exportZip(`?blueprintIds=${a.id},${b.id},${a.id}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="schemas-.*\.zip"$/);
    const entries = await unzip(exported.bytes);
    const manifest = entries.get('manifest.json');
    expect(manifest).toMatchObject({ version: 1, exportedAt: expect.any(String) });
    expect(manifest.blueprints).toEqual([
      { id: a.id, className: 'Claim', path: `blueprints/${a.id}.json` },
      { id: b.id, className: 'Expense', path: `blueprints/${b.id}.json` },
    ]);
    expect(manifest.schemas).toHaveLength(2);
    expect(entries.get(`blueprints/${a.id}.json`)).toMatchObject({ id: a.id, className: 'Claim', status: 'APPROVED' });
    expect(entries.get(`schemas/${a.defaultSchemaId}.json`).fields.map((f: { title: string }) => f.title)).toEqual(['Claim Number', 'Items', 'Note']);

    const other = svc.createKey({ workspace: 'Import-Target' });
    const imported = await importZip(exported.bytes, other.key);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({
      success: true,
      importedBlueprintsCount: 2,
      importedSchemasCount: 2,
      conflictBlueprintsCount: 0,
      conflictBlueprints: [],
    });
    expect(imported.body.blueprintIds).toHaveLength(2);
    expect(imported.body.blueprintIds).not.toContain(a.id);
    expect(imported.body.schemaIds).not.toContain(a.defaultSchemaId);

    const list = (await svc.request('GET', '/prod/v1/file-type', { key: other.key })).body.fileTypes;
    const claim = list.find((t: { className: string }) => t.className === 'Claim');
    expect(claim).toMatchObject({ status: 'APPROVED', locked: false, isDefault: false, name: 'Claim form' });
    expect(claim.metadata).toEqual({ userId: other.userId, organizationId: other.organizationId, workspaceId: other.workspaceId });
    expect(imported.body.schemaIds).toContain(claim.defaultSchemaId);
    const schema = (await svc.request('GET', `/prod/v1/schemas/${claim.defaultSchemaId}`, { key: other.key })).body;
    expect(schema).toMatchObject({ blueprintId: claim.id, version: '1.0.0' });
    expect(schema.metadata.workspaceId).toBe(other.workspaceId);
    expect(schema.fields.map((f: { title: string }) => f.title)).toEqual(['Claim Number', 'Items', 'Note']);
    // The source workspace still owns its own, unchanged.
    expect((await svc.request('GET', `/prod/v1/file-type/${a.id}`)).status).toBe(200);
    expect((await svc.request('GET', `/prod/v1/file-type/${a.id}`, { key: other.key })).status).toBe(404);
  });

  it('exports every file type without blueprintIds; 404 for an unknown or another workspace\'s id; 422 over 50', async () => {
    const all = await exportZip('');
    expect(all.status).toBe(200);
    const manifest = (await unzip(all.bytes)).get('manifest.json');
    expect(manifest.blueprints.map((b: { className: string }) => b.className)).toContain('Invoice');
    const mine = await create('OnlyMine');
    const other = svc.createKey({ workspace: 'Export-Other' });
    const theirs = await exportZip(`?blueprintIds=${mine.id}`, other.key);
    expect(theirs.status).toBe(404);
    expect(JSON.parse(theirs.bytes.toString()).detail).toBe(`File type not found: ${mine.id}.`);
    const tooMany = await exportZip(`?blueprintIds=${Array.from({ length: 51 }, () => randomUUID()).join(',')}`);
    expect(tooMany.status).toBe(422);
    expect(JSON.parse(tooMany.bytes.toString()).errors[0].parameter).toBe('blueprintIds');
    expect((await exportZip('?blueprintIds=,,')).status).toBe(422);
  });

  it('imports nothing and lists the conflicts when a class name exists already (200, success false)', async () => {
    const a = await create('Conflicting');
    const b = await create('Fresh');
    const zip = (await exportZip(`?blueprintIds=${a.id},${b.id}`)).bytes;
    // Delete Fresh so only Conflicting clashes; the whole import must still fail.
    await svc.request('DELETE', '/prod/v1/file-type', { body: { blueprintIds: [b.id] } });
    const before = (await svc.request('GET', '/prod/v1/file-type')).body.count;
    const res = await importZip(zip);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      importedBlueprintsCount: 0,
      importedSchemasCount: 0,
      conflictBlueprintsCount: 1,
      conflictBlueprints: ['Conflicting'],
      blueprintIds: [],
      schemaIds: [],
    });
    expect((await svc.request('GET', '/prod/v1/file-type')).body.count).toBe(before);
  });

  it('gives a repeated version of one blueprint the next free PATCH version', async () => {
    const manifest = {
      version: 1,
      exportedAt: new Date().toISOString(),
      blueprints: [{ id: 'b1', className: 'Versions', path: 'blueprints/b1.json' }],
      schemas: [
        { id: 's1', blueprintId: 'b1', path: 'schemas/s1.json' },
        { id: 's2', blueprintId: 'b1', path: 'schemas/s2.json' },
      ],
    };
    const schema = (id: string) => JSON.stringify({ id, blueprintId: 'b1', name: 'V', version: '1.2.0', fields: [{ title: id, type: 'STRING' }] });
    const zip = await zipOf({
      'manifest.json': JSON.stringify(manifest),
      'blueprints/b1.json': JSON.stringify({ id: 'b1', className: 'Versions', name: 'V', status: 'DRAFT', defaultSchemaId: 's1' }),
      'schemas/s1.json': schema('s1'),
      'schemas/s2.json': schema('s2'),
    });
    const res = await importZip(zip);
    expect(res.body).toMatchObject({ success: true, importedSchemasCount: 2 });
    const versions = (await svc.request('GET', `/prod/v1/schemas?blueprintId=${res.body.blueprintIds[0]}`)).body.schemas.map(
      (s: { version: string }) => s.version,
    );
    expect(versions).toEqual(['1.2.0', '1.2.1']);
  });

  it('answers 422 for archives that are not exports: not a zip, no manifest, bad JSON, missing files, bombs', async () => {
    const manifest = (extra: object = {}) =>
      JSON.stringify({ version: 1, exportedAt: 'x', blueprints: [{ id: 'b1', className: 'Broken', path: 'blueprints/b1.json' }], schemas: [], ...extra });
    const blueprint = JSON.stringify({ id: 'b1', className: 'Broken', name: 'B', status: 'DRAFT', defaultSchemaId: null });
    const cases: Array<[string, Buffer | string]> = [
      ['not a zip', 'hello, this is text'],
      ['no manifest', await zipOf({ 'blueprints/b1.json': blueprint })],
      ['manifest not JSON', await zipOf({ 'manifest.json': '{nope' })],
      ['manifest wrong shape', await zipOf({ 'manifest.json': JSON.stringify({ version: 2, blueprints: 'x' }) })],
      ['listed file missing', await zipOf({ 'manifest.json': manifest() })],
      ['blueprint wrong status', await zipOf({ 'manifest.json': manifest(), 'blueprints/b1.json': blueprint.replace('DRAFT', 'LIVE') })],
      [
        'schema of no blueprint',
        await zipOf({
          'manifest.json': manifest({ schemas: [{ id: 's1', blueprintId: 'zz', path: 's.json' }] }),
          'blueprints/b1.json': blueprint,
          's.json': JSON.stringify({ id: 's1', blueprintId: 'zz', name: 'S', version: '1.0.0', fields: [] }),
        }),
      ],
      ['empty archive', await zipOf({ 'manifest.json': JSON.stringify({ version: 1, exportedAt: 'x', blueprints: [], schemas: [] }) })],
      ['zip bomb', await zipOf({ 'manifest.json': Buffer.alloc(20 * 1024 * 1024, 0x20) })],
    ];
    for (const [name, bytes] of cases) {
      const res = await importZip(bytes);
      expect(res.status, name).toBe(422);
      expect(res.body.code, name).toBe('VALIDATION_FAILED');
      expect(res.body.detail, name).toMatch(/^Malformed schema archive: /);
      expect(res.body.errors[0].pointer).toBe('/file');
    }
    expect((await svc.request('GET', '/prod/v1/file-type')).body.fileTypes.map((t: { className: string }) => t.className)).not.toContain('Broken');
  });

  it('answers 422 without a file part, and 403 for a read-only key whatever the archive', async () => {
    const form = new FormData();
    form.append('other', 'x');
    const res = await fetch(`${svc.url}/prod/v1/files/schema/import`, { method: 'POST', headers: { 'x-api-key': svc.key.key }, body: form });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe('/file');
    const json = await svc.request('POST', '/prod/v1/files/schema/import', { body: { file: 'x' } });
    expect(json.status).toBe(422);
    const ro = svc.createKey({ readOnly: true });
    const refused = await importZip('garbage', ro.key);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain('READONLY_KEY');
    expect((await exportZip('', ro.key)).status).toBe(200);
  });

  it('replays an import with the same Idempotency-Key and archive; another archive with that key is 422', async () => {
    const src = svc.createKey({ workspace: 'Idem-Source' });
    const type = await create('IdemType', src.key);
    const zip = (await exportZip(`?blueprintIds=${type.id}`, src.key)).bytes;
    const target = svc.createKey({ workspace: 'Idem-Target' });
    const headers = { 'idempotency-key': randomUUID() };
    const first = await importZip(zip, target.key, headers);
    expect(first.body.success).toBe(true);
    const again = await importZip(zip, target.key, headers);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const different = await importZip(await zipOf({ 'manifest.json': '{}' }), target.key, headers);
    expect(different.status).toBe(422);
    expect(different.body.errors[0].parameter).toBe('Idempotency-Key');
  });
});
