// Behind a reverse proxy (the team service, docs/team-server.md) the addresses the service hands
// out name the proxy (--public-url), not the address a process listens on: a PUT sent through the
// "proxy" (here, the public address mapped back to the process) is accepted and processed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { insertFile } from './fileRows.js';
import { INVOICE_TEXT, put, settled, ticket } from './uploadHelpers.js';

const PUBLIC = 'https://docsync.office.example';
let svc: TestService;

beforeAll(async () => {
  svc = await startTestService({ publicUrl: `${PUBLIC}/` });
});
afterAll(async () => svc.close());

/** What the proxy does: the public address's path and query, sent to the process. */
const throughProxy = (address: string) => {
  const url = new URL(address);
  expect(url.origin).toBe(PUBLIC);
  return `${svc.url}${url.pathname}${url.search}`;
};

describe('public address (--public-url)', () => {
  it('names the public address in upload tickets, and the bytes sent through it are processed', async () => {
    const t = await ticket(svc);
    expect(t.presignedUploadURL.startsWith(`${PUBLIC}/`)).toBe(true);
    expect((await put(throughProxy(t.presignedUploadURL), INVOICE_TEXT, { 'content-type': 'text/plain' })).status).toBe(200);
    expect((await settled(svc, t.uploadId)).body.status).toBe('completed');
  });

  it('names it in preview addresses', async () => {
    const file = insertFile(svc);
    const res = await svc.request('POST', '/prod/v1/files/preview', { body: { storagePath: file.storagePath } });
    expect(res.status).toBe(200);
    const bytes = await fetch(throughProxy(res.body.signedUrl));
    expect(bytes.status).toBe(200);
  });
});
