// The service's SQL is compiled once per database (`prepared`, src/sqlite.ts), not per request:
// compiling a statement costs about as much as running a small one, and a busy service spent 5%
// of its CPU in `prepare` (issue 20). Every prepare of the database's connections (the writer
// and the read snapshot's reader) is counted over uploads of the daemon's path, after a
// warm-up: ticket, PUT into a folder path, processing, the upload's status, the values.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { daemonPathUploads, recordPrepares } from './uploadHelpers.js';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** Count every `prepare` of the service's database engine while the returned list is live. */
function countPrepares(svc: TestService): string[] {
  const { seen, restore } = recordPrepares(svc);
  cleanup.push(restore);
  return seen;
}

describe('statements of the upload path', () => {
  it('are compiled once per database, not per request', async () => {
    const svc = await startTestService();
    cleanup.push(() => svc.close());
    for (let i = 0; i < 2; i++) await daemonPathUploads(svc, i);
    const seen = countPrepares(svc);
    for (let i = 2; i < 6; i++) await daemonPathUploads(svc, i);
    expect(seen).toEqual([]);
  });
});
