import type { z } from 'zod';

/**
 * How an operation treats the Idempotency-Key header (spec 4.1):
 * required (400 without), optional, ignored (accepted, never replayed), none (not listed).
 */
export type IdempotencyRule = 'required' | 'optional' | 'ignored' | 'none';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One operation of the service: the single source for the service's validation,
 * the client's typing and the OpenAPI document. `path` uses OpenAPI `{param}` syntax
 * and includes the stage segment (`/prod/v1/...`).
 */
export interface Operation<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  id: string;
  method: HttpMethod;
  path: string;
  summary: string;
  tags: string[];
  params?: P;
  query?: Q;
  /** JSON body schema; multipart operations set `bodyKind: 'multipart'` and describe parts in `summary`. */
  body?: B;
  bodyKind?: 'json' | 'multipart';
  /** Success status and body schema. `response` undefined: binary body (zip). */
  status: number;
  response?: R;
  /** Additional success statuses (e.g. 207 for a zip upload with failed entries). */
  altStatuses?: number[];
  /** Error statuses this operation can answer (documentation and OpenAPI). */
  errors: number[];
  idempotency: IdempotencyRule;
  /** A write: a read-only key gets 403. */
  write: boolean;
  /** Answers errors in the legacy shape only (decisions 16). */
  legacyErrors?: boolean;
  deprecated?: boolean;
  /** Not in the spec; added by the decisions (clients must fall back without it). */
  extension?: boolean;
}

export function defineOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  op: Operation<P, Q, B, R>,
): Operation<P, Q, B, R> {
  return op;
}

export type Params<O> = O extends Operation<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.infer<P> : never;
export type Query<O> = O extends Operation<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;
export type Body<O> = O extends Operation<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type Response<O> = O extends Operation<z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** `/prod/v1/files/{fileId}/values` -> `/prod/v1/files/:fileId/values` (Fastify syntax). */
export function toRoutePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fill `{param}` placeholders, URI-encoding each value. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
