import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { inspect } from 'node:util';
import { Agent, FormData, type Dispatcher } from 'undici';
import { fillPath, type Body, type Operation, type Params, type Query, type Response } from '../contract/operation.js';
import { ServiceError } from './errors.js';
import { answerError, exchange, parseAnswerBody, withRetries, type HttpRequest, type RetryEvent } from './exchange.js';
import { DEFAULT_RETRY, type RetryOptions } from './retryPolicy.js';

export type Instance = 'au' | 'sg' | 'jp';
export const INSTANCES: readonly Instance[] = ['au', 'sg', 'jp'];

export interface ServiceClientOptions {
  /** Default base address (spec: `{base_url}`), e.g. `https://api.example.com` or `http://127.0.0.1:4010`. */
  baseUrl: string;
  /** Sent as `x-api-key`; never logged, never in errors, `toString` or `inspect`. */
  apiKey: string;
  /** Regional instance of the workspace (decisions 20); resolved through `instanceBaseUrls`. */
  instance?: Instance;
  instanceBaseUrls?: Partial<Record<Instance, string>>;
  retry?: Partial<RetryOptions>;
  /** Connections per origin of the keep-alive pool. Default 16. */
  connections?: number;
  keepAliveTimeoutMs?: number;
  /** Share a dispatcher between clients; the client then does not close it. */
  dispatcher?: Dispatcher;
  userAgent?: string;
  /** Called before each wait between attempts (for logs and metrics; the key is never in it). */
  onRetry?: (event: RetryEvent) => void;
}

export interface CallOptions {
  /**
   * Idempotency-Key of this logical call, reused by every retry. Default: a random UUID for
   * operations whose rule is 'required' or 'optional'; `false` sends none ('optional' only).
   */
  idempotencyKey?: string | false;
  signal?: AbortSignal;
  /** Override the client's retry options for this call. */
  retry?: Partial<RetryOptions>;
  headers?: Record<string, string>;
}

type AnyOperation = Operation<any, any, any, any>;

export interface CallInput<O extends AnyOperation> extends CallOptions {
  params?: Params<O>;
  query?: Query<O>;
  body?: Body<O> | FormData;
  /** Reshape a deployment's variant of the answer before the schema parses it (decisions 4). */
  normalize?: (raw: unknown) => unknown;
}

export interface CallResult<T> {
  data: T;
  status: number;
  headers: IncomingHttpHeaders;
  /** The answer was a replay of an earlier request with the same key (`Idempotent-Replayed: true`). */
  replayed: boolean;
  requestId: string | undefined;
  idempotencyKey: string | undefined;
}

/** Resolve the base address for an instance (decisions 20). */
export function resolveBaseUrl(options: Pick<ServiceClientOptions, 'baseUrl' | 'instance' | 'instanceBaseUrls'>): string {
  let base = options.baseUrl;
  if (options.instance !== undefined) {
    const regional = options.instanceBaseUrls?.[options.instance];
    if (!regional) throw new Error(`no base address configured for instance '${options.instance}'`);
    base = regional;
  }
  const url = new URL(base);
  return url.toString().replace(/\/+$/, '');
}

/** Query values: arrays as one comma-separated value (decisions 3), dates as ISO, undefined skipped. */
export function encodeQuery(query: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) search.set(name, value.map(String).join(','));
    else if (value instanceof Date) search.set(name, value.toISOString());
    else search.set(name, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}

/** Methods whose repetition has no extra effect; other requests are re-sent only with an Idempotency-Key. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * The generic part of the service client: one `call` for any operation. One instance per
 * API key; it keeps a keep-alive pool, so call `close()` when done.
 */
export class ClientCore {
  readonly baseUrl: string;
  readonly instance: Instance | undefined;
  readonly #apiKey: string;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #retry: RetryOptions;
  readonly #userAgent: string;
  readonly #onRetry: ((event: RetryEvent) => void) | undefined;

  constructor(options: ServiceClientOptions) {
    if (!options.apiKey) throw new Error('apiKey is required');
    this.baseUrl = resolveBaseUrl(options);
    this.instance = options.instance;
    this.#apiKey = options.apiKey;
    this.#retry = { ...DEFAULT_RETRY, ...options.retry };
    this.#userAgent = options.userAgent ?? 'docsync-client/0.1';
    this.#onRetry = options.onRetry;
    this.#ownsDispatcher = options.dispatcher === undefined;
    this.#dispatcher =
      options.dispatcher ??
      new Agent({ connections: options.connections ?? 16, keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000 });
  }

  /** The undici dispatcher, for requests outside the API (presigned addresses). */
  get dispatcher(): Dispatcher {
    return this.#dispatcher;
  }

  retryOptions(override?: Partial<RetryOptions>): RetryOptions {
    return override ? { ...this.#retry, ...override } : this.#retry;
  }

  get onRetry(): ((event: RetryEvent) => void) | undefined {
    return this.#onRetry;
  }

  /** Call `op` and return its parsed answer. */
  async call<O extends AnyOperation>(op: O, input: CallInput<O> = {}): Promise<Response<O>> {
    return (await this.send(op, input)).data;
  }

  /** Call `op` and return its parsed answer with status, headers and replay information. */
  async send<O extends AnyOperation>(op: O, input: CallInput<O> = {}): Promise<CallResult<Response<O>>> {
    const path = fillPath(op.path, (input.params ?? {}) as Record<string, string>);
    const idempotencyKey = chooseIdempotencyKey(op, input.idempotencyKey);
    const headers: Record<string, string> = {
      accept: 'application/json, application/problem+json',
      'user-agent': this.#userAgent,
      ...input.headers,
      'x-api-key': this.#apiKey,
    };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const body = encodeBody(input.body, headers);
    const req: HttpRequest = { method: op.method, url: this.baseUrl + path + encodeQuery(input.query), path, headers, body };
    const retry = this.retryOptions(input.retry);
    const canRetry = (err: ServiceError) => canResend(op, err, idempotencyKey !== undefined);
    const answer = await withRetries(
      req,
      async () => {
        const res = await exchange(this.#dispatcher, req, retry.timeoutMs, input.signal);
        if (res.status < 200 || res.status >= 300) throw answerError(res, req);
        return res;
      },
      { retry, signal: input.signal, canRetry, onRetry: this.#onRetry },
    );
    return {
      data: parseSuccess(op, answer, req, input.normalize) as Response<O>,
      status: answer.status,
      headers: answer.headers,
      replayed: answer.headers['idempotent-replayed'] === 'true',
      requestId: firstHeader(answer.headers['x-request-id']),
      idempotencyKey,
    };
  }

  async close(): Promise<void> {
    if (this.#ownsDispatcher) await this.#dispatcher.close();
  }

  toString(): string {
    return `${this.constructor.name}(${this.baseUrl})`;
  }

  toJSON(): object {
    return { baseUrl: this.baseUrl, instance: this.instance };
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

const firstHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

function chooseIdempotencyKey(op: AnyOperation, given: string | false | undefined): string | undefined {
  if (op.idempotency === 'none') return undefined;
  if (op.idempotency === 'ignored') return given || undefined;
  if (given === false) {
    if (op.idempotency === 'required') throw new Error(`${op.id} requires an Idempotency-Key`);
    return undefined;
  }
  return given ?? randomUUID();
}

function encodeBody(body: unknown, headers: Record<string, string>): string | FormData | undefined {
  if (body === undefined) return undefined;
  // undici sets the multipart boundary itself.
  if (body instanceof FormData) return body;
  headers['content-type'] = 'application/json';
  return JSON.stringify(body);
}

/**
 * A request may be re-sent when repeating it cannot apply it twice: safe methods, a request
 * carrying an Idempotency-Key, an operation that ignores keys (preview), or when it was
 * certainly not processed (connection refused, rate limited).
 */
function canResend(op: AnyOperation, err: ServiceError, hasKey: boolean): boolean {
  if (err.isInFlightConflict) return hasKey;
  if (hasKey || SAFE_METHODS.has(op.method) || op.idempotency === 'ignored') return true;
  return err.status === 429 || err.networkCode === 'ECONNREFUSED';
}

function parseSuccess(
  op: AnyOperation,
  answer: { status: number; body: Buffer; headers: IncomingHttpHeaders },
  req: HttpRequest,
  normalize?: (raw: unknown) => unknown,
): unknown {
  if (!op.response) return answer.body;
  if (answer.status === 204 || answer.body.length === 0) return undefined;
  const raw = parseAnswerBody(answer);
  return parseLenient(op, normalize ? normalize(raw) : raw, answer.status, req);
}

/**
 * Parse with the operation's schema. Unknown fields never fail a call: zod objects strip
 * them, and a strict schema's `unrecognized_keys` issues alone fall back to the raw body.
 */
export function parseLenient(op: AnyOperation, raw: unknown, status: number, req: { method: string; path: string }): unknown {
  const parsed = op.response!.safeParse(raw);
  if (parsed.success) return parsed.data;
  if (parsed.error.issues.every((i: { code: string }) => i.code === 'unrecognized_keys')) return raw;
  const first = parsed.error.issues[0] as { path: PropertyKey[]; message: string };
  throw new ServiceError({
    status,
    code: 'INVALID_RESPONSE',
    title: 'Invalid Response',
    detail: `answer does not match ${op.id}: /${first.path.map(String).join('/')} ${first.message}`,
    method: req.method,
    path: req.path,
  });
}
