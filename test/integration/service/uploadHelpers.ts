// Helpers for the upload tests: a ticket + PUT, waiting for processing, and a real callback
// receiver on 127.0.0.1 that verifies signatures and answers as told.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestService } from '../../../src/service/testing.js';

export const INVOICE_TEXT = [
  'ACME Supplies Ltd',
  'INVOICE',
  'Invoice Number: INV-1042',
  'Invoice Date: 2024-03-01',
  'Due Date: 2024-03-31',
  'Tax: 20.00',
  'Total: 120.50 USD',
  '',
].join('\n');

export async function put(url: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, { method: 'PUT', body: typeof body === 'string' ? body : new Uint8Array(body), headers });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export async function ticket(svc: TestService, body: Record<string, unknown> = {}, key?: string) {
  const res = await svc.request('POST', '/prod/v1/files/upload', { body: { fileName: 'invoice.txt', fileType: 'text/plain', ...body }, key });
  if (res.status !== 200) throw new Error(`ticket: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { uploadId: string; presignedUploadURL: string; storagePath: string; [k: string]: unknown };
}

/** Ticket, then PUT the bytes; returns the ticket. */
export async function uploadText(svc: TestService, text = INVOICE_TEXT, body: Record<string, unknown> = {}, key?: string) {
  const t = await ticket(svc, body, key);
  const res = await put(t.presignedUploadURL, text, { 'content-type': 'text/plain' });
  if (res.status !== 200) throw new Error(`put: ${res.status}`);
  return t;
}

export async function waitFor<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Poll the uploads status until it leaves `waiting`. */
export async function settled(svc: TestService, uploadId: string, key?: string) {
  return waitFor(async () => {
    const res = await svc.request('GET', `/prod/v1/uploads/${uploadId}`, { key });
    return res.body?.status !== 'waiting' ? res : undefined;
  }, `upload ${uploadId} to settle`);
}

export interface ReceivedCallback {
  eventId: string;
  signature: string;
  raw: string;
  body: any;
  verified: boolean;
}

/**
 * A callback receiver. `answer` decides each response: a status, or 'hang' to never answer
 * (the sender's timeout or shutdown ends it).
 */
export class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  answer: (call: ReceivedCallback, index: number) => number | 'hang' = () => 200;
  private server = http.createServer((req, res) => this.onRequest(req, res));
  private hanging = new Set<http.ServerResponse>();
  url = '';

  constructor(private secret: string) {}

  setSecret(secret: string) {
    this.secret = secret;
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private onRequest(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['x-signature'] ?? '');
      const call: ReceivedCallback = {
        eventId: String(req.headers['x-event-id'] ?? ''),
        signature,
        raw,
        body: JSON.parse(raw),
        verified: verifySignature(this.secret, raw, signature),
      };
      const index = this.received.push(call) - 1;
      const answer = this.answer(call, index);
      if (answer === 'hang') {
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end('ok');
    });
  }
}

/** Verify `t=<s>,v1=<hex>` as a receiver would (decisions 6). */
export function verifySignature(secret: string, raw: string, header: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${m[1]}.${raw}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex'));
}

/**
 * Every SQL text `prepare`d on the service's database engine (the writer and the read
 * snapshot's reader) from now until `restore()`, in order, repeats included.
 */
export function recordPrepares(svc: TestService): { seen: string[]; restore: () => void } {
  const proto = Object.getPrototypeOf(svc.service.db) as { prepare(sql: string): unknown };
  const original = proto.prepare;
  const seen: string[] = [];
  proto.prepare = function (this: unknown, sql: string) {
    seen.push(sql);
    return original.call(this, sql);
  };
  return { seen, restore: () => void (proto.prepare = original) };
}

/**
 * Uploads of the daemon's path, `n` naming them: a text invoice (processed, with values) into a
 * folder path, and bytes the engine cannot read (the sync bench's files: a failed run), each to
 * its end, then its status and the values of its files.
 */
export async function daemonPathUploads(svc: TestService, n: number): Promise<void> {
  const text = await uploadText(svc, INVOICE_TEXT.replace('INV-1042', `INV-${n}`), { destinationPath: 'Inbox/2026' });
  const binary = await ticket(svc, { fileName: `b${n}.bin`, fileType: 'application/octet-stream', destinationPath: 'Inbox' });
  const sent = await put(binary.presignedUploadURL, Buffer.from(`not a document ${n}`));
  if (sent.status !== 200) throw new Error(`put: ${sent.status}`);
  for (const t of [text, binary]) {
    const res = await settled(svc, t.uploadId);
    for (const f of res.body.files as Array<{ fileId: string }>) {
      const values = await svc.request('GET', `/prod/v1/files/${f.fileId}/values`);
      if (values.status !== 200) throw new Error(`values: ${values.status}`);
    }
  }
}
