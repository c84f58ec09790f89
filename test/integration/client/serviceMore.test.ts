// The rest of the client against the real local service: regional instances, multipart
// import replayed after a reset, export bytes, required idempotency keys, aborts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient, type RetryEvent } from '../../../src/client/index.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';

let svc: TestService;
let proxy: FaultProxy;
const clients: ServiceClient[] = [];

function client(options: Partial<ConstructorParameters<typeof ServiceClient>[0]> = {}, events: RetryEvent[] = []) {
  const c = new ServiceClient({
    baseUrl: proxy.url,
    apiKey: svc.key.key,
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    onRetry: (e) => events.push(e),
    ...options,
  });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  svc = await startTestService();
  proxy = await startFaultProxy(svc.url);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await proxy.close();
  await svc.close();
});

describe('client extras against the service', () => {
  it('sends calls to the configured base address of its regional instance', async () => {
    const c = client({ baseUrl: 'http://127.0.0.1:9', instance: 'jp', instanceBaseUrls: { jp: proxy.url } });
    expect(c.baseUrl).toBe(proxy.url);
    await expect(c.listFileTypes()).resolves.toBeTruthy();
  });

  it('exports file types as zip bytes and re-sends a multipart import after a reset', async () => {
    const c = client();
    const created = await c.createFileType({ className: 'Receipt', name: 'Receipt', fields: [{ title: 'Total', type: 'NUMBER' }] });
    const zip = await c.exportSchemas([created.id]);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    await c.deleteFileTypes([created.id]);
    proxy.sequence([{ kind: 'reset' }], { pathPrefix: '/prod/v1/files/schema/import' });
    const events: RetryEvent[] = [];
    const imported = await client({}, events).importSchemas(zip);
    expect(imported).toMatchObject({ success: true, importedBlueprintsCount: 1 });
    expect(events.map((e) => e.error.code)).toEqual(['NETWORK_ERROR']);
    const again = await c.importSchemas(zip);
    expect(again).toMatchObject({ success: false, conflictBlueprints: ['Receipt'] });
  });

  it('always sends an Idempotency-Key to ask and stop', async () => {
    const c = client();
    const session = await c.createAgentSession({ title: 't' });
    const handle = await c.askAgent(session.session_id, { user_prompt: 'What is the total?' });
    expect(handle).toMatchObject({ session_id: session.session_id, status: 'QUEUED' });
    const stop = await c.stopAgentSession(session.session_id);
    expect(stop.session_id).toBe(session.session_id);
    const posted = proxy.requests.filter((r) => r.method === 'POST' && /\/(ask|stop)$/.test(r.path));
    expect(posted).toHaveLength(2);
    for (const r of posted) expect(r.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('aborts a request in flight with the signal reason and does not retry it', async () => {
    proxy.sequence([{ kind: 'delay', ms: 5_000 }], { method: 'GET', pathPrefix: '/prod/v1/file-type' });
    const controller = new AbortController();
    const before = proxy.requests.length;
    const pending = client().listFileTypes({ signal: controller.signal });
    while (proxy.requests.length === before) await new Promise((r) => setTimeout(r, 10));
    controller.abort(new Error('closing'));
    await expect(pending).rejects.toThrow('closing');
    expect(proxy.requests.length).toBe(before + 1);
  });
});
