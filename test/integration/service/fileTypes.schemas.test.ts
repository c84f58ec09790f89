import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedKey } from '../../../src/service/store/tenancy.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

const fields = [
  { title: 'Order Number', type: 'STRING', description: 'The order id.' },
  { title: 'Total', type: 'NUMBER', format: 'currency' },
  { title: 'Lines', type: 'OBJECT', inlineListType: 'MULTIPLE', items: [{ title: 'Amount', type: 'NUMBER' }] },
];

interface Bp {
  id: string;
  className: string;
  defaultSchemaId: string;
}

let counter = 0;
async function create(key?: string, className = `Po${++counter}`): Promise<Bp> {
  const res = await svc.request('POST', '/prod/v1/file-type', { body: { className, name: className, fields }, key });
  expect(res.status).toBe(201);
  return res.body as Bp;
}

const schemaOf = async (id: string, key?: string) => (await svc.request('GET', `/prod/v1/schemas/${id}`, { key })).body;

/** A processed file row of the workspace (the upload pipeline is not under test here). */
function insertFile(key: CreatedKey, schemaId: string | null): string {
  const db = svc.service.db;
  const now = new Date().toISOString();
  const sha = randomUUID().replace(/-/g, '').padEnd(64, '0');
  const uploadId = randomUUID();
  const fileId = randomUUID();
  db.prepare('INSERT INTO blobs (sha256, size, created_at) VALUES (?, 1, ?)').run(sha, now);
  db.prepare(
    `INSERT INTO uploads (id, workspace_id, key_id, user_id, object_id, file_name, file_type, ocr_model, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'a.pdf', 'application/pdf', 'Unified', ?, ?)`,
  ).run(uploadId, key.workspaceId, key.keyId, key.userId, randomUUID(), now, now);
  db.prepare(
    `INSERT INTO files (id, upload_id, workspace_id, user_id, file_name, file_type, file_size, blob_sha256, object_id, status, schema_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'a.pdf', 'application/pdf', 1, ?, ?, 'processed', ?, ?, ?)`,
  ).run(fileId, uploadId, key.workspaceId, key.userId, sha, randomUUID(), schemaId, now, now);
  return fileId;
}

const fileSchemaId = (fileId: string) =>
  (svc.service.db.prepare('SELECT schema_id FROM files WHERE id = ?').get(fileId) as { schema_id: string | null }).schema_id;

describe('PATCH /prod/v1/schemas (4.8, deprecated)', () => {
  it('updates fields by id, adds fields without id, and answers a Deprecation header', async () => {
    const bp = await create();
    const before = await schemaOf(bp.defaultSchemaId);
    const totalId = before.fields[1].id;
    const amountId = before.fields[2].items[0].id;
    const res = await svc.request('PATCH', '/prod/v1/schemas', {
      body: {
        schemaId: bp.defaultSchemaId,
        fields: [
          { id: totalId, description: 'Grand total', hidden: true },
          { id: amountId, format: 'currency' },
          { title: 'Buyer', type: 'STRING', internet_context: true, fieldSuggestion: { id: 's1', name: 'Buyer name' } },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(res.headers.get('link')).toContain('rel="successor-version"');
    const after = await schemaOf(bp.defaultSchemaId);
    expect(after.version).toBe('1.0.0');
    expect(after.fields[1]).toMatchObject({ id: totalId, title: 'Total', type: 'NUMBER', description: 'Grand total', hidden: true });
    expect(after.fields[2].items[0]).toMatchObject({ id: amountId, format: 'currency' });
    expect(after.fields[3]).toMatchObject({ title: 'Buyer', type: 'STRING', internet_context: true, id: expect.any(String) });
  });

  it('is marked deprecated in the OpenAPI document', async () => {
    const doc = (await svc.request('GET', '/prod/openapi.json')).body;
    expect(doc.paths['/prod/v1/schemas'].patch.deprecated).toBe(true);
    expect(doc.paths['/prod/v1/files/schema/export'].get['x-extension']).toBe(true);
    expect(Object.keys(doc.paths['/prod/v1/files/schema/import'].post.requestBody.content)).toEqual(['multipart/form-data']);
  });

  it('404 for an unknown or another workspace\'s schema; 422 for unknown field ids, incomplete new fields, bad types', async () => {
    const bp = await create();
    const other = svc.createKey({ workspace: 'Patch-Other' });
    const theirs = await svc.request('PATCH', '/prod/v1/schemas', { body: { schemaId: bp.defaultSchemaId, fields: [{ title: 'x', type: 'STRING' }] }, key: other.key });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'NOT_FOUND', detail: 'Schema not found.' });
    const unknownField = await svc.request('PATCH', '/prod/v1/schemas', { body: { schemaId: bp.defaultSchemaId, fields: [{ id: 'nope', title: 'x' }] } });
    expect(unknownField.status).toBe(422);
    expect(unknownField.body.errors[0]).toMatchObject({ code: 'UNKNOWN_FIELD', pointer: '/fields/0/id' });
    const incomplete = await svc.request('PATCH', '/prod/v1/schemas', { body: { schemaId: bp.defaultSchemaId, fields: [{}, { title: 'only title' }] } });
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/fields/0', '/fields/1']);
    const badType = await svc.request('PATCH', '/prod/v1/schemas', { body: { schemaId: bp.defaultSchemaId, fields: [{ type: 'TEXT' }] } });
    expect(badType.status).toBe(422);
    expect(badType.body.errors[0].pointer).toBe('/fields/0/type');
    for (const body of [{ fields: [] }, { schemaId: bp.defaultSchemaId }, { schemaId: bp.defaultSchemaId, fields: [] }, { schemaId: 5, fields: {} }]) {
      const res = await svc.request('PATCH', '/prod/v1/schemas', { body });
      expect(res.status).toBe(422);
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    expect((await schemaOf(bp.defaultSchemaId)).fields).toHaveLength(3);
  });

  it('does not touch the extracted values of files', async () => {
    const bp = await create();
    const fileId = insertFile(svc.key, bp.defaultSchemaId);
    const values = JSON.stringify([{ title: 'Total', type: 'number', description: '', hidden: false, value: 12.5 }]);
    svc.service.db
      .prepare(
        `INSERT INTO form_values (id, file_id, workspace_id, schema_id, schema_name, schema_relationship_id, document_id, fields, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'x', ?, ?, ?, 'now', 'now')`,
      )
      .run(randomUUID(), fileId, svc.key.workspaceId, bp.defaultSchemaId, randomUUID(), randomUUID(), values);
    const totalId = (await schemaOf(bp.defaultSchemaId)).fields[1].id;
    const res = await svc.request('PATCH', '/prod/v1/schemas', { body: { schemaId: bp.defaultSchemaId, fields: [{ id: totalId, title: 'Sum', value: 99 }] } });
    expect(res.status).toBe(200);
    const row = svc.service.db.prepare('SELECT fields, updated_at FROM form_values WHERE file_id = ?').get(fileId) as { fields: string; updated_at: string };
    expect(row).toEqual({ fields: values, updated_at: 'now' });
  });

  it('refuses to change a locked schema in place (400)', async () => {
    const bp = await create();
    svc.service.db.prepare('UPDATE schemas SET locked = 1 WHERE id = ?').run(bp.defaultSchemaId);
    const res = await svc.request('PATCH', '/prod/v1/schemas', { body: { schemaId: bp.defaultSchemaId, fields: [{ title: 'x', type: 'STRING' }] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', detail: 'Schema is locked and cannot be changed.' });
  });
});

describe('PATCH /prod/v1/files/{fileId}/schema (4.9, decisions 23)', () => {
  it('derives a new MINOR version from the file\'s schema and moves the file to it', async () => {
    const bp = await create();
    const fileId = insertFile(svc.key, bp.defaultSchemaId);
    const base = await schemaOf(bp.defaultSchemaId);
    const res = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, {
      body: { fields: [{ id: base.fields[0].id, title: 'PO Number', type: 'STRING' }, { title: 'Currency', type: 'STRING' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ blueprintId: bp.id, version: '1.1.0', fileId, fileSchemaId: res.body.id, created: false });
    expect(res.body.id).not.toBe(bp.defaultSchemaId);
    expect(res.body.fields.map((f: { title: string }) => f.title)).toEqual(['PO Number', 'Total', 'Lines', 'Currency']);
    expect(res.body.updatedAt).toEqual(expect.any(String));
    expect(fileSchemaId(fileId)).toBe(res.body.id);
    // The base version is untouched; the file type's default stays until approval.
    expect((await schemaOf(bp.defaultSchemaId)).fields[0].title).toBe('Order Number');
    expect((await svc.request('GET', `/prod/v1/file-type/${bp.id}`)).body.fileType.defaultSchemaId).toBe(bp.defaultSchemaId);
  });

  it('bumps MAJOR, MINOR and PATCH from the file type\'s highest version; without moving, the file stays', async () => {
    const bp = await create();
    const fileId = insertFile(svc.key, bp.defaultSchemaId);
    const patch = (schemaVersionType: string) =>
      svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, {
        body: { schemaVersionType, shouldChangeDocumentToNewSchemaVersion: false, fields: [{ title: `F ${schemaVersionType}`, type: 'DATE' }] },
      });
    const versions = [];
    for (const t of ['PATCH', 'MINOR', 'PATCH', 'MAJOR', 'MINOR']) {
      const res = await patch(t);
      expect(res.status).toBe(200);
      expect(res.body.fileSchemaId).toBe(bp.defaultSchemaId);
      versions.push(res.body.version);
    }
    expect(versions).toEqual(['1.0.1', '1.1.0', '1.1.1', '2.0.0', '2.1.0']);
    expect(fileSchemaId(fileId)).toBe(bp.defaultSchemaId);
    const latest = await svc.request('GET', `/prod/v1/schemas?blueprintId=${bp.id}&latestOnly=true`);
    expect(latest.body.schemas.map((s: { version: string }) => s.version)).toEqual(['2.1.0']);
    const badQuery = await svc.request('GET', `/prod/v1/schemas?latestOnly=perhaps`);
    expect(badQuery.status).toBe(422);
    expect(badQuery.body.errors[0].parameter).toBe('latestOnly');
    const all = await svc.request('GET', `/prod/v1/schemas?blueprintId=${bp.id}`);
    expect(all.body.count).toBe(6);
    const bad = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, { body: { schemaVersionType: 'HUGE', fields: [{ title: 'x', type: 'STRING' }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0].pointer).toBe('/schemaVersionType');
  });

  it('applies only the fields fieldPaths names (by id, title or title path)', async () => {
    const bp = await create();
    const fileId = insertFile(svc.key, bp.defaultSchemaId);
    const base = await schemaOf(bp.defaultSchemaId);
    const amount = base.fields[2].items[0];
    const res = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, {
      body: {
        fieldPaths: ['Lines.Amount', 'New One'],
        fields: [
          { id: amount.id, title: 'Line Amount', type: 'NUMBER' },
          { id: base.fields[0].id, title: 'Ignored', type: 'STRING' },
          { title: 'New One', type: 'BOOLEAN' },
          { title: 'Not listed', type: 'BOOLEAN' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.fields.map((f: { title: string }) => f.title)).toEqual(['Order Number', 'Total', 'Lines', 'New One']);
    expect(res.body.fields[2].items[0].title).toBe('Line Amount');
    const unmatched = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, {
      body: { fieldPaths: ['Nothing'], fields: [{ title: 'X', type: 'STRING' }] },
    });
    expect(unmatched.status).toBe(422);
    expect(unmatched.body.errors[0].pointer).toBe('/fieldPaths/0');
  });

  it('400 for an invalid field type (children too), 404 for an unknown file, schema or another workspace\'s file', async () => {
    const bp = await create();
    const fileId = insertFile(svc.key, bp.defaultSchemaId);
    const bad = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, {
      body: { fields: [{ title: 'x', type: 'TEXT' }, { title: 'y', type: 'OBJECT', items: [{ title: 'z', type: 'int' }] }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'BAD_REQUEST', detail: 'Invalid field type.' });
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/fields/0/type', '/fields/1/items/0/type']);
    const noFile = await svc.request('PATCH', `/prod/v1/files/${randomUUID()}/schema`, { body: { fields: [{ title: 'x', type: 'STRING' }] } });
    expect(noFile.status).toBe(404);
    expect(noFile.body.detail).toBe('File not found.');
    const noSchema = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, { body: { schemaId: randomUUID(), fields: [{ title: 'x', type: 'STRING' }] } });
    expect(noSchema.status).toBe(404);
    expect(noSchema.body.detail).toBe('Schema not found.');
    const other = svc.createKey({ workspace: 'FileSchema-Other' });
    const theirs = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, { body: { fields: [{ title: 'x', type: 'STRING' }] }, key: other.key });
    expect(theirs.status).toBe(404);
    const otherFile = insertFile(other, null);
    const crossSchema = await svc.request('PATCH', `/prod/v1/files/${otherFile}/schema`, {
      body: { schemaId: bp.defaultSchemaId, fields: [{ title: 'x', type: 'STRING' }] },
      key: other.key,
    });
    expect(crossSchema.status).toBe(404);
    expect(crossSchema.body.detail).toBe('Schema not found.');
    expect(fileSchemaId(fileId)).toBe(bp.defaultSchemaId);
  });

  it('creates a custom schema for a file without one only when asked', async () => {
    const fileId = insertFile(svc.key, null);
    const refused = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, { body: { fields: [{ title: 'Amount', type: 'NUMBER' }] } });
    expect(refused.status).toBe(404);
    expect(fileSchemaId(fileId)).toBeNull();
    const created = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, {
      body: { shouldCreateCustomIfNotExists: true, fields: [{ title: 'Amount', type: 'NUMBER' }] },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ version: '1.0.0', created: true, fileSchemaId: created.body.id });
    expect(created.body.fields).toEqual([expect.objectContaining({ title: 'Amount', type: 'NUMBER', id: expect.any(String) })]);
    const next = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, {
      body: { shouldCreateCustomIfNotExists: true, schemaVersionType: 'PATCH', fields: [{ title: 'Tax', type: 'NUMBER' }] },
    });
    expect(next.body).toMatchObject({ version: '1.0.1', created: false, blueprintId: created.body.blueprintId });
  });

  it('derives a new version from a locked schema, leaving the locked version as it is', async () => {
    const bp = await create();
    svc.service.db.prepare('UPDATE schemas SET locked = 1 WHERE id = ?').run(bp.defaultSchemaId);
    const fileId = insertFile(svc.key, bp.defaultSchemaId);
    const res = await svc.request('PATCH', `/prod/v1/files/${fileId}/schema`, { body: { fields: [{ title: 'Extra', type: 'STRING' }] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: '1.1.0', locked: false });
    const locked = await schemaOf(bp.defaultSchemaId);
    expect(locked).toMatchObject({ locked: true });
    expect(locked.fields).toHaveLength(3);
  });
});
