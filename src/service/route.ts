import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions as FastifyRouteOptions } from 'fastify';
import type { z } from 'zod';
import type { Operation } from '../contract/operation.js';
import { toRoutePath } from '../contract/operation.js';
import { responseJsonSchema } from '../contract/openapi.js';
import type { FieldError } from '../contract/problem.js';
import { badRequest, forbidden, problemBody, problemOf, ServiceProblem, unauthorized, validationFailed } from './errors.js';
import { fingerprint } from './idempotency.js';
import type { Claim, IdempotencyStore, ReplayLimit } from './store/idempotency.js';
import type { RateLimiter } from './rateLimit.js';
import { findKey, type AuthContext } from './store/tenancy.js';
import type { DB } from './store/sql.js';
import { batchedWrite } from '../writeBatch.js';

/** What a handler sees: validated input plus the caller. */
type Out<S> = [S] extends [z.ZodType] ? z.output<S> : undefined;

/** What a handler sees: validated input plus the caller. */
export interface RouteInput<O extends Operation> {
  params: O extends Operation<infer P, z.ZodType, z.ZodType, z.ZodType> ? Out<P> : never;
  query: O extends Operation<z.ZodType, infer Q, z.ZodType, z.ZodType> ? Out<Q> : never;
  body: O extends Operation<z.ZodType, z.ZodType, infer B, z.ZodType> ? Out<B> : never;
  auth: AuthContext;
  requestId: string;
  request: FastifyRequest;
}

/** A handler's answer when it is not simply the operation's success body. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    /** Bounds on replaying this answer under its Idempotency-Key (see ReplayLimit). */
    readonly replay?: ReplayLimit,
  ) {}
}

/** A success body already serialised as JSON text (read paths that build their answer in SQL). */
export class JsonText {
  constructor(readonly text: string) {}
}

export interface RouteOptions {
  /** Detail text for a 422 by the first failing body field, e.g. { '/name': 'Invalid name.' }. */
  invalidDetails?: Record<string, string>;
  /**
   * Serialise the success body with a serializer compiled from the operation's response schema
   * (Fastify's, fast-json-stringify) instead of JSON.stringify: it writes the known fields in
   * order without inspecting each value's type. For hot answers whose handler builds exactly
   * the contract's shape (properties the schema does not name would be left out).
   */
  compiledSerializer?: boolean;
}

export type Handler<O extends Operation> = (input: RouteInput<O>) => unknown | Promise<unknown>;
export type RouteFn = <O extends Operation>(op: O, handler: Handler<O>, options?: RouteOptions) => void;

export interface RouteDeps {
  db: DB;
  idempotency: IdempotencyStore;
  limiter: RateLimiter;
  ensureWorkspace(auth: AuthContext): void;
}

export function toFieldErrors(error: z.ZodError, where: 'body' | 'query' | 'params'): FieldError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1'));
    const code = issue.code.toUpperCase();
    if (where === 'body') return { code, detail: issue.message, pointer: `/${path.join('/')}` };
    return { code, detail: issue.message, parameter: path[0] ?? where };
  });
}

function authenticate(deps: RouteDeps, request: FastifyRequest, op: Operation): AuthContext {
  const header = request.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw unauthorized('Missing API key: send it in the x-api-key header.');
  const auth = findKey(deps.db, key);
  if (!auth) throw unauthorized('Invalid API key.');
  if (!auth.active) throw forbidden('This API key is inactive.');
  if (op.write && auth.readOnly) {
    // Legacy operations answer the spec's own text for this case (4.12).
    throw forbidden(op.legacyErrors ? LEGACY_READ_ONLY : 'This API key is read-only (READONLY_KEY): write operations are not allowed.');
  }
  return auth;
}

/** The caller, once authenticated and within its rate limit (both before the body is read). */
function admit(deps: RouteDeps, request: FastifyRequest, op: Operation): AuthContext {
  const auth = authenticate(deps, request, op);
  const wait = deps.limiter.take(auth.keyId);
  if (wait > 0) {
    throw new ServiceProblem(429, `Rate limit exceeded: retry after ${wait} s.`, {
      retryAfter: wait,
      headers: { 'retry-after': String(wait) },
    });
  }
  return auth;
}

function parsePart<S extends z.ZodType>(schema: S | undefined, value: unknown, where: 'body' | 'query' | 'params', options?: RouteOptions) {
  if (!schema) return where === 'body' ? undefined : {};
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const errors = toFieldErrors(result.error, where);
  const first = errors[0]?.pointer;
  const detail =
    (first && options?.invalidDetails?.[first]) ??
    (where === 'body' && value === undefined ? 'Request body is required.' : `Invalid ${where === 'params' ? 'path parameter' : where === 'query' ? 'query parameter' : 'request body'}: ${errors.map((e) => e.pointer ?? e.parameter).join(', ')}.`);
  throw validationFailed(detail, errors);
}

function idempotencyKeyOf(request: FastifyRequest, op: Operation): string | undefined {
  if (op.idempotency === 'none' || op.idempotency === 'ignored') return undefined;
  const raw = request.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || key === '') {
    if (op.idempotency === 'required') {
      throw badRequest('The Idempotency-Key header is required for this operation.', [
        { code: 'REQUIRED', detail: 'Idempotency-Key header is missing.', parameter: 'Idempotency-Key' },
      ]);
    }
    return undefined;
  }
  if (key.length > 255) {
    throw badRequest('Idempotency-Key must be at most 255 characters.', [
      { code: 'TOO_BIG', detail: 'At most 255 characters.', parameter: 'Idempotency-Key' },
    ]);
  }
  return key;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as PromiseLike<unknown>).then === 'function';

function send(reply: FastifyReply, status: number, contentType: string, payload: string, headers: Record<string, string> = {}) {
  reply.code(status).headers(headers).header('content-type', contentType).send(payload);
}

export const LEGACY_READ_ONLY = 'Access denied. You are in readonly mode.';

/** A store's refusal as its problem; operations marked `legacyErrors` answer their 403 and 422 in the legacy shape only (decisions 16). */
function shapeFor(op: Operation, thrown: unknown): unknown {
  const error = problemOf(thrown);
  if (!op.legacyErrors || !(error instanceof ServiceProblem) || error.options.legacy) return error;
  if (error.status !== 403 && error.status !== 422) return error;
  return new ServiceProblem(error.status, error.detail, { ...error.options, legacy: true });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, found by the route's onRequest hook (request decorations: core.ts). */
    caller: AuthContext | null;
    /** Whether the handler has started (errors after that are the handler's, not the body parser's). */
    handlerStarted: boolean;
  }
}

/** Registers an operation on `app` (an area's plugin scope): auth, rate limit, idempotency, validation, then the handler. */
export function createRoute(deps: RouteDeps): <O extends Operation>(app: FastifyInstance, op: O, handler: Handler<O>, options?: RouteOptions) => void {
  return (app, op, handler, options) => {
    const compiled = options?.compiledSerializer === true && op.response !== undefined;
    const definition: FastifyRouteOptions = {
      method: op.method,
      url: toRoutePath(op.path),
      ...(compiled ? { schema: { response: { [op.status]: responseJsonSchema(op.response!) } } } : {}),
      // The key is checked when the request line and headers arrive, before any of the body is
      // read or parsed: an unauthenticated client cannot make the service read 16 MB of JSON or
      // a multipart upload (issue 18). Rate limits apply here too.
      onRequest: (request, reply, done) => {
        try {
          request.caller = admit(deps, request, op);
          done();
        } catch (error) {
          // A body left unread cannot be skipped on a kept-alive connection: close it after the answer.
          const length = request.headers['content-length'];
          if ((length !== undefined && length !== '0') || request.headers['transfer-encoding']) reply.header('connection', 'close');
          done(shapeFor(op, error) as Error);
        }
      },
      // Synchronous unless the operation's handler is: a handler that answers at once (most
      // reads) is sent without going through promise turns.
      // A promise that handle() returns rejects with a shaped error already (fail()).
      handler: (request, reply) => {
        try {
          return handle(request, reply);
        } catch (error) {
          throw shapeFor(op, error);
        }
      },
    };
    if (op.bodyKind === 'multipart') {
      // The multipart plugin adds two async hooks to every route of its scope (measured: about a
      // third more CPU for a values read), so it gets a scope of its own around this route alone.
      app.register(async (scope) => {
        await scope.register(multipart, { attachFieldsToBody: 'keyValues', limits: { fileSize: 50 * 1024 * 1024, files: 1 } });
        // busboy reports a malformed body (no boundary, a part cut short) as a plain Error while
        // the plugin reads it, before the handler runs: that is the client's body, a 400.
        scope.setErrorHandler((error: Error & { statusCode?: number }, request) => {
          if (error instanceof ServiceProblem || request.handlerStarted) throw error;
          if (error.statusCode === 413) throw new ServiceProblem(413, `Request body too large: ${error.message}`);
          if (error.statusCode !== undefined && error.statusCode < 500) throw error;
          throw badRequest(`Malformed multipart body: ${error.message}`);
        });
        scope.route(definition);
      });
    } else {
      app.route(definition);
    }

    function handle(request: FastifyRequest, reply: FastifyReply): Promise<void> | undefined {
      request.handlerStarted = true;
      const auth = request.caller ?? admit(deps, request, op);
      deps.ensureWorkspace(auth);
      const idempotencyKey = idempotencyKeyOf(request, op);
      if (!idempotencyKey) return execute(request, reply, auth, undefined);
      const scope = { keyId: auth.keyId, method: op.method, path: request.url.split('?')[0]!, idempotencyKey };
      // The claim is committed before the request runs, in the commit the writes of this turn share
      // (writeBatch.ts) rather than one of its own. A refused claim (another body, still in flight)
      // is this request's error alone: the record stays the other request's.
      return batchedWrite(deps.db, () => deps.idempotency.claim(scope, fingerprint(request.body ?? null)), ATOMIC).then((claim) => {
        try {
          return replayed(reply, claim) ? undefined : execute(request, reply, auth, scope);
        } catch (error) {
          throw shapeFor(op, error);
        }
      }, (error: unknown) => {
        throw shapeFor(op, error);
      });
    }

    function execute(request: FastifyRequest, reply: FastifyReply, auth: AuthContext, scope: Scope | undefined): Promise<void> | undefined {
      // No closures on the synchronous path: most answers are sent without allocating any.
      try {
        const input = {
          params: parsePart(op.params, request.params, 'params', options),
          query: parsePart(op.query, request.query, 'query', options),
          body: parsePart(op.body, request.body, 'body', options),
          auth,
          requestId: String(request.id),
          request,
        } as RouteInput<typeof op>;
        const result = handler(input);
        if (isThenable(result)) {
          // One promise turn: an answer that fails to be stored or sent fails like the handler.
          return Promise.resolve(result).then(
            (value) => {
              try {
                return settled(answer(deps, op, reply, scope, value, compiled));
              } catch (error) {
                return fail(deps, op, request, scope, error);
              }
            },
            (error: unknown) => fail(deps, op, request, scope, error),
          );
        }
        return settled(answer(deps, op, reply, scope, result, compiled));
      } catch (error) {
        return fail(deps, op, request, scope, error);
      }

      /** An answer kept for replay is sent once its record is committed; failing that, the request fails. */
      function settled(stored: Promise<void> | undefined): Promise<void> | undefined {
        return stored?.then(undefined, (error: unknown) => fail(deps, op, request, scope, error));
      }
    }
  };
}

type Scope = Parameters<IdempotencyStore['complete']>[0];

/** Each idempotency write is one statement, or a transaction of its own (the claim): it undoes itself when it throws. */
const ATOMIC = { atomic: true } as const;

/** The stored answer of an earlier request with this Idempotency-Key, sent again; false when this one runs. */
function replayed(reply: FastifyReply, claim: Claim): boolean {
  if (claim.kind === 'reused') {
    throw validationFailed('Idempotency-Key was already used with a different request body.', [
      { code: 'IDEMPOTENCY_KEY_REUSED', detail: 'Key reused with a different body.', parameter: 'Idempotency-Key' },
    ]);
  }
  if (claim.kind === 'in_flight') {
    throw new ServiceProblem(409, 'A request with this Idempotency-Key is still in progress.', { code: 'IDEMPOTENCY_IN_FLIGHT' });
  }
  if (claim.kind !== 'replay') return false;
  const { status, contentType, body } = claim.response;
  send(reply, status, contentType, body, { 'idempotent-replayed': 'true' });
  return true;
}

/**
 * Sends the handler's answer. One kept for replay under an Idempotency-Key is stored first, in
 * the commit the writes of this turn share, and sent once that commit is done (the promise).
 */
function answer(deps: RouteDeps, op: Operation, reply: FastifyReply, scope: Scope | undefined, result: unknown, compiled: boolean): Promise<void> | undefined {
  const out = result instanceof Reply ? result : new Reply(op.status, result);
  // A binary answer (operations without a `response` schema, e.g. a zip): sent as is, never stored for replay.
  if (Buffer.isBuffer(out.body)) {
    reply.code(out.status).headers(out.headers).send(out.body);
    return undefined;
  }
  const payload =
    out.body instanceof JsonText
      ? out.body.text
      : compiled && out.status === op.status && out.body
        ? (reply.code(out.status).serialize(out.body) as string)
        : JSON.stringify(out.body ?? {});
  if (scope) {
    const stored = { status: out.status, contentType: 'application/json', body: payload, replay: out.replay };
    return batchedWrite(deps.db, () => deps.idempotency.complete(scope, stored), ATOMIC).then(() => {
      send(reply, out.status, 'application/json; charset=utf-8', payload, out.headers);
    });
  }
  send(reply, out.status, 'application/json; charset=utf-8', payload, out.headers);
  return undefined;
}

function fail(deps: RouteDeps, op: Operation, request: FastifyRequest, scope: Scope | undefined, error: unknown): never {
  const shaped = shapeFor(op, error);
  if (scope) settleFailedClaim(deps.idempotency, scope, shaped, request);
  throw shaped;
}

/** A 4xx answer is the request's outcome and is replayed; a 5xx is not (a retry runs again). */
function settleFailedClaim(store: IdempotencyStore, scope: Scope, error: unknown, request: FastifyRequest) {
  if (error instanceof ServiceProblem && error.status < 500 && error.status !== 429 && error.status !== 409) {
    const body = problemBody(error, request.url.split('?')[0]!, String(request.id));
    const contentType = error.options.legacy ? 'application/json; charset=utf-8' : 'application/problem+json';
    store.complete(scope, { status: error.status, contentType, body: JSON.stringify(body) });
  } else {
    store.release(scope);
  }
}
