// Property: whatever a client sends to the control API (generated bodies, paths, query strings,
// folder paths), the answer is never a 500 (an internal error) and every error is `{ error: { code, message } }`.
// Runs against a real server over HTTP; CONTROL_FUZZ_RUNS raises the number of cases.
import fc from 'fast-check';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DaemonAdapter } from '../../../src/control/daemonAdapter.js';
import { startControlServer, type ControlServer } from '../../../src/control/server.js';
import { parseConfig, saveConfig } from '../../../src/sync/config.js';
import { SyncEmitter } from '../../../src/sync/events.js';

const TOKEN = 'fuzz-token';
const RUNS = Number(process.env.CONTROL_FUZZ_RUNS ?? 150);
let root: string;
let adapter: DaemonAdapter;
let server: ControlServer;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  const folder = path.join(root, 'Invoices');
  fs.mkdirSync(folder);
  const configFile = path.join(root, 'config.json');
  saveConfig(configFile, parseConfig({ folders: [{ path: folder }] }));
  adapter = new DaemonAdapter({
    locations: { configFile, dataDir: path.join(root, 'data') }, emitter: new SyncEmitter(), serviceUrl: 'http://127.0.0.1:9', embedded: true, inbox: folder, apiKey: 'k',
  });
  server = await startControlServer({ control: adapter, token: TOKEN });
});
afterAll(async () => {
  await server.close();
  adapter.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Sends one request; fails the property on a 500 or an error answer without code and message. */
async function check(method: string, route: string, body?: string): Promise<void> {
  const res = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body,
  });
  const text = await res.text();
  // 502/503 are fine: the agent's routes proxy to a service that is not running here.
  expect(res.status, `${method} ${route} ${body ?? ''} -> ${text}`).not.toBe(500);
  if (res.status >= 400) {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof parsed.error?.code, text).toBe('string');
    expect(typeof parsed.error?.message, text).toBe('string');
  }
}

const weirdPath = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('/', '//', '/\0x', '\0', '~', '..', '/etc/../', 'C:\\', '\\\\server\\share', '/tmp/a\nb', ' ', '/proc/self', '/dev/null'),
  fc.array(fc.constantFrom('a', '..', '.', '', ' ', '\n', 'é', '\u0000', '%2e'), { maxLength: 6 }).map((p) => '/' + p.join('/')),
);

describe('control API fuzzing', () => {
  it('never answers 500 to folder requests with generated paths and options', async () => {
    const folderBody = fc.record(
      { path: weirdPath, remotePath: fc.string(), exclude: fc.array(fc.string(), { maxLength: 3 }), links: fc.constantFrom('skip', 'inside', 'all'), watch: fc.string() },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('POST', 'PATCH', 'DELETE'), folderBody, async (method, body) => check(method, '/api/folders', JSON.stringify(body))),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('never answers 500 to generated bodies, raw text and routes', async () => {
    const routes = ['/api/settings', '/api/pause', '/api/resume', '/api/retry', '/api/test-connection', '/api/files/1/retry', '/api/agent/sessions'];
    const body = fc.oneof(fc.json(), fc.string(), fc.constant('{"a":'), fc.constant('null'), fc.constant('[]'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.constantFrom('POST', 'PUT'), body, async (route, method, b) => check(method, route, b)),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('never answers 500 to generated paths and query strings', async () => {
    const segment = fc.oneof(fc.string(), fc.constantFrom('..', '%00', '%ff', '%', '0', '-1', '1e309', '99999999999999999999'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/api/files/', '/api/files?', '/api/logs?limit=', '/api/files/1/open/', '/api/agent/jobs/'), segment, async (prefix, s) =>
        check('GET', prefix + encodeURIComponent(s).replace(/%25/g, s.includes('%') ? '%' : '%25')),
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
