import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import { retryFailed } from '../../../src/cli/control.js';
import { ServiceClient } from '../../../src/client/index.js';
import { openStateDb } from '../../../src/sync/state/db.js';
import { FileStore } from '../../../src/sync/state/files.js';
import { createHarness, invoiceText, sleep, until, type Harness } from './harness.js';

let h: Harness;
let proxy: FaultProxy;
afterEach(async () => {
  await h.close();
  await proxy?.close();
});

const write = (rel: string, text: string) => fs.writeFileSync(path.join(h.inbox, rel), text);
const allExported = (n: number) => () => h.rows().filter((r) => r.status === 'exported').length === n;
const uploadsWithBytes = () =>
  h.service.service.db.prepare("SELECT COUNT(DISTINCT upload_id) FROM upload_steps WHERE step = 'file_uploaded'").pluck().get() as number;
const TICKET = { method: 'POST', pathPrefix: '/prod/v1/files/upload' };

describe('service faults', () => {
  it('lets files wait through an outage, then sends each once', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    proxy.inject({ fault: { kind: 'reset' }, times: 10_000 });
    await h.start({ url: proxy.url });
    for (let i = 0; i < 5; i++) write(`o${i}.txt`, invoiceText(100 + i));
    const seen = () => ({
      rows: h.rows().map((r) => [r.rel_path, r.status, r.error_code, r.attempts]),
      proxied: proxy.requests.length,
    });
    await until(() => h.rows().filter((r) => r.error_code !== null).length === 5, 45_000, 'all waiting on the outage', seen);
    expect(h.rows().every((r) => r.status === 'uploading')).toBe(true);
    expect(h.serviceUploads()).toBe(0);
    proxy.clear();
    await until(allExported(5), 30_000, 'all exported after the outage', seen);
    expect(h.serviceUploads()).toBe(5);
  }, 120_000); // generous: the full suite runs OCR beside it on 2 cores

  it('hashes no further ahead of stalled uploads than its backlog, then sends every file once', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    proxy.inject({ ...TICKET, fault: { kind: 'delay', ms: 6000 }, times: 4 }); // the first uploads stall
    await h.start({ url: proxy.url });
    for (let i = 0; i < 80; i++) write(`b${i}.txt`, invoiceText(400 + i));
    const count = (status: string) => h.rows().filter((r) => r.status === status).length;
    await until(() => count('settled') >= 24, 20_000, 'a backlog of hashed files');
    await sleep(1000); // settling and hashing the other 56 small files would take far less
    // At most HASH_AHEAD (32) settled and waiting, plus the few being hashed when it was reached.
    expect(count('settled')).toBeLessThanOrEqual(36);
    expect(count('discovered')).toBeGreaterThanOrEqual(36);
    await until(allExported(80), 90_000, 'all exported', () => h.rows().map((r) => r.status));
    expect(h.serviceUploads()).toBe(80);
  }, 120_000);

  it('a folder renamed after export while the service cannot say whether it holds the upload: asks again, sends nothing twice', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    await h.start({ url: proxy.url });
    fs.mkdirSync(path.join(h.inbox, 'a'));
    write('a/x.txt', invoiceText(900));
    await until(allExported(1), 30_000, 'exported');
    // The folder's rename leaves the outputs with the file, so the upload follows the file and the
    // daemon asks the service whether it holds the bytes; the first answers are an outage.
    proxy.inject({ method: 'GET', pathPrefix: '/prod/v1/uploads/', fault: { kind: 'status', status: 503 }, times: 6 });
    fs.renameSync(path.join(h.inbox, 'a'), path.join(h.inbox, 'a2'));
    await until(() => h.row('a2/x.txt')?.status === 'exported', 30_000, 'exported at its new place', () => h.rows().map((r) => [r.rel_path, r.status, r.reason]));
    expect(proxy.requests.filter((q) => q.fault === 'status').length).toBe(6);
    expect(h.serviceUploads()).toBe(1);
  }, 60_000);

  it('a file written to after it was hashed, before its bytes went out: the bytes sent are its version, sent once', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    proxy.inject({ ...TICKET, fault: { kind: 'delay', ms: 1500 } }); // the ticket is slow to come
    await h.start({ url: proxy.url });
    write('late.txt', invoiceText(910));
    await until(() => h.row('late.txt')?.status === 'uploading', 30_000, 'asking for a ticket');
    write('late.txt', invoiceText(911)); // the scanner rewrites it meanwhile
    const content = createHash('sha256').update(invoiceText(911)).digest('hex');
    await until(() => h.row('late.txt')?.status === 'exported' && h.row('late.txt')?.sha256 === content, 30_000, 'exported with its last content',
      () => h.rows().map((r) => [r.rel_path, r.status, r.sha256, r.reason]));
    await h.daemon.rescanAll();
    await h.daemon.waitIdle(30_000);
    const blobs = h.service.service.db.prepare('SELECT blob_sha256 FROM uploads').pluck().all();
    expect(blobs).toEqual([content]);
  }, 60_000);

  it("killed after a PUT that carried a later write than the one hashed: the next start takes the service's hash of the bytes, sends nothing again", async () => {
    h = await createHarness();
    const v1 = invoiceText(920);
    const v2 = invoiceText(921) + 'rewritten\n';
    const abs = path.join(h.inbox, 'late.txt');
    fs.writeFileSync(abs, v2); // what the disk holds; v1 is what the killed daemon had hashed
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    // The killed daemon's last acts: its ticket and the PUT of the bytes then on disk.
    const client = new ServiceClient({ baseUrl: h.service.url, apiKey: h.service.key.key });
    const { uploadId } = await client.uploadFile(abs, { fileName: 'late.txt', fileType: 'text/plain', destinationPath: 'Inbox' });
    const db = openStateDb(h.dataDir);
    const store = new FileStore(db);
    const { id } = store.discover(h.inbox, 'late.txt', Buffer.byteLength(v1), Date.now() - 60_000, 'seen');
    store.transition(id, 'settled', { sha256: sha(v1), size: Buffer.byteLength(v1) }, 'settled');
    store.transition(id, 'uploading', { upload_id: uploadId, remote_path: 'Inbox', idempotency_key: 'killed', ticket_at: Date.now() }, 'ticket received');
    db.close();
    await h.start();
    await until(() => h.row('late.txt')?.status === 'exported', 30_000, 'exported', () => h.rows().map((r) => [r.rel_path, r.status, r.reason]));
    await h.daemon.rescanAll();
    await h.daemon.waitIdle(30_000);
    expect(h.row('late.txt')).toMatchObject({ status: 'exported', sha256: sha(v2), upload_id: uploadId });
    expect(h.serviceUploads()).toBe(1);
  }, 60_000);

  /** What a kill -9 during an upload leaves: the service holds `sent` for `rel`, whose row hashed `hashed`. */
  async function killedMidUpload(rel: string, hashed: string, sent: string): Promise<string> {
    const abs = path.join(h.inbox, ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, sent);
    const client = new ServiceClient({ baseUrl: h.service.url, apiKey: h.service.key.key });
    const dir = ['Inbox', ...rel.split('/').slice(0, -1)].join('/');
    const { uploadId } = await client.uploadFile(abs, { fileName: path.basename(rel), fileType: 'text/plain', destinationPath: dir });
    const db = openStateDb(h.dataDir);
    const store = new FileStore(db);
    const { id } = store.discover(h.inbox, rel, Buffer.byteLength(hashed), Date.now() - 60_000, 'seen');
    store.transition(id, 'settled', { sha256: sha(hashed), size: Buffer.byteLength(hashed) }, 'settled');
    store.transition(id, 'uploading', { upload_id: uploadId, remote_path: dir, idempotency_key: `killed-${rel}`, ticket_at: Date.now() }, 'ticket received');
    db.close();
    return uploadId;
  }
  const sha = (t: string) => createHash('sha256').update(t).digest('hex');
  const blobOf = (uploadId: string | null) => h.service.service.db.prepare('SELECT blob_sha256 FROM uploads WHERE id = ?').pluck().get(uploadId) as string;

  it('killed after a PUT of a later write, then its folder renamed while docsync was down: the upload follows it, nothing is sent again', async () => {
    h = await createHarness();
    const sent = invoiceText(930) + 'second write\n';
    const uploadId = await killedMidUpload('a/moved.txt', invoiceText(930), sent);
    fs.renameSync(path.join(h.inbox, 'a'), path.join(h.inbox, 'a2'));
    await h.start();
    await until(() => h.row('a2/moved.txt')?.status === 'exported', 30_000, 'exported', () => h.rows().map((r) => [r.rel_path, r.status, r.reason]));
    expect(h.row('a2/moved.txt')).toMatchObject({ sha256: sha(sent), upload_id: uploadId });
    expect(h.serviceUploads()).toBe(1);
  }, 60_000);

  it('a file of the same name but other bytes than an upload cut short by a kill is no move: it is sent itself, to its own remote folder', async () => {
    h = await createHarness();
    await killedMidUpload('a/inv.txt', invoiceText(940), invoiceText(940));
    fs.rmSync(path.join(h.inbox, 'a'), { recursive: true });
    fs.mkdirSync(path.join(h.inbox, 'b'));
    fs.writeFileSync(path.join(h.inbox, 'b', 'inv.txt'), invoiceText(941));
    await h.start();
    await until(() => h.row('b/inv.txt')?.status === 'exported', 30_000, 'exported', () => h.rows().map((r) => [r.rel_path, r.status, r.reason]));
    const row = h.row('b/inv.txt')!;
    expect(blobOf(row.upload_id)).toBe(sha(invoiceText(941)));
    expect(row.remote_path).toBe('Inbox/b');
    expect(h.serviceUploads()).toBe(2);
  }, 60_000);

  it('retries 429 and 5xx, never creating a second upload', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    proxy.sequence([
      { kind: 'rateLimit', retryAfter: 1 }, { kind: 'status', status: 500 }, { kind: 'status', status: 503 },
      { kind: 'resetAfterForward' }, { kind: 'status', status: 502 }, { kind: 'rateLimit', retryAfter: 1 },
    ], TICKET);
    proxy.sequence([{ kind: 'status', status: 500 }, { kind: 'rateLimit', retryAfter: 1 }], { method: 'GET', pathPrefix: '/prod/v1/uploads/' });
    await h.start({ url: proxy.url });
    for (let i = 0; i < 3; i++) write(`r${i}.txt`, invoiceText(200 + i));
    await until(allExported(3), 60_000, 'exported despite faults', () => ({ rows: h.daemon.db.prepare('SELECT rel_path, status, attempts, next_attempt_at - unixepoch(\'subsec\') * 1000 AS due_in_ms, error_code, upload_id FROM files').all(), requests: proxy.requests.map((r) => `${r.method} ${r.path.slice(0, 40)} ${r.fault}`) }));
    expect(h.serviceUploads()).toBe(3);
    expect(proxy.requests.filter((r) => r.fault !== 'none').length).toBe(8);
  }, 120_000);

  it('fails a file on a permanent 4xx keeping the problem details, and retries it on request', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    proxy.inject({ ...TICKET, fault: { kind: 'status', status: 422 } });
    await h.start({ url: proxy.url });
    write('bad.txt', invoiceText(300));
    await until(() => h.row('bad.txt')?.status === 'failed', 20_000, 'failed');
    const row = h.row('bad.txt')!;
    expect(row.error_code).toBe('HTTP_422_INJECTED');
    expect(JSON.parse(row.error_detail!)).toMatchObject({ status: 422, code: 'INJECTED', requestId: 'proxy' });
    // As `docsync retry` does: its own connection; the daemon notices the change.
    const cli = openStateDb(h.dataDir);
    expect(retryFailed(new FileStore(cli))).toBe(1);
    cli.close();
    await until(() => h.row('bad.txt')?.status === 'exported', 30_000, 'exported after retry');
    expect(h.serviceUploads()).toBe(1);
  });

  it('asks for a new ticket when the upload address expired', async () => {
    proxy = undefined as never;
    // The service's clock jumps past the address's lifetime once the first ticket has been
    // answered, so the PUT to that address is refused as expired. (A ticket whose answer was
    // lost and is replayed after its address expired gets a fresh address from the service
    // itself: uploads.readdress.test.ts.)
    const answered = () => proxy?.requests.some((r) => r.path.startsWith(TICKET.pathPrefix) && r.answeredAt !== undefined) ?? false;
    h = await createHarness({ now: () => Date.now() + (answered() ? 400_000 : 0) });
    proxy = await startFaultProxy(h.service.url);
    await h.start({ url: proxy.url });
    write('late.txt', invoiceText(400));
    await until(() => h.row('late.txt')?.status === 'exported', 30_000, 'exported');
    const events = h.daemon.store.events(h.row('late.txt')!.id).map((e) => e.reason);
    expect(events).toContain('upload address expired: new ticket');
    expect(uploadsWithBytes()).toBe(1);
  });

  it('keeps exporting while the ledger is locked, and writes it once released', async () => {
    h = await createHarness();
    proxy = undefined as never;
    const ledger = path.join(h.inbox, 'docsync-ledger.csv');
    fs.mkdirSync(ledger); // a path that cannot be replaced: the write fails like a file Excel holds
    await h.start();
    write('l.txt', invoiceText(500));
    await until(() => h.row('l.txt')?.status === 'exported', 30_000, 'exported');
    expect(fs.existsSync(path.join(h.inbox, 'l.txt.values.json'))).toBe(true);
    await sleep(300);
    fs.rmdirSync(ledger);
    await until(() => fs.existsSync(ledger) && fs.statSync(ledger).isFile(), 15_000, 'ledger written after the lock');
    expect(fs.readFileSync(ledger, 'utf8')).toContain('l.txt');
  });
});
