// No statement of the daemon's upload path reads a whole table that grows with the files the
// service holds (issue 20: the drop benchmark's rounds must not slow down with history). Every
// statement compiled over uploads of that path (ticket into a folder path, PUT, processing, the
// upload's status, the values) is explained with EXPLAIN QUERY PLAN; a full scan of one of
// those tables, or a temporary b-tree sorting one, fails the test with the statement named.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { daemonPathUploads, recordPrepares } from './uploadHelpers.js';

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

/** Tables with a row (or more) per upload, file, page or request: a scan of one is O(history). */
const GROWING = ['uploads', 'files', 'upload_steps', 'idempotency_records', 'blobs', 'form_values', 'document_pages', 'callback_outbox', 'claims', 'agent_jobs', 'agent_turns'];

/** The plan's lines that read a growing table whole: `SCAN <table>` (not `SCAN ... USING INDEX`, a covering walk of a range is `SEARCH`). */
function growingScans(plan: Array<{ detail: string }>): string[] {
  return plan
    .map((p) => p.detail)
    .filter((d) => {
      const m = /^(?:SCAN|USE TEMP B-TREE FOR \w+ BY) ?(\w+)?/.exec(d);
      if (!m) return false;
      if (d.startsWith('USE TEMP')) return false; // judged with the scan that feeds it
      return GROWING.includes(m[1] ?? '') && !/USING (?:COVERING )?INDEX|USING INTEGER PRIMARY KEY/.test(d);
    });
}

describe('query plans of the upload path', () => {
  it('read no table that grows with the files held from end to end', async () => {
    const svc = await startTestService();
    cleanup.push(() => svc.close());
    const { seen, restore } = recordPrepares(svc);
    cleanup.push(restore);
    for (let i = 0; i < 2; i++) await daemonPathUploads(svc, i);
    restore();
    // The statements the path compiled: ticket, PUT, processing, status, values (not EXPLAIN's own).
    const statements = [...new Set(seen)].filter((sql) => /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql));
    expect(statements.length).toBeGreaterThan(15);
    const db = svc.service.db as unknown as { prepare(sql: string): { all(...a: unknown[]): Array<{ detail: string }> } };
    const offenders: string[] = [];
    for (const sql of statements) {
      const params = (sql.match(/\?/g) ?? []).map(() => null);
      const named = Object.fromEntries([...sql.matchAll(/@(\w+)/g)].map((m) => [m[1], null]));
      const plan = Object.keys(named).length ? db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(named) : db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params);
      const scans = growingScans(plan);
      if (scans.length) offenders.push(`${scans.join('; ')} <- ${sql.replace(/\s+/g, ' ').slice(0, 200)}`);
    }
    expect(offenders).toEqual([]);
  });

  it('are judged by a rule that sees a full scan', () => {
    expect(growingScans([{ detail: 'SCAN uploads' }])).toEqual(['SCAN uploads']);
    expect(growingScans([{ detail: 'SEARCH uploads USING INDEX sqlite_autoindex_uploads_1 (id=?)' }])).toEqual([]);
    expect(growingScans([{ detail: 'SCAN workspaces' }])).toEqual([]);
  });
});
