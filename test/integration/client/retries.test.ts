import { inspect } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClientCore, ServiceError, type RetryEvent, type ServiceClientOptions } from '../../../src/client/index.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import { API_KEY, askThing, createThing, deleteLegacy, getThing, startStubService, updateThing, type StubService } from './stubService.js';

let stub: StubService;
let proxy: FaultProxy;
const clients: ClientCore[] = [];

function client(options: Partial<ServiceClientOptions> = {}, events: RetryEvent[] = []) {
  const c = new ClientCore({
    baseUrl: proxy.url,
    apiKey: API_KEY,
    retry: { baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 5_000, maxAttempts: 5 },
    onRetry: (e) => events.push(e),
    ...options,
  });
  clients.push(c);
  return c;
}

beforeAll(async () => {
  stub = await startStubService();
  proxy = await startFaultProxy(stub.url);
});
afterEach(async () => {
  proxy.clear();
  proxy.requests.splice(0);
  stub.seen.splice(0);
  stub.inFlightAnswers = 0;
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await proxy.close();
  await stub.close();
});

describe('client calls', () => {
  it('sends JSON with the key and an idempotency key, and parses the answer leniently', async () => {
    const c = client();
    const res = await c.send(createThing, { body: { name: 'a' } });
    expect(res.status).toBe(201);
    expect(res.data.thing.name).toBe('a');
    const seen = stub.seen[0]!;
    expect(seen.headers['x-api-key']).toBe(API_KEY);
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.idempotencyKey).toBe(seen.headers['idempotency-key']);
    // A strict response schema still does not fail on fields the server added.
    const got = await c.call(getThing, { params: { thingId: res.data.thing.id } });
    expect(got).toMatchObject({ id: res.data.thing.id, name: 'a' });
  });

  it('turns the problem shape into a ServiceError with field errors', async () => {
    const err = await client().call(createThing, { body: { name: '' } }).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect(err).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', title: 'Validation Failed', detail: 'Invalid name.', retryable: false });
    expect(err.errors).toEqual([{ code: 'too_small', detail: 'Required', pointer: '/name' }]);
    expect(err.requestId).toMatch(/[0-9a-f-]{36}/);
    const missing = await client().call(getThing, { params: { thingId: 'nope' } }).catch((e) => e);
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND', detail: 'No such thing.' });
  });

  it('turns the legacy shape into the same ServiceError', async () => {
    const err = await client().call(deleteLegacy, { body: { fileIds: 'x' } }).catch((e) => e);
    expect(err).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', title: 'Unprocessable Entity', detail: 'Invalid fileIds.' });
  });

  it('never shows the API key in errors, toString, JSON or inspect', async () => {
    const c = client({ apiKey: 'wrong-' + API_KEY });
    const err = await c.call(getThing, { params: { thingId: 'x' } }).catch((e) => e);
    expect(err).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    for (const text of [String(err), err.stack, inspect(err, { depth: 5 }), JSON.stringify(err), String(c), inspect(c, { depth: 5, showHidden: true }), JSON.stringify(c)]) {
      expect(text).not.toContain(API_KEY);
    }
  });

  it('always sends a key for required operations and refuses to omit it', async () => {
    const c = client();
    await expect(c.call(askThing, { params: { thingId: 't' }, body: { q: 'why' } })).resolves.toEqual({ ok: true });
    expect(stub.seen[0]!.headers['idempotency-key']).toBeTruthy();
    await expect(c.call(askThing, { params: { thingId: 't' }, body: { q: 'x' }, idempotencyKey: false })).rejects.toThrow(/requires an Idempotency-Key/);
    await c.call(createThing, { body: { name: 'n' }, idempotencyKey: false });
    expect(stub.seen.at(-1)!.headers['idempotency-key']).toBeUndefined();
  });
});

describe('retries through a fault-injecting proxy', () => {
  it('retries connection resets and 500s with one idempotency key', async () => {
    const events: RetryEvent[] = [];
    proxy.sequence([{ kind: 'reset' }, { kind: 'status', status: 500 }, { kind: 'resetAfterForward' }]);
    const res = await client({}, events).send(createThing, { body: { name: 'r' } });
    expect(res.data.thing.name).toBe('r');
    expect(proxy.requests.map((r) => r.fault)).toEqual(['reset', 'status', 'resetAfterForward', 'none']);
    const keys = new Set(proxy.requests.map((r) => r.headers['idempotency-key']));
    expect(keys.size).toBe(1);
    expect(events.map((e) => e.error.status)).toEqual([0, 500, 0]);
    // The request reset after the target answered was a replay: one thing created, not two.
    expect([...stub.things.values()].filter((t) => t.name === 'r')).toHaveLength(1);
    expect(res.replayed).toBe(true);
  });

  it('never retries before the 429 retryAfter, even with a small maxDelay', async () => {
    const events: RetryEvent[] = [];
    proxy.sequence([{ kind: 'rateLimit', retryAfter: 1 }, { kind: 'rateLimit', retryAfter: 1, header: false }]);
    await client({ retry: { maxDelayMs: 10, baseDelayMs: 5 } }, events).call(createThing, { body: { name: 'w' } });
    expect(proxy.requests).toHaveLength(3);
    for (let i = 1; i < 3; i++) {
      const waited = proxy.requests[i]!.arrivedAt - proxy.requests[i - 1]!.answeredAt!;
      expect(waited).toBeGreaterThanOrEqual(1000);
    }
    expect(events.map((e) => e.error.retryAfter)).toEqual([1, 1]);
    expect(events.every((e) => e.delayMs >= 1000)).toBe(true);
  });

  it('honours a Retry-After header larger than the body retryAfter', async () => {
    proxy.sequence([{ kind: 'rateLimit', retryAfter: 0, header: '1' }]);
    await client().call(getThing, { params: { thingId: 'none' } }).catch(() => undefined);
    const waited = proxy.requests[1]!.arrivedAt - proxy.requests[0]!.answeredAt!;
    expect(waited).toBeGreaterThanOrEqual(1000);
  });

  it('gives up at once when the server asks to wait longer than maxRetryAfterMs', async () => {
    proxy.sequence([{ kind: 'rateLimit', retryAfter: 600 }]);
    const err = await client().call(createThing, { body: { name: 'x' } }).catch((e) => e);
    expect(err).toMatchObject({ status: 429, retryAfter: 600, retryable: true });
    expect(proxy.requests).toHaveLength(1);
  });

  it('retries a slow answer after the per-attempt timeout', async () => {
    const events: RetryEvent[] = [];
    const created = await client().call(createThing, { body: { name: 's' } });
    proxy.sequence([{ kind: 'delay', ms: 1500 }], { method: 'GET' });
    const c = client({ retry: { timeoutMs: 300, baseDelayMs: 5, maxDelayMs: 20 } }, events);
    const got = await c.call(getThing, { params: { thingId: created.thing.id } });
    expect(got.name).toBe('s');
    expect(events[0]!.error).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('stops after maxAttempts and throws the last error', async () => {
    proxy.inject({ fault: { kind: 'status', status: 503, body: 'upstream unavailable' }, times: 10 });
    const events: RetryEvent[] = [];
    const err = await client({ retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } }, events).call(createThing, { body: { name: 'x' } }).catch((e) => e);
    expect(err).toMatchObject({ status: 503, code: 'HTTP_503', title: 'HTTP 503', detail: 'upstream unavailable', requestId: 'proxy' });
    expect(proxy.requests).toHaveLength(3);
    expect(events).toHaveLength(2);
  });

  it('does not re-send a keyless write after a reset, but does after a 429', async () => {
    proxy.sequence([{ kind: 'reset' }]);
    const err = await client().call(updateThing, { params: { thingId: 't' }, body: { name: 'n' } }).catch((e) => e);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR', retryable: true });
    expect(proxy.requests).toHaveLength(1);
    proxy.sequence([{ kind: 'rateLimit', retryAfter: 0 }]);
    await expect(client().call(updateThing, { params: { thingId: 't' }, body: { name: 'n' } })).resolves.toEqual({ success: true });
  });

  it('retries a 409 "still in progress" with the same key', async () => {
    stub.inFlightAnswers = 2;
    const res = await client().send(createThing, { body: { name: 'f' }, idempotencyKey: 'fixed-key-1' });
    expect(res.status).toBe(201);
    expect(stub.seen.map((s) => s.headers['idempotency-key'])).toEqual(['fixed-key-1', 'fixed-key-1', 'fixed-key-1']);
  });

  it('stops waiting when the signal aborts during a 429 wait', async () => {
    proxy.sequence([{ kind: 'rateLimit', retryAfter: 30 }]);
    const controller = new AbortController();
    const pending = client().call(createThing, { body: { name: 'a' }, signal: controller.signal });
    while (proxy.requests.length === 0 || proxy.requests[0]!.answeredAt === undefined) await new Promise((r) => setTimeout(r, 10));
    controller.abort(new Error('user cancelled'));
    await expect(pending).rejects.toThrow('user cancelled');
    expect(proxy.requests).toHaveLength(1);
  });

  it('reports a refused connection as a retryable NETWORK_ERROR', async () => {
    const closed = await startFaultProxy(stub.url);
    const url = closed.url;
    await closed.close();
    const events: RetryEvent[] = [];
    const err = await client({ baseUrl: url, retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 2 } }, events).call(getThing, { params: { thingId: 'x' } }).catch((e) => e);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR', networkCode: 'ECONNREFUSED', retryable: true });
    expect(events).toHaveLength(2);
  });
});
