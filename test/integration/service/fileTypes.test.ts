import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { spelled } from '../../../src/service/store/sql.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

const fields = [
  { title: 'Order Number', type: 'STRING', description: 'The order id.', format: 'text' },
  { title: 'Total', type: 'NUMBER', format: 'currency' },
  { title: 'Lines', type: 'OBJECT', inlineListType: 'MULTIPLE', items: [{ title: 'Amount', type: 'NUMBER' }] },
];

let counter = 0;
async function create(key?: string, className = `Order${++counter}`) {
  const res = await svc.request('POST', '/prod/v1/file-type', { body: { className, name: className, fields }, key });
  expect(res.status).toBe(201);
  return res.body as { id: string; className: string; defaultSchemaId: string; status: string; locked: boolean };
}

const del = (blueprintIds: unknown, key?: string) => svc.request('DELETE', '/prod/v1/file-type', { body: { blueprintIds }, key });

describe('POST /prod/v1/file-type (extension)', () => {
  it('creates a DRAFT file type with a first schema version 1.0.0 whose fields get ids', async () => {
    const bp = await create();
    expect(bp).toMatchObject({ status: 'DRAFT', locked: false, isDefault: false });
    expect(bp.defaultSchemaId).toBeTruthy();
    const got = await svc.request('GET', `/prod/v1/file-type/${bp.id}`);
    expect(got.status).toBe(200);
    expect(got.body.fileType.id).toBe(bp.id);
    expect(got.body.schemas).toHaveLength(1);
    const schema = got.body.schemas[0];
    expect(schema).toMatchObject({ id: bp.defaultSchemaId, blueprintId: bp.id, version: '1.0.0', locked: false });
    expect(schema.fields.map((f: { title: string }) => f.title)).toEqual(['Order Number', 'Total', 'Lines']);
    expect(schema.fields.every((f: { id?: string }) => typeof f.id === 'string')).toBe(true);
    expect(schema.fields[2].items[0].id).toEqual(expect.any(String));
    expect(schema.metadata).toMatchObject({ userId: svc.key.userId, workspaceId: svc.key.workspaceId, organizationId: svc.key.organizationId });
  });

  it('answers 409 for a class name that exists in the workspace, but not in another workspace', async () => {
    await create(undefined, 'Receipt');
    const again = await svc.request('POST', '/prod/v1/file-type', { body: { className: 'Receipt', name: 'x', fields } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CONFLICT', detail: 'A file type with class name "Receipt" already exists.' });
    const other = svc.createKey({ workspace: 'Create-Other' });
    expect((await svc.request('POST', '/prod/v1/file-type', { body: { className: 'Receipt', name: 'x', fields }, key: other.key })).status).toBe(201);
  });

  it('validates field definitions (2.2) with JSON pointers: types, enums, bounds, nesting', async () => {
    const cases: Array<[unknown, string]> = [
      [{ className: 'A', name: 'A', fields: [{ title: 'x', type: 'TEXT' }] }, '/fields/0/type'],
      [{ className: 'A', name: 'A', fields: [{ title: 'x', type: 'STRING', inlineListType: 'MANY' }] }, '/fields/0/inlineListType'],
      [{ className: 'A', name: 'A', fields: [{ title: 'x', type: 'STRING', hidden: 'yes' }] }, '/fields/0/hidden'],
      [{ className: 'A', name: 'A', fields: [{ title: 'x', type: 'STRING', fieldSuggestion: { id: 'a' } }] }, '/fields/0/fieldSuggestion/name'],
      [{ className: 'A', name: 'A', fields: [{ type: 'STRING' }] }, '/fields/0/title'],
      [{ className: 'A', name: 'A', fields: [{ title: 'x', type: 'STRING', enumValues: [1] }] }, '/fields/0/enumValues/0'],
      [{ className: 'A', name: 'A', fields: [{ title: 'x', type: 'OBJECT', items: [{ title: 'y', type: 'nope' }] }] }, '/fields/0/items/0/type'],
      [{ className: '', name: 'A', fields: [] }, '/className'],
      [{ className: 'A'.repeat(256), name: 'A', fields: [] }, '/className'],
      [{ className: 'A', name: 'A', fields: Array.from({ length: 501 }, () => ({ title: 'x', type: 'STRING' })) }, '/fields'],
      [{ className: 'A', name: 'A', fields: 'x' }, '/fields'],
      [{ className: 'A', name: 42, fields: [] }, '/name'],
    ];
    for (const [body, pointer] of cases) {
      const res = await svc.request('POST', '/prod/v1/file-type', { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
  });

  it('answers hostile nesting with 422, not a stack overflow', async () => {
    const depth = 20_000;
    const field = '{"title":"n","type":"OBJECT","items":['.repeat(depth) + '{"title":"leaf","type":"STRING"}' + ']}'.repeat(depth);
    const deepValue = '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth);
    const valued = await svc.request('POST', '/prod/v1/file-type', {
      body: `{"className":"DeepValue","name":"D","fields":[{"title":"v","type":"STRING","value":${deepValue}}]}`,
    });
    expect(valued.status).toBe(422);
    expect(valued.body.errors[0].pointer).toBe('/fields/0/value');
    const body = `{"className":"Deep","name":"Deep","fields":[${field}]}`;
    for (const headers of [{}, { 'idempotency-key': randomUUID() }] as Array<Record<string, string>>) {
      const res = await svc.request('POST', '/prod/v1/file-type', { body, headers });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].pointer).toBe('/fields');
    }
  });

  it('lists the workspace\'s file types (the seeded Invoice first) and 404s another workspace\'s', async () => {
    const bp = await create();
    const list = await svc.request('GET', '/prod/v1/file-type');
    expect(list.status).toBe(200);
    expect(list.body.fileTypes[0]).toMatchObject({ className: 'Invoice', isDefault: true, status: 'APPROVED' });
    expect(list.body.fileTypes.map((b: { id: string }) => b.id)).toContain(bp.id);
    expect(list.body.count).toBe(list.body.fileTypes.length);
    const other = svc.createKey({ workspace: 'List-Other' });
    const theirs = await svc.request('GET', '/prod/v1/file-type', { key: other.key });
    expect(theirs.body.fileTypes.map((b: { id: string }) => b.id)).not.toContain(bp.id);
    const read = await svc.request('GET', `/prod/v1/file-type/${bp.id}`, { key: other.key });
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject({ code: 'NOT_FOUND', detail: 'File type not found.' });
  });
});

describe('DELETE /prod/v1/file-type (4.6)', () => {
  it('deletes, collapses repeats, and a repeat delete is "not found" (retries are safe)', async () => {
    const a = await create();
    const b = await create();
    const res = await del([a.id, b.id, a.id]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, deletedCount: 2, failedCount: 0 });
    const again = await del([a.id]);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: false,
      deletedCount: 0,
      failedCount: 1,
      errors: [{ blueprintId: a.id, message: 'Schema is not found or already deleted' }],
    });
    expect((await svc.request('GET', `/prod/v1/file-type/${a.id}`)).status).toBe(404);
    expect((await svc.request('GET', `/prod/v1/schemas/${a.defaultSchemaId}`)).status).toBe(404);
  });

  it('reports every per-item message and is true on partial failure', async () => {
    const ok = await create();
    const locked = await create();
    expect((await svc.request('POST', `/prod/v1/file-type/${locked.id}/lock`)).status).toBe(200);
    const invoice = (await svc.request('GET', '/prod/v1/file-type')).body.fileTypes.find((b: { isDefault: boolean }) => b.isDefault);
    const unknown = randomUUID();
    const res = await del([ok.id, 'not-an-id', locked.id, unknown, invoice.id]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      deletedCount: 1,
      failedCount: 4,
      errors: [
        { blueprintId: 'not-an-id', message: 'Invalid schema ID format' },
        { blueprintId: locked.id, message: 'Schema is locked and cannot be deleted' },
        { blueprintId: unknown, message: 'Schema is not found or already deleted' },
        { blueprintId: invoice.id, message: 'Unauthorized access' },
      ],
    });
    // Unlocked, it can go.
    expect((await svc.request('POST', `/prod/v1/file-type/${locked.id}/unlock`)).body.locked).toBe(false);
    expect((await del([locked.id])).body).toMatchObject({ success: true, deletedCount: 1 });
  });

  it('answers "Schema could not be deleted" for an unexpected failure of one id, and goes on with the rest', async () => {
    const broken = await create();
    const fine = await create();
    svc.service.db.exec(
      spelled(svc.service.db, {
        sqlite: `CREATE TRIGGER fail_delete BEFORE UPDATE OF deleted_at ON blueprints WHEN NEW.id = '${broken.id}' BEGIN SELECT RAISE(ABORT, 'injected'); END`,
        postgres: `CREATE FUNCTION fail_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected'; END $$;
          CREATE TRIGGER fail_delete BEFORE UPDATE OF deleted_at ON blueprints FOR EACH ROW WHEN (NEW.id = '${broken.id}') EXECUTE FUNCTION fail_delete()`,
      }),
    );
    try {
      const res = await del([broken.id, fine.id]);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        deletedCount: 1,
        failedCount: 1,
        errors: [{ blueprintId: broken.id, message: 'Schema could not be deleted' }],
      });
      // The failed one is intact (its schemas too: one transaction per id).
      const got = await svc.request('GET', `/prod/v1/file-type/${broken.id}`);
      expect(got.status).toBe(200);
      expect(got.body.schemas).toHaveLength(1);
    } finally {
      svc.service.db.exec(spelled(svc.service.db, { sqlite: 'DROP TRIGGER fail_delete', postgres: 'DROP TRIGGER fail_delete ON blueprints; DROP FUNCTION fail_delete()' }));
    }
  });

  it('keeps another workspace\'s ids unrevealed: "not found", and nothing deleted', async () => {
    const mine = await create();
    const other = svc.createKey({ workspace: 'Delete-Other' });
    const res = await del([mine.id], other.key);
    expect(res.body).toEqual({
      success: false,
      deletedCount: 0,
      failedCount: 1,
      errors: [{ blueprintId: mine.id, message: 'Schema is not found or already deleted' }],
    });
    expect((await svc.request('GET', `/prod/v1/file-type/${mine.id}`)).status).toBe(200);
  });

  it('answers 422 VALIDATION_FAILED before deleting anything: missing, empty, over 50, wrong types', async () => {
    const keep = await create();
    const bodies: unknown[] = [
      {},
      { blueprintIds: [] },
      { blueprintIds: Array.from({ length: 51 }, () => randomUUID()) },
      { blueprintIds: 'abc' },
      { blueprintIds: [keep.id, 42] },
      { blueprintIds: null },
    ];
    for (const body of bodies) {
      const res = await svc.request('DELETE', '/prod/v1/file-type', { body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.detail).toBe('blueprintIds must be an array of 1 to 50 strings.');
      expect(res.body.errors[0].pointer).toMatch(/^\/blueprintIds/);
    }
    expect((await svc.request('GET', `/prod/v1/file-type/${keep.id}`)).status).toBe(200);
    const fifty = await del([keep.id, ...Array.from({ length: 49 }, () => randomUUID())]);
    expect(fifty.status).toBe(200);
    expect(fifty.body).toMatchObject({ success: true, deletedCount: 1, failedCount: 49 });
  });

  it('answers a body that is not JSON with 400, never 500', async () => {
    const res = await svc.request('DELETE', '/prod/v1/file-type', { body: '{"blueprintIds": [' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('replays with the same Idempotency-Key', async () => {
    const bp = await create();
    const headers = { 'idempotency-key': randomUUID() };
    const first = await svc.request('DELETE', '/prod/v1/file-type', { body: { blueprintIds: [bp.id] }, headers });
    const again = await svc.request('DELETE', '/prod/v1/file-type', { body: { blueprintIds: [bp.id] }, headers });
    expect(again.body).toEqual(first.body);
    expect(first.body.deletedCount).toBe(1);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('PATCH /prod/v1/file-type/approve (4.7)', () => {
  it('moves DRAFT to APPROVED with the schema as the default', async () => {
    const bp = await create();
    const res = await svc.request('PATCH', '/prod/v1/file-type/approve', { body: { blueprintId: bp.id, schemaId: bp.defaultSchemaId } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const got = await svc.request('GET', `/prod/v1/file-type/${bp.id}`);
    expect(got.body.fileType).toMatchObject({ status: 'APPROVED', defaultSchemaId: bp.defaultSchemaId });
  });

  it('400 for a schema of another file type, 404 for unknown ids, 422 for missing fields', async () => {
    const a = await create();
    const b = await create();
    const mismatch = await svc.request('PATCH', '/prod/v1/file-type/approve', { body: { blueprintId: a.id, schemaId: b.defaultSchemaId } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ code: 'BAD_REQUEST', detail: 'Schema does not belong to this file type.' });
    const noBp = await svc.request('PATCH', '/prod/v1/file-type/approve', { body: { blueprintId: randomUUID(), schemaId: a.defaultSchemaId } });
    expect(noBp.status).toBe(404);
    expect(noBp.body).toMatchObject({ code: 'NOT_FOUND', detail: 'File type not found.' });
    const noSchema = await svc.request('PATCH', '/prod/v1/file-type/approve', { body: { blueprintId: a.id, schemaId: randomUUID() } });
    expect(noSchema.status).toBe(404);
    expect(noSchema.body.detail).toBe('Schema not found.');
    const missing = await svc.request('PATCH', '/prod/v1/file-type/approve', { body: { blueprintId: a.id } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].pointer).toBe('/schemaId');
    const wrong = await svc.request('PATCH', '/prod/v1/file-type/approve', { body: { blueprintId: 1, schemaId: true } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/blueprintId', '/schemaId']);
  });

  it('404 for another workspace\'s file type', async () => {
    const bp = await create();
    const other = svc.createKey({ workspace: 'Approve-Other' });
    const res = await svc.request('PATCH', '/prod/v1/file-type/approve', {
      body: { blueprintId: bp.id, schemaId: bp.defaultSchemaId },
      key: other.key,
    });
    expect(res.status).toBe(404);
    expect((await svc.request('GET', `/prod/v1/file-type/${bp.id}`)).body.fileType.status).toBe('DRAFT');
  });
});

describe('lock and unlock (extension)', () => {
  it('locks and unlocks; unknown or another workspace\'s id is 404', async () => {
    const bp = await create();
    const locked = await svc.request('POST', `/prod/v1/file-type/${bp.id}/lock`);
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ id: bp.id, locked: true });
    expect((await svc.request('POST', `/prod/v1/file-type/${bp.id}/lock`)).body.locked).toBe(true);
    const other = svc.createKey({ workspace: 'Lock-Other' });
    expect((await svc.request('POST', `/prod/v1/file-type/${bp.id}/unlock`, { key: other.key })).status).toBe(404);
    expect((await svc.request('POST', `/prod/v1/file-type/${randomUUID()}/lock`)).status).toBe(404);
    expect((await svc.request('POST', `/prod/v1/file-type/${bp.id}/unlock`)).body.locked).toBe(false);
  });
});

describe('read-only and inactive keys', () => {
  it('answer 403 on every write, whatever the body; reads are allowed', async () => {
    const bp = await create();
    const ro = svc.createKey({ readOnly: true });
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/prod/v1/file-type', { className: 'RO', name: 'RO', fields }],
      ['DELETE', '/prod/v1/file-type', { blueprintIds: [bp.id] }],
      ['DELETE', '/prod/v1/file-type', { blueprintIds: [] }],
      ['PATCH', '/prod/v1/file-type/approve', { blueprintId: bp.id, schemaId: bp.defaultSchemaId }],
      ['POST', `/prod/v1/file-type/${bp.id}/lock`, undefined],
      ['POST', `/prod/v1/file-type/${bp.id}/unlock`, undefined],
      ['PATCH', '/prod/v1/schemas', { schemaId: bp.defaultSchemaId, fields: [{ title: 'x', type: 'STRING' }] }],
      ['PATCH', `/prod/v1/files/${randomUUID()}/schema`, { fields: [{ title: 'x', type: 'STRING' }] }],
    ];
    for (const [method, url, body] of writes) {
      const res = await svc.request(method, url, { body, key: ro.key });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.detail).toContain('READONLY_KEY');
    }
    const off = svc.createKey({ inactive: true });
    expect((await del([bp.id], off.key)).status).toBe(403);
    expect((await svc.request('GET', '/prod/v1/file-type', { key: ro.key })).status).toBe(200);
    expect((await svc.request('GET', `/prod/v1/file-type/${bp.id}`)).body.fileType.locked).toBe(false);
    expect((await svc.request('DELETE', '/prod/v1/file-type', { body: { blueprintIds: [bp.id] }, key: null })).status).toBe(401);
  });
});
