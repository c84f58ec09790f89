// The embedded service tells the daemon in its process when an upload's processing ended
// (Remote.onSettled), so results are fetched when announced rather than polled for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClientRemote } from '../../../src/sync/clientRemote.js';
import { parseConfig } from '../../../src/sync/config.js';
import { Daemon } from '../../../src/sync/daemon.js';
import { startEmbeddedService, type EmbeddedService } from '../../../src/sync/embedded.js';
import { silentLogger } from '../../../src/sync/logger.js';
import { invoiceText, until } from './harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function embedded(): Promise<{ root: string; service: EmbeddedService }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  const service = await startEmbeddedService(path.join(root, 'data'));
  cleanups.push(() => service.close());
  return { root, service };
}

describe('results announced by the embedded service', () => {
  it('tells a listener when an upload finished processing, once per run', async () => {
    const { root, service } = await embedded();
    const heard: string[] = [];
    const unsubscribe = service.onSettled((id) => heard.push(id));
    const remote = new ClientRemote({ baseUrl: service.url, apiKey: service.apiKey }, service);
    cleanups.push(() => remote.close());
    expect(remote.onSettled).toBeTypeOf('function');
    const file = path.join(root, 'inv.txt');
    fs.writeFileSync(file, invoiceText(7));
    const { uploadId } = await remote.upload(file, { fileName: 'inv.txt', fileType: 'text/plain', isEphemeral: false, isSplit: false }, () => 'announce-1', () => undefined);
    await until(() => heard.includes(uploadId), 30_000, 'announcement');
    expect((await remote.progress(uploadId)).status).toBe('completed');
    unsubscribe();
    expect(heard.filter((id) => id === uploadId)).toHaveLength(1);
  });

  it('exports files through a daemon that listens instead of polling', async () => {
    const { root, service } = await embedded();
    const inbox = path.join(root, 'inbox');
    fs.mkdirSync(inbox);
    const remote = new ClientRemote({ baseUrl: service.url, apiKey: service.apiKey }, service);
    const daemon = await Daemon.start({
      config: parseConfig({ settleMs: 300, folders: [{ path: inbox, remotePath: 'Inbox' }] }),
      dataDir: path.join(root, 'state'), remote, log: silentLogger(), controlIntervalMs: 100,
    });
    cleanups.push(() => daemon.stop());
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(inbox, `inv${i}.txt`), invoiceText(i));
    await until(() => (daemon.db.prepare("SELECT COUNT(*) FROM files WHERE status = 'exported'").pluck().get() as number) === 5, 30_000, 'exports');
    await daemon.waitIdle();
    for (let i = 0; i < 5; i++) {
      const sidecar = JSON.parse(fs.readFileSync(path.join(inbox, `inv${i}.txt.values.json`), 'utf8'));
      expect(JSON.stringify(sidecar)).toContain(`INV-${i}`);
    }
  });
});
