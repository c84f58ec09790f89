// Issue 18: a file stayed "uploading" forever after a restart of the embedded service. The
// service came back on another port and the idempotent replay of the ticket request returned
// the first ticket, whose address pointed at the old port. Now the embedded service keeps its
// port, and a ticket is replayed only while its address works (its expiry, its base address).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { uploadFile } from '../../../src/contract/uploads.js';
import { startTestService } from '../../../src/service/testing.js';
import { ClientRemote } from '../../../src/sync/clientRemote.js';
import { parseConfig } from '../../../src/sync/config.js';
import { Daemon } from '../../../src/sync/daemon.js';
import { startEmbeddedService, type EmbeddedService } from '../../../src/sync/embedded.js';
import { silentLogger } from '../../../src/sync/logger.js';
import { openDatabase } from '../../../src/sqlite.js';
import { mediaTypeOf } from '../../../src/sync/media.js';
import { idempotencyKey, remoteDir } from '../../../src/sync/paths.js';
import { invoiceText, until } from '../sync/harness.js';
import { createHash } from 'node:crypto';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  return root;
}

/** Holds a port, as another program on the machine would. */
async function occupy(port: number): Promise<void> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
}

async function embedded(dataDir: string): Promise<EmbeddedService> {
  const service = await startEmbeddedService(dataDir);
  cleanups.push(() => service.close());
  return service;
}

const TICKET = { fileName: 'inv.txt', fileType: 'text/plain' };

describe('ticket replay bounded by its address', () => {
  it('replays a ticket on the same address, and issues a fresh one once the base address changed', async () => {
    const dir = tempRoot();
    const first = await startTestService({ dataDir: dir });
    const key = first.key.key;
    const headers = { 'idempotency-key': 'ticket-1' };
    const ticket = await first.request('POST', '/prod/v1/files/upload', { body: TICKET, headers });
    expect(ticket.status).toBe(200);
    const again = await first.request('POST', '/prod/v1/files/upload', { body: TICKET, headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.presignedUploadURL).toBe(ticket.body.presignedUploadURL);
    await first.close();

    const second = await startTestService({ dataDir: dir });
    cleanups.push(() => second.close());
    expect(second.url).not.toBe(first.url);
    const fresh = await second.request('POST', '/prod/v1/files/upload', { body: TICKET, headers, key });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.presignedUploadURL.startsWith(`${second.url}/`)).toBe(true);
    expect(fresh.body.uploadId).not.toBe(ticket.body.uploadId);
    const put = await fetch(fresh.body.presignedUploadURL, { method: 'PUT', body: invoiceText(1) });
    expect(put.status).toBe(200);
    // The fresh ticket is now the one replayed.
    const replay = await second.request('POST', '/prod/v1/files/upload', { body: TICKET, headers, key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.uploadId).toBe(fresh.body.uploadId);
  });

  it('issues a fresh ticket once the replayed address would expire (a minute before, at the default 300 s)', async () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const service = await startTestService({ now: () => now });
    cleanups.push(() => service.close());
    const headers = { 'idempotency-key': 'ticket-ttl' };
    const ticket = await service.request('POST', '/prod/v1/files/upload', { body: TICKET, headers });
    now += 239_000;
    const replay = await service.request('POST', '/prod/v1/files/upload', { body: TICKET, headers });
    expect(replay.body.uploadId).toBe(ticket.body.uploadId);
    now += 1_000;
    const fresh = await service.request('POST', '/prod/v1/files/upload', { body: TICKET, headers });
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.uploadId).not.toBe(ticket.body.uploadId);
    // Other operations keep the spec's 24-hour window: a key reused with another body is still a 422.
    const reused = await service.request('POST', '/prod/v1/files/upload', { body: { ...TICKET, fileName: 'other.txt' }, headers });
    expect(reused.status).toBe(422);
  });
});

describe('embedded service address across restarts', () => {
  it('listens on the same port after a restart, and on a new one (kept) when the old one was taken', async () => {
    const data = path.join(tempRoot(), 'data');
    const first = await startEmbeddedService(data);
    const port = new URL(first.url).port;
    await first.close();
    const second = await startEmbeddedService(data);
    expect(new URL(second.url).port).toBe(port);
    await second.close();
    await occupy(Number(port));
    const third = await embedded(data);
    expect(new URL(third.url).port).not.toBe(port);
    expect(fs.readFileSync(path.join(data, 'service', 'port'), 'utf8').trim()).toBe(new URL(third.url).port);
  });

  it('a ticket taken before a restart onto another port still leads to one upload of the bytes', async () => {
    const root = tempRoot();
    const data = path.join(root, 'data');
    const file = path.join(root, 'inv.txt');
    fs.writeFileSync(file, invoiceText(3));
    const first = await startEmbeddedService(data);
    // The daemon got its ticket, then the process stopped before the PUT.
    const before = new ClientRemote({ baseUrl: first.url, apiKey: first.apiKey });
    const old = await before.client.call(uploadFile, { body: TICKET, idempotencyKey: 'file-key-1' });
    await before.close();
    await first.close();
    await occupy(Number(new URL(first.url).port));

    const second = await embedded(data);
    const remote = new ClientRemote({ baseUrl: second.url, apiKey: second.apiKey }, second);
    cleanups.push(() => remote.close());
    const ticket = { ...TICKET, isEphemeral: false, isSplit: false };
    const { uploadId } = await remote.upload(file, ticket, () => 'file-key-1', () => undefined);
    expect(uploadId).not.toBe(old.uploadId);
    const end = Date.now() + 30_000;
    while ((await remote.progress(uploadId)).status !== 'completed') {
      if (Date.now() > end) throw new Error('timed out waiting for processing');
      await new Promise((r) => setTimeout(r, 50));
    }
  });
});

describe('daemon and embedded service restarted in the middle of uploads', () => {
  it('every file ends exported, its bytes uploaded once', async () => {
    const root = tempRoot();
    const data = path.join(root, 'data');
    const inbox = path.join(root, 'inbox');
    fs.mkdirSync(inbox);
    const FILES = 12;
    const config = parseConfig({ settleMs: 200, maxBackoffMs: 500, folders: [{ path: inbox, remotePath: 'Inbox' }] });
    const serviceDb = () => openDatabase(path.join(data, 'service', 'service.db'), path.resolve('src/service/store/migrations'));
    const run = async () => {
      const service = await startEmbeddedService(data);
      const remote = new ClientRemote({ baseUrl: service.url, apiKey: service.apiKey }, service);
      const daemon = await Daemon.start({ config, dataDir: path.join(root, 'state'), remote, log: silentLogger(), controlIntervalMs: 100 });
      return {
        daemon,
        service,
        async stop() {
          await daemon.stop(); // closes the remote too
          await service.close();
        },
      };
    };
    let running = await run();
    for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(inbox, `inv${i}.txt`), invoiceText(i));
    const ticketed = () => running.daemon.db.prepare('SELECT COUNT(*) FROM files WHERE upload_id IS NOT NULL').pluck().get() as number;
    await until(() => ticketed() >= 2, 30_000, 'first tickets');
    const oldPort = Number(new URL(running.service.url).port);
    await running.stop();
    // Twice: once on the kept port, once forced onto another one.
    running = await run();
    expect(Number(new URL(running.service.url).port)).toBe(oldPort);
    await until(() => ticketed() >= 6, 30_000, 'more tickets');
    await running.stop();
    await occupy(oldPort);
    running = await run();
    cleanups.push(() => running.stop());
    expect(Number(new URL(running.service.url).port)).not.toBe(oldPort);
    const exported = () => running.daemon.db.prepare("SELECT COUNT(*) FROM files WHERE status = 'exported'").pluck().get() as number;
    await until(() => exported() === FILES, 60_000, 'every file exported', () =>
      running.daemon.db.prepare('SELECT rel_path, status, error_code, error_detail FROM files').all());
    const db = serviceDb();
    try {
      const counts = db.prepare('SELECT file_name, COUNT(*) AS n FROM uploads WHERE blob_sha256 IS NOT NULL GROUP BY file_name').all() as Array<{ file_name: string; n: number }>;
      expect(counts).toHaveLength(FILES);
      expect(counts.every((c) => c.n === 1)).toBe(true);
    } finally {
      db.close();
    }
    for (let i = 0; i < FILES; i++) expect(fs.existsSync(path.join(inbox, `inv${i}.txt.values.json`))).toBe(true);
  });

  it('tickets the daemon took under its keys before the service came back on another port: fresh tickets, every file exported', async () => {
    const root = tempRoot();
    const data = path.join(root, 'data');
    const inbox = path.join(root, 'inbox');
    fs.mkdirSync(inbox);
    const FILES = 4;
    const config = parseConfig({ settleMs: 200, maxBackoffMs: 500, folders: [{ path: inbox, remotePath: 'Inbox' }] });
    const folder = config.folders[0]!;
    // The first run got its tickets (the daemon's own keys and bodies), then stopped before any PUT.
    const first = await startEmbeddedService(data);
    const before = new ClientRemote({ baseUrl: first.url, apiKey: first.apiKey });
    const old: string[] = [];
    for (let i = 0; i < FILES; i++) {
      const name = `inv${i}.txt`;
      const bytes = invoiceText(i);
      fs.writeFileSync(path.join(inbox, name), bytes);
      const dir = remoteDir(folder, name);
      const body = { fileName: name, fileType: mediaTypeOf(name), isSplit: folder.isSplit, isEphemeral: folder.isEphemeral, destinationPath: dir };
      const key = idempotencyKey(createHash('sha256').update(bytes).digest('hex'), dir, name, 0);
      old.push((await before.client.call(uploadFile, { body, idempotencyKey: key })).presignedUploadURL);
    }
    await before.close();
    await first.close();
    await occupy(Number(new URL(first.url).port));

    const service = await embedded(data);
    const remote = new ClientRemote({ baseUrl: service.url, apiKey: service.apiKey }, service);
    const daemon = await Daemon.start({ config, dataDir: path.join(root, 'state'), remote, log: silentLogger(), controlIntervalMs: 100 });
    cleanups.push(() => daemon.stop());
    const exported = () => daemon.db.prepare("SELECT COUNT(*) FROM files WHERE status = 'exported'").pluck().get() as number;
    await until(() => exported() === FILES, 60_000, 'every file exported', () => daemon.db.prepare('SELECT rel_path, status, error_detail FROM files').all());
    const db = openDatabase(path.join(data, 'service', 'service.db'), path.resolve('src/service/store/migrations'));
    try {
      const received = db.prepare('SELECT COUNT(*) FROM uploads WHERE blob_sha256 IS NOT NULL').pluck().get() as number;
      const tickets = db.prepare('SELECT COUNT(*) FROM uploads').pluck().get() as number;
      expect(received).toBe(FILES); // each file's bytes once
      expect(tickets).toBe(2 * FILES); // the old tickets (never used) and one fresh ticket each
    } finally {
      db.close();
    }
    expect(old.every((u) => !u.startsWith(`${service.url}/`))).toBe(true);
  });
});
