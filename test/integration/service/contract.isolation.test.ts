// Cross-workspace isolation on every operation of `operations`: workspace B touches workspace
// A's resources by id and always gets 404 (or the operation's documented equivalent), never
// A's data; A's resources are unchanged afterwards.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_MESSAGES, operations, type Operation } from '../../../src/contract/index.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { call, createFixture, expectProblem, type Answer, type Fixture, type SampleRequest } from './contractFixtures.js';

let svc: TestService;
let a: Fixture;
let b: Fixture;
beforeAll(async () => {
  svc = await startTestService();
  const other = svc.createKey({ workspace: 'isolation-b' });
  [a, b] = await Promise.all([createFixture(svc, svc.key.key, 'WorkspaceAlpha'), createFixture(svc, other.key, 'WorkspaceBravo')]);
  // A desktop of A holds a claim naming A's file and upload (claims are per workspace).
  const taken = await svc.request('POST', '/prod/docsync/claims', { body: { ...CLAIM, holder: 'desk-a', leaseMs: 600_000, path: `${a.marker}.pdf`, uploadId: a.uploadId } });
  expect(taken.body.granted).toBe(true);
});
const CLAIM = { scope: 'shared-scans', key: 'a'.repeat(64) };
afterAll(async () => svc.close());

type Check = 'notFound' | 'invalid' | ((res: Answer) => void);
interface Attempt {
  what: string;
  req: SampleRequest;
  check: Check;
}

const idem = () => randomUUID();

/** B's attempts at A's resources, per operation. Every operation of the contract has an entry. */
const attempts: Record<string, () => Attempt[]> = {
  createFileType: () => [{ what: 'create', req: { body: { className: 'BravoOwn', name: 'mine', fields: [] } }, check: (res) => expect(res.status).toBe(201) }],
  listFileTypes: () => [{ what: 'list', req: {}, check: (res) => expect(res.status).toBe(200) }],
  getFileType: () => [{ what: "A's file type", req: { params: { blueprintId: a.blueprintId } }, check: 'notFound' }],
  lockFileType: () => [{ what: "A's file type", req: { params: { blueprintId: a.blueprintId } }, check: 'notFound' }],
  unlockFileType: () => [{ what: "A's file type", req: { params: { blueprintId: a.blueprintId } }, check: 'notFound' }],
  deleteFileTypes: () => [
    {
      what: "A's file type",
      req: { body: { blueprintIds: [a.blueprintId] } },
      check: (res) => {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: false, deletedCount: 0, failedCount: 1, errors: [{ blueprintId: a.blueprintId, message: DELETE_MESSAGES.notFound }] });
      },
    },
  ],
  approveFileType: () => [
    { what: "A's file type and schema", req: { body: { blueprintId: a.blueprintId, schemaId: a.schemaId } }, check: 'notFound' },
    { what: "B's file type with A's schema", req: { body: { blueprintId: b.blueprintId, schemaId: a.schemaId } }, check: 'notFound' },
  ],
  listSchemas: () => [{ what: "A's file type", req: { query: { blueprintId: a.blueprintId } }, check: (res) => expect(res.body.schemas ?? []).toEqual([]) }],
  getSchema: () => [{ what: "A's schema", req: { params: { schemaId: a.schemaId } }, check: 'notFound' }],
  patchSchemas: () => [{ what: "A's schema", req: { body: { schemaId: a.schemaId, fields: [{ title: 'Hijacked' }] } }, check: 'notFound' }],
  updateFileSchema: () => [
    { what: "A's file", req: { params: { fileId: a.fileId }, body: { fields: [{ title: 'Hijacked', type: 'STRING' }] } }, check: 'notFound' },
    { what: "B's file on A's schema", req: { params: { fileId: b.fileId }, body: { schemaId: a.schemaId, fields: [{ title: 'X', type: 'STRING' }] } }, check: 'notFound' },
  ],
  exportSchemas: () => [{ what: "A's file type", req: { query: { blueprintIds: a.blueprintId } }, check: 'notFound' }],
  importSchemas: () => [
    {
      what: "A's export into B: A's class name is free in B, new ids",
      req: { file: a.exportZip },
      check: (res) => {
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ success: true, importedBlueprintsCount: 1, conflictBlueprintsCount: 0 });
        expect(res.body.blueprintIds).not.toContain(a.blueprintId);
      },
    },
  ],
  createDirectory: () => [{ what: "A's directory as parent", req: { body: { name: 'child', parentId: a.directoryId } }, check: 'invalid' }],
  uploadFile: () => [
    { what: "A's directory", req: { body: { fileName: 'x.txt', fileType: 'text/plain', directoryId: a.directoryId } }, check: 'invalid' },
    { what: "A's schema", req: { body: { fileName: 'x.txt', fileType: 'text/plain', schemaId: a.schemaId } }, check: 'invalid' },
  ],
  getUpload: () => [{ what: "A's upload", req: { params: { uploadId: a.uploadId } }, check: 'notFound' }],
  listFiles: (): Attempt[] => [
    { what: "A's upload", req: { query: { uploadId: a.uploadId } }, check: (res) => expect(res.body).toMatchObject({ files: [], count: 0 }) },
    { what: "A's file ids", req: { query: { fileIds: a.fileId } }, check: (res) => expect(res.body).toMatchObject({ files: [], count: 0 }) },
  ],
  getFileValues: () => [{ what: "A's file", req: { params: { fileId: a.fileId } }, check: 'notFound' }],
  getFilePages: () => [{ what: "A's file", req: { params: { fileId: a.fileId } }, check: 'notFound' }],
  updateFileValues: () => [
    { what: "A's file", req: { params: { fileId: a.fileId }, body: { schemaValueId: a.schemaValueId, fields: [{ title: 'Invoice Number', value: 'X' }] } }, check: 'notFound' },
    { what: "B's file, A's entry", req: { params: { fileId: b.fileId }, body: { schemaValueId: a.schemaValueId, fields: [{ title: 'Invoice Number', value: 'X' }] } }, check: 'notFound' },
  ],
  createPreview: () => [{ what: "A's storage path", req: { body: { storagePath: a.storagePath } }, check: 'notFound' }],
  createPreviewBatch: () => [
    {
      what: "A's storage path",
      req: { body: { storagePaths: [a.storagePath, b.storagePath] } },
      check: (res) => {
        expect(res.status).toBe(200);
        expect(res.body.results[0]).toMatchObject({ storagePath: a.storagePath, error: { code: 'NOT_FOUND' } });
        expect(res.body.results[0].signedUrl).toBeUndefined();
        expect(res.body.results[1].signedUrl).toEqual(expect.any(String));
      },
    },
  ],
  deleteFiles: () => [
    { what: "A's file (array)", req: { body: { fileIds: [a.fileId] } }, check: 'invalid' },
    { what: "A's file (string)", req: { body: { fileIds: `${b.fileId},${a.fileId}` } }, check: 'invalid' },
  ],
  createAgentSession: () => [
    { what: "A's files", req: { body: { file_ids: [a.fileId] } }, check: 'invalid' },
    { what: "A's documents", req: { body: { document_ids: [a.documentId] } }, check: 'invalid' },
    { what: "A's directory", req: { body: { directory_id: a.directoryId } }, check: 'invalid' },
  ],
  listAgentSessions: () => [{ what: 'list', req: {}, check: (res) => expect(res.status).toBe(200) }],
  getAgentSession: () => [{ what: "A's session", req: { params: { session_id: a.sessionId } }, check: 'notFound' }],
  askAgent: () => [
    { what: "A's session", req: { params: { session_id: a.sessionId }, body: { user_prompt: 'Total?' } }, check: 'notFound' },
    { what: "B's session, A's files", req: { params: { session_id: b.sessionId }, body: { user_prompt: 'Total?', file_ids: [a.fileId] } }, check: 'invalid' },
    { what: "B's session, A's documents", req: { params: { session_id: b.sessionId }, body: { user_prompt: 'Total?', document_ids: [a.documentId] } }, check: 'invalid' },
    { what: "B's session, A's directory", req: { params: { session_id: b.sessionId }, body: { user_prompt: 'Total?', directory_id: a.directoryId } }, check: 'invalid' },
  ],
  stopAgentSession: () => [{ what: "A's session", req: { params: { session_id: a.sessionId } }, check: 'notFound' }],
  deleteAgentSession: () => [{ what: "A's session", req: { params: { session_id: a.sessionId } }, check: 'notFound' }],
  getAgentJob: () => [{ what: "A's job", req: { params: { job_id: a.jobId } }, check: 'notFound' }],
  takeClaim: () => [
    {
      what: "the (scope, key) of A's claim: B's own claim, A's holder and result unseen",
      req: { body: { ...CLAIM, holder: 'desk-b', leaseMs: 60_000 } },
      check: (res) => expect(res.body).toMatchObject({ granted: true, claim: { holder: 'desk-b', path: null, result: null } }),
    },
  ],
  finishClaim: () => [
    { what: "A's claim as A's holder", req: { body: { ...CLAIM, holder: 'desk-a', status: 'exported', result: {} } }, check: (res) => expect(res.status).toBe(409) },
  ],
  releaseClaim: () => [
    { what: "A's claim as A's holder", req: { body: { ...CLAIM, holder: 'desk-a' } }, check: (res) => expect(res.body).toEqual({ released: false }) },
  ],
};

/** A's values that B must never see unless B sent them itself. */
function leaks(res: Answer, req: SampleRequest): string[] {
  const sent = JSON.stringify(req.body ?? '') + JSON.stringify(req.params ?? '') + JSON.stringify(req.query ?? '');
  const secrets = [a.marker, a.directoryId, a.blueprintId, a.schemaId, a.uploadId, a.fileId, a.documentId, a.schemaValueId, a.sessionId, a.jobId, svc.key.workspaceId];
  return secrets.filter((s) => res.text.includes(s) && !sent.includes(s));
}

function applyCheck(op: Operation, attempt: Attempt, res: Answer) {
  const where = `${op.id} (${attempt.what}): ${res.status} ${res.text.slice(0, 300)}`;
  if (attempt.check === 'notFound') {
    expect(res.status, where).toBe(404);
    expectProblem(op, res, attempt.what);
    expect(res.body.code, where).toBe('NOT_FOUND');
  } else if (attempt.check === 'invalid') {
    expect([404, 422], where).toContain(res.status);
    expectProblem(op, res, attempt.what);
  } else {
    attempt.check(res);
  }
}

describe('workspace B never reaches workspace A', () => {
  it.each(operations.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const list = attempts[op.id];
    expect(list, `add ${op.id} to the isolation attempts`).toBeDefined();
    for (const attempt of list!()) {
      const res = await call(svc, op, attempt.req, b, { idempotencyKey: idem() });
      applyCheck(op, attempt, res);
      expect(leaks(res, attempt.req), `${op.id} (${attempt.what}) leaks: ${res.text.slice(0, 300)}`).toEqual([]);
    }
  });

  it("leaves A's resources as they were", async () => {
    const type = await svc.request('GET', `/prod/v1/file-type/${a.blueprintId}`);
    expect(type.body.fileType).toMatchObject({ locked: false, status: 'DRAFT' });
    expect(type.body.schemas.flatMap((s: any) => s.fields.map((f: any) => f.title))).not.toContain('Hijacked');
    expect((await svc.request('GET', `/prod/v2/agent/sessions/${a.sessionId}`)).status).toBe(200);
    const values = await svc.request('GET', `/prod/v1/files/${a.fileId}/values`);
    expect(values.status).toBe(200);
    expect(JSON.stringify(values.body)).not.toContain('"value":"X"');
    const files = await svc.request('GET', `/prod/v1/files?fileIds=${a.fileId}`);
    expect(files.body.count).toBe(1);
    // A's claim is still desk-a's: another desktop of A is not granted it.
    const claim = await svc.request('POST', '/prod/docsync/claims', { body: { ...CLAIM, holder: 'desk-c', leaseMs: 60_000 } });
    expect(claim.body).toMatchObject({ granted: false, claim: { holder: 'desk-a', status: 'held' } });
    const lists = await Promise.all([
      svc.request('GET', '/prod/v1/file-type', { key: b.key }),
      svc.request('GET', '/prod/v2/agent/sessions', { key: b.key }),
      svc.request('GET', '/prod/v1/schemas', { key: b.key }),
      svc.request('GET', '/prod/v1/files', { key: b.key }),
    ]);
    // B imported A's export, so A's names may appear in B's lists; A's ids never.
    for (const list of lists) expect(leaks({ ...list, text: JSON.stringify(list.body) }, { body: a.marker })).toEqual([]);
  });
});
