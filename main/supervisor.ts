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
 * The daemon's environment: the caller's, its API key, and glibc's malloc limited to two arenas
 * (MALLOC_ARENA_MAX, Linux; other systems ignore it) unless the caller set it. The daemon's
 * embedded service reads scans on many threads (OCR workers, sharp's, tesseract's), and glibc
 * gives each thread its own arena, which keeps the memory those threads freed: on 39 generated
 * A4 scans the engine peaked at 971 MB with two arenas against 1,165-1,212 MB without, at the
 * same CPU per page (docs/ocr.md).
 */
export function daemonEnv(env: NodeJS.ProcessEnv, apiKey?: string): NodeJS.ProcessEnv {
  return { MALLOC_ARENA_MAX: '2', ...env, ...(apiKey ? { DOCSYNC_API_KEY: apiKey } : {}) };
}
