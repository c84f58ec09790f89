import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readApiKey, checkServiceUrl } from '../../../src/sync/apikey.js';
import { ConfigError, addFolder, loadConfig, parseConfig, removeFolder, saveConfig } from '../../../src/sync/config.js';

const dirs: string[] = [];
function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  dirs.push(d);
  return d;
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function errorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('config', () => {
  it('applies defaults to an empty config', () => {
    const c = parseConfig({});
    expect(c.concurrency).toBe(4);
    expect(c.settleMs).toBe(1000);
    expect(c.rescanIntervalMs).toBe(3_600_000);
    expect(c.folders).toEqual([]);
  });

  it('names the offending field', () => {
    const err = errorOf(() => parseConfig({ folders: [{ path: '/x', duplicates: 'maybe' }] }));
    expect(err.code).toBe('CONFIG_INVALID');
    expect(err.field).toBe('folders.0.duplicates');
    expect(err.message).toMatch(/^folders\.0\.duplicates: /);
  });

  it('shared folders: claims on by default with a minute\'s lease; a bad value names the field', () => {
    expect(parseConfig({}).sharedFolders).toEqual({ claims: 'auto', leaseMs: 60_000 });
    expect(parseConfig({ sharedFolders: { claims: 'off' } }).sharedFolders).toEqual({ claims: 'off', leaseMs: 60_000 });
    expect(errorOf(() => parseConfig({ sharedFolders: { leaseMs: 10 } })).field).toBe('sharedFolders.leaseMs');
    expect(errorOf(() => parseConfig({ sharedFolders: { claims: 'sometimes' } })).field).toBe('sharedFolders.claims');
    expect(errorOf(() => parseConfig({ sharedFolders: { lease: 5000 } })).field).toBe('sharedFolders');
    // Network shares: polling and its interval.
    expect(parseConfig({ folders: [{ path: '/x', watch: 'poll', pollIntervalMs: 500 }] }).folders[0]).toMatchObject({ watch: 'poll', pollIntervalMs: 500 });
    expect(errorOf(() => parseConfig({ folders: [{ path: '/x', pollIntervalMs: 0 }] })).field).toBe('folders.0.pollIntervalMs');
  });

  it('rejects unknown keys and an API key in the config', () => {
    expect(errorOf(() => parseConfig({ concurency: 3 })).message).toMatch(/concurency|Unrecognized/);
    expect(errorOf(() => parseConfig({ apiKey: 'k' })).field).toBe('apiKey');
  });

  it('reports invalid JSON and treats a missing file as empty', () => {
    const d = tmp();
    const file = path.join(d, 'config.json');
    expect(loadConfig(file).folders).toEqual([]);
    fs.writeFileSync(file, '{ nope');
    expect(errorOf(() => loadConfig(file)).code).toBe('CONFIG_JSON');
  });

  it('adds and removes folders, writing the file atomically', () => {
    const d = tmp();
    const file = path.join(d, 'sub', 'config.json');
    let c = addFolder(parseConfig({}), { path: path.join(d, 'in'), remotePath: 'Invoices' });
    saveConfig(file, c);
    c = loadConfig(file);
    expect(c.folders[0]!.path).toBe(path.join(d, 'in'));
    expect(c.folders[0]!.remotePath).toBe('Invoices');
    expect(() => addFolder(c, { path: path.join(d, 'in') })).toThrow(/listed twice/);
    const r = removeFolder(c, path.join(d, 'in'));
    expect(r.removed).toBe(true);
    expect(r.config.folders).toEqual([]);
  });
});

describe('API key', () => {
  it('prefers DOCSYNC_API_KEY', () => {
    expect(readApiKey({ env: { DOCSYNC_API_KEY: ' k1 ' } })).toBe('k1');
  });

  it('reads an owner-only key file and refuses one others can read', () => {
    const d = tmp();
    const f = path.join(d, 'key');
    fs.writeFileSync(f, 'secret\n', { mode: 0o600 });
    expect(readApiKey({ env: {}, keyFile: f })).toBe('secret');
    fs.chmodSync(f, 0o644);
    expect(errorOf(() => readApiKey({ env: {}, keyFile: f })).code).toBe('API_KEY_UNSAFE');
    expect(errorOf(() => readApiKey({ env: {} })).code).toBe('API_KEY_MISSING');
  });

  it('accepts plain http for loopback only', () => {
    expect(() => checkServiceUrl('http://127.0.0.1:3000')).not.toThrow();
    expect(() => checkServiceUrl('https://api.example.com')).not.toThrow();
    expect(errorOf(() => checkServiceUrl('http://api.example.com')).field).toBe('service.url');
  });
});
