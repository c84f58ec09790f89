/**
 * Typed client of the document service (spec + decisions), on undici with a keep-alive pool.
 *
 * - `new ServiceClient({ baseUrl, apiKey, instance?, instanceBaseUrls?, retry?, onRetry? })`;
 *   `instance` ('au' | 'sg' | 'jp') picks `instanceBaseUrls[instance]` (decisions 20).
 *   The key goes only to the API as `x-api-key`: never to presigned addresses, never into
 *   errors, `toString`, `toJSON` or `util.inspect`.
 * - `call(op, { params, query, body, idempotencyKey, signal })` for any contract `Operation`,
 *   `send(...)` for the same with status, headers, `replayed`, `requestId`; one typed method
 *   per operation on `ServiceClient`. Answers are parsed with the op's schema, leniently
 *   (added fields never fail a call; a wrong shape is ServiceError `INVALID_RESPONSE`).
 * - Idempotency-Key: one random UUID per logical call, reused by all its retries; always sent
 *   for 'required' ops, by default for 'optional' ops (`idempotencyKey: false` omits it),
 *   only if given for 'ignored' ops (preview), never for 'none'.
 * - Retries (bounded by `maxAttempts`, `maxDelayMs`, per-attempt `timeoutMs`): full-jitter
 *   exponential backoff on network errors, timeouts, 408, 429, 5xx and a 409 "still in
 *   progress" for our own key. A 429/503 is never retried before `retryAfter` (body) or
 *   `Retry-After` (header, seconds or HTTP date), whichever is larger; a requested wait over
 *   `maxRetryAfterMs` is thrown at once instead. A POST/PATCH without an Idempotency-Key is
 *   re-sent only when it cannot have been applied (429, connection refused).
 * - Failures: `ServiceError` (status, code, title, detail, requestId, errors, retryAfter,
 *   `retryable`) from the problem or legacy shape; no answer: status 0 with code
 *   `NETWORK_ERROR` (`networkCode` = ECONNRESET, UND_ERR_SOCKET, ...) or `TIMEOUT`. An abort
 *   of the caller's `signal` rejects with the signal's reason, not a ServiceError.
 * - `uploadFile(pathOrBytesOrStream, ticketRequest)`: see `uploadWithTicket`. A stream is
 *   read once: only its ticket request is retried, a failed PUT is thrown as is.
 */
export { ServiceClient, type ListFilesQuery } from './serviceClient.js';
export { ClientCore, INSTANCES, resolveBaseUrl, encodeQuery, type Instance, type ServiceClientOptions, type CallOptions, type CallInput, type CallResult } from './core.js';
export { ServiceError, type ClientErrorCode, type ServiceErrorInit } from './errors.js';
export { DEFAULT_RETRY, parseRetryAfter, backoffMs, retryDelay, type Backoff, type RetryOptions } from './retryPolicy.js';
export type { RetryEvent } from './exchange.js';
export { uploadWithTicket, type UploadSource, type UploadOptions, type KeptBytes, type PresignedTicket } from './upload.js';
export { paginate, eachItem, nestValues, type Page } from './paging.js';
