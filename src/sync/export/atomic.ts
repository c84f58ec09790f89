// Atomic replacement of a file: write a temp file in the same folder (so the
// rename stays on one file system), flush it to disk, then rename over the target.
// A reader sees the old file or the new one, never a half-written one.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { TEMP_PREFIX } from './names.js';

/**
 * Fault injection for tests: a write of a target for which `fail` returns an error throws it,
 * as a full disk (ENOSPC) or an exhausted quota (EDQUOT) would.
 */
export const writeFaults: { fail: ((target: string) => NodeJS.ErrnoException | null) | null } = { fail: null };

export function injectedWriteFault(target: string): void {
  const err = writeFaults.fail?.(target);
  if (err) throw err;
}

function tempPathFor(target: string): string {
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  return path.join(path.dirname(target), `${TEMP_PREFIX}${tag}-${path.basename(target)}`);
}

export function writeFileAtomicSync(target: string, data: string | Uint8Array): void {
  injectedWriteFault(target);
  const temp = tempPathFor(target);
  try {
    const fd = fs.openSync(temp, 'wx');
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, target);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

export async function writeFileAtomic(target: string, data: string | Uint8Array): Promise<void> {
  injectedWriteFault(target);
  const temp = tempPathFor(target);
  try {
    const handle = await fs.promises.open(temp, 'wx');
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, target);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}

/**
 * Atomic replacement by a writer that produces the file itself (a streaming
 * zip writer, say): it gets a temp path in the target's folder, which is
 * flushed to disk and renamed over the target once the writer resolves.
 */
export async function writeFileAtomicWith(target: string, write: (tempPath: string) => Promise<void>): Promise<void> {
  injectedWriteFault(target);
  const temp = tempPathFor(target);
  try {
    await write(temp);
    const handle = await fs.promises.open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, target);
  } catch (err) {
    await fs.promises.rm(temp, { force: true });
    throw err;
  }
}

/**
 * Deletes temp files of atomic writes left in `dir` by a process that died
 * mid-write. Only ones older than `olderThanMs`, so a write in flight (by this
 * or another docsync process) is never pulled from under it. Returns the names removed.
 */
export function removeStaleTempFiles(dir: string, olderThanMs = 10 * 60_000, now = Date.now()): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const full = path.join(dir, name);
    try {
      const st = fs.lstatSync(full);
      if (!st.isFile() || now - st.mtimeMs < olderThanMs) continue;
      fs.rmSync(full, { force: true });
      removed.push(name);
    } catch {
      // Vanished or unreadable: nothing to clean.
    }
  }
  return removed;
}
