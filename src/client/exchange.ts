import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { request, type Dispatcher, type FormData } from 'undici';
import { ServiceError, errorFromAnswer, networkError, timeoutError } from './errors.js';
import { DEFAULT_RETRY, parseRetryAfter, retryDelay, sleep, type RetryOptions } from './retryPolicy.js';

export interface HttpRequest {
  method: string;
  url: string;
  /** Path shown in errors and retry events; never the query (presigned signatures live there). */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer | Readable | FormData;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const header = (headers: IncomingHttpHeaders, name: string): string | undefined => {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function parseBody(answer: HttpAnswer): unknown {
  const text = answer.body.toString('utf8');
  const type = header(answer.headers, 'content-type') ?? '';
  if (/json/i.test(type) || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** A ServiceError for a non-2xx answer. */
export function answerError(answer: HttpAnswer, req: HttpRequest): ServiceError {
  return errorFromAnswer({
    status: answer.status,
    body: parseBody(answer),
    requestIdHeader: header(answer.headers, 'x-request-id'),
    retryAfterHeader: parseRetryAfter(answer.headers['retry-after']),
    method: req.method,
    path: req.path,
  });
}

export { parseBody as parseAnswerBody };

/**
 * One HTTP exchange: send, read the whole answer. Network failures and the per-attempt
 * timeout become ServiceError (status 0); an abort from `signal` rethrows its reason.
 */
export async function exchange(dispatcher: Dispatcher, req: HttpRequest, timeoutMs: number, signal?: AbortSignal): Promise<HttpAnswer> {
  if (signal?.aborted) throw signal.reason;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(timeoutError(timeoutMs, req.method, req.path));
  }, timeoutMs);
  const onAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const res = await request(req.url, {
      dispatcher,
      method: req.method as Dispatcher.HttpMethod,
      headers: req.headers,
      body: req.body,
      signal: controller.signal,
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, headers: res.headers, body };
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) throw timeoutError(timeoutMs, req.method, req.path);
    if (err instanceof ServiceError) throw err;
    throw networkError(err, req.method, req.path);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    // A Readable body that was not fully consumed must not keep its file open.
    const body = req.body as { destroy?: () => void; readableEnded?: boolean } | undefined;
    if (body && typeof body.destroy === 'function' && body.readableEnded === false) body.destroy();
  }
}

export interface RetryEvent {
  /** The attempt that failed (1-based). */
  attempt: number;
  delayMs: number;
  error: ServiceError;
  method: string;
  path: string;
}

export interface RetryLoopOptions {
  retry?: RetryOptions;
  signal?: AbortSignal;
  /** Whether this request may be sent again after `error` (safety of re-sending, beyond `error.retryable`). */
  canRetry?: (error: ServiceError) => boolean;
  onRetry?: (event: RetryEvent) => void;
  random?: () => number;
}

/**
 * Run `attempt` until it succeeds or fails with an error that must not be retried,
 * waiting full-jitter backoff between attempts and never less than the server's retryAfter.
 * `attempt` receives the 1-based attempt number and must build a fresh request body each time.
 */
export async function withRetries<T>(
  what: { method: string; path: string },
  attempt: (n: number) => Promise<T>,
  options: RetryLoopOptions = {},
): Promise<T> {
  const retry = options.retry ?? DEFAULT_RETRY;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (err) {
      if (!(err instanceof ServiceError) || !err.retryable || n >= retry.maxAttempts) throw err;
      if (options.canRetry && !options.canRetry(err)) throw err;
      const delayMs = retryDelay(n, err, retry, options.random);
      if (delayMs === undefined) throw err;
      options.onRetry?.({ attempt: n, delayMs, error: err, method: what.method, path: what.path });
      await sleep(delayMs, options.signal);
    }
  }
}
