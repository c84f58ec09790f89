// Issue 18: callback addresses on loopback, private ranges, link-local and metadata addresses
// are refused with 422 unless the service's configuration allows them, and checked again when
// the callback is sent, after the name is resolved (DNS rebinding).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CallbackAddressRefused, classifyAddress, guardedAgent, type AddressKind } from '../../../src/service/callbackAddress.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { uploadText, waitFor } from './uploadHelpers.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function service(options: Parameters<typeof startTestService>[0] = {}): Promise<TestService> {
  const svc = await startTestService({ allowInsecureCallbacks: false, ...options });
  cleanups.push(() => svc.close());
  return svc;
}

const ticketWith = (svc: TestService, callbackURL: string) =>
  svc.request('POST', '/prod/v1/files/upload', { body: { fileName: 'a.txt', fileType: 'text/plain', callbackURL } });

const REFUSED: Array<[string, AddressKind | 'http']> = [
  ['https://127.0.0.1/hook', 'loopback'],
  ['https://127.8.9.10:8443/hook', 'loopback'],
  ['https://localhost/hook', 'loopback'],
  ['https://[::1]/hook', 'loopback'],
  ['https://10.1.2.3/hook', 'private'],
  ['https://172.16.0.1/hook', 'private'],
  ['https://172.31.255.255/hook', 'private'],
  ['https://192.168.1.20/hook', 'private'],
  ['https://[fc00::1]/hook', 'private'],
  ['https://[fd12:3456::1]/hook', 'private'],
  ['https://169.254.169.254/latest/meta-data', 'link-local'],
  ['https://169.254.1.1/hook', 'link-local'],
  ['https://[fe80::1]/hook', 'link-local'],
  ['https://0.0.0.0/hook', 'unspecified'],
  ['https://[::]/hook', 'unspecified'],
  ['https://[::ffff:127.0.0.1]/hook', 'loopback'],
  ['https://[::ffff:169.254.169.254]/hook', 'link-local'],
  ['https://224.0.0.1/hook', 'reserved'],
  ['http://example.com/hook', 'http'],
];

describe('callback addresses refused when a ticket is requested', () => {
  it('answers 422 problem details for loopback, private, link-local, metadata and unspecified addresses', async () => {
    const svc = await service();
    for (const [url, kind] of REFUSED) {
      const res = await ticketWith(svc, url);
      expect(res.status, url).toBe(422);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[0].pointer).toBe('/callbackURL');
      expect(res.body.detail).toMatch(kind === 'http' ? /HTTPS/ : new RegExp(`a ${kind} address`));
    }
    // A public HTTPS address is accepted (its name is checked again when the callback is sent).
    expect((await ticketWith(svc, 'https://hooks.example.com/docsync')).status).toBe(200);
    expect((await ticketWith(svc, 'https://93.184.216.34/hook')).status).toBe(200);
  });

  it('accepts loopback (http too) with allowInsecureCallbacks, private ranges only with allowPrivateCallbacks', async () => {
    const local = await service({ allowInsecureCallbacks: true });
    expect((await ticketWith(local, 'http://127.0.0.1:9/hook')).status).toBe(200);
    expect((await ticketWith(local, 'http://localhost:9/hook')).status).toBe(200);
    expect((await ticketWith(local, 'https://10.0.0.5/hook')).status).toBe(422);
    expect((await ticketWith(local, 'http://10.0.0.5/hook')).status).toBe(422);
    expect((await ticketWith(local, 'https://169.254.169.254/hook')).status).toBe(422);
    const team = await service({ allowPrivateCallbacks: true });
    expect((await ticketWith(team, 'https://10.0.0.5/hook')).status).toBe(200);
    expect((await ticketWith(team, 'https://[fd00::5]/hook')).status).toBe(200);
    expect((await ticketWith(team, 'https://127.0.0.1/hook')).status).toBe(422);
    expect((await ticketWith(team, 'https://169.254.169.254/hook')).status).toBe(422);
  });

  it('classifies addresses', () => {
    expect(classifyAddress('8.8.8.8')).toBe('public');
    expect(classifyAddress('2001:4860:4860::8888')).toBe('public');
    expect(classifyAddress('172.32.0.1')).toBe('public');
    expect(classifyAddress('100.64.0.1')).toBe('private');
    expect(classifyAddress('[::1]')).toBe('loopback');
  });
});

describe('callback addresses checked when the callback is sent', () => {
  it("refuses a key's default address on loopback: the outbox row fails at once, with the reason", async () => {
    const svc = await service();
    const key = svc.createKey({ callbackUrl: 'https://localhost:9/hook' });
    const { uploadId } = await uploadText(svc, undefined, {}, key.key);
    const row = await waitFor(
      () => svc.service.db.prepare("SELECT status, attempts, last_error FROM callback_outbox WHERE body LIKE ? AND status = 'failed'").get(`%${uploadId}%`) as
        | { status: string; attempts: number; last_error: string }
        | undefined,
      'the callback to be refused',
    );
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/Callback address refused: it points at a loopback address/);
  });

  it('connects only to the resolved address it checked: a name that resolves to 127.0.0.1 is refused', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as AddressInfo).port;
    // A name server that answers a public-looking name with loopback (DNS rebinding).
    const rebinding = (_host: string, _options: unknown, callback: (e: null, a: Array<{ address: string; family: number }>) => void) =>
      callback(null, [{ address: '127.0.0.1', family: 4 }]);
    const strict = guardedAgent({ allowLoopback: false, allowPrivate: false }, rebinding);
    const lenient = guardedAgent({ allowLoopback: true, allowPrivate: false }, rebinding);
    cleanups.push(() => strict.close(), () => lenient.close());
    const refused = await request(`http://hooks.example.test:${port}/`, { dispatcher: strict }).then(() => undefined, (e: unknown) => e);
    let cause: unknown = refused;
    while (cause && !(cause instanceof CallbackAddressRefused)) cause = (cause as { cause?: unknown }).cause;
    expect(cause).toBeInstanceOf(CallbackAddressRefused);
    expect((cause as Error).message).toMatch(/hooks\.example\.test resolves to a loopback address/);
    const allowed = await request(`http://hooks.example.test:${port}/`, { dispatcher: lenient });
    expect(await allowed.body.text()).toBe('ok');
  });
});
