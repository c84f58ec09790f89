import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { prepared, type DB } from './sql.js';
import { BlobTooLarge } from './errors.js';

// Blobs are the uploaded documents (invoices, receipts): owner-only, 0700 folders and 0600 files,
// whatever the umask (issue 18).

/** Where a blob's bytes live: `<dataDir>/blobs/<first two hex>/<sha256>`. */
export function blobPath(dataDir: string, sha256: string): string {
  return path.join(dataDir, 'blobs', sha256.slice(0, 2), sha256);
}

/**
 * Stream bytes into the content-addressed blob store: hashed while written to a temp file,
 * then renamed into place (identical content is stored once). Over `maxBytes`: BlobTooLarge.
 */
export async function putBlob(db: DB, dataDir: string, source: Readable, maxBytes: number): Promise<{ sha256: string; size: number }> {
  const tmpDir = path.join(dataDir, 'blobs', 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  const tmp = path.join(tmpDir, randomUUID());
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new BlobTooLarge(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, fs.createWriteStream(tmp, { mode: 0o600 }));
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
  const sha256 = hash.digest('hex');
  const target = blobPath(dataDir, sha256);
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
  fs.renameSync(tmp, target);
  prepared(db, 'INSERT INTO blobs (sha256, size, created_at) VALUES (?, ?, ?) ON CONFLICT (sha256) DO NOTHING').run(sha256, size, new Date().toISOString());
  return { sha256, size };
}

/** Store bytes already in memory (split parts, zip entries). */
export function putBlobBytes(db: DB, dataDir: string, bytes: Buffer): { sha256: string; size: number } {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const target = blobPath(dataDir, sha256);
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const tmp = `${target}.${randomUUID()}.tmp`;
    fs.writeFileSync(tmp, bytes, { mode: 0o600 });
    fs.renameSync(tmp, target);
  }
  prepared(db, 'INSERT INTO blobs (sha256, size, created_at) VALUES (?, ?, ?) ON CONFLICT (sha256) DO NOTHING').run(sha256, bytes.length, new Date().toISOString());
  return { sha256, size: bytes.length };
}

/**
 * A blob no upload or file refers to yet is left alone this long: its bytes were just stored and
 * the upload or file that will refer to it is being written (by this process, or by another
 * process of a team service sharing the blob folder).
 */
const YOUNG_ORPHAN_MS = 10 * 60_000;

const UNREFERENCED = `NOT EXISTS (SELECT 1 FROM uploads u WHERE u.blob_sha256 = blobs.sha256)
  AND NOT EXISTS (SELECT 1 FROM files f WHERE f.blob_sha256 = blobs.sha256)`;

/**
 * Old blobs nothing refers to, and the delete of one that checks it still is: both look the
 * references up through uploads_by_blob and files_by_blob (migration 0017). Without them each
 * blob's check read every upload and file, and the look for orphans every blob's: 1.5 s at 3,000
 * uploads, growing with the square of the files stored, on every delete of files.
 */
export const ORPHAN_BLOBS_SQL = `SELECT sha256 FROM blobs WHERE created_at < ? AND ${UNREFERENCED}`;
export const DELETE_ORPHAN_BLOB_SQL = `DELETE FROM blobs WHERE sha256 = ? AND ${UNREFERENCED}`;

/**
 * Remove blobs no upload or file refers to any more (after deletes and ephemeral sweeps): those
 * that `released` (the blobs of what was just deleted) names at once, other orphans once they are
 * older than YOUNG_ORPHAN_MS. Each goes in a statement that checks it is still unreferenced, and
 * its file only once its row is gone: a blob another process refers to meanwhile stays.
 */
export function collectGarbage(db: DB, dataDir: string, released: Iterable<string>, now = Date.now()): number {
  const oldEnough = new Date(now - YOUNG_ORPHAN_MS).toISOString();
  const candidates = new Set([
    ...released,
    ...(prepared(db, ORPHAN_BLOBS_SQL).pluck().all(oldEnough) as string[]),
  ]);
  let removed = 0;
  for (const sha256 of candidates) {
    let gone = false;
    try {
      gone = db.transaction(() => prepared(db, DELETE_ORPHAN_BLOB_SQL).run(sha256).changes > 0)();
    } catch {
      // Referred to by a write that committed meanwhile (PostgreSQL's foreign key check): it stays.
    }
    if (!gone) continue;
    fs.rmSync(blobPath(dataDir, sha256), { force: true });
    removed++;
  }
  return removed;
}
