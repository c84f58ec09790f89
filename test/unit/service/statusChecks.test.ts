// The status CHECK constraints of the service's hot tables are comparisons, not `IN (...)` lists:
// SQLite builds a temporary index of an IN list of three or more values for every row written,
// which cost an upload ticket's INSERT about a fifth of its CPU. Migration 0014 rewrites the
// definitions in sqlite_schema (sqlite.ts, EDITS_SCHEMA); the constraints must refuse and accept
// exactly what they did, and a database made by the earlier migrations keeps its rows.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../../src/sqlite.js';
import { insertUpload, timeOrderedUuid, type NewUpload } from '../../../src/service/store/uploads.js';
import { createKey } from '../../../src/service/store/tenancy.js';
import { migrationsBefore } from '../../helpers/migrations.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/service/store/migrations');
const dirs: string[] = [];
const dbs: Database.Database[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-checks-'));
  dirs.push(dir);
  return dir;
}

function open(file: string, migrations = MIGRATIONS): DB {
  const db = openDatabase(file, migrations);
  dbs.push(db);
  return db;
}

/** A new upload (inserted waiting, as every ticket is), then set to `status` in the same transaction. */
function upload(db: DB, status: string): NewUpload {
  const key = createKey(db);
  const now = new Date().toISOString();
  const row: NewUpload = {
    id: timeOrderedUuid(), workspace_id: key.workspaceId, key_id: key.keyId, user_id: key.userId, object_id: timeOrderedUuid(),
    file_name: 'a.pdf', file_type: 'application/pdf', is_split: 0, is_split_excel: 0, callback_url: null, callback_source: null,
    ocr_model: 'Model_ENG_O5.6', schema_locking: 0, schema_id: null, directory_id: null, destination_path: '', is_ephemeral: 0,
    page_count: null, api_request_id: null, retain_zip_name: 0, created_at: now,
  };
  db.transaction(() => {
    insertUpload(db, row);
    db.prepare('UPDATE uploads SET status = ? WHERE id = ?').run(status, row.id);
  })();
  return row;
}

/** The opcodes of an INSERT of one row into `table` (every column bound to NULL). */
function insertProgram(db: DB, table: string): string[] {
  const columns = (db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[]);
  const sql = `EXPLAIN INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  return (db.prepare(sql).all(columns.map(() => null)) as Array<{ opcode: string }>).map((r) => r.opcode);
}

describe('status constraints of the hot tables', () => {
  it('are checked without a temporary index per row written', () => {
    const db = open(path.join(tempDir(), 'service.db'));
    for (const table of ['uploads', 'files', 'processing_jobs', 'callback_outbox']) {
      expect(insertProgram(db, table), table).not.toContain('OpenEphemeral');
    }
  });

  it('accept the statuses of the spec and refuse any other, also on a second connection', () => {
    const file = path.join(tempDir(), 'service.db');
    const db = open(file);
    for (const status of ['waiting', 'completed', 'failed']) expect(() => upload(db, status)).not.toThrow();
    expect(() => upload(db, 'done')).toThrow(/CHECK constraint failed/);
    const other = new Database(file);
    dbs.push(other);
    expect(() => other.prepare(`UPDATE uploads SET status = 'processing'`).run()).toThrow(/CHECK constraint failed/);
  });

  it('are rewritten in a database made by the earlier migrations, its rows kept', () => {
    const dir = tempDir();
    const earlier = migrationsBefore(dir, MIGRATIONS, '0014');
    const file = path.join(dir, 'service.db');
    const before = open(file, earlier);
    expect(insertProgram(before, 'uploads')).toContain('OpenEphemeral');
    const kept = upload(before, 'completed');
    const version = before.pragma('schema_version', { simple: true }) as number;
    before.close();
    dbs.splice(dbs.indexOf(before), 1);

    const after = open(file);
    expect(insertProgram(after, 'uploads')).not.toContain('OpenEphemeral');
    expect(after.prepare('SELECT id, status FROM uploads').all()).toEqual([{ id: kept.id, status: 'completed' }]);
    expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(after.pragma('schema_version', { simple: true })).toBeGreaterThan(version);
    expect(() => upload(after, 'queued')).toThrow(/CHECK constraint failed/);
  });
});
