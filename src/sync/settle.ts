import fs from 'node:fs';

export interface SettledFile {
  absPath: string;
  size: number;
  mtimeMs: number;
}

export interface SettleOptions {
  /** Quiet time before a file counts as complete. */
  windowMs: number;
  /** How soon a file is looked at after a change event (default 20 ms). */
  checkMs?: number;
  onSettled(file: SettledFile): void;
  /** The file vanished before it settled: it is forgotten. */
  onGone(absPath: string): void;
  /** The file cannot be read (permissions): it leaves the tracker; the folder retries it later. */
  onUnreadable?(absPath: string, code: string): void;
}

/** Fault injection for tests (which run as root, whom chmod 000 does not stop): opens of a path for which `fail` returns an error throw it. */
export const openFaults: { fail: ((absPath: string) => NodeJS.ErrnoException | null) | null } = { fail: null };

/** Permission errors: the file is there but this user may not read it. A lock (EBUSY, Windows' EPERM on a file in use) is waited out instead. */
const DENIED = new Set(['EACCES']);

interface Candidate {
  size: number;
  mtimeMs: number;
  /** Since when the file is known to be unchanged (its mtime when plausible). */
  quietSince: number;
  /** When to stat it next. */
  checkAt: number;
  /** Whether a stat has given it a size and mtime yet. */
  known: boolean;
  /** A change event arrived since its last stat began. */
  dirty: boolean;
}

const DEFAULT_CHECK_MS = 20;

const STAT_BATCH = 256;

/**
 * Holds files that are still being written. Event-driven: a change event gets a file
 * one stat soon after (checkMs); then it is left alone until its quiet time (from its
 * mtime, or the last change seen) reaches the window, and checked once more. It settles
 * when size and mtime are those of the previous stat, the window has passed, and it can
 * be opened for reading (a scanner may hold it locked). So a file settles about one
 * window after its last write, after two stats and an open, whatever else is pending;
 * a changed stat or a new event only moves its deadline.
 * Costs nothing when there are no candidates: the timer runs only while some wait.
 */
export class SettleTracker {
  private readonly candidates = new Map<string, Candidate>();
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Infinity;
  private ticking = false;
  private closed = false;
  private readonly checkMs: number;

  constructor(private readonly opts: SettleOptions) {
    this.checkMs = Math.max(1, opts.checkMs ?? DEFAULT_CHECK_MS);
  }

  get size(): number {
    return this.candidates.size;
  }

  has(absPath: string): boolean {
    return this.candidates.has(absPath);
  }

  /**
   * Something happened to this file: (re)start watching it settle. `seen`: its size and mtime as
   * a stat of the caller's just found them (the watcher's, a scan's), which counts as its first
   * stat: one stat per file less in a burst.
   */
  observe(absPath: string, seen?: { size: number; mtimeMs: number }): void {
    if (this.closed) return;
    const now = Date.now();
    const checkAt = now + this.checkMs;
    const c = this.candidates.get(absPath);
    if (!c && seen) {
      const quietSince = seen.mtimeMs <= now ? seen.mtimeMs : now;
      this.candidates.set(absPath, { size: seen.size, mtimeMs: seen.mtimeMs, quietSince, checkAt: Math.max(checkAt, quietSince + this.opts.windowMs), known: true, dirty: false });
    } else if (!c) {
      this.candidates.set(absPath, { size: -1, mtimeMs: -1, quietSince: now, checkAt, known: false, dirty: false });
    } else {
      c.dirty = true;
      c.checkAt = Math.min(c.checkAt, checkAt); // look again soon: the stat tells whether it really changed
    }
    this.schedule(this.candidates.get(absPath)!.checkAt);
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

  /** Arms the timer for `at` unless it already fires sooner. */
  private schedule(at: number): void {
    if (this.closed || this.ticking || at >= this.timerAt) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Infinity;
      void this.tick();
    }, Math.max(0, at - Date.now()));
  }

  private async tick(): Promise<void> {
    this.ticking = true;
    try {
      const now = Date.now();
      const due: string[] = [];
      for (const [p, c] of this.candidates) if (c.checkAt <= now) due.push(p);
      for (let i = 0; i < due.length && !this.closed; i += STAT_BATCH) {
        await Promise.all(due.slice(i, i + STAT_BATCH).map((p) => this.check(p)));
      }
    } finally {
      this.ticking = false;
      this.rearm();
    }
  }

  /** After a tick: the timer for the earliest candidate still waiting. */
  private rearm(): void {
    let next = Infinity;
    for (const c of this.candidates.values()) next = Math.min(next, c.checkAt);
    if (next !== Infinity) this.schedule(next);
  }

  private async check(absPath: string): Promise<void> {
    const c = this.candidates.get(absPath);
    if (!c) return;
    c.dirty = false;
    let stat: fs.Stats;
    try {
      stat = await fs.promises.stat(absPath);
    } catch {
      if (this.candidates.get(absPath) !== c) return;
      this.candidates.delete(absPath);
      this.opts.onGone(absPath);
      return;
    }
    if (this.candidates.get(absPath) !== c) return;
    if (!stat.isFile()) {
      this.candidates.delete(absPath);
      return;
    }
    const now = Date.now();
    if (!c.known || stat.size !== c.size || stat.mtimeMs !== c.mtimeMs) {
      // The file's own mtime says when it was last written; trust it unless it lies in the future.
      const quietSince = stat.mtimeMs <= now ? stat.mtimeMs : now;
      Object.assign(c, { size: stat.size, mtimeMs: stat.mtimeMs, quietSince, known: true });
      // A second stat is always needed (same size and mtime twice), soon when the file is already old.
      c.checkAt = c.dirty ? now + this.checkMs : Math.max(now + this.checkMs, quietSince + this.opts.windowMs);
      return;
    }
    if (c.dirty || now - c.quietSince < this.opts.windowMs) {
      c.checkAt = c.dirty ? now + this.checkMs : c.quietSince + this.opts.windowMs;
      return;
    }
    const opened = await tryOpen(absPath);
    if (opened !== 'ok' && DENIED.has(opened) && this.candidates.get(absPath) === c) {
      this.candidates.delete(absPath);
      this.opts.onUnreadable?.(absPath, opened);
      return;
    }
    if (opened !== 'ok') {
      c.quietSince = Date.now(); // locked: wait a full window after it is released
      c.checkAt = c.quietSince + this.opts.windowMs;
      return;
    }
    if (this.candidates.get(absPath) !== c) return;
    if (c.dirty) {
      c.checkAt = Date.now() + this.checkMs; // an event came in meanwhile: look again
      return;
    }
    this.candidates.delete(absPath);
    this.opts.onSettled({ absPath, size: stat.size, mtimeMs: stat.mtimeMs });
  }
}

/** 'ok', or the error code of the open. */
export async function tryOpen(absPath: string): Promise<'ok' | string> {
  try {
    const injected = openFaults.fail?.(absPath);
    if (injected) throw injected;
    const fh = await fs.promises.open(absPath, 'r');
    await fh.close();
    return 'ok';
  } catch (err) {
    return String((err as NodeJS.ErrnoException).code ?? 'EIO');
  }
}
