import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { DB } from './sql.js';
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
  db.prepare('INSERT INTO blobs (sha256, size, created_at) VALUES (?, ?, ?) ON CONFLICT (sha256) DO NOTHING').run(sha256, size, new Date().toISOString());
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
  db.prepare('INSERT INTO blobs (sha256, size, created_at) VALUES (?, ?, ?) ON CONFLICT (sha256) DO NOTHING').run(sha256, bytes.length, new Date().toISOString());
  return { sha256, size: bytes.length };
}

/** Remove blobs no upload or file refers to any more (after deletes and ephemeral sweeps). */
export function collectGarbage(db: DB, dataDir: string): number {
  const orphans = db
    .prepare(
      `SELECT sha256 FROM blobs b WHERE NOT EXISTS (SELECT 1 FROM uploads u WHERE u.blob_sha256 = b.sha256)
       AND NOT EXISTS (SELECT 1 FROM files f WHERE f.blob_sha256 = b.sha256)`,
    )
    .pluck()
    .all() as string[];
  for (const sha256 of orphans) {
    fs.rmSync(blobPath(dataDir, sha256), { force: true });
    db.prepare('DELETE FROM blobs WHERE sha256 = ?').run(sha256);
  }
  return orphans.length;
}
