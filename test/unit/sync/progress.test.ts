import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pagesText, progressText } from '../../../src/cli/control.js';
import { durationText, folderProgress, pageProgressOf, pagesDueAt } from '../../../src/sync/progress.js';
import { openStateDb, type Db } from '../../../src/sync/state/db.js';
import { statusReport } from '../../../src/sync/status.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A state database with `done` files at rest over the last `spanMs` and `todo` still on their way. */
function seeded(done: number, todo: number, spanMs: number, now: number): Db {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  dirs.push(dir);
  const db = openStateDb(dir);
  const insert = db.prepare(`INSERT INTO files (folder, rel_path, size, mtime_ms, status, attempts, created_at, updated_at)
    VALUES ('/in', ?, 1, 1, ?, 0, ?, ?)`);
  for (let i = 0; i < done; i++) insert.run(`d${i}.pdf`, 'exported', now - spanMs, now - spanMs + Math.round((spanMs * i) / Math.max(1, done - 1)));
  for (let i = 0; i < todo; i++) insert.run(`t${i}.pdf`, i % 2 ? 'discovered' : 'uploading', now, now);
  return db;
}

describe('progress of long work', () => {
  it('counts done and remaining, and tells the time left at the recent pace', () => {
    const now = Date.now();
    const db = seeded(61, 300, 60_000, now); // 61 files in the last minute: about 61 a minute
    const p = folderProgress(db, '/in', { exported: 61, discovered: 150, uploading: 150 }, now)!;
    expect(p).toMatchObject({ done: 61, remaining: 300 });
    expect(p.perMinute).toBeCloseTo(61, 0);
    expect(p.secondsLeft).toBeGreaterThan(280);
    expect(p.secondsLeft).toBeLessThan(310);
    expect(progressText(p)).toMatch(/^progress: 61 of 361 done, 300 to go, about 5 min left \(\d+(\.\d)? files\/min\)$/);
    // docsync status (another process) reads the same from the database.
    expect(statusReport(db, ['/in']).folders[0]!.progress).toMatchObject({ done: 61, remaining: 300 });
    db.close();
  });

  it('has nothing to show when nothing is on its way, and no time left before the pace is known', () => {
    const now = Date.now();
    const db = seeded(0, 5, 0, now);
    expect(folderProgress(db, '/in', { discovered: 3, uploading: 2 }, now)).toEqual({ done: 0, remaining: 5, perMinute: null, secondsLeft: null });
    expect(folderProgress(db, '/in', { exported: 4 }, now)).toBeNull();
    db.close();
    expect([durationText(40), durationText(300), durationText(3900)]).toEqual(['40 s', '5 min', '1 h 5 min']);
  });
});

describe('pages of a long document', () => {
  const now = 1_000_000;
  const row = (done: number, total: number, dueAt: number | null, status: 'processing' | 'exported' = 'processing') =>
    pageProgressOf({ status, pages_done: done, pages_total: total, pages_due_at: dueAt }, now);

  it('tells when the last page is expected at the pace since the first count', () => {
    // 4 pages read in 60 s since the count was first seen at 2: 15 s a page, 30 pages to go.
    expect(pagesDueAt({ at: now - 60_000, done: 2 }, 6, 36, now)).toBe(now + 450_000);
    expect(pagesDueAt({ at: now - 60_000, done: 6 }, 6, 36, now)).toBeNull(); // none read since: no pace
  });

  it('reads a row: the time left, 0 once all are read, unknown past the expected end, nothing unless processing', () => {
    expect(row(12, 40, now + 120_000)).toEqual({ done: 12, total: 40, secondsLeft: 120 });
    expect(row(40, 40, now)).toEqual({ done: 40, total: 40, secondsLeft: 0 });
    expect(row(12, 40, now - 1000)).toEqual({ done: 12, total: 40, secondsLeft: null });
    expect(row(12, 40, null)).toEqual({ done: 12, total: 40, secondsLeft: null });
    expect(row(40, 40, now, 'exported')).toBeNull();
    expect(pageProgressOf({ status: 'processing', pages_done: null, pages_total: null, pages_due_at: null }, now)).toBeNull();
  });

  it('prints the line docsync status shows', () => {
    expect(pagesText({ done: 12, total: 40, secondsLeft: 120 })).toBe('12 of 40 pages read, about 2 min left');
    expect(pagesText({ done: 0, total: 40, secondsLeft: null })).toBe('0 of 40 pages read, time left not known yet');
    expect(pagesText({ done: 40, total: 40, secondsLeft: 0 })).toBe('40 of 40 pages read, reading the values');
  });
});
