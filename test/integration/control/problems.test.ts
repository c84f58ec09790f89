// What the daemon reports about trouble reaches the UI through the control API: a full disk with
// its path, a missing folder, the symbolic links a folder skipped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DaemonAdapter } from '../../../src/control/daemonAdapter.js';
import { startControlServer, type ControlServer } from '../../../src/control/server.js';
import type { StatusView } from '../../../src/control/views.js';
import { parseConfig, saveConfig } from '../../../src/sync/config.js';
import { SyncEmitter } from '../../../src/sync/events.js';
import { ControlStore } from '../../../src/sync/state/control.js';
import { openStateDb, type Db } from '../../../src/sync/state/db.js';

let root: string;
let folder: string;
let emitter: SyncEmitter;
let daemonDb: Db;
let adapter: DaemonAdapter;
let server: ControlServer;

beforeEach(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  folder = path.join(root, 'Invoices');
  fs.mkdirSync(folder);
  const configFile = path.join(root, 'config.json');
  saveConfig(configFile, parseConfig({ folders: [{ path: folder }] }));
  const dataDir = path.join(root, 'data');
  daemonDb = openStateDb(dataDir); // as the daemon's own connection
  emitter = new SyncEmitter();
  adapter = new DaemonAdapter({ locations: { configFile, dataDir }, emitter, serviceUrl: 'http://127.0.0.1:9', embedded: true, inbox: folder, apiKey: 'k' });
  server = await startControlServer({ control: adapter, token: 't' });
});
afterEach(async () => {
  await server.close();
  adapter.close();
  daemonDb.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const status = async () => (await (await fetch(`${server.url}/api/status`, { headers: { authorization: 'Bearer t' } })).json()) as StatusView;

describe('problems in the status view', () => {
  it('says disk full with the path while it lasts', async () => {
    expect((await status()).diskFull).toBeNull();
    emitter.emit('disk', { full: true, path: path.join(folder, 'a.pdf.values.json'), code: 'ENOSPC' });
    expect((await status()).diskFull).toMatchObject({ path: path.join(folder, 'a.pdf.values.json'), code: 'ENOSPC' });
    emitter.emit('disk', { full: false, path: path.join(folder, 'a.pdf.values.json') });
    expect((await status()).diskFull).toBeNull();
  });

  it('shows a missing folder and the links a folder skipped', async () => {
    emitter.emit('folder', { folder, state: 'missing', error: `folder missing: ${folder}` });
    new ControlStore(daemonDb).setMeta(`folder.problems:${folder}`, JSON.stringify({ missing: true, skippedLinks: [{ path: 'ssh', reason: 'symbolic links are not followed' }] }));
    const view = (await status()).folders[0]!;
    expect(view).toMatchObject({ state: 'missing', error: `folder missing: ${folder}`, links: 'skip' });
    expect(view.skippedLinks).toEqual([{ path: 'ssh', reason: 'symbolic links are not followed' }]);
  });
});
