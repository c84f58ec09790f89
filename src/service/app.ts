import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { buildOpenApi } from '../contract/openapi.js';
import { openServiceDatabase } from './store/open.js';
import type { DB } from './store/sql.js';
import { callbackDelivery } from './callbacks.js';
import { addressOf, corePlugin } from './core.js';
import { problemBody, problemOf, ServiceProblem } from './errors.js';
import { resolveOptions, type ResolvedOptions, type ServiceOptions } from './options.js';
import { processingQueuePlugin } from './processingQueue.js';
import { areas } from './routes/index.js';
import { renderEntries } from './store/fileValues.js';
import { timeOrderedUuid } from './store/uploads.js';

export interface Service {
  /** The Fastify instance, decorated by core.ts, callbacks.ts and processingQueue.ts. */
  app: FastifyInstance;
  db: DB;
  options: ResolvedOptions;
  /** Start listening and background work; resolves to the base address. */
  listen(): Promise<string>;
  /** The base address (after listen): the public one (publicUrl) when set. */
  readonly url: string;
  /** The address this process listens on (after listen), `http://127.0.0.1:PORT`. */
  readonly localUrl: string;
  close(): Promise<void>;
}

/**
 * The service's data folder holds every uploaded document and every API key: owner-only (0700),
 * also when it existed with wider modes (created by an older version, or under a loose umask).
 */
function ownerOnlyFolder(dir: string): string {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  for (const sub of ['blobs', path.join('blobs', 'tmp')]) {
    if (fs.existsSync(path.join(dir, sub))) fs.chmodSync(path.join(dir, sub), 0o700);
  }
  return dir;
}

/** SQLite creates its files with the umask's modes: narrowed to 0600 once they exist. */
function ownerOnlyFiles(dir: string, names: string[]): void {
  for (const name of names) {
    const file = path.join(dir, name);
    if (fs.existsSync(file)) fs.chmodSync(file, 0o600);
  }
}

function mapError(thrown: FastifyError | ServiceProblem | Error): ServiceProblem {
  const error = problemOf(thrown) as FastifyError | ServiceProblem | Error;
  if (error instanceof ServiceProblem) return error;
  const fe = error as FastifyError;
  if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (fe.statusCode === 400 && fe.code?.startsWith('FST_ERR_CTP'))) {
    return new ServiceProblem(400, `Malformed request body: ${fe.message}`);
  }
  if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new ServiceProblem(413, 'Request body too large.');
  if (fe.statusCode === 415 || fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new ServiceProblem(415, `Unsupported content type: ${fe.message}`);
  }
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) return new ServiceProblem(400, fe.message);
  return new ServiceProblem(500, 'Unexpected internal error.');
}

function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ServiceProblem): void {
  const instance = request.url.split('?')[0]!;
  reply
    .code(problem.status)
    .headers(problem.options.headers ?? {})
    // Set here too: router-level errors (frameworkErrors) do not pass the onSend hook.
    .header('x-request-id', String(request.id))
    .header('content-type', problem.options.legacy ? 'application/json; charset=utf-8' : 'application/problem+json')
    .send(JSON.stringify(problemBody(problem, instance, String(request.id))));
}

export function buildService(input: ServiceOptions): Service {
  const options = resolveOptions(input);
  const db = openServiceDatabase(ownerOnlyFolder(options.dataDir), options.database);
  if (!options.database) ownerOnlyFiles(options.dataDir, ['service.db', 'service.db-wal', 'service.db-shm']);
  renderEntries(db, 'unrendered');
  const app = Fastify({
    logger: options.logger ? { redact: ['req.headers["x-api-key"]'] } : false,
    // A time-ordered UUID is one flat string; crypto.randomUUID's is a rope of 20 pieces, which
    // Node's check of the x-request-id header value (a regular expression) first flattens through
    // a runtime call on every answer.
    genReqId: () => timeOrderedUuid(),
    bodyLimit: 16 * 1024 * 1024,
    forceCloseConnections: true,
    connectionTimeout: options.timeouts.idleMs,
    requestTimeout: options.timeouts.requestMs,
    keepAliveTimeout: options.timeouts.keepAliveMs,
    // Ids are validated by the contract (422 naming the parameter), so the router must not cut
    // them off first: past its limit Fastify answers 414 in its own shape. Node caps the request
    // line at 16 KiB anyway.
    routerOptions: { maxParamLength: 16 * 1024 },
    // Bad URLs (broken percent-encoding) are answered by the router itself: as problem details too.
    frameworkErrors: (error, request, reply) => sendProblem(request, reply, mapError(error)),
  });

  app.server.headersTimeout = Math.min(options.timeouts.headersMs, options.timeouts.requestMs || Infinity);

  // Set when the request arrives rather than in an onSend hook: an async hook costs every answer
  // a few promise turns. Error answers keep it (and sendProblem sets it again for router errors).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', String(request.id));
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = mapError(error);
    if (problem.status >= 500) request.log.error({ err: error }, 'internal error');
    sendProblem(request, reply, problem);
  });
  app.setNotFoundHandler((request) => {
    throw new ServiceProblem(404, `No such route: ${request.method} ${request.url.split('?')[0]}.`);
  });
  app.get('/prod/openapi.json', async () => buildOpenApi());

  // Workers after the core (they use its database, which closes last) and before the areas
  // (which use them); Fastify closes them in the reverse order.
  app.register(corePlugin, { db, options });
  app.register(callbackDelivery);
  app.register(processingQueuePlugin);
  for (const area of areas) app.register(area);

  let closed = false;
  return {
    app,
    db,
    options,
    get url() {
      return app.baseUrl();
    },
    get localUrl() {
      return addressOf(app, options);
    },
    async listen() {
      // The workers start in onListen hooks, once the address is known.
      await app.listen({ host: options.host, port: options.port });
      return app.baseUrl();
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
    },
  };
}

/** Build and listen: the local service on 127.0.0.1. */
export async function startService(options: ServiceOptions): Promise<Service> {
  const service = buildService(options);
  try {
    await service.listen();
  } catch (error) {
    // A taken port: release the database and workers so the caller may try another.
    await service.close().catch(() => undefined);
    throw error;
  }
  return service;
}
