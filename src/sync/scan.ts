import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { storedRelPath, toDiskRelPath, type PathFilter } from './paths.js';

export interface ScannedFile {
  absPath: string;
  relPath: string;
  size: number;
  mtimeMs: number;
}

export interface WalkOptions {
  /**
   * Stat with blocking calls, a batch at a time with a turn of the event loop between batches.
   * On a local disk a stat is a few microseconds, and the promise per file of fs.promises.stat
   * cost 3x the CPU and grew V8's young generation to its 32 MB maximum on a 100k-file tree
   * (garbage that outlives a scavenge while 64 stats are in flight). Network shares keep the
   * non-blocking stats: one slow server must not stall the daemon.
   */
  blockingStat?: boolean;
  /**
   * A symbolic link was found: what to do with it. Without this, links are passed over. A folder
   * reached through a link (`viaLink`) never has its own folder links followed, so links cannot loop.
   */
  onLink?(absPath: string, viaLink: boolean): 'file' | 'dir' | null;
  /** A file whose name is not valid UTF-8 (it cannot be opened by the name JavaScript sees). */
  onBadName?(absPath: string): void;
  /** `start` itself was reached through a link. */
  startViaLink?: boolean;
}

const STAT_BATCH = 64;

/**
 * Walks a tree one directory at a time (opendir streams entries), so a folder of
 * 100k files never holds more than one directory's listing in memory. Yields the
 * files in batches of up to STAT_BATCH.
 */
export async function* walkBatches(root: string, start: string, keepDir: PathFilter, o: WalkOptions = {}): AsyncGenerator<ScannedFile[]> {
  const statAll = o.blockingStat ? statBlocking : statAsync;
  // Relative paths are built from the names as the walk goes: path.relative per file cost more than its stat.
  const stack = [{ dir: start, rel: toDiskRelPath(root, start), viaLink: o.startViaLink ?? false }];
  while (stack.length > 0) {
    const { dir, rel, viaLink } = stack.pop()!;
    let files: Found[] = [];
    try {
      const handle = await fs.promises.opendir(dir, { bufferSize: 256 });
      for await (const entry of handle) {
        const abs = path.join(dir, entry.name);
        const entryRel = rel === '' ? entry.name : `${rel}/${entry.name}`;
        // Dirent types come from lstat: a link is neither a directory nor a file here.
        if (entry.isDirectory()) {
          if (keepDir(storedRelPath(entryRel))) stack.push({ dir: abs, rel: entryRel, viaLink });
        } else if (entry.isFile()) {
          if (entry.name.includes('\uFFFD') && o.onBadName && !fs.existsSync(abs)) o.onBadName(abs);
          else files.push({ abs, rel: entryRel });
        } else if (entry.isSymbolicLink() && o.onLink) {
          const kind = o.onLink(abs, viaLink);
          if (kind === 'file') files.push({ abs, rel: entryRel });
          else if (kind === 'dir' && keepDir(storedRelPath(entryRel))) stack.push({ dir: abs, rel: entryRel, viaLink: true });
        }
        if (files.length >= STAT_BATCH) {
          yield await statAll(files);
          files = [];
        }
      }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') continue; // vanished or unreadable: skip
      throw err;
    }
    if (files.length > 0) yield await statAll(files);
  }
}

/** A file met by the walk: its absolute path and its relative path as spelled on disk. */
interface Found {
  abs: string;
  rel: string;
}


async function statBlocking(files: Found[]): Promise<ScannedFile[]> {
  await nextTurn(); // events and timers run between batches
  const out: ScannedFile[] = [];
  for (const f of files) {
    let s: fs.Stats | undefined;
    try {
      s = fs.statSync(f.abs, { throwIfNoEntry: false });
    } catch {
      continue; // unreadable (EACCES, ELOOP): as if absent, like the non-blocking path
    }
    if (s?.isFile()) out.push({ absPath: f.abs, relPath: storedRelPath(f.rel), size: s.size, mtimeMs: s.mtimeMs });
  }
  return out;
}

async function statAsync(files: Found[]): Promise<ScannedFile[]> {
  const stats = await Promise.all(files.map((f) => fs.promises.stat(f.abs).catch(() => null)));
  const out: ScannedFile[] = [];
  for (let i = 0; i < files.length; i++) {
    const s = stats[i];
    if (s?.isFile()) out.push({ absPath: files[i]!.abs, relPath: storedRelPath(files[i]!.rel), size: s.size, mtimeMs: s.mtimeMs });
  }
  return out;
}
