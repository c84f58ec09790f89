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
