import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../src/client/errors.js';
import { DEFAULT_RETRY, backoffMs, parseRetryAfter, retryDelay, sleep } from '../../../src/client/retryPolicy.js';

const err = (status: number, retryAfter?: number) => new ServiceError({ status, code: 'X', title: 'X', detail: 'x', retryAfter });

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3);
    expect(parseRetryAfter(['1.5'])).toBe(1.5);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('backoff', () => {
  const options = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
  const b = { baseMs: 100, maxMs: 1000 };
  it('is full jitter under an exponential ceiling capped by maxMs', () => {
    expect(backoffMs(1, b, () => 0.999)).toBe(99);
    expect(backoffMs(3, b, () => 0.999)).toBe(399);
    expect(backoffMs(10, b, () => 0.999)).toBe(999);
    expect(backoffMs(4, b, () => 0)).toBe(0);
    expect(retryDelay(3, err(503), options, () => 0.999)).toBe(399);
  });

  it('draws in the upper half, or waits the ceiling, when asked; grows by the given factor', () => {
    expect(backoffMs(3, { ...b, jitter: 'upper-half' }, () => 0)).toBe(200);
    expect(backoffMs(3, { ...b, jitter: 'upper-half' }, () => 1)).toBe(400);
    expect(backoffMs(5, { ...b, jitter: 'none' })).toBe(1000);
    expect(backoffMs(3, { ...b, factor: 1.5, jitter: 'none' })).toBe(225);
    expect(backoffMs(40, { baseMs: 1000, maxMs: Infinity, jitter: 'none' })).toBe(1000 * 2 ** 39);
  });

  it('never goes below the server retryAfter, even above maxDelay', () => {
    for (const r of [0, 0.5, 0.999]) expect(retryDelay(1, err(429, 5), options, () => r)).toBeGreaterThanOrEqual(5000);
    expect(retryDelay(1, err(429, 0.2), options, () => 0)).toBeGreaterThanOrEqual(200);
  });

  it('gives up (undefined) when retryAfter exceeds maxRetryAfterMs', () => {
    expect(retryDelay(1, err(429, 121), options)).toBeUndefined();
  });
});

describe('sleep', () => {
  it('rejects with the abort reason', async () => {
    const c = new AbortController();
    const p = sleep(60_000, c.signal);
    c.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
    await expect(sleep(1, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
