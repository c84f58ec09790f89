import type { Db } from './state/db.js';
import { ControlStore } from './state/control.js';
import { FILE_STATUSES, FileStore, type FileStatus } from './state/files.js';
import { placeNow } from './location.js';
import { folderProgress, pageProgressOf, type PageProgress, type Progress } from './progress.js';

export interface FolderStatus {
  folder: string;
  paused: boolean;
  counts: Record<FileStatus, number>;
  /** `path`: where the failed file is now, relative to the folder (under Failed/ once moved there). */
  failures: Array<{ path: string; code: string | null; reason: string | null; attempts: number; at: string; detail: unknown }>;
  /** The watched folder is not there (the daemon watches it again when it is back). */
  missing: boolean;
  /** Symbolic links the daemon did not follow, with why. */
  skippedLinks: Array<{ path: string; reason: string }>;
  /** While files are on their way: done, remaining, time left. */
  progress: Progress | null;
  /** Long documents being processed: the pages the service has read, and the time left. */
  reading: Array<{ path: string } & PageProgress>;
}

export interface StatusReport {
  paused: boolean;
  daemon: { pid: number; running: boolean } | null;
  folders: FolderStatus[];
  /** A write failed for want of space (recorded when state.db could still take it). */
  diskFull: { path: string; code: string; since: number } | null;
}

/** Per-folder counts by status and each failed file with its reason: what `docsync status` prints. */
export function statusReport(db: Db, configured: string[]): StatusReport {
  const store = new FileStore(db);
  const control = new ControlStore(db);
  const paused = control.paused();
  const byFolder = new Map<string, FolderStatus>();
  const entry = (folder: string): FolderStatus => {
    let f = byFolder.get(folder);
    if (!f) {
      f = {
        folder, paused: paused.has(folder), ...problemsOf(control, folder),
        counts: Object.fromEntries(FILE_STATUSES.map((s) => [s, 0])) as Record<FileStatus, number>, failures: [], progress: null, reading: [],
      };
      byFolder.set(folder, f);
    }
    return f;
  };
  configured.forEach(entry);
  for (const c of store.countsByFolder()) entry(c.folder).counts[c.status] = c.n;
  for (const r of store.failures()) {
    entry(r.folder).failures.push({
      path: placeNow(r), code: r.error_code, reason: r.reason, attempts: r.attempts,
      at: new Date(r.updated_at).toISOString(), detail: r.error_detail ? JSON.parse(r.error_detail) : null,
    });
  }
  for (const r of store.readingPages()) {
    const pages = pageProgressOf(r);
    if (pages) entry(r.folder).reading.push({ path: r.rel_path, ...pages });
  }
  for (const f of byFolder.values()) f.progress = folderProgress(db, f.folder, f.counts);
  const pid = Number(control.meta('daemon.pid') ?? 0);
  const running = pid ? isAlive(pid) : false;
  return {
    paused: paused.has('*'), daemon: pid ? { pid, running } : null, folders: [...byFolder.values()],
    diskFull: running ? (parseMeta(control, 'disk.full') as StatusReport['diskFull']) : null,
  };
}

function parseMeta(control: ControlStore, key: string): unknown {
  try {
    return JSON.parse(control.meta(key) ?? 'null');
  } catch {
    return null;
  }
}

function problemsOf(control: ControlStore, folder: string): Pick<FolderStatus, 'missing' | 'skippedLinks'> {
  const p = (parseMeta(control, `folder.problems:${folder}`) ?? {}) as Partial<FolderStatus>;
  return { missing: p.missing ?? false, skippedLinks: p.skippedLinks ?? [] };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
