// The daemon's own files hold the list of a person's documents, the log of what happened to them
// and the key to the control API: owner-only (0700 folders, 0600 files), even when an older
// version or a loose umask left them open.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateToken } from '../../../src/control/security.js';
import { createLogger } from '../../../src/sync/logger.js';
import { openStateDb } from '../../../src/sync/state/db.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('permissions of the data folder', () => {
  it('makes the folder 0700 and state.db, its WAL, the log and the control token 0600', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
    dirs.push(root);
    const data = path.join(root, 'data');
    const old = process.umask(0o022);
    try {
      const db = openStateDb(data);
      db.prepare("INSERT INTO meta (key, value) VALUES ('k', 'v')").run(); // the WAL exists once written
      const log = createLogger({ dir: data, level: 'info', maxBytes: 1 << 20, files: 2 });
      log.info('hello');
      loadOrCreateToken(data);
      expect(mode(data)).toBe(0o700);
      for (const f of ['state.db', 'state.db-wal', 'state.db-shm', 'docsync.log', 'control-token']) expect([f, mode(path.join(data, f))]).toEqual([f, 0o600]);
      db.close();
      // Left open by an older version: closed again at the next start.
      fs.chmodSync(data, 0o755);
      fs.chmodSync(path.join(data, 'state.db'), 0o644);
      fs.chmodSync(path.join(data, 'docsync.log'), 0o644);
      openStateDb(data).close();
      createLogger({ dir: data, level: 'info', maxBytes: 1 << 20, files: 2 }).info('again');
      expect([mode(data), mode(path.join(data, 'state.db')), mode(path.join(data, 'docsync.log'))]).toEqual([0o700, 0o600, 0o600]);
    } finally {
      process.umask(old);
    }
  });
});
