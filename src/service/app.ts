import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOpenApi } from '../contract/openapi.js';
import { openDatabase, type DB } from '../sqlite.js';
import { resolveOptions, type ResolvedOptions, type ServiceContext, type ServiceOptions } from './context.js';
import { problemBody, problemOf, ServiceProblem } from './errors.js';
import { IdempotencyStore } from './store/idempotency.js';
import { RateLimiter } from './rateLimit.js';
import { createRoute } from './route.js';
import { areas } from './routes/index.js';
import { renderEntries } from './store/fileValues.js';
import { ReadSnapshot } from './store/readSnapshot.js';
import { seedInvoiceFileType } from './store/schemas.js';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'store', 'migrations');

export interface Service {
  app: FastifyInstance;
  ctx: ServiceContext;
  db: DB;
  options: ResolvedOptions;
  /** Start listening and background work; resolves to the base address. */
  listen(): Promise<string>;
  /** The base address (after listen). */
  readonly url: string;
  close(): Promise<void>;
}

/** A secret kept in the data folder, so presigned addresses survive a restart. */
function loadUrlSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'url-secret');
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
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
  const db = openDatabase(path.join(ownerOnlyFolder(options.dataDir), 'service.db'), MIGRATIONS);
  ownerOnlyFiles(options.dataDir, ['service.db', 'service.db-wal', 'service.db-shm']);
  renderEntries(db, 'unrendered');
  const app = Fastify({
    logger: options.logger ? { redact: ['req.headers["x-api-key"]'] } : false,
    genReqId: () => randomUUID(),
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

  let baseUrl = '';
  app.server.headersTimeout = Math.min(options.timeouts.headersMs, options.timeouts.requestMs || Infinity);
  const idempotency = new IdempotencyStore(db, 24 * 3600 * 1000, options.now, () => baseUrl);
  const limiter = new RateLimiter(options.rateLimit.rate, options.rateLimit.burst);
  const seeders: Array<(w: { workspaceId: string; organizationId: string }) => void> = [];
  const starters: Array<() => void | Promise<void>> = [];
  const stoppers: Array<() => void | Promise<void>> = [];
  const seeded = new Set<string>();

  const reads = new ReadSnapshot(db);
  const ctx: ServiceContext = {
    app,
    db,
    reads,
    options,
    idempotency,
    route: createRoute(app, {
      db,
      idempotency,
      limiter,
      ensureWorkspace(auth) {
        if (seeded.has(auth.workspaceId)) return;
        for (const seed of seeders) seed({ workspaceId: auth.workspaceId, organizationId: auth.organizationId });
        seeded.add(auth.workspaceId);
      },
    }),
    baseUrl: () => baseUrl,
    urlSecret: loadUrlSecret(options.dataDir),
    onWorkspace: (seed) => seeders.push(seed),
    onStart: (start) => starters.push(start),
    onStop: (stop) => stoppers.push(stop),
  };

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

  ctx.onWorkspace(({ workspaceId }) => seedInvoiceFileType(db, workspaceId));
  for (const register of areas) register(ctx);

  let sweeper: NodeJS.Timeout | undefined;
  let closed = false;
  const service: Service = {
    app,
    ctx,
    db,
    options,
    get url() {
      return baseUrl;
    },
    async listen() {
      await app.listen({ host: options.host, port: options.port });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
      baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      for (const start of starters) await start();
      sweeper = setInterval(() => idempotency.sweep(), options.sweepIntervalMs);
      sweeper.unref();
      return baseUrl;
    },
    async close() {
      if (closed) return;
      closed = true;
      if (sweeper) clearInterval(sweeper);
      for (const stop of stoppers.reverse()) await stop();
      await app.close();
      reads.close();
      db.close();
    },
  };
  return service;
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
