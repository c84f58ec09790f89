// Starts a real local service for tests and benchmarks: a temp data folder, 127.0.0.1, a key.
// In the `postgres` test project (DOCSYNC_TEST_ENGINE=postgres; its global setup starts a
// throw-away cluster at DOCSYNC_TEST_POSTGRES_URL) each service gets a fresh schema of that database instead of
// a SQLite file: the same tests run against both engines.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService, type Service } from './app.js';
import type { ServiceOptions } from './options.js';
import { PostgresDatabase } from './store/postgres/database.js';
import { createKey, type CreatedKey, type CreateKeyOptions } from './store/tenancy.js';

/** The address of a new, empty schema of the PostgreSQL database at `url` (its search_path set to it). */
export function freshPostgresSchema(url: string): string {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const db = new PostgresDatabase(url);
  try {
    db.exec(`CREATE SCHEMA ${schema}`);
  } finally {
    db.close();
  }
  const address = new URL(url);
  address.searchParams.set('options', `-c search_path=${schema}`);
  return address.toString();
}

/** PostgreSQL schemas of data folders: a test that starts a service again on its folder finds its data again. */
const schemaOfDataDir = new Map<string, string>();

/**
 * The test cluster's address in the `postgres` test project, else undefined. Its global setup
 * sets the address for the workers of every project, so the engine variable decides.
 */
export const testPostgresUrl = (): string | undefined =>
  process.env.DOCSYNC_TEST_ENGINE === 'postgres' ? process.env.DOCSYNC_TEST_POSTGRES_URL : undefined;

/** The database of a test service: the one asked for, else a schema of the test cluster (postgres project), else SQLite. */
function testDatabase(options: Partial<ServiceOptions>, dataDir: string): string | undefined {
  if ('database' in options) return options.database;
  const url = testPostgresUrl();
  if (!url) return undefined;
  let schema = schemaOfDataDir.get(dataDir);
  if (!schema) schemaOfDataDir.set(dataDir, (schema = freshPostgresSchema(url)));
  return schema;
}

export interface TestService {
  service: Service;
  url: string;
  dataDir: string;
  /** A full-access key of the default workspace. */
  key: CreatedKey;
  createKey(options?: CreateKeyOptions): CreatedKey;
  /** Call the service with the default key (or `key`), JSON in and out. */
  request(method: string, urlPath: string, init?: { body?: unknown; key?: string | null; headers?: Record<string, string> }): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

export async function startTestService(options: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-service-'));
  const database = testDatabase(options, dataDir);
  const service = await startService({ allowInsecureCallbacks: true, rateLimit: { rate: 10_000, burst: 10_000 }, ...options, dataDir, database });
  const key = createKey(service.db);
  const ownsDir = options.dataDir === undefined;
  return {
    service,
    // Requests go to the process itself, also when the addresses it hands out name a proxy (publicUrl).
    url: service.localUrl,
    dataDir,
    key,
    createKey: (o) => createKey(service.db, o),
    async request(method, urlPath, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      const apiKey = init.key === undefined ? key.key : init.key;
      if (apiKey !== null) headers['x-api-key'] = apiKey;
      let body: string | undefined;
      if (init.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      }
      const send = () => fetch(service.localUrl + urlPath, { method, headers, body });
      // A kept-alive socket the server closed as the request went out (its idle timer and ours ran late
      // together on a busy loop): a GET is asked again, as the real client does.
      const res = await send().catch((err: unknown) => {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        if ((method === 'GET' || method === 'HEAD') && code === 'ECONNRESET') return send();
        throw err;
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    async close() {
      await service.close();
      if (ownsDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
