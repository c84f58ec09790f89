// A full disk (or an exhausted quota) is a state of the daemon, not a crash: exports pause,
// status and UI say "disk full" with the path, and a periodic probe resumes the work.
import fs from 'node:fs';
import path from 'node:path';
import type { SyncEmitter } from './events.js';
import { writeFileAtomic } from './export/atomic.js';
import type { Logger } from './logger.js';

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/** ENOSPC/EDQUOT from the file system, SQLITE_FULL from SQLite, or an export error carrying one. */
export function isDiskFull(err: unknown): boolean {
  const e = err as { code?: unknown; osCode?: unknown } | null;
  return FULL_CODES.has(String(e?.code)) || FULL_CODES.has(String(e?.osCode));
}

export interface DiskFullState {
  path: string;
  code: string;
  since: number;
}

export interface DiskGuardOptions {
  emitter: SyncEmitter;
  log: Logger;
  retryMs: number;
  /** Extra proof that writing works again (a write to state.db). */
  probeDb(): void;
  /** Space is back: wake the work that waited. */
  resumed(): void;
}

export class DiskGuard {
  full: DiskFullState | null = null;
  private timer: NodeJS.Timeout | null = null;
  private probing = false;

  constructor(private readonly o: DiskGuardOptions) {}

  /** True (and the daemon now waits for space) when `err` says the disk under `where` is full. */
  report(err: unknown, where: string): boolean {
    if (!isDiskFull(err)) return false;
    if (this.full) return true;
    const e = err as { code?: unknown; osCode?: unknown };
    const code = FULL_CODES.has(String(e.osCode)) ? String(e.osCode) : String(e.code);
    this.full = { path: where, code, since: Date.now() };
    this.o.log.error({ path: where, code }, 'disk full: exports paused until space is back');
    this.o.emitter.emit('disk', { full: true, path: where, code });
    this.timer = setInterval(() => void this.probe(), this.o.retryMs);
    this.timer.unref();
    return true;
  }

  /** Writes a small file where the write failed, and to state.db; both must work. */
  async probe(): Promise<boolean> {
    if (!this.full || this.probing) return !this.full;
    this.probing = true;
    const dir = isDirectory(this.full.path) ? this.full.path : path.dirname(this.full.path);
    const probe = path.join(dir, '.docsync-probe');
    try {
      await writeFileAtomic(probe, `${Date.now()}\n`);
      await fs.promises.rm(probe, { force: true });
      this.o.probeDb();
    } catch (err) {
      await fs.promises.rm(probe, { force: true }).catch(() => undefined);
      if (!isDiskFull(err)) this.o.log.warn({ err }, 'disk probe failed');
      return false;
    } finally {
      this.probing = false;
    }
    const was = this.full;
    this.full = null;
    this.stop();
    this.o.log.info({ path: was.path }, 'disk has space again: work resumes');
    this.o.emitter.emit('disk', { full: false, path: was.path });
    this.o.resumed();
    return true;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}
