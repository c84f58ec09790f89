import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientCore, ServiceError, uploadWithTicket } from '../../../src/client/index.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import { API_KEY, requestTicket, startStubService, type StubService } from './stubService.js';

let stub: StubService;
let proxy: FaultProxy;
let core: ClientCore;
let dir: string;
let file: string;
let fileSha: string;
const SIZE = 5 * 1024 * 1024 + 123;

const ticket = () => core.call(requestTicket, { body: { fileName: 'a.pdf', fileType: 'application/pdf' } });
const ticketRequests = () => stub.seen.filter((s) => s.url === '/prod/v1/files/upload').length;

beforeAll(async () => {
  stub = await startStubService();
  proxy = await startFaultProxy(stub.url);
  core = new ClientCore({ baseUrl: proxy.url, apiKey: API_KEY, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  file = path.join(dir, 'big.pdf');
  const bytes = crypto.randomBytes(SIZE);
  fs.writeFileSync(file, bytes);
  fileSha = crypto.createHash('sha256').update(bytes).digest('hex');
});
afterEach(() => {
  proxy.clear();
  proxy.requests.splice(0);
  stub.seen.splice(0);
  stub.expiredTickets = 0;
  stub.presignBase = undefined;
});
afterAll(async () => {
  await core.close();
  await proxy.close();
  await stub.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('uploadWithTicket', () => {
  it('streams a file to the presigned address with its Content-Length and without the API key', async () => {
    const t = await uploadWithTicket(core, file, 'application/pdf', ticket);
    const stored = stub.stored.get(t.uploadId)!;
    expect(stored).toEqual({ size: SIZE, sha256: fileSha, contentLength: String(SIZE), contentType: 'application/pdf' });
    const put = stub.seen.find((s) => s.method === 'PUT')!;
    expect(put.headers['x-api-key']).toBeUndefined();
  });

  it('asks for a new ticket once when the address expired (403)', async () => {
    stub.expiredTickets = 1;
    const t = await uploadWithTicket(core, file, 'application/pdf', ticket);
    expect(ticketRequests()).toBe(2);
    expect(stub.stored.get(t.uploadId)?.sha256).toBe(fileSha);
  });

  it('gives up after the second 403', async () => {
    stub.expiredTickets = 2;
    const err = await uploadWithTicket(core, file, 'application/pdf', ticket).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ status: 403, detail: 'Upload address expired.' });
    expect(ticketRequests()).toBe(2);
    // The signature in the query never reaches the error.
    expect(err.message).not.toContain('sig=');
  });

  it('re-reads a path source when the PUT connection resets', async () => {
    stub.presignBase = proxy.url;
    proxy.sequence([{ kind: 'reset' }, { kind: 'status', status: 502 }], { method: 'PUT' });
    const t = await uploadWithTicket(core, file, 'application/pdf', ticket);
    expect(proxy.requests.filter((r) => r.method === 'PUT').map((r) => r.fault)).toEqual(['reset', 'status', 'none']);
    expect(stub.stored.get(t.uploadId)?.sha256).toBe(fileSha);
  });

  it('sends kept bytes of a path source from memory while the file has their stat, on every attempt; the file once it changed', async () => {
    const small = path.join(dir, 'kept.pdf');
    fs.writeFileSync(small, crypto.randomBytes(3000));
    // Bytes other than the file's, with the file's stat: only what was sent can tell them apart.
    const other = crypto.randomBytes(3000);
    const otherSha = crypto.createHash('sha256').update(other).digest('hex');
    const st = fs.statSync(small);
    const kept = { chunks: [other.subarray(0, 1000), other.subarray(1000)], sha256: otherSha, size: 3000, dev: st.dev, ino: st.ino, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs };
    stub.presignBase = proxy.url;
    proxy.sequence([{ kind: 'reset' }], { method: 'PUT' });
    let sent = '';
    const t = await uploadWithTicket(core, small, 'application/pdf', ticket, { kept, onSent: (sha) => (sent = sha) });
    expect(proxy.requests.filter((r) => r.method === 'PUT').map((r) => r.fault)).toEqual(['reset', 'none']);
    expect(stub.stored.get(t.uploadId)).toMatchObject({ size: 3000, sha256: otherSha, contentLength: '3000' });
    expect(sent).toBe(otherSha);
    // Written again (same size): its stat is not the kept bytes' any more, so the file is read.
    const now = crypto.randomBytes(3000);
    fs.writeFileSync(small, now);
    fs.utimesSync(small, new Date(st.atimeMs), new Date(st.mtimeMs)); // even with its old mtime: the ctime moved
    const nowSha = crypto.createHash('sha256').update(now).digest('hex');
    const again = await uploadWithTicket(core, small, 'application/pdf', ticket, { kept, onSent: (sha) => (sent = sha) });
    expect(stub.stored.get(again.uploadId)).toMatchObject({ size: 3000, sha256: nowSha });
    expect(sent).toBe(nowSha);
  });

  it('sends a stream chunked (or with the given size) and retries only its ticket', async () => {
    proxy.sequence([{ kind: 'status', status: 500 }], { pathPrefix: '/prod/v1/files/upload' });
    const t = await uploadWithTicket(core, fs.createReadStream(file), 'application/pdf', ticket);
    expect(proxy.requests.filter((r) => r.path === '/prod/v1/files/upload').map((r) => r.fault)).toEqual(['status', 'none']);
    expect(stub.stored.get(t.uploadId)).toMatchObject({ size: SIZE, sha256: fileSha, contentLength: undefined });
    const sized = await uploadWithTicket(core, Readable.from([Buffer.from('hello')]), 'application/octet-stream', ticket, { size: 5 });
    expect(stub.stored.get(sized.uploadId)).toMatchObject({ size: 5, contentLength: '5', contentType: 'application/octet-stream' });
  });

  it('does not replay a stream: a failed PUT is thrown as is', async () => {
    stub.expiredTickets = 1;
    const err = await uploadWithTicket(core, fs.createReadStream(file), 'application/pdf', ticket).catch((e) => e);
    expect(err).toMatchObject({ status: 403 });
    expect(ticketRequests()).toBe(1);
    stub.presignBase = proxy.url;
    proxy.sequence([{ kind: 'reset' }], { method: 'PUT' });
    const reset = await uploadWithTicket(core, fs.createReadStream(file), 'application/pdf', ticket).catch((e) => e);
    expect(reset).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(proxy.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });
});
