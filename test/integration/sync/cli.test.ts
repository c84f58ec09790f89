import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = path.resolve('bin/docsync.mjs');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function docsync(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { ...process.env, DOCSYNC_API_KEY: '', ...env }, timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  dirs.push(d);
  return d;
}

describe('docsync CLI', { timeout: 240_000 }, () => {
  it('refuses to start on an invalid config, naming the field and the problem', () => {
    const d = tmp();
    const config = path.join(d, 'config.json');
    fs.writeFileSync(config, JSON.stringify({ folders: [{ path: d, onSuccess: 'shred' }] }));
    const r = docsync(['start', '--config', config, '--data', path.join(d, 'data')]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/folders\.0\.onSuccess: /);
    fs.writeFileSync(config, JSON.stringify({ service: { url: 'http://example.com' } }));
    const r2 = docsync(['start', '--config', config, '--data', path.join(d, 'data')], { DOCSYNC_API_KEY: 'k' });
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(/service\.url: .*https/);
    expect(fs.existsSync(path.join(d, 'data', 'state.db'))).toBe(false);
  });

  it('refuses a key file others can read, and never prints the key', () => {
    const d = tmp();
    const keyFile = path.join(d, 'key');
    fs.writeFileSync(keyFile, 'sk-very-secret', { mode: 0o644 });
    fs.chmodSync(keyFile, 0o644);
    const r = docsync(['start', '--config', path.join(d, 'c.json'), '--data', path.join(d, 'data'), '--service-url', 'http://127.0.0.1:9', '--api-key-file', keyFile]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/readable by others/);
    expect(r.out + r.err).not.toContain('sk-very-secret');
  });

  it('adds, lists and removes folders; status --json reports counts per folder', () => {
    const d = tmp();
    const common = ['--config', path.join(d, 'c.json'), '--data', path.join(d, 'data')];
    const folder = path.join(d, 'Scans');
    expect(docsync(['folders', 'add', folder, '--remote-path', 'Scans', '--ocr-model', 'Model_ENG_O5.6', ...common]).code).toBe(0);
    expect(fs.existsSync(folder)).toBe(true);
    const list = JSON.parse(docsync(['folders', 'list', '--json', ...common]).out);
    expect(list).toMatchObject([{ path: folder, remotePath: 'Scans', ocrModel: 'Model_ENG_O5.6' }]);
    const status = JSON.parse(docsync(['status', '--json', ...common]).out);
    expect(status.folders).toMatchObject([{ folder, counts: { exported: 0, failed: 0 }, failures: [] }]);
    expect(docsync(['pause', ...common]).out).toMatch(/paused all folders/);
    expect(JSON.parse(docsync(['status', '--json', ...common]).out).paused).toBe(true);
    expect(docsync(['folders', 'remove', folder, ...common]).code).toBe(0);
    expect(JSON.parse(docsync(['folders', 'list', '--json', ...common]).out)).toEqual([]);
  });
});
