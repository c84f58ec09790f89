// The overview's counts are cached until the state database changes, by any connection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DaemonAdapter } from '../../../src/control/daemonAdapter.js';
import { parseConfig, saveConfig } from '../../../src/sync/config.js';
import { SyncEmitter } from '../../../src/sync/events.js';
import { openStateDb, type Db } from '../../../src/sync/state/db.js';

let root: string;
let adapter: DaemonAdapter;
let other: Db;
let folder: string;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  folder = path.join(root, 'Invoices');
  fs.mkdirSync(folder);
  const configFile = path.join(root, 'config.json');
  saveConfig(configFile, parseConfig({ folders: [{ path: folder }] }));
  const locations = { configFile, dataDir: path.join(root, 'data') };
  other = openStateDb(locations.dataDir); // as the daemon's own connection
  adapter = new DaemonAdapter({ locations, emitter: new SyncEmitter(), serviceUrl: 'http://127.0.0.1:9', embedded: true, inbox: folder, apiKey: 'k' });
});
afterEach(() => {
  adapter.close();
  other.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const insert = (db: Db, rel: string, status: string) =>
  db.prepare('INSERT INTO files (folder, rel_path, status, created_at, updated_at) VALUES (?, ?, ?, 1, 1)').run(folder, rel, status);

describe('overview counts', () => {
  it('follow rows another connection writes, answered from the cache in between', () => {
    expect(adapter.status().folders[0]!.counts).toEqual({});
    insert(other, 'a.pdf', 'exported');
    insert(other, 'b.pdf', 'failed');
    expect(adapter.status().folders[0]!.counts).toEqual({ exported: 1, failed: 1 });
    expect(adapter.status().folders[0]!.counts).toEqual({ exported: 1, failed: 1 }); // cached, same answer
    other.prepare("UPDATE files SET status = 'exported' WHERE rel_path = 'b.pdf'").run();
    expect(adapter.status().folders[0]!.counts).toEqual({ exported: 2 });
  });
});
