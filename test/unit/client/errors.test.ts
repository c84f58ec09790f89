import { describe, expect, it } from 'vitest';
import { ServiceError, errorFromAnswer, networkError } from '../../../src/client/errors.js';

const at = { method: 'POST', path: '/prod/v1/x' };

describe('errorFromAnswer', () => {
  it('reads the problem shape', () => {
    const e = errorFromAnswer({
      ...at,
      status: 400,
      body: {
        type: 'https://docsync.dev/errors/bad-request', title: 'Bad Request', status: 400, detail: 'Directory depth limit exceeded',
        instance: '/prod/v1/directories', code: 'BAD_REQUEST', requestId: 'r1', errors: [{ code: 'c', detail: 'd', pointer: '/parentId' }],
        message: 'm', error: 'e', statusCode: 400,
      },
    });
    expect(e).toMatchObject({ status: 400, code: 'BAD_REQUEST', title: 'Bad Request', detail: 'Directory depth limit exceeded', requestId: 'r1', instance: '/prod/v1/directories' });
    expect(e.errors).toEqual([{ code: 'c', detail: 'd', pointer: '/parentId' }]);
    expect(e.message).toContain('Directory depth limit exceeded');
    expect(e.retryable).toBe(false);
  });

  it('reads the legacy shape and takes the request id from the header', () => {
    const e = errorFromAnswer({ ...at, status: 403, body: { message: 'Access denied. You are in readonly mode.', error: 'Forbidden', statusCode: 403 }, requestIdHeader: 'h1' });
    expect(e).toMatchObject({ status: 403, code: 'FORBIDDEN', title: 'Forbidden', detail: 'Access denied. You are in readonly mode.', requestId: 'h1', errors: [] });
  });

  it('takes the larger of body retryAfter and Retry-After', () => {
    expect(errorFromAnswer({ ...at, status: 429, body: { retryAfter: 2 }, retryAfterHeader: 5 }).retryAfter).toBe(5);
    expect(errorFromAnswer({ ...at, status: 429, body: { retryAfter: 3 } }).retryAfter).toBe(3);
    expect(errorFromAnswer({ ...at, status: 429, body: 'slow down' }).retryable).toBe(true);
  });

  it('classifies retryable statuses', () => {
    const mk = (status: number, detail = 'x', code = 'X') => new ServiceError({ status, code, title: 't', detail });
    expect([408, 429, 500, 502, 503].map((s) => mk(s).retryable)).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 422].map((s) => mk(s).retryable)).toEqual([false, false, false, false, false]);
    expect(mk(409, 'A request with this Idempotency-Key is still in progress.', 'CONFLICT').retryable).toBe(true);
    expect(mk(409, 'A run is live in this session.', 'CONFLICT').retryable).toBe(false);
  });
});

describe('networkError', () => {
  it('is status 0 NETWORK_ERROR, retryable for transient codes only', () => {
    const reset = networkError(Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }), 'GET', '/a');
    expect(reset).toMatchObject({ status: 0, code: 'NETWORK_ERROR', networkCode: 'UND_ERR_SOCKET', retryable: true });
    const dns = networkError(Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' }), 'GET', '/a');
    expect(dns.retryable).toBe(false);
  });
});
