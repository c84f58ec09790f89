// state.db's status conditions are comparisons, not `IN (...)` lists (issue 20): SQLite builds a
// temporary index of an IN list of three values or more each time it evaluates one, and every
// step of a file writes its row, which evaluated the CHECK of files and the condition of the two
// time indexes of files at rest (for the old and the new row) at each UPDATE. Migrations 0042
// (the CHECK, in sqlite_schema: sqlite.ts, EDITS_SCHEMA) and 0043 (the indexes) change them; the
// constraint must accept and refuse what it did, the indexes must hold the same rows and still
// serve the files list, and a database made by the earlier migrations keeps its rows.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/sqlite.js';
import { openStateDb, type Db } from '../../../src/sync/state/db.js';
import { FILE_STATUSES, FileStore, readFilesPage } from '../../../src/sync/state/files.js';
import { doneSince } from '../../../src/sync/state/queries.js';
import { migrationsBefore } from '../../helpers/migrations.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/sync/state/migrations');
const dirs: string[] = [];
const dbs: Database.Database[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.open && db.close());
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-checks-'));
  dirs.push(dir);
  return dir;
}

function kept<T extends Database.Database>(db: T): T {
  dbs.push(db);
  return db;
}

/** The opcodes of a status change of a file's row, and of a new row. */
function writePrograms(db: Db): string[] {
  const ops = (sql: string, n: number) => (db.prepare(`EXPLAIN ${sql}`).all(new Array(n).fill(null)) as Array<{ opcode: string }>).map((r) => r.opcode);
  return [
    ...ops('UPDATE files SET status = ?, updated_at = ? WHERE id = ?', 3),
    ...ops("INSERT INTO files (folder, rel_path, size, mtime_ms, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'discovered', ?, ?)", 6),
  ];
}

/** A file taken through its steps to `status`. */
function fileIn(store: FileStore, rel: string, status: 'exported' | 'failed' | 'processing'): number {
  const row = store.discover('/f', rel, 1, 1);
  store.transition(row.id, 'settled', { sha256: rel });
  store.transition(row.id, 'uploading', { upload_id: `u-${rel}` });
  store.transition(row.id, 'processing');
  if (status !== 'processing') store.transition(row.id, status);
  return row.id;
}

describe('status conditions of state.db', () => {
  it('are checked without a temporary index per row written', () => {
    const db = kept(openStateDb(tempDir()));
    expect(writePrograms(db)).not.toContain('OpenEphemeral');
  });

  it('accept every status of a file and refuse any other, also on a second connection', () => {
    const dir = tempDir();
    const db = kept(openStateDb(dir));
    const store = new FileStore(db);
    const id = store.discover('/f', 'a.pdf', 1, 1).id;
    for (const status of FILE_STATUSES) expect(() => db.prepare('UPDATE files SET status = ? WHERE id = ?').run(status, id)).not.toThrow();
    expect(() => db.prepare('UPDATE files SET status = ? WHERE id = ?').run('done', id)).toThrow(/CHECK constraint failed/);
    const other = kept(new Database(path.join(dir, 'state.db')));
    expect(() => other.prepare(`UPDATE files SET status = 'uploaded'`).run()).toThrow(/CHECK constraint failed/);
  });

  it('are rewritten in a database made by the earlier migrations, its rows kept and listed as before', () => {
    const dir = tempDir();
    const earlier = migrationsBefore(dir, MIGRATIONS, '0042');
    const file = path.join(dir, 'state.db');
    const before = kept(openDatabase(file, earlier));
    expect(writePrograms(before)).toContain('OpenEphemeral');
    const old = new FileStore(before);
    const ids = [fileIn(old, 'a.pdf', 'exported'), fileIn(old, 'b.pdf', 'failed'), fileIn(old, 'c.pdf', 'processing')];
    const listed = readFilesPage(before, {}, 10, 0).map((r) => [r.id, r.status]);
    const inFolder = readFilesPage(before, { folder: '/f' }, 10, 0).map((r) => r.id);
    const version = before.pragma('schema_version', { simple: true }) as number;
    before.close();

    const after = kept(openStateDb(dir));
    expect(writePrograms(after)).not.toContain('OpenEphemeral');
    expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(after.pragma('schema_version', { simple: true })).toBeGreaterThan(version);
    expect(after.prepare('SELECT id FROM files ORDER BY id').pluck().all()).toEqual(ids);
    expect(readFilesPage(after, {}, 10, 0).map((r) => [r.id, r.status])).toEqual(listed);
    expect(readFilesPage(after, { folder: '/f' }, 10, 0).map((r) => r.id)).toEqual(inFolder);
    // The time indexes hold the files at rest only, and still serve the reads that name them.
    expect(after.prepare('SELECT count(*) FROM files INDEXED BY files_folder_done_recent WHERE folder = ? AND (status = \'exported\' OR status = \'failed\' OR status = \'skipped\' OR status = \'removed\')').pluck().get('/f')).toBe(2);
    expect(doneSince(after, '/f', 0).n).toBe(2);
    const plan = (after.prepare('EXPLAIN QUERY PLAN SELECT count(*) FROM files WHERE folder = ? AND (status = \'exported\' OR status = \'failed\' OR status = \'skipped\' OR status = \'removed\') AND updated_at >= ?').all('/f', 0) as Array<{ detail: string }>).map((p) => p.detail).join(' ');
    expect(plan).toMatch(/files_folder_done_recent/);
    expect(() => after.prepare(`UPDATE files SET status = 'queued'`).run()).toThrow(/CHECK constraint failed/);
  });
});
