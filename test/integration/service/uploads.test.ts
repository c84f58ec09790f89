import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadFile } from '../../../src/contract/uploads.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { INVOICE_TEXT, put, settled, ticket, uploadText } from './uploadHelpers.js';

const UPLOAD = '/prod/v1/files/upload';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

const defaultSchemaId = () =>
  svc.service.db
    .prepare('SELECT default_schema_id FROM blueprints WHERE workspace_id = ? AND is_default = 1')
    .pluck()
    .get(svc.key.workspaceId) as string;

async function expect422(body: Record<string, unknown>, pointer: string, detail?: string) {
  const res = await svc.request('POST', UPLOAD, { body: { fileName: 'a.txt', fileType: 'text/plain', ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.headers.get('content-type')).toContain('application/problem+json');
  expect(res.body.code).toBe('VALIDATION_FAILED');
  expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  if (detail) expect(res.body.detail).toBe(detail);
  return res;
}

describe('POST /prod/v1/files/upload: the ticket (spec 2.4, 4.10)', () => {
  it('answers a ticket with a local storage path and a signed PUT address valid for 300 s', async () => {
    const res = await svc.request('POST', UPLOAD, { body: { fileName: 'invoice.pdf', fileType: 'application/pdf' } });
    expect(res.status).toBe(200);
    const t = res.body;
    expect(t.uploadId).toMatch(UUID);
    const objectId = t.storagePath.match(/^local:\/\/([^/]+)\/([^/]+)$/);
    expect(objectId?.[1]).toBe(svc.key.workspaceId);
    const url = new URL(t.presignedUploadURL);
    expect(url.origin).toBe(svc.url);
    expect(url.pathname).toBe(`/blob/upload/${objectId![2]}`);
    const expires = Number(url.searchParams.get('expires'));
    // 300 s from issue; the margin only absorbs a slow machine between the answer and this line.
    expect(Math.abs(expires - Math.floor(Date.now() / 1000) - 300)).toBeLessThanOrEqual(30);
    expect(url.searchParams.get('sig')).toMatch(/^[0-9a-f]{64}$/);
    expect(t).toMatchObject({
      callbackURL: null,
      callbackURLSource: null,
      ocrModel: 'Model_ENG_O5.6',
      schemaLocking: false,
      isSplit: false,
      isSplitExcel: false,
      directoryId: null,
      destinationPath: '',
      isEphemeral: false,
    });
  });

  // The ticket's body is written by a serializer compiled from the contract's schema (route.ts,
  // compiledSerializer): every field is there, and text that needs escaping in JSON is escaped.
  it('answers every field of the contract, escaping quotes and keeping non-ASCII text', async () => {
    const destinationPath = 'Müller & Söhne/請求書 ✓';
    const res = await svc.request('POST', UPLOAD, {
      body: { fileName: 'a.pdf', fileType: 'application/pdf', destinationPath, apiRequestId: 'req "7"', callbackURL: 'https://hooks.example.com/a?b="c"' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys((uploadFile.response as unknown as { shape: object }).shape).sort());
    expect(uploadFile.response!.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ destinationPath, apiRequestId: 'req "7"', callbackURL: 'https://hooks.example.com/a?b="c"', callbackURLSource: 'user' });
    expect(res.body.directoryId).toEqual(expect.any(String));
  });

  it('echoes the flags and accepts every model identifier, Unified and Aegis with an engine', async () => {
    for (const ocrModel of ['Model_ENG_GP25.2', 'Model_Direct_Form_Filling', 'Unified', 'Unified (fast engine)', 'Aegis', 'Aegis (v2)']) {
      const t = await ticket(svc, { ocrModel, isSplit: true, isSplitExcel: true, schemaLocking: true, isEphemeral: true, pageCount: 3 });
      expect(t).toMatchObject({ ocrModel, isSplit: true, isSplitExcel: true, schemaLocking: true, isEphemeral: true });
    }
  });

  it('refuses unknown models, wrong types and over-long strings with 422 and JSON pointers', async () => {
    await expect422({ ocrModel: 'Model_ENG_X9' }, '/ocrModel', 'Invalid ocrModel.');
    await expect422({ ocrModel: 'Unified ()' }, '/ocrModel');
    await expect422({ ocrModel: 'unified' }, '/ocrModel');
    await expect422({ isSplit: 'yes' }, '/isSplit');
    await expect422({ isSplitExcel: 1 }, '/isSplitExcel');
    await expect422({ schemaLocking: 'true' }, '/schemaLocking');
    await expect422({ isEphemeral: null }, '/isEphemeral');
    await expect422({ retainOriginalZipFileName: 'no' }, '/retainOriginalZipFileName');
    await expect422({ pageCount: '3' }, '/pageCount');
    await expect422({ pageCount: 1.5 }, '/pageCount');
    await expect422({ pageCount: 0 }, '/pageCount');
    await expect422({ fileName: 'x'.repeat(1025) }, '/fileName', 'Invalid fileName.');
    await expect422({ fileName: '' }, '/fileName');
    await expect422({ fileName: 'a\u0000b.txt' }, '/fileName');
    await expect422({ fileType: 42 }, '/fileType', 'Invalid fileType.');
    await expect422({ apiRequestId: 'r'.repeat(256) }, '/apiRequestId');
    await expect422({ directoryId: ['x'] }, '/directoryId');
    await expect422({ destinationPath: 'p'.repeat(1025) }, '/destinationPath');
    await expect422({ schemaId: 7 }, '/schemaId');
    const missing = await svc.request('POST', UPLOAD, { body: { fileType: 'text/plain' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].pointer).toBe('/fileName');
    const several = await svc.request('POST', UPLOAD, { body: { fileName: 5, fileType: 6, isSplit: 'x' } });
    expect(several.body.errors.map((e: { pointer: string }) => e.pointer).sort()).toEqual(['/fileName', '/fileType', '/isSplit']);
  });

  it('answers a body that is not an object with 422 and malformed JSON with 400, never 500', async () => {
    const arr = await svc.request('POST', UPLOAD, { body: [] });
    expect(arr.status).toBe(422);
    const bad = await svc.request('POST', UPLOAD, { body: '{"fileName": ' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
  });

  it('requires an HTTPS callback address; http:// only to loopback with the insecure flag', async () => {
    const https = await ticket(svc, { callbackURL: 'https://hooks.example.com/done' });
    expect(https).toMatchObject({ callbackURL: 'https://hooks.example.com/done', callbackURLSource: 'user' });
    const loopback = await ticket(svc, { callbackURL: 'http://127.0.0.1:9/hook' });
    expect(loopback.callbackURLSource).toBe('user');
    await expect422({ callbackURL: 'http://hooks.example.com/done' }, '/callbackURL', 'Invalid callbackURL: it must be a valid HTTPS URL.');
    await expect422({ callbackURL: 'not a url' }, '/callbackURL', 'Invalid callbackURL: it must be a valid HTTPS URL.');
    await expect422({ callbackURL: 'ftp://example.com/x' }, '/callbackURL');
    await expect422({ callbackURL: `https://example.com/${'a'.repeat(2100)}` }, '/callbackURL');

    const strict = await startTestService({ allowInsecureCallbacks: false });
    try {
      const res = await strict.request('POST', UPLOAD, { body: { fileName: 'a.txt', fileType: 'text/plain', callbackURL: 'http://127.0.0.1:9/hook' } });
      expect(res.status).toBe(422);
      expect(res.body.errors[0].pointer).toBe('/callbackURL');
    } finally {
      await strict.close();
    }
  });

  it("uses the key's default callback address when none is given (callbackURLSource api_key)", async () => {
    const key = svc.createKey({ callbackUrl: 'https://default.example.com/cb' });
    const fallback = await ticket(svc, {}, key.key);
    expect(fallback).toMatchObject({ callbackURL: 'https://default.example.com/cb', callbackURLSource: 'api_key' });
    const own = await ticket(svc, { callbackURL: 'https://mine.example.com/cb' }, key.key);
    expect(own).toMatchObject({ callbackURL: 'https://mine.example.com/cb', callbackURLSource: 'user' });
  });

  it('places the file in directoryId and creates destinationPath folders within the depth limit (decisions 18)', async () => {
    const dir = (await svc.request('POST', '/prod/v1/directories', { body: { name: 'Clients' } })).body.directory;
    const inDir = await ticket(svc, { directoryId: dir.id });
    expect(inDir).toMatchObject({ directoryId: dir.id, destinationPath: 'Clients' });
    const nested = await ticket(svc, { directoryId: dir.id, destinationPath: 'Acme' });
    expect(nested.destinationPath).toBe('Clients/Acme');
    expect(nested.directoryId).not.toBe(dir.id);
    const again = await ticket(svc, { destinationPath: '/Clients/Acme/' });
    expect(again.directoryId).toBe(nested.directoryId);
    const created = await ticket(svc, { destinationPath: 'Inbox 2026' });
    expect(created.destinationPath).toBe('Inbox 2026');

    const tooDeep = await svc.request('POST', UPLOAD, { body: { fileName: 'a.txt', fileType: 'text/plain', destinationPath: 'Deep/Er/Est' } });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body).toMatchObject({ code: 'BAD_REQUEST', detail: 'Directory depth limit exceeded' });
    // Nothing of the refused path was created.
    expect(svc.service.db.prepare(`SELECT COUNT(*) FROM directories WHERE name IN ('Deep', 'Er')`).pluck().get()).toBe(0);

    await expect422({ destinationPath: 'a/../b' }, '/destinationPath', 'Invalid destinationPath.');
    await expect422({ directoryId: 'no-such-dir' }, '/directoryId', 'Invalid directoryId.');
    const other = svc.createKey({ workspace: 'Elsewhere' });
    const foreign = await svc.request('POST', UPLOAD, { body: { fileName: 'a.txt', fileType: 'text/plain', directoryId: dir.id }, key: other.key });
    expect(foreign.status).toBe(422);
    expect(foreign.body.detail).toBe('Invalid directoryId.');
  });

  it('takes schemaId (decisions 7): unknown answers 422; schemaLocking locks it once the file is uploaded', async () => {
    const schemaId = defaultSchemaId();
    await expect422({ schemaId: randomUUID() }, '/schemaId', 'Invalid schemaId.');
    const other = svc.createKey({ workspace: 'Schemas elsewhere' });
    const foreign = await svc.request('POST', UPLOAD, { body: { fileName: 'a.txt', fileType: 'text/plain', schemaId }, key: other.key });
    expect(foreign.status).toBe(422);

    const locked = () => svc.service.db.prepare('SELECT locked FROM schemas WHERE id = ?').pluck().get(schemaId);
    const t = await ticket(svc, { schemaId, schemaLocking: true });
    expect(t.schemaId).toBe(schemaId);
    expect(locked()).toBe(0);
    expect((await put(t.presignedUploadURL, INVOICE_TEXT)).status).toBe(200);
    expect(locked()).toBe(1);
    svc.service.db.prepare('UPDATE schemas SET locked = 0 WHERE id = ?').run(schemaId);
    await settled(svc, t.uploadId);
  });

  it('401 without or with an unknown key; 403 for read-only and inactive keys', async () => {
    const body = { fileName: 'a.txt', fileType: 'text/plain' };
    expect((await svc.request('POST', UPLOAD, { body, key: null })).status).toBe(401);
    expect((await svc.request('POST', UPLOAD, { body, key: 'dsk_nope' })).status).toBe(401);
    const ro = await svc.request('POST', UPLOAD, { body, key: svc.createKey({ readOnly: true }).key });
    expect(ro.status).toBe(403);
    expect(ro.body.detail).toContain('READONLY_KEY');
    expect((await svc.request('POST', UPLOAD, { body, key: svc.createKey({ inactive: true }).key })).status).toBe(403);
  });

  it('replays an idempotent upload and refuses the key with another body (spec 4.1)', async () => {
    const headers = { 'idempotency-key': randomUUID() };
    const body = { fileName: 'once.txt', fileType: 'text/plain' };
    const first = await svc.request('POST', UPLOAD, { body, headers });
    const again = await svc.request('POST', UPLOAD, { body, headers });
    expect(again.status).toBe(200);
    expect(again.body.uploadId).toBe(first.body.uploadId);
    expect(again.body.presignedUploadURL).toBe(first.body.presignedUploadURL);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await svc.request('POST', UPLOAD, { body: { ...body, fileName: 'twice.txt' }, headers });
    expect(other.status).toBe(422);
  });
});

describe('PUT to the presigned address (decisions 5)', () => {
  it('stores the bytes whatever the content type, and answers 403 for a tampered address', async () => {
    const t = await ticket(svc);
    const url = new URL(t.presignedUploadURL);
    const sig = url.searchParams.get('sig')!;
    const tampered = new URL(url);
    tampered.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const res = await put(tampered.toString(), 'x');
    expect(res.status).toBe(403);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    const longer = new URL(url);
    longer.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await put(longer.toString(), 'x')).status).toBe(403);
    const otherObject = t.presignedUploadURL.replace(/\/blob\/upload\/[^?]+/, `/blob/upload/${randomUUID()}`);
    expect((await put(otherObject, 'x')).status).toBe(403);
    expect((await put(`${svc.url}${url.pathname}`, 'x')).status).toBe(403);

    for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'multipart/form-data; boundary=z' }, {}] as Record<string, string>[]) {
      const bytes = `--z\r\n{"not": "parsed", "as": ${JSON.stringify(headers)}}\r\n--z--\r\n`;
      const ok = await put(t.presignedUploadURL, bytes, headers);
      expect(ok.status).toBe(200);
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(ok.headers.get('etag')).toBe(`"${sha}"`);
      expect(svc.service.db.prepare('SELECT blob_sha256 FROM uploads WHERE id = ?').pluck().get(t.uploadId)).toBe(sha);
    }
    await settled(svc, t.uploadId);
  });

  it('answers 403 once the address has expired', async () => {
    let offset = 0;
    const clocked = await startTestService({ now: () => Date.now() + offset });
    try {
      const t = await ticket(clocked);
      offset = 301_000;
      const res = await put(t.presignedUploadURL, 'late');
      expect(res.status).toBe(403);
      expect(res.body.detail).toContain('expired');
    } finally {
      await clocked.close();
    }
  });

  it('answers 413 over the size limit, declared or streamed, and keeps nothing', async () => {
    const small = await startTestService({ maxUploadBytes: 1000 });
    try {
      const t = await ticket(small);
      const declared = await put(t.presignedUploadURL, Buffer.alloc(1001, 97));
      expect(declared.status).toBe(413);
      let sent = 0;
      const chunked = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 20) controller.enqueue(new Uint8Array(100).fill(98));
          else controller.close();
        },
      });
      const streamed = await fetch(t.presignedUploadURL, { method: 'PUT', body: chunked, duplex: 'half' } as RequestInit);
      expect(streamed.status).toBe(413);
      const status = await small.request('GET', `/prod/v1/uploads/${t.uploadId}`);
      expect(status.body).toMatchObject({ status: 'waiting', statuses: [], files: [] });
      expect((await put(t.presignedUploadURL, Buffer.alloc(1000, 99))).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('is reusable: each PUT replaces the content and restarts processing, keeping the file id', async () => {
    const t = await uploadText(svc, INVOICE_TEXT);
    const first = await settled(svc, t.uploadId);
    const fileId = first.body.files[0].fileId;
    const values1 = await svc.request('GET', `/prod/v1/files/${fileId}/values`);
    expect(values1.body.values.formValues[0].fields.find((f: { title: string }) => f.title === 'Invoice Number').value).toBe('INV-1042');

    const second = INVOICE_TEXT.replace('INV-1042', 'INV-2077');
    expect((await put(t.presignedUploadURL, second)).status).toBe(200);
    const after = await settled(svc, t.uploadId);
    expect(after.body.status).toBe('completed');
    expect(after.body.statuses.filter((s: { step: string }) => s.step === 'file_uploaded')).toHaveLength(1);
    expect(after.body.files).toHaveLength(1);
    expect(after.body.files[0].fileId).toBe(fileId);
    expect(after.body.files[0].fileHash).toBe(createHash('sha256').update(second).digest('hex'));
    const values2 = await svc.request('GET', `/prod/v1/files/${fileId}/values`);
    expect(values2.body.values.formValues).toHaveLength(1);
    expect(values2.body.values.formValues[0].fields.find((f: { title: string }) => f.title === 'Invoice Number').value).toBe('INV-2077');
  });
});

describe('GET /prod/v1/uploads/{uploadId} (decisions 2)', () => {
  it('before the PUT: waiting with no steps and no files', async () => {
    const t = await ticket(svc);
    const res = await svc.request('GET', `/prod/v1/uploads/${t.uploadId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ uploadId: t.uploadId, status: 'waiting', errorReason: null, statuses: [], files: [] });
  });

  it('a text file flows to processed with every step in order and its values', async () => {
    const t = await uploadText(svc, INVOICE_TEXT, { apiRequestId: 'batch-7' });
    const res = await settled(svc, t.uploadId);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('completed');
    expect(res.body.statuses.map((s: { step: string }) => s.step)).toEqual([
      'file_uploaded',
      'processing_started',
      'ocr',
      'split_classify',
      'extraction',
      'processing_finished',
    ]);
    expect(res.body.statuses.at(-1).status).toBe('completed');
    const file = res.body.files[0];
    expect(file).toMatchObject({
      fileName: 'invoice.txt',
      fileType: 'text/plain',
      fileSize: Buffer.byteLength(INVOICE_TEXT),
      fileHash: createHash('sha256').update(INVOICE_TEXT).digest('hex'),
      fileStoragePath: t.storagePath,
      uploadId: t.uploadId,
      status: 'processed',
      schemaId: defaultSchemaId(),
      errorReason: null,
      pageCount: 1,
    });
    expect(file.fileId).toMatch(UUID);
    expect(file.fileId).not.toBe(t.uploadId);
    const values = await svc.request('GET', `/prod/v1/files/${file.fileId}/values`);
    const entry = values.body.values.formValues[0];
    expect(entry).toMatchObject({ fileId: file.fileId, schemaName: 'Invoice', documentId: file.documentId });
    const byTitle = Object.fromEntries(entry.fields.map((f: { title: string }) => [f.title, f]));
    expect(byTitle['Invoice Number']).toMatchObject({ type: 'string', value: 'INV-1042' });
    expect(byTitle['Total']).toMatchObject({ type: 'number', value: 120.5 });
    expect(byTitle['Invoice Date']).toMatchObject({ type: 'date', value: '2024-03-01' });
    const pages = svc.service.db.prepare('SELECT page, source, text FROM document_pages WHERE file_id = ?').all(file.fileId) as { text: string }[];
    expect(pages).toHaveLength(1);
    expect(pages[0]!.text).toContain('INV-1042');
  });

  it('a file that cannot be processed ends failed with processing_failed and an errorReason', async () => {
    const t = await ticket(svc, { fileName: 'blob.bin', fileType: 'application/octet-stream' });
    expect((await put(t.presignedUploadURL, Buffer.from([0, 1, 2, 3, 0, 255, 254, 0, 7, 0]))).status).toBe(200);
    const res = await settled(svc, t.uploadId);
    expect(res.body.status).toBe('failed');
    expect(res.body.errorReason).toBeTruthy();
    const last = res.body.statuses.at(-1);
    expect(last).toMatchObject({ step: 'processing_failed', status: 'failed', errorReason: res.body.errorReason });
    expect(res.body.files[0]).toMatchObject({ status: 'failed', errorReason: res.body.errorReason });
  });

  it('404 for an unknown upload and for another workspace\'s', async () => {
    const t = await ticket(svc);
    const other = svc.createKey({ workspace: 'Uploads elsewhere' });
    const foreign = await svc.request('GET', `/prod/v1/uploads/${t.uploadId}`, { key: other.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect((await svc.request('GET', `/prod/v1/uploads/${randomUUID()}`)).status).toBe(404);
    // Reading is allowed for a read-only key.
    expect((await svc.request('GET', `/prod/v1/uploads/${t.uploadId}`, { key: svc.createKey({ readOnly: true }).key })).status).toBe(200);
  });
});

describe('GET /prod/v1/files (decisions 3)', () => {
  let ws: TestService;
  const uploads: { uploadId: string }[] = [];
  beforeAll(async () => {
    ws = await startTestService();
    for (const n of [1, 2, 3]) uploads.push(await uploadText(ws, INVOICE_TEXT.replace('INV-1042', `INV-${n}`), { fileName: `f${n}.txt` }));
    for (const u of uploads) await settled(ws, u.uploadId);
  });
  afterAll(async () => ws.close());

  it('lists the workspace\'s files with count and currentPage, paged and sorted', async () => {
    const all = await ws.request('GET', '/prod/v1/files');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(all.body.currentPage).toBe(1);
    expect(all.body.files.map((f: { fileName: string }) => f.fileName)).toEqual(['f1.txt', 'f2.txt', 'f3.txt']);
    const page2 = await ws.request('GET', '/prod/v1/files?page=2&limit=2&sortBy=fileName&sortOrder=DESC');
    expect(page2.body).toMatchObject({ count: 3, currentPage: 2 });
    expect(page2.body.files.map((f: { fileName: string }) => f.fileName)).toEqual(['f1.txt']);
    const beyond = await ws.request('GET', '/prod/v1/files?page=9');
    expect(beyond.body).toMatchObject({ files: [], count: 3, currentPage: 9 });
  });

  it('filters by uploadId, fileIds, createdAfter and updatedAfter', async () => {
    const byUpload = await ws.request('GET', `/prod/v1/files?uploadId=${uploads[1]!.uploadId}`);
    expect(byUpload.body.files.map((f: { fileName: string }) => f.fileName)).toEqual(['f2.txt']);
    const all = (await ws.request('GET', '/prod/v1/files')).body.files;
    const ids = `${all[0].fileId},${all[2].fileId}`;
    const byIds = await ws.request('GET', `/prod/v1/files?fileIds=${ids}`);
    expect(byIds.body.count).toBe(2);
    const after = await ws.request('GET', `/prod/v1/files?createdAfter=${encodeURIComponent(all[0].createdAt)}`);
    expect(after.body.files.map((f: { fileName: string }) => f.fileName)).not.toContain('f1.txt');
    const future = await ws.request('GET', `/prod/v1/files?updatedAfter=2999-01-01T00:00:00Z`);
    expect(future.body).toMatchObject({ files: [], count: 0 });
  });

  it('answers bad query parameters with 422 naming the parameter', async () => {
    for (const [qs, parameter] of [
      ['limit=0', 'limit'],
      ['page=abc', 'page'],
      ['sortBy=size', 'sortBy'],
      ['sortOrder=UP', 'sortOrder'],
      ['fileIds=not-a-uuid', 'fileIds'],
      ['createdAfter=yesterday', 'createdAfter'],
    ] as const) {
      const res = await ws.request('GET', `/prod/v1/files?${qs}`);
      expect(res.status, qs).toBe(422);
      expect(res.body.errors[0].parameter).toBe(parameter);
    }
  });

  it('never shows another workspace\'s files', async () => {
    const other = ws.createKey({ workspace: 'Stranger' });
    const res = await ws.request('GET', '/prod/v1/files', { key: other.key });
    expect(res.body).toMatchObject({ files: [], count: 0 });
    const mine = (await ws.request('GET', '/prod/v1/files')).body.files[0];
    const probe = await ws.request('GET', `/prod/v1/files?fileIds=${mine.fileId}`, { key: other.key });
    expect(probe.body.count).toBe(0);
  });
});

describe('contract', () => {
  it('documents the upload operations in the OpenAPI document', async () => {
    const res = await svc.request('GET', '/prod/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.paths['/prod/v1/files/upload'].post.operationId).toBe('uploadFile');
    expect(Object.keys(res.body.paths['/prod/v1/uploads/{uploadId}'].get.responses)).toEqual(expect.arrayContaining(['200', '207', '404']));
    const query = res.body.paths['/prod/v1/files'].get.parameters.map((p: { name: string }) => p.name);
    expect(query).toEqual(expect.arrayContaining(['fileIds', 'uploadId', 'updatedAfter', 'createdAfter', 'page', 'limit', 'sortBy', 'sortOrder']));
  });
});
