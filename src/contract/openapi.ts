import { z } from 'zod';
import { operations } from './index.js';
import type { Operation } from './operation.js';
import { LegacyErrorSchema, ProblemSchema, STATUS_PROBLEMS } from './problem.js';

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output', target: 'draft-2020-12' | 'draft-7' = 'draft-2020-12'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target }) as JsonSchema;
  return rest;
};

/** An answer's JSON Schema in the draft Fastify's serializer compiler (fast-json-stringify) reads. */
export const responseJsonSchema = (schema: z.ZodType): JsonSchema => toSchema(schema, 'output', 'draft-7');

function parameters(op: Operation): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [['path', op.params], ['query', op.query]] as const) {
    if (!schema) continue;
    const json = toSchema(schema, 'input');
    const props = (json.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: s });
    }
  }
  if (op.idempotency !== 'none') {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: op.idempotency === 'required',
      description: op.idempotency === 'ignored' ? 'Accepted and ignored.' : 'At most 255 characters; UUIDv4 recommended.',
      schema: { type: 'string', maxLength: 255 },
    });
  }
  return out;
}

function responses(op: Operation): JsonSchema {
  const out: JsonSchema = {};
  for (const status of [op.status, ...(op.altStatuses ?? [])]) {
    out[String(status)] = op.response
      ? { description: 'Success', content: { 'application/json': { schema: toSchema(op.response, 'output') } } }
      : { description: 'Success (binary)', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } };
  }
  for (const status of op.errors) {
    const meta = STATUS_PROBLEMS[status as keyof typeof STATUS_PROBLEMS];
    out[String(status)] = {
      description: meta?.title ?? 'Error',
      content: op.legacyErrors && (status === 403 || status === 422)
        ? { 'application/json': { schema: { $ref: '#/components/schemas/LegacyError' } } }
        : { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
    };
  }
  return out;
}

/** The OpenAPI 3.1 document, generated from the contract (served at /prod/openapi.json). */
export function buildOpenApi(list: Operation[] = operations): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of list) {
    const item: JsonSchema = {
      operationId: op.id,
      summary: op.summary,
      tags: op.tags,
      parameters: parameters(op),
      responses: responses(op),
    };
    if (op.deprecated) item.deprecated = true;
    if (op.extension) item['x-extension'] = true;
    if (op.body) {
      item.requestBody = { required: true, content: { 'application/json': { schema: toSchema(op.body, 'input') } } };
    } else if (op.bodyKind === 'multipart') {
      item.requestBody = {
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
      };
    }
    (paths[op.path] ??= {})[op.method.toLowerCase()] = item;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Document Processing and Agent Service (docsync local implementation)', version: '1.0' },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } },
      schemas: { Problem: toSchema(ProblemSchema, 'output'), LegacyError: toSchema(LegacyErrorSchema, 'output') },
    },
  };
}
