import { STATUS_PROBLEMS, type FieldError } from '../contract/problem.js';

/**
 * Machine codes the client itself assigns (the service never sends these):
 * - NETWORK_ERROR: no HTTP answer (connection refused/reset, socket hang-up, DNS); status 0.
 * - TIMEOUT: the per-attempt timeout elapsed before the answer was read; status 0.
 * - INVALID_RESPONSE: a 2xx answer whose body does not match the operation's response schema.
 */
export type ClientErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'INVALID_RESPONSE';

export interface ServiceErrorInit {
  status: number;
  code: string;
  title: string;
  detail: string;
  requestId?: string;
  errors?: FieldError[];
  retryAfter?: number;
  type?: string;
  instance?: string;
  method?: string;
  /** Path only (no origin, no query): presigned addresses carry their signature in the query. */
  path?: string;
  /** errno-like code of a network failure (ECONNRESET, UND_ERR_SOCKET, ...). */
  networkCode?: string;
  cause?: unknown;
}

/** undici / Node error codes after which the request can be sent again. */
const RETRYABLE_NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/**
 * Every failed call of the service client: a non-2xx answer (from the problem
 * shape or the legacy shape), a network failure (status 0) or an invalid answer.
 * Never carries the API key or request headers.
 */
export class ServiceError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly detail: string;
  readonly requestId: string | undefined;
  readonly errors: FieldError[];
  /** Seconds the server asked us to wait (body `retryAfter` or `Retry-After` header, the larger). */
  readonly retryAfter: number | undefined;
  readonly type: string | undefined;
  readonly instance: string | undefined;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly networkCode: string | undefined;

  constructor(init: ServiceErrorInit) {
    const where = init.method && init.path ? ` [${init.method} ${init.path}]` : '';
    super(`${init.status || 'network'} ${init.code}: ${init.detail}${where}`, init.cause ? { cause: init.cause } : undefined);
    this.name = 'ServiceError';
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.errors = init.errors ?? [];
    this.retryAfter = init.retryAfter;
    this.type = init.type;
    this.instance = init.instance;
    this.method = init.method;
    this.path = init.path;
    this.networkCode = init.networkCode;
  }

  /** True when sending the same request again may succeed (network, timeout, 408, 429, 5xx, idempotent 409 in flight). */
  get retryable(): boolean {
    if (this.status === 0) return this.code === 'TIMEOUT' || RETRYABLE_NETWORK_CODES.has(this.networkCode ?? '');
    return this.status === 408 || this.status === 429 || this.status >= 500 || this.isInFlightConflict;
  }

  /**
   * 409 answered because a request with the same Idempotency-Key is still running (spec 4.1),
   * as opposed to a real conflict (ask while a run is live, duplicate class name).
   */
  get isInFlightConflict(): boolean {
    if (this.status !== 409) return false;
    return /IN_FLIGHT|IN_PROGRESS|IDEMPOTENCY/i.test(this.code) || /in[ -]flight|still (being )?process|in progress/i.test(this.detail);
  }
}

const asString = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const asNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function fieldErrors(v: unknown): FieldError[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({
      code: asString(e.code) ?? 'INVALID',
      detail: asString(e.detail) ?? asString(e.message) ?? '',
      ...(asString(e.pointer) !== undefined ? { pointer: asString(e.pointer) } : {}),
      ...(asString(e.parameter) !== undefined ? { parameter: asString(e.parameter) } : {}),
    }));
}

export interface ErrorAnswer {
  status: number;
  /** Parsed JSON body, or the raw text when the body is not JSON. */
  body: unknown;
  requestIdHeader?: string;
  /** Seconds from the Retry-After header, if any. */
  retryAfterHeader?: number;
  method: string;
  path: string;
}

/** One ServiceError from a non-2xx answer in the problem shape, the legacy shape, or anything else. */
export function errorFromAnswer(answer: ErrorAnswer): ServiceError {
  const { status, body } = answer;
  const known = STATUS_PROBLEMS[status as keyof typeof STATUS_PROBLEMS];
  const fallbackCode = known?.code ?? `HTTP_${status}`;
  const fallbackTitle = known?.title ?? `HTTP ${status}`;
  const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const text = typeof body === 'string' ? body.slice(0, 200) : undefined;
  const bodyRetry = asNumber(b.retryAfter);
  const retryAfter =
    bodyRetry === undefined && answer.retryAfterHeader === undefined
      ? undefined
      : Math.max(bodyRetry ?? 0, answer.retryAfterHeader ?? 0);
  return new ServiceError({
    status,
    code: asString(b.code) ?? fallbackCode,
    // Problem shape first; the legacy shape carries `error` as title and `message` as detail.
    title: asString(b.title) ?? asString(b.error) ?? fallbackTitle,
    detail: asString(b.detail) ?? asString(b.message) ?? text ?? fallbackTitle,
    requestId: asString(b.requestId) ?? answer.requestIdHeader,
    errors: fieldErrors(b.errors),
    retryAfter,
    type: asString(b.type),
    instance: asString(b.instance),
    method: answer.method,
    path: answer.path,
  });
}

/** A ServiceError for a request that got no HTTP answer. */
export function networkError(cause: unknown, method: string, path: string): ServiceError {
  const err = cause as { code?: unknown; message?: unknown; cause?: { code?: unknown } };
  const networkCode = asString(err?.code) ?? asString(err?.cause?.code);
  const reason = asString(err?.message) ?? String(cause);
  return new ServiceError({
    status: 0,
    code: 'NETWORK_ERROR',
    title: 'Network Error',
    detail: networkCode ? `${networkCode}: ${reason}` : reason,
    networkCode,
    method,
    path,
    cause,
  });
}

export function timeoutError(timeoutMs: number, method: string, path: string): ServiceError {
  return new ServiceError({
    status: 0,
    code: 'TIMEOUT',
    title: 'Timeout',
    detail: `no complete answer within ${timeoutMs} ms`,
    method,
    path,
  });
}
