// Restart policy of the daemon process: exponential backoff, reset after a stable run.

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** A run at least this long counts as stable: the next crash starts from initialMs again. */
  stableAfterMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1000, maxMs: 60_000, stableAfterMs: 120_000 };

export class RestartPolicy {
  private failures = 0;

  constructor(private readonly options: BackoffOptions = DEFAULT_BACKOFF) {}

  /** The delay before the next start, given how long the last run lasted. */
  nextDelay(ranForMs: number): number {
    if (ranForMs >= this.options.stableAfterMs) this.failures = 0;
    const delay = Math.min(this.options.maxMs, this.options.initialMs * 2 ** this.failures);
    this.failures++;
    return delay;
  }
}

/**
 * glibc's malloc for a process that reads scans (Linux; other systems ignore both), unless the
 * caller set them. The embedded service reads on many threads (OCR workers, sharp's, tesseract's),
 * and glibc gives each thread its own arena, which keeps the memory those threads freed: on 39
 * generated A4 scans the engine peaked at 971 MB with two arenas against 1,165-1,212 MB without,
 * at the same CPU per page. And a freed block above glibc's mmap threshold goes back to the system
 * at once, but glibc raises that threshold to each such block freed (up to 32 MB), after which a
 * page's image buffers of a few MB stay in the heap and fragment it: held at 128 KB, the compiled
 * engine's peak on heldout3 went 1,023 -> 921 MB and on heldout8 1,104 -> 996 MB, the same values
 * read (docs/ocr.md, Memory).
 */
export const MALLOC_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** The daemon's environment: the caller's, its API key, and MALLOC_ENV where the caller set none of its own. */
export function daemonEnv(env: NodeJS.ProcessEnv, apiKey?: string): NodeJS.ProcessEnv {
  return { ...MALLOC_ENV, ...env, ...(apiKey ? { DOCSYNC_API_KEY: apiKey } : {}) };
}
