import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { encodeQuery, resolveBaseUrl } from '../../../src/client/core.js';
import { parseLenient } from '../../../src/client/core.js';
import { defineOperation } from '../../../src/contract/operation.js';

describe('resolveBaseUrl', () => {
  const table = { au: 'https://au.example.com/', jp: 'https://jp.example.com' };
  it('uses the base address unless an instance is chosen', () => {
    expect(resolveBaseUrl({ baseUrl: 'https://api.example.com/' })).toBe('https://api.example.com');
    expect(resolveBaseUrl({ baseUrl: 'https://api.example.com', instance: 'au', instanceBaseUrls: table })).toBe('https://au.example.com');
    expect(() => resolveBaseUrl({ baseUrl: 'https://api.example.com', instance: 'sg', instanceBaseUrls: table })).toThrow(/instance 'sg'/);
  });
});

describe('encodeQuery', () => {
  it('joins arrays with commas and skips undefined', () => {
    expect(encodeQuery({ fileIds: ['a', 'b'], page: 2, includeFullTableData: true, cursor: undefined })).toBe('?fileIds=a%2Cb&page=2&includeFullTableData=true');
    expect(encodeQuery(undefined)).toBe('');
  });
});

describe('parseLenient', () => {
  const op = defineOperation({
    id: 'x', method: 'GET', path: '/x', summary: '', tags: [], status: 200, errors: [], idempotency: 'none', write: false,
    response: z.strictObject({ a: z.number() }),
  });
  it('accepts added fields and rejects a wrong shape with INVALID_RESPONSE', () => {
    expect(parseLenient(op, { a: 1, b: 2 }, 200, { method: 'GET', path: '/x' })).toEqual({ a: 1, b: 2 });
    expect(() => parseLenient(op, { a: 'one' }, 200, { method: 'GET', path: '/x' })).toThrow(/INVALID_RESPONSE/);
  });
});
