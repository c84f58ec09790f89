// The processing queue's look for queued jobs (processingRuns.ts queuedJobs) runs each time a run
// ends or a file arrives. Without an index it walked every job ever run: the service's CPU per
// 2,000 uploads doubled once some 10,000 files were stored. Migration 0015 gives it a partial index.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openServiceDatabase } from '../../../src/service/store/open.js';
import { QUEUED_JOBS_SQL } from '../../../src/service/store/processingRuns.js';
import type { SqlDatabase } from '../../../src/service/store/sql.js';

const dirs: string[] = [];
const dbs: SqlDatabase[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

describe('queued jobs', () => {
  it('are found through their own index, in the queue order, without reading done jobs or sorting', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-queue-'));
    dirs.push(dir);
    const db = openServiceDatabase(dir);
    dbs.push(db);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${QUEUED_JOBS_SQL}`).all(10) as Array<{ detail: string }>).map((r) => r.detail).join('\n');
    expect(plan).toContain('USING INDEX processing_jobs_queued');
    expect(plan).not.toContain('TEMP B-TREE');
  });
});
