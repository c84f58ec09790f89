import fs from 'node:fs';
import path from 'node:path';
import { toRelPath, type PathFilter } from './paths.js';

export interface ScannedFile {
  absPath: string;
  relPath: string;
  size: number;
  mtimeMs: number;
}

const STAT_BATCH = 64;

/**
 * Walks a tree one directory at a time (opendir streams entries), so a folder of
 * 100k files never holds more than one directory's listing in memory.
 */
export async function* walk(root: string, start: string, keepDir: PathFilter): AsyncGenerator<ScannedFile> {
  const stack = [start];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let files: string[] = [];
    try {
      const handle = await fs.promises.opendir(dir, { bufferSize: 256 });
      for await (const entry of handle) {
        const abs = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (keepDir(toRelPath(root, abs))) stack.push(abs);
        } else if (entry.isFile()) {
          files.push(abs);
        }
        if (files.length >= STAT_BATCH) {
          yield* statAll(root, files);
          files = [];
        }
      }
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES') continue; // vanished or unreadable: skip
      throw err;
    }
    yield* statAll(root, files);
  }
}

async function* statAll(root: string, files: string[]): AsyncGenerator<ScannedFile> {
  const stats = await Promise.all(files.map((f) => fs.promises.stat(f).catch(() => null)));
  for (let i = 0; i < files.length; i++) {
    const s = stats[i];
    if (!s || !s.isFile()) continue;
    yield { absPath: files[i]!, relPath: toRelPath(root, files[i]!), size: s.size, mtimeMs: s.mtimeMs };
  }
}
