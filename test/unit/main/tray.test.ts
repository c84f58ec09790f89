import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NotificationGate } from '../../../main/notifier.js';
import { adoptPlainKey, SecretFile, type Cipher } from '../../../main/secrets.js';
import { daemonEnv, RestartPolicy } from '../../../main/supervisor.js';
import { TRAY_WORDS, trayIcon, trayLang, trayMenu, trayTooltip, type OverallStatus } from '../../../main/trayState.js';

const folder = (state: 'idle' | 'syncing' | 'paused' | 'error', counts: Record<string, number> = {}) => ({ path: '/in', state, counts });

describe('tray state', () => {
  it('shows error before paused before syncing before idle', () => {
    expect(trayIcon({ paused: false, folders: [folder('idle', { exported: 3 })] })).toBe('idle');
    expect(trayIcon({ paused: false, folders: [folder('idle', { uploading: 1 })] })).toBe('syncing');
    expect(trayIcon({ paused: true, folders: [folder('idle', { uploading: 1 })] })).toBe('paused');
    expect(trayIcon({ paused: true, folders: [folder('idle', { failed: 1 })] })).toBe('error');
    expect(trayIcon({ paused: false, folders: [], offline: true })).toBe('error');
  });

  it('counts in the tooltip and offers Resume only when paused', () => {
    const status: OverallStatus = { paused: true, folders: [folder('paused', { exported: 5, failed: 2, processing: 1 })] };
    expect(trayTooltip(status)).toBe('docsync (paused): 2 failed, 5 done, 1 in progress');
    expect(trayTooltip({ paused: false, folders: [folder('idle', { exported: 5 })] })).toBe('docsync: 5 done, up to date');
    expect(trayTooltip({ ...status, paused: false, toReview: 7 })).toBe('docsync: 2 failed, 7 to review, 5 done, 1 in progress');
    expect(trayMenu(status).map((m) => m.id)).toEqual(['open', 'resume', 'inbox', 'separator', 'login', 'quit']);
    expect(trayMenu(status, true).find((m) => m.id === 'login')?.checked).toBe(true);
    expect(trayMenu(status, false).find((m) => m.id === 'login')?.checked).toBe(false);
    expect(trayMenu({ ...status, paused: false }).map((m) => m.id)).toContain('pause');
  });
});

describe('tray attention', () => {
  it('lets what needs a person win over "up to date", with its count', () => {
    const idle = [folder('idle', { exported: 4 })];
    const attention = (items: Array<{ kind: string; count: number }>) => ({ state: items[0]?.kind ?? 'ok', items });
    const review = { paused: false, folders: idle, attention: attention([{ kind: 'review', count: 3 }]) };
    expect(trayIcon(review)).toBe('error');
    expect(trayTooltip(review)).toBe('docsync: 3 to review, 4 done');
    const down = { paused: false, folders: idle, attention: attention([{ kind: 'unreachable', count: 2 }, { kind: 'failed', count: 1 }]) };
    expect(trayTooltip(down)).toBe('docsync: service unreachable (2 waiting), 1 failed, 4 done');
    expect(trayIcon({ paused: false, folders: idle, attention: attention([{ kind: 'missing', count: 1 }]) })).toBe('error');
    expect(trayTooltip({ paused: false, folders: idle, attention: attention([{ kind: 'diskFull', count: 1 }]) })).toMatch(/^docsync: disk full/);
    expect(trayIcon({ paused: false, folders: idle, attention: attention([{ kind: 'paused', count: 1 }]) })).toBe('paused');
    expect(trayIcon({ paused: false, folders: idle, attention: attention([]) })).toBe('idle');
  });
});

describe('tray in Japanese', () => {
  it('speaks the language of the OS, with every word in both languages', () => {
    expect(trayLang('ja-JP')).toBe('ja');
    expect(trayLang('en-GB')).toBe('en');
    expect(Object.keys(TRAY_WORDS.ja).sort()).toEqual(Object.keys(TRAY_WORDS.en).sort());
    const idle = [folder('idle', { exported: 4, failed: 1 })];
    expect(trayTooltip({ paused: false, folders: idle, toReview: 3 }, 'ja')).toBe('docsync：失敗 1 件、要確認 3 件、完了 4 件');
    expect(trayTooltip({ paused: false, folders: [folder('idle', { exported: 4 })] }, 'ja')).toBe('docsync：完了 4 件、最新の状態');
    expect(trayTooltip({ paused: false, folders: [], offline: true }, 'ja')).toBe('docsync：停止中（再起動しています）');
    expect(trayMenu({ paused: true, folders: idle }, false, 'ja').map((m) => m.label)).toEqual(['docsync を開く', '同期を再開', '受信フォルダーを開く', undefined, 'ログイン時に起動', 'docsync を終了']);
  });
});

describe('restart policy', () => {
  it('doubles the delay on quick crashes up to the cap and resets after a stable run', () => {
    const policy = new RestartPolicy({ initialMs: 100, maxMs: 500, stableAfterMs: 10_000 });
    expect([policy.nextDelay(10), policy.nextDelay(10), policy.nextDelay(10), policy.nextDelay(10), policy.nextDelay(10)]).toEqual([
      100, 200, 400, 500, 500,
    ]);
    expect(policy.nextDelay(20_000)).toBe(100);
  });
});

describe('notification gate', () => {
  it('groups failures per folder and shows at most one notice per interval', () => {
    let now = 0;
    const gate = new NotificationGate(1000, () => now);
    gate.add({ folder: '/x/Invoices', file: 'a.pdf', reason: 'corrupt PDF' });
    expect(gate.flush()).toEqual([{ folder: '/x/Invoices', title: 'docsync: a file failed in Invoices', body: 'a.pdf: corrupt PDF' }]);
    gate.add({ folder: '/x/Invoices', file: 'b.pdf', reason: 'r' });
    gate.add({ folder: '/x/Invoices', file: 'c.pdf', reason: 'r' });
    expect(gate.flush()).toEqual([]);
    now = 1500;
    expect(gate.flush()[0]!.title).toBe('docsync: 2 files failed in Invoices');
  });
});

describe('secret file', () => {
  // A reversible test cipher standing in for safeStorage (which needs Electron).
  const cipher: Cipher = {
    isAvailable: () => true,
    encrypt: (s) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x5a)),
    decrypt: (b) => Buffer.from(b.map((x) => x ^ 0x5a)).toString('utf8'),
  };

  it('never writes the key in plain text and reads it back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-secret-'));
    const store = new SecretFile(path.join(dir, 'api-key.bin'), cipher);
    store.save('dsk_secret_value');
    const raw = fs.readFileSync(path.join(dir, 'api-key.bin'));
    expect(raw.includes(Buffer.from('dsk_secret_value'))).toBe(false);
    expect(fs.statSync(path.join(dir, 'api-key.bin')).mode & 0o077).toBe(0);
    expect(store.load()).toBe('dsk_secret_value');
    fs.rmSync(dir, { recursive: true });
  });

  it('takes a key the daemon wrote in plain text (Settings) into the encrypted store, and deletes the plain file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-secret-'));
    const plain = path.join(dir, 'api-key');
    const store = new SecretFile(path.join(dir, 'api-key.bin'), cipher);
    expect(adoptPlainKey(plain, store, cipher)).toBe(false);
    fs.writeFileSync(plain, 'dsk_from_settings\n', { mode: 0o600 });
    expect(adoptPlainKey(plain, store, cipher)).toBe(true);
    expect(fs.existsSync(plain)).toBe(false);
    expect(store.load()).toBe('dsk_from_settings');
    expect(fs.readFileSync(path.join(dir, 'api-key.bin')).includes(Buffer.from('dsk_from_settings'))).toBe(false);
    // Without a keychain the 0600 file stays: the documented fallback.
    fs.writeFileSync(plain, 'k2', { mode: 0o600 });
    expect(adoptPlainKey(plain, store, { isAvailable: () => false })).toBe(false);
    expect(fs.existsSync(plain)).toBe(true);
    fs.rmSync(dir, { recursive: true });
  });

  it('refuses to store when the keychain is unavailable', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-secret-'));
    const store = new SecretFile(path.join(dir, 'k'), { ...cipher, isAvailable: () => false });
    expect(() => store.save('x')).toThrow(/keychain/);
    expect(fs.existsSync(path.join(dir, 'k'))).toBe(false);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('daemon environment', () => {
  it('limits glibc to two malloc arenas and a fixed mmap threshold unless the caller chose, and passes the API key', () => {
    const env = daemonEnv({ PATH: process.env.PATH, HOME: '/home/x' }, 'k-123');
    expect(env).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072', HOME: '/home/x', DOCSYNC_API_KEY: 'k-123' });
    expect(daemonEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX).toBe('8');
    expect(daemonEnv({ MALLOC_MMAP_THRESHOLD_: '65536' }).MALLOC_MMAP_THRESHOLD_).toBe('65536');
    expect('DOCSYNC_API_KEY' in daemonEnv({})).toBe(false);
    // A process started with it sees it from its start (glibc reads it before main).
    const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(process.env.MALLOC_ARENA_MAX ?? "")'], { env: daemonEnv({ PATH: process.env.PATH }) });
    expect(r.stdout.toString()).toBe('2');
  });
});
