// Shared by the contract-wide tests: one of every resource in a workspace, a sample request for
// every operation of the contract, and a caller that sends an operation's request as told.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { fillPath, type Operation } from '../../../src/contract/index.js';
import type { TestService } from '../../../src/service/testing.js';
import { INVOICE_TEXT, settled, uploadText, waitFor } from './uploadHelpers.js';

/** The ids of one workspace's resources; `marker` is a text found in their names and content only. */
export interface Fixture {
  key: string;
  marker: string;
  directoryId: string;
  blueprintId: string;
  schemaId: string;
  uploadId: string;
  fileId: string;
  documentId: string;
  storagePath: string;
  schemaValueId: string;
  sessionId: string;
  jobId: string;
  exportZip: Buffer;
}

export interface SampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** multipart/form-data with one `file` part (import). */
  file?: Buffer;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export interface CallOptions {
  key?: string | null;
  idempotencyKey?: string;
  /** Raw body text sent as application/json (overrides the request's body). */
  raw?: string;
  headers?: Record<string, string>;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/** Send `req` to `op` (query values are URL-encoded; path params too). */
export async function call(svc: TestService, op: Operation, req: SampleRequest, fx: { key: string }, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? fx.key : options.key;
  if (key !== null) headers['x-api-key'] = key;
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  let body: string | FormData | undefined;
  if (options.raw !== undefined) {
    headers['content-type'] = 'application/json';
    body = options.raw;
  } else if (req.file) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(req.file)], { type: 'application/zip' }), 'schemas.zip');
    body = form;
  } else if (req.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  const query = req.query ? `?${new URLSearchParams(req.query).toString()}` : '';
  const res = await fetch(svc.url + fillPath(op.path, req.params ?? {}) + query, { method: op.method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: parse(text) };
}

/** A request each operation accepts for the fixture's resources (a fresh name where names are unique). */
export function sampleRequest(op: Operation, fx: Fixture): SampleRequest {
  const unique = randomUUID().slice(0, 8);
  switch (op.id) {
    case 'createFileType':
      return { body: { className: `Sample${unique}`, name: 'Sample', fields: [{ title: 'Number', type: 'STRING' }] } };
    case 'listFileTypes':
    case 'listAgentSessions':
      return {};
    case 'getFileType':
    case 'lockFileType':
    case 'unlockFileType':
      return { params: { blueprintId: fx.blueprintId } };
    case 'deleteFileTypes':
      return { body: { blueprintIds: [randomUUID()] } };
    case 'approveFileType':
      return { body: { blueprintId: fx.blueprintId, schemaId: fx.schemaId } };
    case 'listSchemas':
      return { query: { blueprintId: fx.blueprintId, latestOnly: 'true' } };
    case 'getSchema':
      return { params: { schemaId: fx.schemaId } };
    case 'patchSchemas':
      return { body: { schemaId: fx.schemaId, fields: [{ title: `Patched ${unique}`, type: 'STRING' }] } };
    case 'updateFileSchema':
      return { params: { fileId: fx.fileId }, body: { schemaVersionType: 'PATCH', shouldChangeDocumentToNewSchemaVersion: false, fields: [{ title: `Extra ${unique}`, type: 'STRING' }] } };
    case 'exportSchemas':
      return { query: { blueprintIds: fx.blueprintId } };
    case 'importSchemas':
      return { file: fx.exportZip };
    case 'createDirectory':
      return { body: { name: `dir-${unique}` } };
    case 'uploadFile':
      return { body: { fileName: `f-${unique}.txt`, fileType: 'text/plain' } };
    case 'getUpload':
      return { params: { uploadId: fx.uploadId } };
    case 'listFiles':
      return { query: { uploadId: fx.uploadId, page: '1', limit: '10' } };
    case 'getFileValues':
      return { params: { fileId: fx.fileId }, query: { page: '1', limit: '10' } };
    case 'getFilePages':
      return { params: { fileId: fx.fileId } };
    case 'updateFileValues':
      return { params: { fileId: fx.fileId }, body: { schemaValueId: fx.schemaValueId, fields: [{ title: 'Invoice Number', value: `INV-${unique}` }] } };
    case 'createPreview':
      return { body: { storagePath: fx.storagePath } };
    case 'createPreviewBatch':
      return { body: { storagePaths: [fx.storagePath] } };
    case 'deleteFiles':
      return { body: { fileIds: [randomUUID()] } };
    case 'createAgentSession':
      return { body: { title: `session ${unique}` } };
    case 'getAgentSession':
    case 'stopAgentSession':
    case 'deleteAgentSession':
      return { params: { session_id: fx.sessionId } };
    case 'askAgent':
      return { params: { session_id: fx.sessionId }, body: { user_prompt: 'What is the total?' } };
    case 'getAgentJob':
      return { params: { job_id: fx.jobId } };
    case 'takeClaim':
      return { body: { scope: `folder-${unique}`, key: 'a'.repeat(64), holder: 'desk-1', leaseMs: 60_000, path: 'a.pdf' } };
    case 'releaseClaim':
      return { body: { scope: `folder-${unique}`, key: 'ledger', holder: 'desk-1' } };
    case 'finishClaim':
      // The fixture's claim, held by `fixture-desk`: finishing it again answers the finished claim.
      return { body: { scope: `fixture-${fx.marker}`, key: 'ledger', holder: 'fixture-desk', status: 'exported', result: {} } };
    default:
      throw new Error(`no sample request for ${op.id}: add one to contractFixtures.ts`);
  }
}

async function ok(res: { status: number; body: any }, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** One of every resource in `key`'s workspace (an upload processed with values, a settled agent job). */
export async function createFixture(svc: TestService, key: string, marker: string): Promise<Fixture> {
  const req = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => svc.request(method, path, { body, key, headers });
  const dir = await ok(await req('POST', '/prod/v1/directories', { name: `dir-${marker}` }), 201, 'directory');
  const type = await ok(
    await req('POST', '/prod/v1/file-type', { className: `Class${marker}`, name: `type-${marker}`, fields: [{ title: 'Invoice Number', type: 'STRING' }] }),
    201,
    'file type',
  );
  const upload = await uploadText(svc, `${INVOICE_TEXT}Reference: ${marker}\n`, { directoryId: dir.directory.id, fileName: `${marker}.txt` }, key);
  await settled(svc, upload.uploadId, key);
  const files = await ok(await req('GET', `/prod/v1/files?uploadId=${upload.uploadId}`), 200, 'files');
  const file = files.files[0];
  const values = await ok(await req('GET', `/prod/v1/files/${file.fileId}/values`), 200, 'values');
  const session = await ok(await req('POST', '/prod/v2/agent/sessions', { title: `session-${marker}` }), 201, 'session');
  const job = await ok(
    await req('POST', `/prod/v2/agent/sessions/${session.session_id}/ask`, { user_prompt: `Who is ${marker}?` }, { 'idempotency-key': randomUUID() }),
    202,
    'ask',
  );
  await waitFor(async () => {
    const res = await req('GET', `/prod/v2/jobs/${job.job_id}`);
    return ['COMPLETED', 'FAILED', 'STOPPED'].includes(res.body?.status) ? true : undefined;
  }, 'the fixture job to settle');
  await ok(await req('POST', '/prod/docsync/claims', { scope: `fixture-${marker}`, key: 'ledger', holder: 'fixture-desk', leaseMs: 3_600_000 }), 200, 'claim');
  const exported = await fetch(`${svc.url}/prod/v1/files/schema/export?blueprintIds=${type.id}`, { headers: { 'x-api-key': key } });
  return {
    key,
    marker,
    directoryId: dir.directory.id,
    blueprintId: type.id,
    schemaId: type.defaultSchemaId,
    uploadId: upload.uploadId,
    fileId: file.fileId,
    documentId: file.documentId,
    storagePath: file.fileStoragePath,
    schemaValueId: values.values.formValues[0].id,
    sessionId: session.session_id,
    jobId: job.job_id,
    exportZip: Buffer.from(await exported.arrayBuffer()),
  };
}

/** An error answer per decisions 16: problem details (or the legacy shape where the operation says so). */
export function expectProblem(op: Operation, res: Answer, context: string) {
  const where = `${op.id} ${context}: ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, where).toBeGreaterThanOrEqual(400);
  expect(res.status, where).toBeLessThan(500);
  const contentType = res.headers.get('content-type') ?? '';
  const requestId = res.headers.get('x-request-id');
  expect(requestId, where).toBeTruthy();
  if (op.legacyErrors && (res.status === 403 || res.status === 422)) {
    expect(contentType, where).toContain('application/json');
    expect(res.body, where).toMatchObject({ message: expect.any(String), error: expect.any(String), statusCode: res.status });
    return;
  }
  expect(contentType, where).toContain('application/problem+json');
  expect(res.body, where).toMatchObject({ status: res.status, code: expect.any(String), title: expect.any(String), detail: expect.any(String), errors: expect.any(Array) });
  expect(res.body.requestId, where).toBe(requestId);
}

/** A 4xx that blames a field: every element of `errors` names a pointer or a parameter. */
export function expectFieldProblem(op: Operation, res: Answer, context: string, blamed?: { pointer?: string; parameter?: string }) {
  expectProblem(op, res, context);
  if (op.legacyErrors && (res.status === 403 || res.status === 422)) return;
  const where = `${op.id} ${context}: ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.body.errors.length, where).toBeGreaterThan(0);
  for (const e of res.body.errors) expect(e.pointer ?? e.parameter, where).toEqual(expect.any(String));
  if (blamed?.pointer) expect(res.body.errors.some((e: any) => e.pointer?.startsWith(blamed.pointer)), where).toBe(true);
  if (blamed?.parameter) expect(res.body.errors.some((e: any) => e.parameter === blamed.parameter), where).toBe(true);
}
