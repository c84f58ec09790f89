import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncEmitter } from '../../../src/sync/events.js';
import { ControlStore } from '../../../src/sync/state/control.js';
import { openStateDb } from '../../../src/sync/state/db.js';
import {
  DELETED_WITH_OUTPUTS_SQL, deletedWithOutputs, deletedWithRemoteFiles, deletedWithRemoteFilesSql,
} from '../../../src/sync/state/queries.js';
import {
  countFiles, FileStore, MOVED_FROM_SQL, PROCESSING_BY_UPLOAD_SQL, readFilesPage, REMOVED_IN_FLIGHT_SQL, TransitionError, type FilesFilter,
} from '../../../src/sync/state/files.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
function open() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  dirs.push(d);
  const emitter = new SyncEmitter();
  const db = openStateDb(d);
  return { d, db, emitter, store: new FileStore(db, emitter) };
}

describe('state database', () => {
  it('uses WAL and applies migrations once', () => {
    const { d, db } = open();
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const n = db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get();
    db.close();
    const again = openStateDb(d);
    expect(again.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get()).toBe(n);
    again.close();
  });

  it('moves status only along legal transitions, logging each and emitting after commit', () => {
    const { store, emitter, db } = open();
    const seen: string[] = [];
    emitter.on('file', (e) => {
      // Emitted after commit: the row is already visible in the database.
      expect(store.get(e.file.id)!.status).toBe(e.to);
      seen.push(`${e.from}->${e.to}`);
    });
    const row = store.discover('/f', 'a.pdf', 3, 1);
    store.transition(row.id, 'settled', { sha256: 'h' }, 'settled');
    expect(() => store.transition(row.id, 'processing')).toThrow(TransitionError);
    store.transition(row.id, 'uploading');
    store.transition(row.id, 'processing', { upload_id: 'u' });
    store.transition(row.id, 'exported', { file_ids: '["f1"]' });
    expect(seen).toEqual(['null->discovered', 'discovered->settled', 'settled->uploading', 'uploading->processing', 'processing->exported']);
    expect(store.events(row.id).map((e) => e.to_status)).toEqual(['discovered', 'settled', 'uploading', 'processing', 'exported']);
    expect(() => db.prepare('DELETE FROM events').run()).toThrow(/append-only/);
    expect(store.get(row.id)!.upload_id).toBe('u');
  });

  it('commits the transitionSoon calls of one turn together, rejecting an illegal one alone', async () => {
    const { d, store, emitter } = open();
    const [a, b, c] = ['a', 'b', 'c'].map((n) => store.discover('/f', n, 1, 1));
    // What another process sees: committed rows only.
    const outside = openStateDb(d);
    const committed = (id: number) => outside.prepare('SELECT status FROM files WHERE id = ?').pluck().get(id);
    const seenAtEmit: unknown[][] = [];
    emitter.on('file', () => seenAtEmit.push([a, b, c].map((r) => committed(r!.id))));
    const pending = [
      store.transitionSoon(a!.id, 'settled', { sha256: 'ha' }, 'settled'),
      store.transitionSoon(b!.id, 'exported', {}, 'reappeared unchanged'),
      store.transitionSoon(c!.id, 'processing', {}, 'illegal from discovered'),
    ];
    // Nothing is written before the turn ends.
    expect(store.get(a!.id)!.status).toBe('discovered');
    const results = await Promise.allSettled(pending);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[0] as PromiseFulfilledResult<{ sha256: string }>).value.sha256).toBe('ha');
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(TransitionError);
    // One commit for both, before the first event: its listener already sees the second row changed.
    expect(seenAtEmit).toEqual([
      ['settled', 'exported', 'discovered'],
      ['settled', 'exported', 'discovered'],
    ]);
    expect(store.events(c!.id).map((e) => e.to_status)).toEqual(['discovered']);
    outside.close();
  });

  it("tells by dataVersion that another connection committed (the CLI's pause), each time, and not for its own writes", () => {
    const { d, db } = open();
    const control = new ControlStore(db);
    const other = openStateDb(d);
    const cli = new ControlStore(other);
    const v0 = control.dataVersion();
    control.pause('/own');
    expect(control.dataVersion()).toBe(v0);
    cli.pause('/a');
    const v1 = control.dataVersion();
    expect(v1).not.toBe(v0);
    expect(control.dataVersion()).toBe(v1);
    cli.resume('/a');
    expect(control.dataVersion()).not.toBe(v1);
    expect(control.paused()).toEqual(new Set(['/own']));
    other.close();
  });

  it('undoes a transitionSoon that fails after its UPDATE alone, the others of its turn commit', async () => {
    const { store } = open();
    const [a, b] = ['a', 'b'].map((n) => store.discover('/f', n, 1, 1));
    // The event's INSERT fails after the row's UPDATE ran: the row must not keep the UPDATE.
    store.db.exec("CREATE TEMP TRIGGER boom BEFORE INSERT ON events WHEN NEW.reason = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END");
    const results = await Promise.allSettled([
      store.transitionSoon(a!.id, 'settled', { sha256: 'ha' }, 'boom'),
      store.transitionSoon(b!.id, 'settled', { sha256: 'hb' }, 'settled'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(store.get(a!.id)).toMatchObject({ status: 'discovered', sha256: null });
    expect(store.get(b!.id)).toMatchObject({ status: 'settled', sha256: 'hb' });
    expect(store.events(a!.id).map((e) => e.to_status)).toEqual(['discovered']);
    expect(store.events(b!.id).map((e) => e.to_status)).toEqual(['discovered', 'settled']);
  });

  it('reads the signatures of a scan\'s paths in batches: every row asked for, of that folder only, none invented', () => {
    const { store } = open();
    const ids = new Map<string, number>();
    for (let i = 0; i < 150; i += 1) {
      if (i % 3 === 0) continue; // a third of the paths have no row
      ids.set(`d/f${i}.txt`, store.discover('/in', `d/f${i}.txt`, i, 1000 + i).id);
    }
    store.discover('/other', 'd/f0.txt', 1, 1); // the same path in another folder is not this folder's
    const asked = Array.from({ length: 150 }, (_, i) => `d/f${i}.txt`);
    const found = store.signatures('/in', asked);
    expect(found.size).toBe(100);
    for (const [rel, id] of ids) expect(found.get(rel)).toMatchObject({ id, status: 'discovered', size: Number(rel.slice(3, -4)), mtime_ms: 1000 + Number(rel.slice(3, -4)) });
    expect(found.has('d/f0.txt')).toBe(false);
    expect(store.signatures('/in', []).size).toBe(0);
  });

  it('pages files newest first, those at rest and those in flight alike, by folder, status and name', () => {
    const { db } = open();
    const statuses = ['exported', 'failed', 'uploading', 'skipped', 'processing', 'removed', 'discovered', 'settled'];
    const insert = db.prepare('INSERT INTO files (folder, rel_path, status, created_at, updated_at) VALUES (?, ?, ?, 1, ?)');
    // Times repeat so the id breaks ties; rows at rest and in flight interleave in time.
    for (let i = 0; i < 300; i++) insert.run(i % 3 ? '/a' : '/b', i % 10 === 3 ? `f1_${i}.pdf` : `f${i}.pdf`, statuses[i % statuses.length], (i * 7919) % 101);
    const filters: Array<[FilesFilter, string, unknown[]]> = [
      [{}, '', []],
      [{ folder: '/a' }, 'WHERE folder = ?', ['/a']],
      [{ status: 'uploading' }, 'WHERE status = ?', ['uploading']],
      [{ folder: '/b', status: 'exported' }, 'WHERE folder = ? AND status = ?', ['/b', 'exported']],
      [{ text: '1_' }, "WHERE rel_path LIKE '%1\\_%' ESCAPE '\\'", []],
      [{ folder: '/a', text: '2' }, "WHERE folder = ? AND rel_path LIKE '%2%'", ['/a']],
    ];
    for (const [filter, clause, args] of filters) {
      const all = db.prepare(`SELECT id FROM files ${clause} ORDER BY updated_at DESC, id DESC`).pluck().all(...args) as number[];
      expect(all.length).toBeGreaterThan(2);
      expect(countFiles(db, filter)).toBe(all.length);
      const paged: number[] = [];
      for (let offset = 0; offset < all.length + 20; offset += 20) paged.push(...readFilesPage(db, filter, 20, offset).map((r) => r.id));
      expect(paged).toEqual(all);
    }
  });

  it('hands out due work past many busy rows, oldest first, as many as asked', () => {
    const { store } = open();
    const ids = Array.from({ length: 40 }, (_, i) => {
      const row = store.discover('/f', `n${String(i).padStart(2, '0')}`, 1, 1);
      return store.transition(row.id, 'settled', { next_attempt_at: i }).id;
    });
    const busy = new Set(ids.slice(0, 25));
    expect(store.due('settled', Date.now(), 5, busy, new Set()).map((r) => r.id)).toEqual(ids.slice(25, 30));
    expect(store.due('settled', Date.now(), 50, busy, new Set()).map((r) => r.id)).toEqual(ids.slice(25));
    expect(store.countDue('settled', Date.now(), 32)).toBe(32);
    expect(store.countDue('settled', 10, 32)).toBe(11);
  });

  // Issue 20: a file's row is read as an array and made an object in code (rowOf): the same
  // columns, values and order as SELECT *, from every read that gives a whole row.
  it('reads a file\'s whole row as SELECT * gives it, every column in its place', () => {
    const { store, db } = open();
    const found = store.discover('/f', 'a/b.pdf', 11, 12.5, 'seen', 'a/b\u0301.pdf');
    const selectAll = () => JSON.stringify(db.prepare('SELECT * FROM files WHERE id = ?').get(found.id));
    expect(JSON.stringify(found)).toBe(selectAll());
    // Every column a value of its own, so that two columns swapped cannot pass.
    const settled = store.transition(found.id, 'settled', {
      size: 21, mtime_ms: 22.5, sha256: 'h23', reason: 'r24', attempts: 25, error_code: 'E26', error_detail: '{"d":27}', next_attempt_at: 28,
      ticket_gen: 29, idempotency_key: 'k30', remote_path: 'p31', upload_id: 'u32', ticket_at: 33, file_ids: '["f34"]', previous_file_ids: '["f35"]',
      duplicate_of: 36, moved_to: 37, outcome_dir: 'Processed', remote_deleted_at: 39, exported_at: 40, outputs_cleared_at: 41,
      pages_done: 42, pages_total: 43, pages_due_at: 44,
    }, 'settled');
    const row = selectAll();
    expect(JSON.stringify(settled)).toBe(row);
    expect(JSON.stringify(store.get(found.id))).toBe(row);
    expect(JSON.stringify(store.byPath('/f', 'a/b.pdf'))).toBe(row);
    expect(store.get(found.id + 1)).toBeUndefined();
    expect(store.byPath('/f', 'a/c.pdf')).toBeUndefined();
  });

  it('hands out due work oldest first, skipping busy rows and paused folders', () => {
    const { store } = open();
    const a = store.discover('/f', 'a', 1, 1);
    const b = store.discover('/f', 'b', 1, 1);
    const c = store.discover('/g', 'c', 1, 1);
    for (const r of [a, b, c]) store.transition(r.id, 'settled');
    store.defer(b.id, { next_attempt_at: Date.now() + 60_000 }, 'retry later');
    expect(store.due('settled', Date.now(), 10, new Set(), new Set()).map((r) => r.rel_path)).toEqual(['a', 'c']);
    expect(store.due('settled', Date.now(), 10, new Set([a.id]), new Set(['/g']))).toEqual([]);
    // The backlog count that holds result polls back leaves paused folders out too.
    expect(store.countDue('settled', Date.now(), 10)).toBe(2);
    expect(store.countDue('settled', Date.now(), 10, new Set(['/g']))).toBe(1);
    expect(store.countDue('settled', Date.now(), 10, new Set(['*', '/f', '/g']))).toBe(0);
  });

  it('finds the row a file was moved from by its content, through the hash index', () => {
    const { store, db } = open();
    const gone = store.discover('/f', 'old/a.pdf', 1, 1);
    store.transition(gone.id, 'settled', { sha256: 'h1' });
    store.transition(gone.id, 'uploading');
    store.transition(gone.id, 'processing', { upload_id: 'u' });
    store.transition(gone.id, 'exported', { file_ids: '["f1"]' });
    store.transition(gone.id, 'removed');
    const other = store.discover('/g', 'a.pdf', 1, 1);
    const fresh = store.discover('/f', 'new/a.pdf', 1, 1);
    expect(store.movedFrom('/f', 'h1', fresh.id)?.id).toBe(gone.id);
    expect(store.movedFrom('/g', 'h1', other.id)).toBeUndefined(); // another folder's file is not a move
    expect(store.movedFrom('/f', 'h2', fresh.id)).toBeUndefined();
    // Looked up by hash, not by walking the folder's rows (once per new file: quadratic in a big folder).
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${MOVED_FROM_SQL}`).all('/f', 'h1', 0) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/INDEX files_hash/);
  });

  // Issue 20: lookups that walked every removed (or every processing) row each time use partial
  // indexes that hold only the rows they look for. The answers stay what they were.
  const plan = (db: ReturnType<typeof open>['db'], sql: string, ...args: unknown[]) =>
    (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as Array<{ detail: string }>).map((p) => p.detail).join(' ');

  it('finds the rows removed mid-upload of a folder by name, through their partial index', () => {
    const { store, db } = open();
    const mid = store.discover('/f', 'a/scan.pdf', 1, 1);
    store.transition(mid.id, 'settled', { sha256: 'h1' });
    store.transition(mid.id, 'uploading', { upload_id: 'u1' });
    store.transition(mid.id, 'removed');
    // Removed rows that do not count: exported before removal, never uploaded, another folder.
    const done = store.discover('/f', 'b/scan.pdf', 1, 1);
    store.transition(done.id, 'settled', { sha256: 'h2' });
    store.transition(done.id, 'uploading', { upload_id: 'u2' });
    store.transition(done.id, 'processing');
    store.transition(done.id, 'exported', { file_ids: '["f2"]' });
    store.transition(done.id, 'removed');
    store.transition(store.discover('/f', 'c/scan.pdf', 1, 1).id, 'removed');
    const elsewhere = store.discover('/g', 'scan.pdf', 1, 1);
    store.transition(elsewhere.id, 'settled', { sha256: 'h3' });
    store.transition(elsewhere.id, 'uploading', { upload_id: 'u3' });
    store.transition(elsewhere.id, 'removed');
    const fresh = store.discover('/f', 'scan.pdf', 1, 1);
    expect(store.removedInFlightNamed('/f', 'scan.pdf', fresh.id).map((r) => r.id)).toEqual([mid.id]);
    expect(store.removedInFlightNamed('/f', 'other.pdf', fresh.id)).toEqual([]);
    expect(plan(db, REMOVED_IN_FLIGHT_SQL, '/f', 0)).toMatch(/INDEX files_removed_in_flight/);
  });

  it('finds the row waiting for an upload\'s result through an index of the rows in processing', () => {
    const { store, db } = open();
    const rows = ['a', 'b', 'c'].map((n) => store.discover('/f', n, 1, 1));
    for (const [i, r] of rows.entries()) {
      store.transition(r.id, 'settled', { sha256: `h${i}` });
      store.transition(r.id, 'uploading', { upload_id: `u${i}` });
      if (i < 2) store.transition(r.id, 'processing');
    }
    store.transition(rows[1]!.id, 'exported', { file_ids: '[]' });
    expect(store.processingByUpload('u0')).toBe(rows[0]!.id);
    expect(store.processingByUpload('u1')).toBeUndefined(); // exported: no longer waiting
    expect(store.processingByUpload('u2')).toBeUndefined(); // still uploading
    expect(plan(db, PROCESSING_BY_UPLOAD_SQL, 'u0')).toMatch(/INDEX files_processing_upload/);
  });

  it('finds deleted files whose outputs or remote files are still there among their few rows only', () => {
    const { store, db } = open();
    const exported = (rel: string) => {
      const r = store.discover('/f', rel, 1, 1);
      store.transition(r.id, 'settled', { sha256: rel });
      store.transition(r.id, 'uploading', { upload_id: rel });
      store.transition(r.id, 'processing');
      return store.transition(r.id, 'exported', { file_ids: `["${rel}"]` });
    };
    const gone = store.transition(exported('a').id, 'removed');
    store.transition(exported('b').id, 'removed', { outputs_cleared_at: 1, remote_deleted_at: 1 });
    exported('c'); // still there
    const later = Date.now() + 1000;
    expect(deletedWithOutputs(db, later).map((r) => r.id)).toEqual([gone.id]);
    expect(deletedWithRemoteFiles(db, later, ['/f']).map((r) => r.id)).toEqual([gone.id]);
    expect(deletedWithRemoteFiles(db, later, ['/g'])).toEqual([]);
    // Through their partial indexes: the sweeps run every 5 s, and deleted rows stay for good.
    expect(plan(db, DELETED_WITH_OUTPUTS_SQL, 0, 1)).toMatch(/INDEX files_removed_uncleared/);
    expect(plan(db, deletedWithRemoteFilesSql(1), 0, '/f', 1)).toMatch(/INDEX files_removed_remote/);
  });
});
