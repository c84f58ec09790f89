import fs from 'node:fs';

export interface SettledFile {
  absPath: string;
  size: number;
  mtimeMs: number;
}

export interface SettleOptions {
  /** Quiet time before a file counts as complete. */
  windowMs: number;
  /** How often candidates are re-checked; defaults to a quarter of the window (50..250 ms). */
  checkMs?: number;
  onSettled(file: SettledFile): void;
  /** The file vanished before it settled: it is forgotten. */
  onGone(absPath: string): void;
}

interface Candidate {
  size: number;
  mtimeMs: number;
  /** When this size+mtime was first seen. */
  sigSince: number;
  /** Since when the file is known to be unchanged (its mtime when plausible). */
  quietSince: number;
  seen: number;
}

const MIN_CHECK_MS = 20;

const STAT_BATCH = 256;

/**
 * Holds files that are still being written. A file settles once its size and
 * mtime stayed the same across two checks, nothing changed for the window,
 * and it can be opened for reading (a scanner may hold it locked).
 * Costs nothing when there are no candidates: the timer runs only while some wait.
 */
export class SettleTracker {
  private readonly candidates = new Map<string, Candidate>();
  private timer: NodeJS.Timeout | null = null;
  private ticking = false;
  private closed = false;
  private readonly checkMs: number;

  constructor(private readonly opts: SettleOptions) {
    this.checkMs = opts.checkMs ?? Math.min(250, Math.max(50, Math.floor(opts.windowMs / 4)));
  }

  get size(): number {
    return this.candidates.size;
  }

  has(absPath: string): boolean {
    return this.candidates.has(absPath);
  }

  /** Something happened to this file: (re)start watching it settle. */
  observe(absPath: string): void {
    if (this.closed) return;
    if (!this.candidates.has(absPath)) {
      this.candidates.set(absPath, { size: -1, mtimeMs: -1, sigSince: Date.now(), quietSince: Date.now(), seen: 0 });
    }
    this.schedule();
  }

  forget(absPath: string): void {
    this.candidates.delete(absPath);
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.candidates.clear();
  }

  /**
   * Wakes when the earliest candidate can settle (its quiet time reaches the window),
   * but at least every checkMs while files still change, so settling adds little latency.
   */
  private schedule(): void {
    if (this.timer || this.ticking || this.closed || this.candidates.size === 0) return;
    const now = Date.now();
    let due = now + this.checkMs;
    for (const c of this.candidates.values()) {
      if (c.seen === 0) {
        due = now + MIN_CHECK_MS;
        break;
      }
      due = Math.min(due, c.quietSince + this.opts.windowMs);
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, Math.max(MIN_CHECK_MS, due - now));
  }

  private async tick(): Promise<void> {
    this.ticking = true;
    try {
      const paths = [...this.candidates.keys()];
      for (let i = 0; i < paths.length && !this.closed; i += STAT_BATCH) {
        await Promise.all(paths.slice(i, i + STAT_BATCH).map((p) => this.check(p)));
      }
    } finally {
      this.ticking = false;
      this.schedule();
    }
  }

  private async check(absPath: string): Promise<void> {
    const c = this.candidates.get(absPath);
    if (!c) return;
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(absPath);
    } catch {
      this.candidates.delete(absPath);
      this.opts.onGone(absPath);
      return;
    }
    if (!stat.isFile()) {
      this.candidates.delete(absPath);
      return;
    }
    const now = Date.now();
    if (stat.size !== c.size || stat.mtimeMs !== c.mtimeMs) {
      // The file's own mtime says when it was last written; trust it unless it lies in the future.
      const quietSince = stat.mtimeMs <= now ? Math.min(now, stat.mtimeMs) : now;
      Object.assign(c, { size: stat.size, mtimeMs: stat.mtimeMs, sigSince: now, quietSince, seen: 1 });
      return;
    }
    c.seen++;
    if (now - c.quietSince < this.opts.windowMs) return;
    if (!(await canOpen(absPath))) {
      c.quietSince = now; // locked: wait a full window after it is released
      return;
    }
    if (this.candidates.get(absPath) !== c) return;
    this.candidates.delete(absPath);
    this.opts.onSettled({ absPath, size: stat.size, mtimeMs: stat.mtimeMs });
  }
}

async function canOpen(absPath: string): Promise<boolean> {
  try {
    const fh = await fs.promises.open(absPath, 'r');
    await fh.close();
    return true;
  } catch {
    return false;
  }
}
