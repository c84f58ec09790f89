// Blob garbage collection (store/blobs.ts): the blobs of what was just deleted go at once; other
// unreferenced blobs only once they are old, since a blob just stored is about to be referred to
// (by this process, or by another process of a team service sharing the blob folder).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { blobPath, collectGarbage, DELETE_ORPHAN_BLOB_SQL, ORPHAN_BLOBS_SQL, putBlobBytes } from '../../../src/service/store/blobs.js';
import { openServiceDatabase } from '../../../src/service/store/open.js';
import type { SqlDatabase } from '../../../src/service/store/sql.js';

const open: Array<{ db: SqlDatabase; dir: string }> = [];
afterEach(() => {
  for (const { db, dir } of open.splice(0)) {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

function store() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-gc-'));
  const db = openServiceDatabase(dir);
  open.push({ db, dir });
  return { db, dir };
}

describe('collectGarbage', () => {
  it('removes a released blob at once, an unreferenced one only once it is old', async () => {
    const { db, dir } = store();
    const released = putBlobBytes(db, dir, Buffer.from('released'));
    const fresh = putBlobBytes(db, dir, Buffer.from('just stored'));
    expect(collectGarbage(db, dir, [released.sha256])).toBe(1);
    expect(fs.existsSync(blobPath(dir, released.sha256))).toBe(false);
    expect(fs.existsSync(blobPath(dir, fresh.sha256))).toBe(true);
    expect(collectGarbage(db, dir, [], Date.now() + 11 * 60_000)).toBe(1);
    expect(fs.existsSync(blobPath(dir, fresh.sha256))).toBe(false);
    expect(db.prepare('SELECT count(*) FROM blobs').pluck().get()).toBe(0);
  });

  it('keeps a released blob that something still refers to', () => {
    const { db, dir } = store();
    const blob = putBlobBytes(db, dir, Buffer.from('shared'));
    db.prepare(`INSERT INTO organizations (id, name, created_at) VALUES ('o', 'o', 'now')`).run();
    db.prepare(`INSERT INTO workspaces (id, organization_id, name, created_at) VALUES ('w', 'o', 'w', 'now')`).run();
    db.prepare(
      `INSERT INTO uploads (id, workspace_id, key_id, user_id, object_id, file_name, file_type, ocr_model, blob_sha256, created_at, updated_at)
       VALUES ('u', 'w', 'k', 'user', 'obj', 'a.txt', 'text/plain', 'Unified', ?, 'now', 'now')`,
    ).run(blob.sha256);
    expect(collectGarbage(db, dir, [blob.sha256], Date.now() + 11 * 60_000)).toBe(0);
    expect(fs.existsSync(blobPath(dir, blob.sha256))).toBe(true);
  });
});

describe('the references to a blob', () => {
  it('are looked up by index when orphans are collected, not read upload by upload and file by file', () => {
    const { db } = store();
    for (const sql of [ORPHAN_BLOBS_SQL, DELETE_ORPHAN_BLOB_SQL]) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('x') as Array<{ detail: string }>).map((r) => r.detail).join('\n');
      expect(plan, sql).toMatch(/SEARCH u USING (COVERING )?INDEX uploads_by_blob/);
      expect(plan, sql).toMatch(/SEARCH f USING (COVERING )?INDEX files_by_blob/);
      expect(plan, sql).not.toMatch(/SCAN (u|f|uploads|files)\b/);
    }
  });
});
