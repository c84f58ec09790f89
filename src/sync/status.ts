import type { Db } from './state/db.js';
import { ControlStore } from './state/control.js';
import { FILE_STATUSES, FileStore, type FileStatus } from './state/files.js';

export interface FolderStatus {
  folder: string;
  paused: boolean;
  counts: Record<FileStatus, number>;
  failures: Array<{ path: string; code: string | null; reason: string | null; attempts: number; at: string; detail: unknown }>;
}

export interface StatusReport {
  paused: boolean;
  daemon: { pid: number; running: boolean } | null;
  folders: FolderStatus[];
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
        folder, paused: paused.has(folder),
        counts: Object.fromEntries(FILE_STATUSES.map((s) => [s, 0])) as Record<FileStatus, number>, failures: [],
      };
      byFolder.set(folder, f);
    }
    return f;
  };
  configured.forEach(entry);
  for (const c of store.countsByFolder()) entry(c.folder).counts[c.status] = c.n;
  for (const r of store.failures()) {
    entry(r.folder).failures.push({
      path: r.rel_path, code: r.error_code, reason: r.reason, attempts: r.attempts,
      at: new Date(r.updated_at).toISOString(), detail: r.error_detail ? JSON.parse(r.error_detail) : null,
    });
  }
  const pid = Number(control.meta('daemon.pid') ?? 0);
  return { paused: paused.has('*'), daemon: pid ? { pid, running: isAlive(pid) } : null, folders: [...byFolder.values()] };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
