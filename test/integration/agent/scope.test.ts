// Scope of a turn (spec 4.3): document_ids over file_ids over the session's scope, directory_id,
// use_all_files over the 100 newest processed documents only; and an index that follows deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spelled } from '../../../src/service/store/sql.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { insertFile } from '../service/fileRows.js';
import { answer, newSession } from './agentHelpers.js';
import { INVOICES, uploadCorpus, type UploadedInvoice } from './corpus.js';

let svc: TestService;
let docs: UploadedInvoice[];
let folder: string;
const COUNT = { user_prompt: 'How many invoices are there?', allow_ai_query_subagent: true };
const counted = (job: any) => Number(/There (?:is|are) (\d+) document/.exec(job.answer)?.[1]);
const cited = (job: any) => new Set(job.citations.map((c: any) => c.file_id));

beforeAll(async () => {
  svc = await startTestService({ agent: { streamChunkDelayMs: 0 } });
  folder = (await svc.request('POST', '/prod/v1/directories', { body: { name: 'Inbox' } })).body.directory.id;
  // ACME (0, 1) and Initech (3) go to the folder; the others to the root.
  docs = await uploadCorpus(svc, INVOICES.slice(0, 4), (i) => (i === 0 || i === 1 || i === 3 ? { directoryId: folder } : {}));
});
afterAll(async () => svc.close());

describe('scope precedence', () => {
  it('inherits the session scope when the turn names none', async () => {
    const session = await newSession(svc, { file_ids: [docs[0]!.fileId, docs[2]!.fileId] });
    const job = await answer(svc, session, COUNT);
    expect(counted(job)).toBe(2);
    expect(cited(job)).toEqual(new Set([docs[0]!.fileId, docs[2]!.fileId]));
  });

  it('file_ids on the turn replace the session scope', async () => {
    const session = await newSession(svc, { file_ids: [docs[0]!.fileId, docs[2]!.fileId] });
    expect(counted(await answer(svc, session, { ...COUNT, file_ids: [docs[1]!.fileId] }))).toBe(1);
  });

  it('document_ids take precedence over file_ids', async () => {
    const session = await newSession(svc);
    const job = await answer(svc, session, { ...COUNT, file_ids: [docs[0]!.fileId, docs[1]!.fileId], document_ids: [docs[2]!.documentId] });
    expect(counted(job)).toBe(1);
    expect(cited(job)).toEqual(new Set([docs[2]!.fileId]));
  });

  it('directory_id restricts to the folder, alone or with ids', async () => {
    const session = await newSession(svc);
    expect(counted(await answer(svc, session, { ...COUNT, directory_id: folder }))).toBe(3);
    expect(counted(await answer(svc, session, { ...COUNT, directory_id: folder, file_ids: [docs[0]!.fileId, docs[2]!.fileId] }))).toBe(1);
    const inFolder = await newSession(svc, { directory_id: folder });
    expect(counted(await answer(svc, inFolder, COUNT))).toBe(3);
  });

  it('use_all_files overrides file_ids and document_ids', async () => {
    const session = await newSession(svc, { file_ids: [docs[0]!.fileId] });
    expect(counted(await answer(svc, session, { ...COUNT, use_all_files: true, file_ids: [docs[0]!.fileId], document_ids: [docs[1]!.documentId] }))).toBe(4);
  });

  it('refuses unknown ids on the turn with 422 and pointers', async () => {
    const session = await newSession(svc);
    const res = await svc.request('POST', `/prod/v2/agent/sessions/${session}/ask`, {
      body: { user_prompt: 'q', file_ids: [docs[0]!.fileId, 'nope'] },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: '/file_ids/1' })]);
  });

  it('follows deletes: a deleted file is no longer found', async () => {
    const session = await newSession(svc, { use_all_files: true });
    const before = await answer(svc, session, { user_prompt: 'Which invoice was for TPS report covers?' });
    expect(cited(before).has(docs[3]!.fileId)).toBe(true);
    const del = await svc.request('DELETE', '/prod/v1/files', { body: { fileIds: [docs[3]!.fileId] } });
    expect(del.status).toBe(200);
    const after = await answer(svc, session, { user_prompt: 'Which invoice was for TPS report covers?' });
    expect(cited(after).has(docs[3]!.fileId)).toBe(false);
    expect(after.answer).not.toContain('TPS');
    // SQLite's full-text index follows the delete; PostgreSQL searches the pages themselves, which go by cascade.
    const pages = spelled(svc.service.db, { sqlite: 'agent_page_index', postgres: 'document_pages' });
    const index = svc.service.db.prepare(`SELECT count(*) FROM ${pages} WHERE file_id = ?`).pluck().get(docs[3]!.fileId);
    expect(index).toBe(0);
  });
});

describe('use_all_files bound', () => {
  it('considers only the 100 most recently created processed documents', async () => {
    const big = await startTestService({ agent: { streamChunkDelayMs: 0 } });
    try {
      for (let i = 0; i < 105; i++) {
        insertFile(big, { fileName: `n${i}.txt`, entries: [{ fields: [{ title: 'Invoice Number', type: 'string', value: `BIG-${i}` }, { title: 'Total', type: 'number', value: 1 }] }] });
      }
      insertFile(big, { fileName: 'unprocessed.txt', status: 'processing' });
      const session = await newSession(big, { use_all_files: true });
      expect(counted(await answer(big, session, COUNT))).toBe(100);
      const newest = await answer(big, session, { user_prompt: 'What is the total of BIG-104?' });
      expect(newest.answer).toContain('BIG-104: the total is 1');
      const oldest = await answer(big, session, { user_prompt: 'What is the total of BIG-4?' });
      expect(oldest.answer).not.toContain('BIG-4:');
      const named = await answer(big, session, { user_prompt: 'What is the total of BIG-4?', file_ids: [] });
      expect(named.answer).toContain('no processed documents');
    } finally {
      await big.close();
    }
  });
});
