import type { ServiceError } from './errors.js';

export interface RetryOptions {
  /** Attempts per logical call, the first included. Default 5. */
  maxAttempts: number;
  /** Backoff base: attempt n (1-based retry) waits a random time in [0, min(maxDelayMs, baseDelayMs * 2^(n-1))]. Default 200. */
  baseDelayMs: number;
  /** Cap of the backoff (not of a server-requested wait). Default 10 000. */
  maxDelayMs: number;
  /** Per-attempt timeout, from sending to the last byte of the answer. Default 30 000. */
  timeoutMs: number;
  /**
   * A 429/503 asking to wait longer than this is not retried (the error is thrown at once),
   * because the client never retries before the server's `retryAfter`. Default 120 000.
   */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryOptions = {
  maxAttempts: 5,
  baseDelayMs: 200,
  maxDelayMs: 10_000,
  timeoutMs: 30_000,
  maxRetryAfterMs: 120_000,
};

/** Extra wait after a server-requested delay so we land after the window reopens, not on its edge. */
const RETRY_AFTER_MARGIN_MS = 50;

/** `Retry-After` header: delta-seconds or an HTTP date. Returns seconds (>= 0) or undefined. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, (at - now) / 1000);
}

/**
 * How fast a backoff grows and how it is spread. `full` jitter draws the wait in [0, ceiling]
 * (clients of one service); `upper-half` in [ceiling/2, ceiling] (a file's retries: never almost
 * at once, yet many files not in lockstep); `none` waits the ceiling (one writer, nobody to spread).
 */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** Growth per retry. Default 2. */
  factor?: number;
  jitter?: 'full' | 'upper-half' | 'none';
}

/**
 * docsync's one exponential backoff (client, daemon steps and result polls, review outbox,
 * ledger writes, the service's callbacks): retry number `retry` (1 = first retry) has the
 * ceiling min(maxMs, baseMs * factor^(retry-1)), spread as `jitter` says.
 */
export function backoffMs(retry: number, b: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(b.maxMs, b.baseMs * (b.factor ?? 2) ** Math.max(0, retry - 1));
  switch (b.jitter ?? 'full') {
    case 'full':
      return Math.floor(random() * ceiling);
    case 'upper-half':
      return Math.round(ceiling / 2 + (random() * ceiling) / 2);
    case 'none':
      return ceiling;
  }
}

/**
 * How long to wait before retry number `retry` after `error`, or undefined when the
 * server's requested wait exceeds `maxRetryAfterMs` (give up rather than retry early).
 */
export function retryDelay(retry: number, error: ServiceError, options: RetryOptions, random: () => number = Math.random): number | undefined {
  const jittered = backoffMs(retry, { baseMs: options.baseDelayMs, maxMs: options.maxDelayMs }, random);
  if (error.retryAfter === undefined) return jittered;
  const serverMs = Math.ceil(error.retryAfter * 1000);
  if (serverMs > options.maxRetryAfterMs) return undefined;
  // Never before the server's wait; the jitter still spreads clients released together.
  return serverMs + RETRY_AFTER_MARGIN_MS + Math.floor(random() * Math.min(options.baseDelayMs, 1000));
}

/** setTimeout as a promise that rejects with the signal's reason when aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
