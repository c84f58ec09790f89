// Issue 18, the service's weak spots: never a 500 for a malformed body, authentication before
// any of the body is read, stalled senders and idle connections closed, a zip bomb refused
// without inflating it, and owner-only files.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { put, ticket, uploadText } from './uploadHelpers.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function service(options: Parameters<typeof startTestService>[0] = {}): Promise<TestService> {
  const svc = await startTestService(options);
  cleanups.push(() => svc.close());
  return svc;
}

/** Writes raw bytes on a new connection; resolves with all that came back once the server closed it. */
function rawExchange(url: string, head: string, after?: (socket: net.Socket) => void): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(head);
      after?.(socket);
    });
    let out = '';
    socket.on('data', (b) => (out += b.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(out));
  });
}

const isProblem = (res: Response) => expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);

describe('malformed input answers 4xx problem details', () => {
  it('a malformed multipart schema import: 400, not 500', async () => {
    const svc = await service();
    const send = (contentType: string, body: string) =>
      fetch(`${svc.url}/prod/v1/files/schema/import`, { method: 'POST', headers: { 'x-api-key': svc.key.key, 'content-type': contentType }, body });
    const noBoundary = await send('multipart/form-data', 'garbage');
    expect(noBoundary.status).toBe(400);
    isProblem(noBoundary);
    expect((await noBoundary.json()).detail).toMatch(/Malformed multipart body/);
    const cutShort = await send('multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nPK\x03\x04');
    expect(cutShort.status).toBe(400);
    isProblem(cutShort);
  });

  it('CR/LF in fileType: 422 on the ticket; a stored one is previewed as application/octet-stream', async () => {
    const svc = await service();
    const res = await svc.request('POST', '/prod/v1/files/upload', { body: { fileName: 'a.txt', fileType: 'text/plain\r\nSet-Cookie: x=1' } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Invalid fileType.');
    // A row written before tickets refused it.
    const t = await uploadText(svc);
    const uploadId = t.uploadId;
    svc.service.db.prepare("UPDATE uploads SET file_type = 'text/plain\r\nX-Evil: 1' WHERE id = ?").run(uploadId);
    svc.service.db.prepare("UPDATE files SET file_type = 'text/plain\r\nX-Evil: 1' WHERE upload_id = ?").run(uploadId);
    const preview = await svc.request('POST', '/prod/v1/files/preview', { body: { storagePath: t.storagePath } });
    expect(preview.status).toBe(200);
    const bytes = await fetch(preview.body.signedUrl);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-type')).toBe('application/octet-stream');
    expect(bytes.headers.get('x-evil')).toBeNull();
  });
});

describe('authentication before the body', () => {
  it('answers 401 to a request without a key before its body is sent, and closes the connection', async () => {
    const svc = await service();
    for (const [route, type] of [['/prod/v1/directories', 'application/json'], ['/prod/v1/files/schema/import', 'multipart/form-data; boundary=x']]) {
      // Headers promise 15 MB; not one byte of it is sent.
      const answer = await rawExchange(svc.url, `POST ${route} HTTP/1.1\r\nHost: x\r\nContent-Type: ${type}\r\nContent-Length: 15000000\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer).toMatch(/content-type: application\/problem\+json/i);
      expect(answer).toMatch(/connection: close/i);
    }
  });
});

describe('rate limit before the body', () => {
  it('answers 429 to a key over its rate before its body is sent', async () => {
    const svc = await service({ rateLimit: { rate: 0.001, burst: 1 } });
    expect((await svc.request('GET', '/prod/v1/files')).status).toBe(200);
    const answer = await rawExchange(
      svc.url,
      `POST /prod/v1/directories HTTP/1.1\r\nHost: x\r\nx-api-key: ${svc.key.key}\r\nContent-Type: application/json\r\nContent-Length: 15000000\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 429 /);
    expect(answer).toMatch(/retry-after: \d+/i);
    expect(answer).toMatch(/connection: close/i);
  });
});

describe('slow senders and idle connections', () => {
  it('closes a connection whose sender stalls in the middle of a body, and an idle keep-alive connection', async () => {
    const svc = await service({ timeouts: { idleMs: 300, keepAliveMs: 200 } });
    const t = await ticket(svc);
    const address = new URL(t.presignedUploadURL);
    const stalled = await rawExchange(
      svc.url,
      `PUT ${address.pathname}${address.search} HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\nonly a few bytes`,
    );
    expect(stalled).not.toMatch(/^HTTP\/1\.1 200/); // closed (408 or nothing), never accepted
    const idle = await rawExchange(svc.url, `GET /prod/v1/files HTTP/1.1\r\nHost: x\r\nx-api-key: ${svc.key.key}\r\n\r\n`);
    expect(idle).toMatch(/^HTTP\/1\.1 200 /);
    // The upload is still waiting for its bytes: a later PUT to the same address works.
    expect((await put(t.presignedUploadURL, 'Invoice Number: INV-7')).status).toBe(200);
  });
});

describe('zip bomb in schema import', () => {
  it('refuses a 200 MB zero-filled entry from its header, without inflating it', async () => {
    const svc = await service();
    const zip = new yazl.ZipFile();
    const chunk = Buffer.alloc(1024 * 1024);
    const { PassThrough } = await import('node:stream');
    const source = new PassThrough();
    zip.addReadStream(source, 'manifest.json', { compress: true });
    zip.end();
    const parts: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => parts.push(c));
    const done = new Promise((resolve) => zip.outputStream.on('end', resolve));
    for (let i = 0; i < 200; i++) if (!source.write(chunk)) await new Promise((r) => source.once('drain', r));
    source.end();
    await done;
    const bomb = Buffer.concat(parts);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const form = new FormData();
    form.append('file', new Blob([bomb], { type: 'application/zip' }), 'bomb.zip');
    const res = await fetch(`${svc.url}/prod/v1/files/schema/import`, { method: 'POST', headers: { 'x-api-key': svc.key.key }, body: form });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.detail).toMatch(/too large|inflates/);
    // The service runs in this process: 200 MB inflated would show here.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });
});

describe('owner-only data', () => {
  it('creates the data folder 0700, service.db and blobs 0600, blob folders 0700', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
    cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
    const dataDir = path.join(root, 'service');
    fs.mkdirSync(dataDir, { mode: 0o755 }); // an older, wider folder is narrowed too
    const svc = await service({ dataDir });
    await uploadText(svc);
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(path.join(dataDir, 'service.db'))).toBe(0o600);
    expect(mode(path.join(dataDir, 'blobs'))).toBe(0o700);
    const shard = fs.readdirSync(path.join(dataDir, 'blobs')).find((d) => d !== 'tmp')!;
    expect(mode(path.join(dataDir, 'blobs', shard))).toBe(0o700);
    for (const blob of fs.readdirSync(path.join(dataDir, 'blobs', shard))) expect(mode(path.join(dataDir, 'blobs', shard, blob))).toBe(0o600);
  });
});
