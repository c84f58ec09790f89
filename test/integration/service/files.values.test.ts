import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { defaultFields, insertFile } from './fileRows.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

const valuesOf = (fileId: string, query = '', key?: string) => svc.request('GET', `/prod/v1/files/${fileId}/values${query}`, { key });

describe('GET /prod/v1/files/{fileId}/values', () => {
  it('answers the spec 2.3 entry, nested under values, with documentId and metadata', async () => {
    const file = insertFile(svc, { apiRequestId: 'batch-7' });
    const res = await valuesOf(file.fileId);
    expect(res.status).toBe(200);
    expect(res.body.values).toMatchObject({ count: 1, currentPage: 1 });
    const [entry] = res.body.values.formValues;
    expect(entry).toMatchObject({
      id: file.valueIds[0],
      fileId: file.fileId,
      fileName: 'invoice.txt',
      fileType: 'text/plain',
      schemaName: 'Invoice',
      documentId: file.documentId,
      schemaRelationshipId: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      metadata: {
        createdBy: svc.key.userId,
        userId: svc.key.userId,
        organizationId: svc.key.organizationId,
        workspaceId: svc.key.workspaceId,
        uploadInfo: { senderEmail: '', emailSubject: '', apiRequestId: 'batch-7', zipRequestId: '' },
      },
    });
    // `confidence` is an extension (issue 16): the extractor's calibrated confidence of each value.
    expect(entry.fields).toEqual([
      { title: 'Invoice Number', type: 'string', description: '', hidden: false, value: 'INV-1', confidence: 0.5 },
      { title: 'Total', type: 'number', description: '', hidden: false, value: 12.5, confidence: 0.5 },
    ]);
  });

  it('answers 200 with no entries for a file still processing (decisions 4)', async () => {
    for (const status of ['uploaded', 'processing'] as const) {
      const file = insertFile(svc, { status });
      const res = await valuesOf(file.fileId);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ values: { formValues: [], count: 0, currentPage: 1 } });
    }
  });

  it('answers 404 for an unknown id, a non-UUID and another workspace\'s file', async () => {
    const unknown = await valuesOf(randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('application/problem+json');
    expect(unknown.body).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: 'File not found.' });
    expect((await valuesOf('not-a-uuid')).status).toBe(404);
    const other = svc.createKey({ workspace: 'Values elsewhere' });
    const theirs = insertFile(svc, { key: other });
    const res = await valuesOf(theirs.fileId);
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe('File not found.');
    expect((await valuesOf(theirs.fileId, '', other.key)).status).toBe(200);
  });

  it('pages with page and limit, sorts by the allowed fields in both orders, ignores cursor', async () => {
    const day = (d: number) => `2026-01-${String(d).padStart(2, '0')}T00:00:00.000Z`;
    const entries = [3, 1, 5, 2, 4].map((d) => ({
      schemaName: `S${6 - d}`,
      fields: defaultFields(),
      createdAt: day(d),
      updatedAt: day(10 - d),
    }));
    const file = insertFile(svc, { entries });
    const created = async (q: string) => (await valuesOf(file.fileId, q)).body.values.formValues.map((e: { createdAt: string }) => e.createdAt);
    expect(await created('')).toEqual([1, 2, 3, 4, 5].map(day));
    expect(await created('?sortOrder=DESC')).toEqual([5, 4, 3, 2, 1].map(day));
    expect(await created('?sortBy=updatedAt')).toEqual([5, 4, 3, 2, 1].map(day));
    expect(await created('?sortBy=schemaName&sortOrder=DESC')).toEqual([1, 2, 3, 4, 5].map(day));
    const page2 = await valuesOf(file.fileId, '?page=2&limit=2&cursor=ignored-token');
    expect(page2.body.values.count).toBe(5);
    expect(page2.body.values.currentPage).toBe(2);
    expect(page2.body.values.formValues.map((e: { createdAt: string }) => e.createdAt)).toEqual([day(3), day(4)]);
    const past = await valuesOf(file.fileId, '?page=4&limit=2');
    expect(past.body.values).toEqual({ formValues: [], count: 5, currentPage: 4 });
    const byId = (await valuesOf(file.fileId, '?sortBy=id')).body.values.formValues.map((e: { id: string }) => e.id);
    expect(byId).toEqual([...file.valueIds].sort());
  });

  it('caps table fields at 100 rows unless includeFullTableData=true', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({ Description: `line ${i}`, Amount: i }));
    const small = [{ Description: 'one', Amount: 1 }];
    const file = insertFile(svc, {
      entries: [{ fields: [...defaultFields(), { title: 'Line Items', type: 'object', value: rows }, { title: 'Short', type: 'object', value: small }] }],
    });
    const capped = (await valuesOf(file.fileId)).body.values.formValues[0].fields;
    expect(capped[2].value).toHaveLength(100);
    expect(capped[2].value[99]).toEqual({ Description: 'line 99', Amount: 99 });
    expect(capped[3].value).toEqual(small);
    for (const flag of ['true', '1']) {
      const full = (await valuesOf(file.fileId, `?includeFullTableData=${flag}`)).body.values.formValues[0].fields;
      expect(full[2].value).toHaveLength(150);
    }
    expect((await valuesOf(file.fileId, '?includeFullTableData=false')).body.values.formValues[0].fields[2].value).toHaveLength(100);
  });

  it('refuses bad queries with 422 naming the parameter, never 500', async () => {
    const file = insertFile(svc);
    const cases: Array<[string, string]> = [
      ['?limit=0', 'limit'],
      ['?limit=1001', 'limit'],
      ['?limit=ten', 'limit'],
      ['?limit=1.5', 'limit'],
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?sortOrder=UP', 'sortOrder'],
      ['?sortOrder=asc', 'sortOrder'],
      ['?sortBy=fileSize', 'sortBy'],
      ['?sortBy=created_at;DROP', 'sortBy'],
      ['?includeFullTableData=yes', 'includeFullTableData'],
      [`?cursor=${'c'.repeat(4097)}`, 'cursor'],
    ];
    for (const [query, parameter] of cases) {
      const res = await valuesOf(file.fileId, query);
      expect(res.status, query).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { parameter: string }) => e.parameter), query).toContain(parameter);
    }
  });

  it('needs a key: 401 without, 401 unknown, 403 inactive; a read-only key may read', async () => {
    const file = insertFile(svc);
    expect((await svc.request('GET', `/prod/v1/files/${file.fileId}/values`, { key: null })).status).toBe(401);
    expect((await valuesOf(file.fileId, '', 'dsk_nope')).status).toBe(401);
    expect((await valuesOf(file.fileId, '', svc.createKey({ inactive: true }).key)).status).toBe(403);
    expect((await valuesOf(file.fileId, '', svc.createKey({ readOnly: true }).key)).status).toBe(200);
  });
});

const patch = (fileId: string, body: unknown, init: { key?: string; headers?: Record<string, string> } = {}) =>
  svc.request('PATCH', `/prod/v1/files/${fileId}/values`, { body, ...init });

describe('entries stored before migration 0007 (no rendered answer)', () => {
  it('are rendered when the service opens its database, answering exactly as new entries do', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-values-'));
    let first: TestService | undefined = await startTestService({ dataDir });
    let second: TestService | undefined;
    try {
      const rows = Array.from({ length: 120 }, (_, i) => ({ Description: `line ${i}`, Amount: i }));
      const plain = insertFile(first, { apiRequestId: 'batch-9' });
      const long = insertFile(first, { entries: [{ fields: [...defaultFields(), { title: 'Line Items', type: 'object', value: rows }] }] });
      const zip = insertFile(first, { fileName: 'scans.zip', fileType: 'application/zip' });
      const reads = [`/prod/v1/files/${plain.fileId}/values`, `/prod/v1/files/${long.fileId}/values`, `/prod/v1/files/${long.fileId}/values?includeFullTableData=true`, `/prod/v1/files/${zip.fileId}/values`];
      const before = await Promise.all(reads.map(async (url) => (await first!.request('GET', url)).body));
      expect(before[1].values.formValues[0].fields[2].value).toHaveLength(100);
      expect(before[2].values.formValues[0].fields[2].value).toHaveLength(120);
      expect(before[3].values.formValues[0].metadata.uploadInfo.zipRequestId).toBe(zip.uploadId);
      // As a database written before migration 0007 holds them.
      expect(first.service.db.prepare('UPDATE form_values SET entry = NULL, entry_capped = NULL').run().changes).toBe(3);
      await first.close();
      first = undefined;
      second = await startTestService({ dataDir });
      const key = second.key.key;
      const after = await Promise.all(reads.map(async (url) => (await second!.request('GET', url, { key })).body));
      expect(after).toEqual(before);
      expect(second.service.db.prepare('SELECT count(*) FROM form_values WHERE entry IS NULL').pluck().get()).toBe(0);
    } finally {
      await first?.close();
      await second?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('PATCH /prod/v1/files/{fileId}/values (decisions 23)', () => {
  it('updates fields by title and answers the updated entry; GET reads it back', async () => {
    const file = insertFile(svc, { entries: [{ fields: [...defaultFields(), { title: 'Due', type: 'date', value: null }, { title: 'Items', type: 'object', value: [] }] }] });
    const items = [{ Description: 'Widget', Amount: 3 }];
    const res = await patch(file.fileId, {
      schemaValueId: file.valueIds[0],
      fields: [{ title: 'Total', value: 99 }, { title: 'Due', value: '2026-03-01' }, { title: 'Invoice Number', value: null }, { title: 'Items', value: items }],
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.formValue.id).toBe(file.valueIds[0]);
    const byTitle = (fields: Array<{ title: string; value: unknown }>) => Object.fromEntries(fields.map((f) => [f.title, f.value]));
    expect(byTitle(res.body.formValue.fields)).toEqual({ 'Invoice Number': null, Total: 99, Due: '2026-03-01', Items: items });
    const read = (await valuesOf(file.fileId)).body.values.formValues[0];
    expect(byTitle(read.fields)).toEqual(byTitle(res.body.formValue.fields));
    expect(read.updatedAt).toBe(res.body.formValue.updatedAt);
  });

  it('refuses values that do not suit the field, unknown or repeated titles, with pointers', async () => {
    const file = insertFile(svc, { entries: [{ fields: [...defaultFields(), { title: 'Paid', type: 'boolean', value: false }, { title: 'Due', type: 'date', value: null }] }] });
    const id = file.valueIds[0];
    const cases: Array<[unknown, string]> = [
      [[{ title: 'Total', value: 'lots' }], '/fields/0/value'],
      [[{ title: 'Invoice Number', value: 5 }], '/fields/0/value'],
      [[{ title: 'Paid', value: 'yes' }], '/fields/0/value'],
      [[{ title: 'Due', value: 'soon' }], '/fields/0/value'],
      [[{ title: 'Total' }], '/fields/0/value'],
      [[{ title: 'Total', value: 1 }, { title: 'Nope', value: 1 }], '/fields/1/title'],
      [[{ title: 'Total', value: 1 }, { title: 'Total', value: 2 }], '/fields/1/title'],
    ];
    for (const [fields, pointer] of cases) {
      const res = await patch(file.fileId, { schemaValueId: id, fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    // Nothing was written by the refused requests.
    expect((await valuesOf(file.fileId)).body.values.formValues[0].fields[1].value).toBe(12.5);
  });

  it('refuses malformed bodies with 4xx problem details and pointers, never 500', async () => {
    const file = insertFile(svc);
    const cases: Array<[unknown, number, string | undefined]> = [
      [{}, 422, '/schemaValueId'],
      [{ schemaValueId: 5, fields: [{ title: 'Total', value: 1 }] }, 422, '/schemaValueId'],
      [{ schemaValueId: file.valueIds[0], fields: [] }, 422, '/fields'],
      [{ schemaValueId: file.valueIds[0], fields: 'Total=1' }, 422, '/fields'],
      [{ schemaValueId: file.valueIds[0], fields: [{ title: 7, value: 1 }] }, 422, '/fields/0/title'],
      [{ schemaValueId: file.valueIds[0], fields: Array.from({ length: 501 }, () => ({ title: 'Total', value: 1 })) }, 422, '/fields'],
      [{ schemaValueId: 'x'.repeat(256), fields: [{ title: 'Total', value: 1 }] }, 422, '/schemaValueId'],
      [{ schemaValueId: file.valueIds[0], fields: [{ title: 'T'.repeat(501), value: 1 }] }, 422, '/fields/0/title'],
      [[file.valueIds[0]], 422, '/'],
      ['{"schemaValueId": ', 400, undefined],
    ];
    for (const [body, status, pointer] of cases) {
      const res = await patch(file.fileId, body);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      if (pointer) expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
  });

  it('answers 404 for an unknown file, an unknown schemaValueId and another workspace\'s file or entry', async () => {
    const file = insertFile(svc);
    const other = svc.createKey({ workspace: 'Patch elsewhere' });
    const theirs = insertFile(svc, { key: other });
    const body = (id: string) => ({ schemaValueId: id, fields: [{ title: 'Total', value: 1 }] });
    expect((await patch(randomUUID(), body(file.valueIds[0]))).body).toMatchObject({ status: 404, detail: 'File not found.' });
    const unknownEntry = await patch(file.fileId, body(randomUUID()));
    expect(unknownEntry.status).toBe(404);
    expect(unknownEntry.body.detail).toBe('No formValues entry with this schemaValueId for this file.');
    expect((await patch(theirs.fileId, body(theirs.valueIds[0]))).status).toBe(404);
    expect((await patch(file.fileId, body(theirs.valueIds[0]))).status).toBe(404);
    expect((await valuesOf(theirs.fileId, '', other.key)).body.values.formValues[0].fields[1].value).toBe(12.5);
  });

  it('is a write: 403 for a read-only key, nothing changed; an Idempotency-Key replays', async () => {
    const file = insertFile(svc);
    const body = { schemaValueId: file.valueIds[0], fields: [{ title: 'Total', value: 1 }] };
    const ro = await patch(file.fileId, body, { key: svc.createKey({ readOnly: true }).key });
    expect(ro.status).toBe(403);
    expect(ro.body.detail).toContain('READONLY_KEY');
    expect((await valuesOf(file.fileId)).body.values.formValues[0].fields[1].value).toBe(12.5);
    const headers = { 'idempotency-key': randomUUID() };
    const first = await patch(file.fileId, body, { headers });
    const again = await patch(file.fileId, body, { headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
