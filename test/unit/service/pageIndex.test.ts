// A file's pages are cleared before each processing run writes its own (clearFileResults), deleted
// with the file (ON DELETE CASCADE) and read by file for the page words. document_pages had no
// index on file_id: each of these read every page of every file stored. Migration 0016 adds one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openServiceDatabase } from '../../../src/service/store/open.js';
import { CLEAR_FILE_PAGES_SQL, FILE_PAGES_SQL } from '../../../src/service/store/fileValues.js';
import type { SqlDatabase } from '../../../src/service/store/sql.js';

const dirs: string[] = [];
const dbs: SqlDatabase[] = [];
afterEach(() => {
  dbs.splice(0).forEach((db) => db.close());
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

function database(): SqlDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-pages-'));
  dirs.push(dir);
  const db = openServiceDatabase(dir);
  dbs.push(db);
  return db;
}

const planOf = (db: SqlDatabase, sql: string, ...params: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail).join('\n');

describe("a file's pages", () => {
  it('are read and cleared through the index by file, in page order, without a scan', () => {
    const db = database();
    for (const sql of [FILE_PAGES_SQL, CLEAR_FILE_PAGES_SQL]) {
      const plan = planOf(db, sql, 'f');
      expect(plan, sql).toMatch(/USING (COVERING )?INDEX document_pages_by_file \(file_id=\?\)/);
      expect(plan, sql).not.toMatch(/SCAN document_pages|TEMP B-TREE/);
    }
  });

  it("go with their file through an index (the foreign key's cascade looks them up by file_id)", () => {
    const db = database();
    const indexes = db.prepare(`SELECT name FROM pragma_index_list('document_pages')`).pluck().all() as string[];
    const firstColumns = indexes.map((i) => db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').pluck().all(i)[0]);
    expect(firstColumns).toContain('file_id');
  });
});
