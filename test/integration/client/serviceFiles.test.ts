// Uploads, the files list and values through the client, against the real local service.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient, uploadWithTicket, type RetryEvent } from '../../../src/client/index.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';

let svc: TestService;
let proxy: FaultProxy;
let client: ServiceClient;
let dir: string;
let skewMs = 0;
const events: RetryEvent[] = [];

const INVOICE = 'INVOICE\nInvoice Number: INV-1001\nInvoice Date: 2026-01-15\nVendor: Acme Pty Ltd\nTotal: 110.00\nTax: 10.00\nCurrency: AUD\n';

async function settled(uploadId: string) {
  for (;;) {
    const status = await client.getUpload(uploadId);
    if (status.status !== 'waiting') return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  svc = await startTestService({ now: () => Date.now() + skewMs });
  proxy = await startFaultProxy(svc.url);
  client = new ServiceClient({ baseUrl: proxy.url, apiKey: svc.key.key, retry: { baseDelayMs: 5, maxDelayMs: 50 }, onRetry: (e) => events.push(e) });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
});
afterAll(async () => {
  await client.close();
  await proxy.close();
  await svc.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('uploads through the client', () => {
  it('requests a ticket, streams the file and the file gets processed', async () => {
    const file = path.join(dir, 'invoice.txt');
    fs.writeFileSync(file, INVOICE);
    proxy.sequence([{ kind: 'reset' }, { kind: 'rateLimit', retryAfter: 0 }], { pathPrefix: '/prod/v1/files/upload' });
    const ticket = await client.uploadFile(file, { fileName: 'invoice.txt', fileType: 'text/plain' });
    expect(ticket.presignedUploadURL).toContain('/blob/upload/');
    const status = await settled(ticket.uploadId);
    expect(status.status).toBe('completed');
    expect(status.files[0]).toMatchObject({ fileName: 'invoice.txt', fileSize: Buffer.byteLength(INVOICE) });
    // The ticket request was retried with one key; the ticket itself is one upload.
    const tickets = proxy.requests.filter((r) => r.path === '/prod/v1/files/upload');
    expect(new Set(tickets.map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it('gets a new ticket when the presigned address has expired', async () => {
    const file = path.join(dir, 'again.txt');
    fs.writeFileSync(file, INVOICE);
    const tickets: string[] = [];
    const ticket = await uploadWithTicket(client, file, 'text/plain', async () => {
      // The first ticket is signed 10 minutes in the past, so its PUT answers 403.
      skewMs = tickets.length === 0 ? -600_000 : 0;
      const t = await client.requestUpload({ fileName: 'again.txt', fileType: 'text/plain' });
      skewMs = 0;
      tickets.push(t.uploadId);
      return t;
    });
    expect(tickets).toHaveLength(2);
    expect(ticket.uploadId).toBe(tickets[1]);
    expect((await settled(ticket.uploadId)).status).toBe('completed');
  });

  it('pages through the files list and the values', async () => {
    for (const name of ['a.txt', 'b.txt', 'c.txt']) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, INVOICE);
      await settled((await client.uploadFile(file, { fileName: name, fileType: 'text/plain', apiRequestId: 'batch-1' })).uploadId);
    }
    const fromMemory = await client.uploadFile(Buffer.from(INVOICE), { fileName: 'memory.txt', fileType: 'text/plain' });
    expect((await settled(fromMemory.uploadId)).files[0]).toMatchObject({ fileName: 'memory.txt', fileSize: Buffer.byteLength(INVOICE) });
    const all = await client.listFiles({ limit: 1000 });
    const paged = [];
    for await (const f of client.files({ limit: 2 })) paged.push(f.fileId);
    expect(paged).toEqual(all.files.map((f) => f.fileId));
    expect(paged.length).toBeGreaterThanOrEqual(5);
    const pages = [];
    for await (const p of client.filePages({ limit: 2 })) pages.push(p.items.length);
    expect(pages.length).toBe(Math.ceil(all.count / 2));

    const fileId = all.files[0]!.fileId;
    const direct = await client.getFileValues(fileId);
    const entries = [];
    for await (const e of client.fileValues(fileId, { limit: 1 })) entries.push(e);
    expect(entries.map((e) => e.id)).toEqual(direct.values.formValues.map((e) => e.id));
    expect(entries.length).toBe(direct.values.count);
    expect(entries.length).toBeGreaterThan(0);
  });
});
