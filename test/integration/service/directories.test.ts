import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

describe('POST /prod/v1/directories', () => {
  it('creates a root directory owned by the caller', async () => {
    const res = await svc.request('POST', '/prod/v1/directories', { body: { name: 'Invoices', description: 'in' } });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const dir = res.body.directory;
    expect(dir).toMatchObject({ name: 'Invoices', description: 'in', status: 'active', parentId: null, depth: 0 });
    expect(dir.metadata).toMatchObject({ userId: svc.key.userId, workspaceId: svc.key.workspaceId, organizationId: svc.key.organizationId });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('computes depth from the parent and refuses past the limit with 400', async () => {
    const root = (await svc.request('POST', '/prod/v1/directories', { body: { name: 'A' } })).body.directory;
    const child = await svc.request('POST', '/prod/v1/directories', { body: { name: 'B', parentId: root.id } });
    expect(child.status).toBe(201);
    expect(child.body.directory.depth).toBe(1);
    const grandchild = await svc.request('POST', '/prod/v1/directories', { body: { name: 'C', parentId: child.body.directory.id } });
    expect(grandchild.status).toBe(400);
    expect(grandchild.headers.get('content-type')).toContain('application/problem+json');
    expect(grandchild.body).toMatchObject({ status: 400, code: 'BAD_REQUEST', detail: 'Directory depth limit exceeded', type: expect.stringMatching(/\/bad-request$/) });
    expect(grandchild.body.requestId).toBe(grandchild.headers.get('x-request-id'));
  });

  it('answers 422 Invalid name. and Invalid parentId. with pointers', async () => {
    const noName = await svc.request('POST', '/prod/v1/directories', { body: { name: '' } });
    expect(noName.status).toBe(422);
    expect(noName.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Invalid name.' });
    expect(noName.body.errors[0].pointer).toBe('/name');
    const wrongType = await svc.request('POST', '/prod/v1/directories', { body: { name: 42 } });
    expect(wrongType.body.detail).toBe('Invalid name.');
    const badParent = await svc.request('POST', '/prod/v1/directories', { body: { name: 'x', parentId: 'nope' } });
    expect(badParent.status).toBe(422);
    expect(badParent.body).toMatchObject({ detail: 'Invalid parentId.', errors: [{ pointer: '/parentId' }] });
  });

  it('answers malformed JSON with 400 problem details, never 500', async () => {
    const res = await svc.request('POST', '/prod/v1/directories', { body: '{"name": ' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('401 without or with an unknown key, 403 for read-only and inactive keys', async () => {
    expect((await svc.request('POST', '/prod/v1/directories', { body: { name: 'x' }, key: null })).status).toBe(401);
    expect((await svc.request('POST', '/prod/v1/directories', { body: { name: 'x' }, key: 'dsk_wrong' })).status).toBe(401);
    const ro = svc.createKey({ readOnly: true });
    const roRes = await svc.request('POST', '/prod/v1/directories', { body: { name: 'x' }, key: ro.key });
    expect(roRes.status).toBe(403);
    expect(roRes.body.detail).toContain('READONLY_KEY');
    const off = svc.createKey({ inactive: true });
    expect((await svc.request('POST', '/prod/v1/directories', { body: { name: 'x' }, key: off.key })).status).toBe(403);
  });

  it('keeps workspaces apart: another workspace\'s parent is unknown', async () => {
    const mine = (await svc.request('POST', '/prod/v1/directories', { body: { name: 'Mine' } })).body.directory;
    const other = svc.createKey({ workspace: 'Other' });
    const res = await svc.request('POST', '/prod/v1/directories', { body: { name: 'x', parentId: mine.id }, key: other.key });
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('Invalid parentId.');
  });
});

describe('idempotency (spec 4.1)', () => {
  it('replays the first answer with Idempotent-Replayed and refuses another body with 422', async () => {
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await svc.request('POST', '/prod/v1/directories', { body: { name: 'Once' }, headers });
    const again = await svc.request('POST', '/prod/v1/directories', { body: { name: 'Once' }, headers });
    expect(again.status).toBe(201);
    expect(again.body.directory.id).toBe(first.body.directory.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const other = await svc.request('POST', '/prod/v1/directories', { body: { name: 'Twice' }, headers });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('VALIDATION_FAILED');
  });

  it('treats the same body with keys in another order as the same request', async () => {
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await svc.request('POST', '/prod/v1/directories', { body: '{"name":"Ord","description":"d"}', headers });
    const again = await svc.request('POST', '/prod/v1/directories', { body: '{"description":"d","name":"Ord"}', headers });
    expect(again.body.directory.id).toBe(first.body.directory.id);
  });

  it('refuses an Idempotency-Key over 255 characters with 400', async () => {
    const res = await svc.request('POST', '/prod/v1/directories', { body: { name: 'x' }, headers: { 'idempotency-key': 'k'.repeat(256) } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].parameter).toBe('Idempotency-Key');
  });
});

describe('rate limit', () => {
  it('answers 429 with retryAfter and Retry-After when the bucket is empty', async () => {
    const limited = await startTestService({ rateLimit: { rate: 1, burst: 2 } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await limited.request('POST', '/prod/v1/directories', { body: { name: `r${i}` } });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 2)).toEqual([201, 201]);
      expect(last!.status).toBe(429);
      expect(last!.body.retryAfter).toBeGreaterThanOrEqual(1);
      expect(last!.headers.get('retry-after')).toBe(String(last!.body.retryAfter));
    } finally {
      await limited.close();
    }
  });
});

describe('openapi', () => {
  it('serves an OpenAPI 3.1 document generated from the contract', async () => {
    const res = await svc.request('GET', '/prod/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.paths['/prod/v1/directories'].post.operationId).toBe('createDirectory');
  });
});
