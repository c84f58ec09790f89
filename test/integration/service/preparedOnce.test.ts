// The service's SQL is compiled once per database (`prepared`, src/sqlite.ts), not per request:
// compiling a statement costs about as much as running a small one, and a busy service spent 5%
// of its CPU in `prepare` (issue 20). Every prepare of the database's connections (the writer
// and the read snapshot's reader) is counted over uploads of the daemon's path, after a
// warm-up: ticket, PUT into a folder path, processing, the upload's status, the values.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { INVOICE_TEXT, put, settled, ticket, uploadText } from './uploadHelpers.js';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** Count every `prepare` of the service's database engine while the returned list is live. */
function countPrepares(svc: TestService): string[] {
  const proto = Object.getPrototypeOf(svc.service.db) as { prepare(sql: string): unknown };
  const original = proto.prepare;
  const seen: string[] = [];
  proto.prepare = function (this: unknown, sql: string) {
    seen.push(sql.replace(/\s+/g, ' '));
    return original.call(this, sql);
  };
  cleanup.push(() => {
    proto.prepare = original;
  });
  return seen;
}

async function oneOfEach(svc: TestService, n: number): Promise<void> {
  // A text invoice (processed, with values) into a folder path, as the daemon sends it.
  const text = await uploadText(svc, INVOICE_TEXT.replace('INV-1042', `INV-${n}`), { destinationPath: 'Inbox/2026' });
  // Bytes the engine cannot read (the sync bench's files): a failed run.
  const binary = await ticket(svc, { fileName: `b${n}.bin`, fileType: 'application/octet-stream', destinationPath: 'Inbox' });
  expect((await put(binary.presignedUploadURL, Buffer.from(`not a document ${n}`))).status).toBe(200);
  for (const t of [text, binary]) {
    const res = await settled(svc, t.uploadId);
    for (const f of res.body.files as Array<{ fileId: string }>) {
      expect((await svc.request('GET', `/prod/v1/files/${f.fileId}/values`)).status).toBe(200);
    }
  }
}

describe('statements of the upload path', () => {
  it('are compiled once per database, not per request', async () => {
    const svc = await startTestService();
    cleanup.push(() => svc.close());
    for (let i = 0; i < 2; i++) await oneOfEach(svc, i);
    const seen = countPrepares(svc);
    for (let i = 2; i < 6; i++) await oneOfEach(svc, i);
    expect(seen).toEqual([]);
  });
});
