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
    fs.mkdirSync(folder);
    expect(docsync(['folders', 'add', folder, '--remote-path', 'Scans', '--ocr-model', 'Model_ENG_O5.6', ...common]).code).toBe(0);
    const list = JSON.parse(docsync(['folders', 'list', '--json', ...common]).out);
    expect(list).toMatchObject([{ path: folder, remotePath: 'Scans', ocrModel: 'Model_ENG_O5.6' }]);
    const status = JSON.parse(docsync(['status', '--json', ...common]).out);
    expect(status.folders).toMatchObject([{ folder, counts: { exported: 0, failed: 0 }, failures: [] }]);
    expect(docsync(['pause', ...common]).out).toMatch(/paused all folders/);
    expect(JSON.parse(docsync(['status', '--json', ...common]).out).paused).toBe(true);
    expect(docsync(['folders', 'remove', folder, ...common]).code).toBe(0);
    expect(JSON.parse(docsync(['folders', 'list', '--json', ...common]).out)).toEqual([]);
  });

  it('refuses folders that break the shared folder rules, with a clear message, creating nothing', () => {
    const d = tmp();
    const data = path.join(d, 'data');
    const common = ['--config', path.join(d, 'c.json'), '--data', data];
    const add = (p: string) => docsync(['folders', 'add', p, ...common]);
    const refused = (p: string, code: string) => {
      const r = add(p);
      expect(r.code, r.err).toBe(1);
      expect(r.err).toMatch(new RegExp(`^docsync: cannot watch this folder \\(${code}\\): .+\\n$`));
      expect(r.err).not.toMatch(/\n\s+at /); // no stack trace
    };
    refused(path.join(d, 'Scnas'), 'FOLDER_NOT_FOUND');
    expect(fs.existsSync(path.join(d, 'Scnas'))).toBe(false);
    fs.writeFileSync(path.join(d, 'a.pdf'), 'x');
    refused(path.join(d, 'a.pdf'), 'NOT_A_FOLDER');
    refused('/', 'ROOT_FOLDER');
    refused(os.homedir(), 'HOME_FOLDER');
    fs.mkdirSync(path.join(data, 'logs'), { recursive: true });
    refused(data, 'DATA_FOLDER');
    refused(path.join(data, 'logs'), 'DATA_FOLDER');
    refused(d, 'DATA_FOLDER');
    const scans = path.join(d, 'Scans');
    fs.mkdirSync(path.join(scans, 'Sub'), { recursive: true });
    expect(add(scans).code).toBe(0);
    refused(scans, 'ALREADY_WATCHED');
    refused(path.join(scans, 'Sub'), 'NESTED_FOLDER');
    // A relative path is taken from the working directory, as a shell user means it.
    const r = spawnSync(process.execPath, [BIN, 'folders', 'add', 'Sub', ...common], { cwd: scans, encoding: 'utf8', env: { ...process.env, DOCSYNC_API_KEY: '' } });
    expect(r.stderr).toMatch(/NESTED_FOLDER/);
    expect(JSON.parse(docsync(['folders', 'list', '--json', ...common]).out).map((f: { path: string }) => f.path)).toEqual([scans]);
  });

  it('says in one line that a read-only state.db cannot be written, exit code 1, no stack trace', () => {
    const d = tmp();
    const data = path.join(d, 'data');
    const common = ['--config', path.join(d, 'c.json'), '--data', data];
    expect(docsync(['status', ...common]).code).toBe(0); // creates state.db
    const db = path.join(data, 'state.db');
    const undo = makeReadOnly(db);
    try {
      for (const args of [['status'], ['pause'], ['start', '--ui-port', '0']]) {
        const r = docsync([...args, ...common]);
        expect(r.code, `${args[0]}: ${r.err}`).toBe(1);
        expect(r.err).toMatch(/^docsync: cannot open the state database .*state\.db for writing: .+\n$/);
        expect(r.err.split('\n').filter(Boolean)).toHaveLength(1);
      }
    } finally {
      undo();
    }
  });
});

/**
 * Makes a file unwritable for this process, as really as the machine allows: as root chmod does
 * not stop writes, so the immutable attribute (chattr +i), else a read-only bind mount of its
 * folder; as another user, chmod 444.
 */
function makeReadOnly(file: string): () => void {
  if (process.getuid?.() !== 0) {
    fs.chmodSync(file, 0o444);
    return () => fs.chmodSync(file, 0o644);
  }
  if (spawnSync('chattr', ['+i', file]).status === 0) return () => void spawnSync('chattr', ['-i', file]);
  const dir = path.dirname(file);
  if (spawnSync('mount', ['--bind', dir, dir]).status === 0 && spawnSync('mount', ['-o', 'remount,bind,ro', dir]).status === 0) {
    return () => void spawnSync('umount', [dir]);
  }
  throw new Error('cannot make a file read-only here (no chattr, no bind mount)');
}
