// Issue 18: generated requests against the control API (src/control) over HTTP on 127.0.0.1,
// beside a real local service. Read-only: the methods are GET and HEAD, so the fuzzer changes
// nothing of the daemon's configuration. Property: never a 500, never a crash, every error a
// JSON error body. FUZZ_RUNS=N runs more, FUZZ_SEED=S replays a printed seed.
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DaemonAdapter } from '../../../src/control/daemonAdapter.js';
import { COOKIE } from '../../../src/control/security.js';
import { startControlServer, type ControlServer } from '../../../src/control/server.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { parseConfig, saveConfig } from '../../../src/sync/config.js';
import { SyncEmitter } from '../../../src/sync/events.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = process.env.FUZZ_SEED === undefined ? Date.now() % 2 ** 31 : Number(process.env.FUZZ_SEED);
const TOKEN = 'fuzz-token-0123456789abcdef';

let root: string;
let service: TestService;
let adapter: DaemonAdapter;
let server: ControlServer;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  const folder = path.join(root, 'Invoices');
  fs.mkdirSync(folder);
  const configFile = path.join(root, 'config.json');
  saveConfig(configFile, parseConfig({ folders: [{ path: folder }] }));
  service = await startTestService();
  adapter = new DaemonAdapter({
    locations: { configFile, dataDir: path.join(root, 'data') },
    emitter: new SyncEmitter(), serviceUrl: service.url, embedded: false, inbox: folder, apiKey: service.key.key,
  });
  server = await startControlServer({ control: adapter, token: TOKEN });
});
afterAll(async () => {
  await server.close();
  adapter.close();
  await service.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '..', '../../etc/passwd', '%00', '-1', '0', '1e309', 'NaN', '99999999999999999999', 'a'.repeat(3000), '💥', '1', '2'),
  fc.uuid().map(String),
);
const segment = fc.oneof(text.map(encodeURIComponent), fc.constantFrom('%', '%E0%A4%A', '%2e%2e', '..', '%ZZ', '%00', 'file', 'json', 'csv', 'ledger-xlsx'));
const ROUTES = [
  '/api/status', '/api/files', '/api/files/{}', '/api/files/{}/open/{}', '/api/folders', '/api/settings', '/api/schemas', '/api/logs',
  '/api/agent/sessions', '/api/agent/sessions/{}', '/api/agent/jobs/{}', '/api/{}', '/{}',
];
const headerText = fc.string({ unit: fc.constantFrom(...' !#$%&*+-.0123456789:;=?@ABCXYZ^_`abcxyz|~/,'.split('')), maxLength: 60 });

const requestArb = fc
  .record({
    route: fc.constantFrom(...ROUTES),
    params: fc.array(segment, { minLength: 2, maxLength: 2 }),
    query: fc.dictionary(fc.oneof(fc.constantFrom('folder', 'status', 'q', 'limit', 'offset', 'cursor', 'sort', 'order'), headerText), text, { maxKeys: 4 }),
    method: fc.constantFrom('GET', 'GET', 'GET', 'HEAD'),
    auth: fc.constantFrom('bearer', 'bearer', 'bearer', 'header', 'cookie', 'wrong', 'none'),
    // Mostly absent (the page's own requests), so most requests get past the host and origin checks.
    origin: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, fc.constantFrom('http://127.0.0.1:1', 'http://evil.example', 'null'), headerText),
    host: fc.oneof({ arbitrary: fc.constant(undefined), weight: 8 }, fc.constantFrom('evil.example', 'localhost', '127.0.0.1:1')),
  })
  .map((r) => {
    let i = 0;
    let url = r.route.replace(/\{\}/g, () => r.params[i++]!);
    const query = new URLSearchParams(r.query).toString();
    if (query) url += `?${query}`;
    const headers: Record<string, string> = {};
    if (r.auth === 'bearer') headers.authorization = `Bearer ${TOKEN}`;
    else if (r.auth === 'header') headers['x-docsync-token'] = TOKEN;
    else if (r.auth === 'cookie') headers.cookie = `${COOKIE}=${TOKEN}`;
    else if (r.auth === 'wrong') headers.authorization = 'Bearer nope';
    if (r.origin !== undefined) headers.origin = r.origin;
    if (r.host !== undefined) headers.host = r.host;
    return { method: r.method, url, headers };
  });

describe('fuzzing the control API over HTTP (read-only)', () => {
  it(`never answers 500 and answers every error with a JSON error body (${RUNS} requests, seed ${SEED})`, async () => {
    const statuses = new Map<number, number>();
    const fastifyShaped = new Map<number, number>();
    try {
      await fc.assert(
        fc.asyncProperty(requestArb, async (sent) => {
          const res = await request(server.url + sent.url, { method: sent.method as 'GET', headers: sent.headers });
          const body = await res.body.text();
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          if (res.statusCode >= 500) throw new Error(`${res.statusCode} for ${sent.method} ${sent.url}: ${body.slice(0, 300)}`);
          if (res.statusCode >= 400 && sent.method === 'GET') {
            const parsed = JSON.parse(body) as { error?: { code?: unknown } | string; statusCode?: unknown };
            if (typeof parsed.error === 'object' && typeof parsed.error.code === 'string') return;
            // Fastify's own shape: the control API sets no not-found handler nor router error
            // handler, so unknown routes and broken percent-encoding answer `{ message, error,
            // statusCode }`. Counted and printed (the control API's owner decides), not failed.
            if (parsed.statusCode !== res.statusCode) throw new Error(`${res.statusCode} without an error body for ${sent.url}: ${body.slice(0, 200)}`);
            fastifyShaped.set(res.statusCode, (fastifyShaped.get(res.statusCode) ?? 0) + 1);
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    } catch (error) {
      console.error(`control API fuzz failed: replay with FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
      throw error;
    }
    console.info(`control API fuzz: ${RUNS} requests, seed ${SEED}, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}, in Fastify's shape ${JSON.stringify(Object.fromEntries(fastifyShaped))}`);
    const status = await request(`${server.url}/api/status`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(status.statusCode).toBe(200);
    await status.body.dump();
  }, 60_000);
});
