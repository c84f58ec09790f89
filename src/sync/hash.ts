import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { KeptBytes } from '../client/index.js';

const CHUNK = 256 * 1024;
/**
 * Read buffers of finished hashes, for the next ones. A read stream allocated a fresh 256 KB
 * buffer per read outside V8's heap: in a burst of 2,000 files that was 500 MB of external
 * memory, whose growth made V8 run full collections (issue 20).
 */
const spare: Buffer[] = [];
/** Files up to this size keep their bytes for the upload (keepForUpload). */
const KEEP_MAX_BYTES = 4 * CHUNK;
/** Read buffers held by kept bytes at most (12 MB): past it a file's bytes are not kept. */
const KEEP_MAX_CHUNKS = 48;
/** Kept bytes not taken by an upload this long after the last were kept are let go, and the spare buffers with them. */
const KEEP_IDLE_MS = 10_000;

export interface HashedFile {
  sha256: string;
  size: number;
  /** The bytes read, when asked to keep them (`keep`) and the file was small enough: give them to keepForUpload or drop them (releaseChunks). */
  chunks?: Buffer[];
}

/**
 * sha256 of a file, read in chunks into reused buffers, so a 200 MB scan costs no memory. With
 * `keep`, a file of at most KEEP_MAX_BYTES comes back with the bytes read (chunks), for its upload
 * to send them without reading and hashing the file a second time (keepForUpload). `size`: the
 * size a stat just gave: reading stops there, without the read that finds the end (the caller
 * stats the file again after the hash, and a file that grew meanwhile is looked at again).
 */
export async function hashFile(absPath: string, { keep = false, size: expected = Infinity }: { keep?: boolean; size?: number } = {}): Promise<HashedFile> {
  const hash = createHash('sha256');
  const fh = await fs.promises.open(absPath, 'r');
  const chunks: Buffer[] = [];
  let buf = spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK);
  let at = 0;
  let size = 0;
  let keeping = keep;
  try {
    for (;;) {
      if (size >= expected) break;
      const { bytesRead } = await fh.read(buf, at, Math.min(CHUNK - at, expected - size), null);
      if (bytesRead === 0) break;
      hash.update(buf.subarray(at, at + bytesRead)); // copies nothing out: the buffer is free again once it returns
      size += bytesRead;
      if (!keeping) continue;
      at += bytesRead;
      if (size > KEEP_MAX_BYTES) {
        keeping = false;
        releaseChunks(chunks.splice(0));
        at = 0;
      } else if (at === CHUNK) {
        chunks.push(buf);
        buf = spare.pop() ?? Buffer.allocUnsafeSlow(CHUNK);
        at = 0;
      }
    }
  } catch (err) {
    releaseChunks(chunks);
    throw err;
  } finally {
    await fh.close();
  }
  if (keeping && at > 0) chunks.push(buf.subarray(0, at));
  else spare.push(buf);
  return { sha256: hash.digest('hex'), size, ...(keeping ? { chunks } : {}) };
}

/**
 * Read buffers back to the spare ones (views of them too: their whole buffer goes back); while no
 * bytes are kept (at rest, after letGo), only a couple are held.
 */
export function releaseChunks(chunks: readonly Buffer[]): void {
  const most = keptTimer ? KEEP_MAX_CHUNKS + 8 : 2;
  for (const c of chunks) {
    const whole = c.length === CHUNK ? c : Buffer.from(c.buffer, c.byteOffset, CHUNK);
    if (spare.length < most) spare.push(whole);
  }
}

const kept = new Map<string, { k: KeptBytes; sha256: string; chunks: Buffer[] }>();
let keptChunks = 0;
let keptTimer: NodeJS.Timeout | null = null;

/**
 * Keeps a settled file's bytes, as hashed, for its upload (takeForUpload), with the file's stat
 * taken after the hash (`stat`): the upload sends them only while the file still has that stat
 * (device, inode, size, mtime and ctime), else reads the file as before. Bounded by
 * KEEP_MAX_CHUNKS: when full, a file's bytes are not kept (those kept are the oldest, uploaded
 * first; evicting them sent a tenth of a burst's files the old way); all are let go when none
 * was kept for KEEP_IDLE_MS.
 */
export function keepForUpload(absPath: string, hashed: HashedFile, stat: fs.Stats): void {
  const chunks = hashed.chunks;
  if (!chunks) return;
  dropKept(absPath);
  if (keptChunks + chunks.length > KEEP_MAX_CHUNKS) return releaseChunks(chunks);
  kept.set(absPath, {
    sha256: hashed.sha256, chunks,
    k: { chunks, sha256: hashed.sha256, size: hashed.size, dev: stat.dev, ino: stat.ino, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs },
  });
  keptChunks += chunks.length;
  if (keptTimer) keptTimer.refresh();
  else keptTimer = setTimeout(letGo, KEEP_IDLE_MS).unref();
}

/**
 * The kept bytes of this file's content `sha256`, taken out (undefined when none are kept): the
 * caller hands them back with releaseChunks once sent, or leaves them to the garbage collector.
 */
export function takeForUpload(absPath: string, sha256: string | null): KeptBytes | undefined {
  const e = kept.get(absPath);
  if (!e) return undefined;
  kept.delete(absPath);
  keptChunks -= e.chunks.length;
  if (e.sha256 === sha256) return e.k;
  releaseChunks(e.chunks);
  return undefined;
}

function dropKept(absPath: string): void {
  const e = kept.get(absPath);
  if (!e) return;
  kept.delete(absPath);
  keptChunks -= e.chunks.length;
  releaseChunks(e.chunks);
}

/** No upload took kept bytes for a while: the memory goes back (a burst's buffers are not held at rest). */
function letGo(): void {
  keptTimer = null;
  kept.clear();
  keptChunks = 0;
  spare.length = Math.min(spare.length, 2);
}
