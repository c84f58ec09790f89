// The client against the real local service (over a fault-injecting proxy where a fault is needed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient, ServiceError, type RetryEvent } from '../../../src/client/index.js';
import { createDirectory } from '../../../src/contract/directories.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';

let svc: TestService;
let proxy: FaultProxy;
const clients: ServiceClient[] = [];

function client(apiKey = svc.key.key, events: RetryEvent[] = [], baseUrl = proxy.url) {
  const c = new ServiceClient({ baseUrl, apiKey, retry: { baseDelayMs: 5, maxDelayMs: 50 }, onRetry: (e) => events.push(e) });
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

describe('directories through the client', () => {
  it('creates a root and a child directory', async () => {
    const c = client();
    const root = await c.createDirectory({ name: 'Invoices' });
    expect(root).toMatchObject({ success: true, directory: { name: 'Invoices', depth: 0, parentId: null, status: 'active' } });
    const child = await c.createDirectory({ name: '2026', parentId: root.directory.id });
    expect(child.directory).toMatchObject({ depth: 1, parentId: root.directory.id });
    const err = await c.createDirectory({ name: 'too deep', parentId: child.directory.id }).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ status: 400, code: 'BAD_REQUEST', detail: 'Directory depth limit exceeded' });
    expect(err.requestId).toBeTruthy();
  });

  it('reports validation failures with their field pointers', async () => {
    const err = await client().createDirectory({ name: 'x', parentId: 'no-such-parent' }).catch((e) => e);
    expect(err).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', detail: 'Invalid parentId.' });
    expect(err.errors[0]).toMatchObject({ pointer: '/parentId' });
  });

  it('maps 401 and read-only 403 without leaking the key', async () => {
    const bad = await client('not-a-key').createDirectory({ name: 'x' }).catch((e) => e);
    expect(bad).toMatchObject({ status: 401, retryable: false });
    const readOnly = svc.createKey({ readOnly: true });
    const denied = await client(readOnly.key).createDirectory({ name: 'x' }).catch((e) => e);
    expect(denied).toMatchObject({ status: 403 });
    expect(JSON.stringify(denied) + denied.stack).not.toContain(readOnly.key);
  });

  it('retries a reset after the service answered and gets the replay, creating one directory', async () => {
    proxy.sequence([{ kind: 'resetAfterForward' }, { kind: 'status', status: 500 }]);
    const events: RetryEvent[] = [];
    const res = await client(svc.key.key, events).send(createDirectory, { body: { name: 'Once' } });
    expect(res.status).toBe(201);
    expect(res.replayed).toBe(true);
    expect(events.map((e) => e.error.status)).toEqual([0, 500]);
    expect(new Set(proxy.requests.slice(-3).map((r) => r.headers['idempotency-key'])).size).toBe(1);
  });

  it("waits out the real service's 429 before each retry", async () => {
    const limited = await startTestService({ rateLimit: { rate: 2, burst: 2 } });
    const limitedProxy = await startFaultProxy(limited.url);
    try {
      const events: RetryEvent[] = [];
      const c = client(limited.key.key, events, limitedProxy.url);
      const made = await Promise.all(Array.from({ length: 5 }, (_, i) => c.createDirectory({ name: `burst-${i}` })));
      expect(made.every((m) => m.success)).toBe(true);
      const limitedAnswers = events.filter((e) => e.error.status === 429);
      expect(limitedAnswers.length).toBeGreaterThan(0);
      for (const e of limitedAnswers) expect(e.delayMs).toBeGreaterThanOrEqual(e.error.retryAfter! * 1000);
      // Per idempotency key: the request after a 429 arrived no earlier than retryAfter after it.
      const byKey = new Map<string, typeof limitedProxy.requests>();
      for (const r of limitedProxy.requests) byKey.set(String(r.headers['idempotency-key']), [...(byKey.get(String(r.headers['idempotency-key'])) ?? []), r]);
      expect(byKey.size).toBe(5);
      const minWaitMs = Math.min(...limitedAnswers.map((e) => e.error.retryAfter! * 1000));
      let checked = 0;
      for (const attempts of byKey.values()) {
        for (let i = 1; i < attempts.length; i++) {
          expect(attempts[i]!.arrivedAt - attempts[i - 1]!.answeredAt!).toBeGreaterThanOrEqual(minWaitMs);
          checked++;
        }
      }
      expect(checked).toBe(limitedAnswers.length);
    } finally {
      await limitedProxy.close();
      await limited.close();
    }
  });
});
