import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobPath } from '../../../src/service/store/blobs.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { insertFile, type InsertedFile } from './fileRows.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

const del = (body: unknown, init: { key?: string; headers?: Record<string, string> } = {}) =>
  svc.request('DELETE', '/prod/v1/files', { body, ...init });

const rowsOf = (file: InsertedFile) => {
  const db = svc.service.db;
  const count = (sql: string, ...args: string[]) => db.prepare(sql).pluck().get(...args) as number;
  return {
    files: count('SELECT COUNT(*) FROM files WHERE id = ?', file.fileId),
    values: count('SELECT COUNT(*) FROM form_values WHERE file_id = ?', file.fileId),
    pages: count('SELECT COUNT(*) FROM document_pages WHERE file_id = ?', file.fileId),
    uploads: count('SELECT COUNT(*) FROM uploads WHERE id = ?', file.uploadId),
    blobs: count('SELECT COUNT(*) FROM blobs WHERE sha256 = ?', file.sha256),
    blobOnDisk: fs.existsSync(blobPath(svc.dataDir, file.sha256)),
  };
};
const gone = { files: 0, values: 0, pages: 0, uploads: 0, blobs: 0, blobOnDisk: false };

/** The legacy error shape only (decisions 16): no problem-details fields at all. */
function expectLegacy(res: { status: number; headers: Headers; body: any }, status: number, message: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ message, error: expect.any(String), statusCode: status });
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.headers.get('content-type')).not.toContain('problem');
}

describe('DELETE /prod/v1/files', () => {
  it('deletes an array of ids with values, pages, upload and blob; values then answer 404', async () => {
    const a = insertFile(svc);
    const b = insertFile(svc);
    expect((await svc.request('GET', `/prod/v1/files/${a.fileId}/values`)).status).toBe(200);
    const res = await del({ fileIds: [a.fileId, b.fileId] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    for (const file of [a, b]) {
      expect(rowsOf(file)).toEqual(gone);
      const values = await svc.request('GET', `/prod/v1/files/${file.fileId}/values`);
      expect(values.status).toBe(404);
      expect(values.body.detail).toBe('File not found.');
    }
  });

  it('accepts one comma-separated string, and repeated ids once', async () => {
    const a = insertFile(svc);
    const b = insertFile(svc);
    const res = await del({ fileIds: `${a.fileId},${b.fileId},${a.fileId}` });
    expect(res.body).toEqual({ success: true });
    expect(rowsOf(a)).toEqual(gone);
    expect(rowsOf(b)).toEqual(gone);
  });

  it('keeps a blob another file still uses, and an upload that still has files', async () => {
    const bytes = Buffer.from('shared bytes');
    const a = insertFile(svc, { bytes });
    const b = insertFile(svc, { bytes });
    expect((await del({ fileIds: [a.fileId] })).status).toBe(200);
    expect(rowsOf(a).files).toBe(0);
    expect(rowsOf(b)).toMatchObject({ files: 1, values: 1, pages: 1, blobs: 1, blobOnDisk: true });
    // A second file of the same upload (a split): the upload stays until its last file goes.
    const db = svc.service.db;
    const sibling = randomUUID();
    db.prepare(
      `INSERT INTO files (id, upload_id, workspace_id, user_id, file_name, file_type, file_size, blob_sha256, object_id, status, created_at, updated_at)
       SELECT ?, upload_id, workspace_id, user_id, file_name, file_type, file_size, blob_sha256, ?, status, created_at, updated_at FROM files WHERE id = ?`,
    ).run(sibling, randomUUID(), b.fileId);
    await del({ fileIds: b.fileId });
    expect(rowsOf(b).uploads).toBe(1);
    await del({ fileIds: [sibling] });
    expect(rowsOf(b)).toEqual(gone);
  });

  it('answers 400 (problem details) when fileIds is missing or empty', async () => {
    for (const body of [{}, { fileIds: [] }, { fileIds: '' }, { fileIds: '  ' }, { fileIds: null }, 'null', undefined]) {
      const res = await del(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({ code: 'BAD_REQUEST', detail: 'fileIds is required and must not be empty.', errors: [{ pointer: '/fileIds' }] });
    }
  });

  it("answers 422 'Invalid fileIds.' in the legacy shape and deletes nothing", async () => {
    const mine = insertFile(svc);
    const other = svc.createKey({ workspace: 'Delete elsewhere' });
    const theirs = insertFile(svc, { key: other });
    const cases: unknown[] = [
      { fileIds: ['not-a-uuid'] },
      { fileIds: [mine.fileId, 'not-a-uuid'] },
      { fileIds: `${mine.fileId}, ` },
      { fileIds: `${mine.fileId},,${mine.fileId}` },
      { fileIds: [`${mine.fileId}x`] },
      { fileIds: [mine.fileId.replace(/-/g, '')] },
      { fileIds: [mine.fileId, randomUUID()] },
      { fileIds: [theirs.fileId] },
      { fileIds: [mine.fileId, theirs.fileId] },
      { fileIds: 42 },
      { fileIds: [42] },
      { fileIds: ['f'.repeat(300)] },
      { fileIds: Array.from({ length: 1001 }, () => mine.fileId) },
      { fileIds: { id: mine.fileId } },
      [mine.fileId],
      JSON.stringify('fileIds'),
    ];
    for (const body of cases) {
      const res = await del(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expectLegacy(res, 422, 'Invalid fileIds.');
    }
    expect(rowsOf(mine).files).toBe(1);
    expect(rowsOf(theirs).files).toBe(1);
    expect((await del({ fileIds: [theirs.fileId] }, { key: other.key })).body).toEqual({ success: true });
  });

  it('answers 422 for a repeat delete (the file no longer exists)', async () => {
    const file = insertFile(svc);
    expect((await del({ fileIds: [file.fileId] })).status).toBe(200);
    expectLegacy(await del({ fileIds: [file.fileId] }), 422, 'Invalid fileIds.');
  });

  it("answers 403 'Access denied. You are in readonly mode.' in the legacy shape for a read-only key", async () => {
    const file = insertFile(svc);
    const ro = svc.createKey({ readOnly: true });
    for (const body of [{ fileIds: [file.fileId] }, { fileIds: 'junk' }, {}]) {
      expectLegacy(await del(body, { key: ro.key }), 403, 'Access denied. You are in readonly mode.');
    }
    expect(rowsOf(file).files).toBe(1);
    expectLegacy(await del({ fileIds: [file.fileId] }, { key: svc.createKey({ inactive: true }).key }), 403, 'This API key is inactive.');
    const missing = await del({ fileIds: [file.fileId] }, { key: null as unknown as string });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('content-type')).toContain('application/problem+json');
  });

  it('answers malformed JSON with a 400 problem, never 500', async () => {
    const res = await del('{"fileIds": [');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('replays with an Idempotency-Key, legacy 422 included, and refuses the key with another body', async () => {
    const file = insertFile(svc);
    const headers = { 'idempotency-key': randomUUID() };
    const first = await del({ fileIds: [file.fileId] }, { headers });
    const again = await del({ fileIds: [file.fileId] }, { headers });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectLegacy(await del({ fileIds: [randomUUID()] }, { headers }), 422, 'Idempotency-Key was already used with a different request body.');
    const badHeaders = { 'idempotency-key': randomUUID() };
    expectLegacy(await del({ fileIds: ['bad'] }, { headers: badHeaders }), 422, 'Invalid fileIds.');
    const replayed = await del({ fileIds: ['bad'] }, { headers: badHeaders });
    expectLegacy(replayed, 422, 'Invalid fileIds.');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('legacy error shape is confined to operations marked legacyErrors', () => {
  it('other writes keep problem details for read-only 403 and 422', async () => {
    const ro = svc.createKey({ readOnly: true });
    const forbidden = await svc.request('POST', '/prod/v1/directories', { body: { name: 'x' }, key: ro.key });
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get('content-type')).toContain('application/problem+json');
    expect(forbidden.body).toMatchObject({ code: 'FORBIDDEN', detail: expect.stringContaining('READONLY_KEY'), errors: [] });
    const invalid = await svc.request('POST', '/prod/v1/directories', { body: { name: '' } });
    expect(invalid.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Invalid name.' });
  });

  it('the OpenAPI document lists the files operations and the legacy shape of delete files', async () => {
    const doc = (await svc.request('GET', '/prod/openapi.json')).body;
    const op = doc.paths['/prod/v1/files'].delete;
    expect(op.operationId).toBe('deleteFiles');
    expect(JSON.stringify(op.responses['422'])).toContain('LegacyError');
    expect(JSON.stringify(op.responses['400'])).toContain('Problem');
    expect(doc.paths['/prod/v1/files/{fileId}/values'].get.operationId).toBe('getFileValues');
    expect(doc.paths['/prod/v1/files/{fileId}/values'].patch.operationId).toBe('updateFileValues');
    expect(doc.paths['/prod/v1/files/preview'].post.operationId).toBe('createPreview');
    expect(doc.paths['/prod/v1/files/preview/batch'].post.operationId).toBe('createPreviewBatch');
  });
});
