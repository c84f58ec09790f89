// What every area of the service uses, as decorations of the Fastify instance: the database and
// its read snapshot, the resolved options, the address the service is reached at, the secret of
// presigned addresses and `operation` (a route of the contract with auth, rate limit,
// idempotency and validation). The database closes in this plugin's onClose hook, which Fastify
// runs after those of everything registered later (workers, routes).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DB } from './store/sql.js';
import type { ResolvedOptions } from './options.js';
import { RateLimiter } from './rateLimit.js';
import { createRoute, type RouteFn } from './route.js';
import { IdempotencyStore } from './store/idempotency.js';
import { ReadSnapshot } from './store/readSnapshot.js';
import { seedInvoiceFileType } from './store/schemas.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    /** Hot reads that share a read transaction per event-loop turn (store/readSnapshot.ts). */
    reads: ReadSnapshot;
    serviceOptions: ResolvedOptions;
    idempotency: IdempotencyStore;
    /** Secret for signing presigned addresses (upload, preview). */
    urlSecret: Buffer;
    /** The address clients reach this service at (`http://127.0.0.1:PORT`, or the public address behind a proxy), known once listening. */
    baseUrl(): string;
    /** Register an operation of the contract with its handler (validation, auth, idempotency included). */
    operation: RouteFn;
  }
}

/**
 * A secret kept in the data folder, so presigned addresses survive a restart (and, on a shared
 * data folder, an address one team-service process signed is honoured by the others). Written
 * whole under another name and linked into place: of processes starting together, one creates
 * it and the others read that one.
 */
function loadUrlSecret(dataDir: string): Buffer {
  const file = path.join(dataDir, 'url-secret');
  if (!fs.existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
}

/** `http://host:port` of a listening server; a wildcard host is reached on loopback. */
export function addressOf(app: FastifyInstance, options: ResolvedOptions): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function core(app: FastifyInstance, { db, options }: { db: DB; options: ResolvedOptions }): Promise<void> {
  let baseUrl = '';
  const idempotency = new IdempotencyStore(db, 24 * 3600 * 1000, options.now, () => baseUrl);
  const reads = new ReadSnapshot(db);
  const seeded = new Set<string>();
  app.decorate('db', db);
  app.decorate('reads', reads);
  app.decorate('serviceOptions', options);
  app.decorate('idempotency', idempotency);
  app.decorate('urlSecret', loadUrlSecret(options.dataDir));
  app.decorate('baseUrl', () => baseUrl);
  // Set per request by `operation` routes (route.ts): fields of the request object, not a WeakMap entry each.
  app.decorateRequest('caller', null);
  app.decorateRequest('handlerStarted', false);
  const route = createRoute({
    db,
    idempotency,
    limiter: new RateLimiter(options.rateLimit.rate, options.rateLimit.burst),
    // Seed data of a workspace, once per process before its first request.
    ensureWorkspace({ workspaceId }) {
      if (seeded.has(workspaceId)) return;
      seedInvoiceFileType(db, workspaceId);
      seeded.add(workspaceId);
    },
  });
  // Registered on the instance it is called on (an area's own plugin scope).
  app.decorate('operation', function (this: FastifyInstance, ...args: Parameters<RouteFn>) {
    route(this, ...args);
  } as RouteFn);

  let sweeper: NodeJS.Timeout | undefined;
  // Runs before the workers' onListen hooks (registered later): they may hand out addresses.
  app.addHook('onListen', async () => {
    baseUrl = options.publicUrl ?? addressOf(app, options);
    sweeper = setInterval(() => idempotency.sweep(), options.sweepIntervalMs);
    sweeper.unref();
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    reads.close();
    db.close();
  });
}

export const corePlugin = fp(core, { name: 'docsync-service-core' });

/** What runs in the background beside the routes (the processing queue, the callback outbox). */
interface Worker {
  start(): void;
  stop(): Promise<void>;
}

/**
 * A worker as a plugin: decorated as `key` (visible to every area: fastify-plugin), started once
 * the service listens (after the core's hook has set the address) and stopped when it closes
 * (before the core's hook closes the database).
 */
export function backgroundWorker<K extends keyof FastifyInstance>(key: K, create: (app: FastifyInstance) => FastifyInstance[K] & Worker) {
  return fp(
    async (app: FastifyInstance) => {
      const worker: Worker = create(app);
      app.decorate(key as string, worker);
      app.addHook('onListen', async () => worker.start());
      app.addHook('onClose', async () => worker.stop());
    },
    { name: `docsync-${String(key)}`, dependencies: ['docsync-service-core'] },
  );
}
