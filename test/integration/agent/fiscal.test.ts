// The fiscal year setting reaches the embedded service's agent: with the config's
// fiscalYearStart of 4, "fiscal year 2026" is April 2026 to March 2027.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService, type EmbeddedService } from '../../../src/sync/embedded.js';
import { invoiceText } from './corpus.js';

let dir: string;
let svc: EmbeddedService;

async function call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${svc.url}${route}`, {
    method,
    headers: { 'x-api-key': svc.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function upload(number: string, date: string) {
  const ticket = await call('POST', '/prod/v1/files/upload', { fileName: `${number}.txt`, fileType: 'text/plain' });
  const text = invoiceText({ vendor: 'ACME Supplies Ltd', number, date, due: date, total: '100.00', tax: '0.00', lines: ['Paper'] });
  await fetch(ticket.body.presignedUploadURL, { method: 'PUT', body: text, headers: { 'content-type': 'text/plain' } });
  for (;;) {
    const status = await call('GET', `/prod/v1/uploads/${ticket.body.uploadId}`);
    if (status.body.status !== 'waiting') return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  svc = await startEmbeddedService(dir, 0, { fiscalYearStart: 4 });
  await upload('INV-1', '2026-02-10');
  await upload('INV-2', '2026-05-10');
});
afterAll(async () => {
  await svc.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('fiscal year setting', () => {
  it('reads "fiscal year 2026" with the configured first month', async () => {
    const session = (await call('POST', '/prod/v2/agent/sessions', { use_all_files: true })).body.session_id;
    const asked = await call('POST', `/prod/v2/agent/sessions/${session}/ask`, { user_prompt: 'How many invoices in fiscal year 2026?', allow_ai_query_subagent: true }, { 'idempotency-key': randomUUID() });
    let job;
    do {
      await new Promise((r) => setTimeout(r, 25));
      job = (await call('GET', `/prod/v2/jobs/${asked.body.job_id}`)).body;
    } while (!['COMPLETED', 'FAILED'].includes(job.status));
    expect(job.answer).toContain('There is 1 document in FY2026 (2026-04-01 to 2027-03-31).');
  });
});
