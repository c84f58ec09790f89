// A tiny real HTTP service (Fastify on 127.0.0.1) speaking the problem shape, with a few
// operations shaped like the spec's, so the client's transport can be tested on its own.
import crypto from 'node:crypto';
import Fastify from 'fastify';
import { z } from 'zod';
import { defineOperation } from '../../../src/contract/operation.js';

export const API_KEY = 'test-key-5f1c2a9e-very-secret';

export const createThing = defineOperation({
  id: 'createThing',
  method: 'POST',
  path: '/prod/v1/things',
  summary: 'test',
  tags: ['test'],
  body: z.object({ name: z.string() }),
  status: 201,
  response: z.object({ success: z.boolean(), thing: z.object({ id: z.string(), name: z.string() }) }),
  errors: [],
  idempotency: 'optional',
  write: true,
});

export const getThing = defineOperation({
  id: 'getThing',
  method: 'GET',
  path: '/prod/v1/things/{thingId}',
  summary: 'test',
  tags: ['test'],
  params: z.object({ thingId: z.string() }),
  status: 200,
  response: z.strictObject({ id: z.string(), name: z.string() }),
  errors: [],
  idempotency: 'none',
  write: false,
});

export const updateThing = defineOperation({
  id: 'updateThing',
  method: 'PATCH',
  path: '/prod/v1/things/{thingId}',
  summary: 'test',
  tags: ['test'],
  params: z.object({ thingId: z.string() }),
  body: z.object({ name: z.string() }),
  status: 200,
  response: z.object({ success: z.boolean() }),
  errors: [],
  idempotency: 'none',
  write: true,
});

export const askThing = defineOperation({
  id: 'askThing',
  method: 'POST',
  path: '/prod/v2/things/{thingId}/ask',
  summary: 'test',
  tags: ['test'],
  params: z.object({ thingId: z.string() }),
  body: z.object({ q: z.string() }),
  status: 202,
  response: z.object({ ok: z.boolean() }),
  errors: [],
  idempotency: 'required',
  write: true,
});

export const deleteLegacy = defineOperation({
  id: 'deleteLegacy',
  method: 'DELETE',
  path: '/prod/v1/legacy',
  summary: 'test',
  tags: ['test'],
  body: z.object({ fileIds: z.string() }),
  status: 200,
  response: z.object({ success: z.boolean() }),
  errors: [422],
  idempotency: 'optional',
  write: true,
  legacyErrors: true,
});

export const requestTicket = defineOperation({
  id: 'requestTicket',
  method: 'POST',
  path: '/prod/v1/files/upload',
  summary: 'test',
  tags: ['test'],
  body: z.object({ fileName: z.string(), fileType: z.string() }),
  status: 200,
  response: z.object({ presignedUploadURL: z.string(), uploadId: z.string() }),
  errors: [],
  idempotency: 'optional',
  write: true,
});

export interface StubService {
  url: string;
  /** Every request as the stub saw it. */
  seen: Array<{ method: string; url: string; headers: Record<string, string | string[] | undefined>; body: unknown }>;
  things: Map<string, { id: string; name: string }>;
  /** Next idempotent create answers 409 "in flight" this many times. */
  inFlightAnswers: number;
  /** The next this-many tickets are issued already expired (their PUT answers 403). */
  expiredTickets: number;
  /** Origin put into presigned addresses (e.g. a fault proxy); default the stub's own. */
  presignBase: string | undefined;
  /** Bytes received per upload id, with the Content-Length header seen. */
  stored: Map<string, { size: number; sha256: string; contentLength: string | undefined; contentType: string | undefined }>;
  close(): Promise<void>;
}

function problem(status: number, code: string, title: string, detail: string, extra: object = {}) {
  return {
    type: `https://docsync.dev/errors/${code.toLowerCase()}`,
    title,
    status,
    detail,
    instance: '/',
    code,
    requestId: crypto.randomUUID(),
    errors: [],
    message: detail,
    error: title,
    statusCode: status,
    ...extra,
  };
}

export async function startStubService(): Promise<StubService> {
  const app = Fastify();
  const replays = new Map<string, unknown>();
  const state: Omit<StubService, 'url' | 'close'> = {
    seen: [],
    things: new Map(),
    inFlightAnswers: 0,
    expiredTickets: 0,
    presignBase: undefined,
    stored: new Map(),
  };

  // Presigned PUTs: hash the bytes as they stream in.
  app.addContentTypeParser('*', (_req, payload, done) => {
    const hash = crypto.createHash('sha256');
    let size = 0;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      hash.update(chunk);
    });
    payload.on('end', () => done(null, { size, sha256: hash.digest('hex') }));
    payload.on('error', (err) => done(err, undefined));
  });

  app.put('/storage/:uploadId', async (req, reply) => {
    state.seen.push({ method: req.method, url: req.url, headers: req.headers, body: req.body });
    if ((req.query as { sig?: string }).sig !== 'ok') {
      return reply.code(403).type('application/problem+json').send(problem(403, 'FORBIDDEN', 'Forbidden', 'Upload address expired.'));
    }
    const got = req.body as { size: number; sha256: string };
    state.stored.set((req.params as { uploadId: string }).uploadId, {
      ...got,
      contentLength: req.headers['content-length'],
      contentType: req.headers['content-type'],
    });
    return { success: true };
  });

  app.addHook('preHandler', async (req, reply) => {
    if (req.url.startsWith('/storage/')) return;
    state.seen.push({ method: req.method, url: req.url, headers: req.headers, body: req.body });
    if (req.headers['x-api-key'] !== API_KEY) {
      return reply.code(401).type('application/problem+json').send(problem(401, 'UNAUTHORIZED', 'Unauthorized', 'Missing or invalid API key.'));
    }
  });

  app.post('/prod/v1/things', async (req, reply) => {
    const key = req.headers['idempotency-key'] as string | undefined;
    if (key && state.inFlightAnswers > 0) {
      state.inFlightAnswers--;
      return reply.code(409).type('application/problem+json').send(problem(409, 'CONFLICT', 'Conflict', 'A request with this Idempotency-Key is still in progress.'));
    }
    if (key && replays.has(key)) return reply.code(201).header('idempotent-replayed', 'true').send(replays.get(key));
    const { name } = req.body as { name: string };
    if (typeof name !== 'string' || name === '') {
      return reply
        .code(422)
        .type('application/problem+json')
        .send(problem(422, 'VALIDATION_FAILED', 'Validation Failed', 'Invalid name.', { errors: [{ code: 'too_small', detail: 'Required', pointer: '/name' }] }));
    }
    const thing = { id: crypto.randomUUID(), name };
    state.things.set(thing.id, thing);
    const body = { success: true, thing: { ...thing, addedByServer: 'x' }, serverExtra: 1 };
    if (key) replays.set(key, body);
    return reply.code(201).send(body);
  });

  app.get('/prod/v1/things/:thingId', async (req, reply) => {
    const thing = state.things.get((req.params as { thingId: string }).thingId);
    if (!thing) return reply.code(404).type('application/problem+json').send(problem(404, 'NOT_FOUND', 'Not Found', 'No such thing.'));
    return { ...thing, extra: true };
  });

  app.patch('/prod/v1/things/:thingId', async () => ({ success: true }));
  app.post('/prod/v2/things/:thingId/ask', async (req, reply) => {
    if (!req.headers['idempotency-key']) {
      return reply.code(400).type('application/problem+json').send(problem(400, 'BAD_REQUEST', 'Bad Request', 'Idempotency-Key is required.'));
    }
    return reply.code(202).send({ ok: true });
  });

  app.delete('/prod/v1/legacy', async (_req, reply) =>
    reply.code(422).send({ message: 'Invalid fileIds.', error: 'Unprocessable Entity', statusCode: 422 }),
  );

  app.post('/prod/v1/files/upload', async () => {
    const uploadId = crypto.randomUUID();
    const sig = state.expiredTickets > 0 ? 'expired' : 'ok';
    if (state.expiredTickets > 0) state.expiredTickets--;
    return { presignedUploadURL: `${state.presignBase ?? url}/storage/${uploadId}?sig=${sig}`, uploadId, storagePath: `local://ws/${uploadId}` };
  });

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(state, { url, close: () => app.close() });
}
