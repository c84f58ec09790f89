// The control API through real HTTP: only the UI's own origin, a session cookie that is not the
// token (SameSite=Strict, HttpOnly, kept across restarts as hashes only), the X-Docsync header on
// cookie-authenticated changes, the shared folder rules, and settings checked as a start would.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DaemonAdapter } from '../../../src/control/daemonAdapter.js';
import { startControlServer, type ControlServer } from '../../../src/control/server.js';
import { loadConfig, parseConfig, saveConfig } from '../../../src/sync/config.js';
import { SyncEmitter } from '../../../src/sync/events.js';

const TOKEN = 'test-token-0123456789';
let root: string;
let folder: string;
let dataDir: string;
let configFile: string;
let adapter: DaemonAdapter;
let server: ControlServer;

async function startServer(): Promise<void> {
  server = await startControlServer({ control: adapter, token: TOKEN, sessionsFile: path.join(dataDir, 'control-sessions') });
}

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  folder = path.join(root, 'Invoices');
  dataDir = path.join(root, 'data');
  fs.mkdirSync(folder);
  configFile = path.join(root, 'config.json');
  saveConfig(configFile, parseConfig({ folders: [{ path: folder }] }));
  adapter = new DaemonAdapter({
    locations: { configFile, dataDir }, emitter: new SyncEmitter(), serviceUrl: 'http://127.0.0.1:9', embedded: true, inbox: folder, apiKey: 'k',
  });
  await startServer();
});
afterEach(async () => {
  await server.close();
  adapter.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Follows the one-time login link as a browser would; returns the cookie pair it sets. */
async function login(): Promise<{ cookie: string; setCookie: string }> {
  const res = await fetch(server.loginLink(), { redirect: 'manual' });
  expect(res.status).toBe(302);
  const setCookie = res.headers.get('set-cookie')!;
  return { cookie: setCookie.split(';')[0]!, setCookie };
}

const bearer = { authorization: `Bearer ${TOKEN}` };
const json = { 'content-type': 'application/json' };

describe('control API sessions', () => {
  it('exchanges the login link for a random session id, never the token, HttpOnly and SameSite=Strict', async () => {
    const { cookie, setCookie } = await login();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toContain(TOKEN);
    expect((await fetch(`${server.url}/api/status`, { headers: { cookie } })).status).toBe(200);
    // A cookie holding the token (what the old login set) is not a session.
    expect((await fetch(`${server.url}/api/status`, { headers: { cookie: `docsync_session=${TOKEN}` } })).status).toBe(401);
    const stored = fs.readFileSync(path.join(dataDir, 'control-sessions'), 'utf8');
    expect(stored).not.toContain(cookie.split('=')[1]!); // hashes only
    expect(fs.statSync(path.join(dataDir, 'control-sessions')).mode & 0o777).toBe(0o600);
  });

  it('keeps a session across a restart of the server', async () => {
    const { cookie } = await login();
    await server.close();
    await startServer();
    expect((await fetch(`${server.url}/api/status`, { headers: { cookie } })).status).toBe(200);
  });

  it('needs X-Docsync on a cookie-authenticated change; the token alone is enough for scripts', async () => {
    const { cookie } = await login();
    const pause = (headers: Record<string, string>) => fetch(`${server.url}/api/pause`, { method: 'POST', headers: { ...json, ...headers }, body: '{}' });
    const refused = await pause({ cookie });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('CSRF_HEADER_MISSING');
    expect((await pause({ cookie, 'x-docsync': '1' })).status).toBe(200);
    expect((await pause(bearer)).status).toBe(200);
    expect((await fetch(`${server.url}/api/status`, { headers: { cookie } })).status).toBe(200); // reads need no header
  });
});

describe('control API origins', () => {
  it("accepts only the UI's own origin, not another loopback port", async () => {
    const port = new URL(server.url).port;
    const status = (origin: string) => fetch(`${server.url}/api/status`, { headers: { ...bearer, origin } }).then((r) => r.status);
    expect(await status(`http://127.0.0.1:${port}`)).toBe(200);
    expect(await status(`http://localhost:${port}`)).toBe(200);
    expect(await status(`http://127.0.0.1:${Number(port) + 1}`)).toBe(403);
    expect(await status('http://localhost:3000')).toBe(403);
    expect(await status(`https://127.0.0.1:${port}`)).toBe(403);
    expect(await status('https://evil.example')).toBe(403);
    expect(await status('null')).toBe(403);
  });
});

describe('folders through the control API', () => {
  const add = (p: string) =>
    fetch(`${server.url}/api/folders`, { method: 'POST', headers: { ...bearer, ...json }, body: JSON.stringify({ path: p }) }).then(async (r) => ({
      status: r.status,
      code: ((await r.json()) as { error?: { code: string } }).error?.code,
    }));

  it('applies every rule of the shared folder check', async () => {
    const typo = path.join(root, 'Invoicse');
    expect(await add(typo)).toEqual({ status: 422, code: 'FOLDER_NOT_FOUND' });
    expect(fs.existsSync(typo)).toBe(false); // refused, never created
    fs.writeFileSync(path.join(root, 'file.pdf'), 'x');
    expect(await add(path.join(root, 'file.pdf'))).toEqual({ status: 422, code: 'NOT_A_FOLDER' });
    expect(await add('relative/path')).toEqual({ status: 422, code: 'INVALID_PATH' });
    expect(await add('/')).toEqual({ status: 422, code: 'ROOT_FOLDER' });
    expect(await add(os.homedir())).toEqual({ status: 422, code: 'HOME_FOLDER' });
    fs.mkdirSync(path.join(dataDir, 'inside'), { recursive: true });
    expect(await add(dataDir)).toEqual({ status: 422, code: 'DATA_FOLDER' });
    expect(await add(path.join(dataDir, 'inside'))).toEqual({ status: 422, code: 'DATA_FOLDER' });
    expect(await add(root)).toEqual({ status: 422, code: 'DATA_FOLDER' }); // holds the data folder
    fs.symlinkSync(dataDir, path.join(root, 'data-link'));
    expect(await add(path.join(root, 'data-link'))).toEqual({ status: 422, code: 'DATA_FOLDER' });
    expect(await add(folder)).toEqual({ status: 409, code: 'ALREADY_WATCHED' });
    fs.mkdirSync(path.join(folder, 'Sub'));
    expect(await add(path.join(folder, 'Sub'))).toEqual({ status: 422, code: 'NESTED_FOLDER' });
    const other = path.join(root, 'Receipts');
    fs.mkdirSync(other);
    expect((await add(other)).status).toBe(201);
    expect(loadConfig(configFile).folders.map((f) => f.path)).toEqual([folder, other]);
  });
});

describe('settings through the control API', () => {
  const put = (body: unknown) =>
    fetch(`${server.url}/api/settings`, { method: 'PUT', headers: { ...bearer, ...json }, body: JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      error: ((await r.json()) as { error?: { code: string; message: string } }).error,
    }));

  it('refuses a configuration that would stop the next start, naming the field, and writes nothing', async () => {
    const before = fs.readFileSync(configFile, 'utf8');
    const plain = await put({ service: { mode: 'remote', url: 'http://example.com', apiKey: 'sk-1' } });
    expect(plain.status).toBe(422);
    expect(plain.error?.message).toMatch(/^service\.url: /);
    const noKey = await put({ service: { mode: 'remote', url: 'https://api.example.com' } });
    expect(noKey.status).toBe(422);
    expect(noKey.error?.message).toMatch(/API key|apiKeyFile/);
    expect(fs.readFileSync(configFile, 'utf8')).toBe(before);
    // A config file edited by hand into something invalid: the next save is refused, naming the field.
    const raw = JSON.parse(before) as { folders: Array<Record<string, unknown>> };
    raw.folders[0]!.onSuccess = 'shred';
    fs.writeFileSync(configFile, JSON.stringify(raw));
    const broken = await put({ concurrency: 2 });
    expect(broken.status).toBe(422);
    expect(broken.error?.message).toMatch(/folders\.0\.onSuccess/);
  });

  it('saves a valid change', async () => {
    expect((await put({ concurrency: 3 })).status).toBe(200);
    expect(loadConfig(configFile).concurrency).toBe(3);
  });
});
