import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { insertFile } from './fileRows.js';

let offsetMs = 0;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ now: () => Date.now() + offsetMs });
});
afterAll(async () => svc.close());

const preview = (storagePath: unknown, init: { key?: string; headers?: Record<string, string> } = {}) =>
  svc.request('POST', '/prod/v1/files/preview', { body: { storagePath }, ...init });
const batch = (storagePaths: unknown, key?: string) => svc.request('POST', '/prod/v1/files/preview/batch', { body: { storagePaths }, key });

async function fetchBytes(url: string) {
  const res = await fetch(url);
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /prod/v1/files/preview (spec 4.11)', () => {
  it('signs a file of the workspace; the address serves its bytes with its media type, no API key', async () => {
    const bytes = Buffer.from('%PDF-1.4 not really a pdf');
    const file = insertFile(svc, { bytes, fileType: 'application/pdf', fileName: 'scan 1.pdf' });
    const res = await preview(file.storagePath);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['signedUrl']);
    expect(res.body.signedUrl.startsWith(`${svc.url}/blob/preview/`)).toBe(true);
    const got = await fetchBytes(res.body.signedUrl);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(bytes)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-disposition')).toContain("filename*=UTF-8''scan%201.pdf");
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('is valid for about one hour (previewTtlSeconds), then answers 403', async () => {
    const file = insertFile(svc);
    const { signedUrl } = (await preview(file.storagePath)).body;
    const expires = Number(new URL(signedUrl).searchParams.get('expires'));
    expect(expires - Math.floor((Date.now() + offsetMs) / 1000)).toBeGreaterThanOrEqual(3599);
    expect(expires - Math.floor((Date.now() + offsetMs) / 1000)).toBeLessThanOrEqual(3600);
    try {
      offsetMs = 3500_000;
      expect((await fetchBytes(signedUrl)).status).toBe(200);
      offsetMs = 3602_000;
      const late = await svc.request('GET', signedUrl.slice(svc.url.length), { key: null });
      expect(late.status).toBe(403);
      expect(late.headers.get('content-type')).toContain('application/problem+json');
      expect(late.body.detail).toBe('The preview address is invalid or has expired; request a new one.');
      // A fresh address works again: request it when needed, do not cache.
      expect((await fetchBytes((await preview(file.storagePath)).body.signedUrl)).status).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('answers 403 for a tampered address (signature, expiry, object or kind changed)', async () => {
    const a = insertFile(svc);
    const b = insertFile(svc);
    const url = new URL((await preview(a.storagePath)).body.signedUrl);
    const variant = (edit: (u: URL) => void) => {
      const copy = new URL(url);
      edit(copy);
      return copy.href;
    };
    const sig = url.searchParams.get('sig')!;
    const variants = [
      variant((u) => u.searchParams.set('sig', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1))),
      variant((u) => u.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600))),
      variant((u) => (u.pathname = u.pathname.replace(a.objectId, b.objectId))),
      variant((u) => u.searchParams.delete('sig')),
      variant((u) => (u.search = '')),
    ];
    for (const href of variants) expect((await fetchBytes(href)).status, href).toBe(403);
    // A preview signature does not open the upload address of the same object.
    const asUpload = variant((u) => (u.pathname = u.pathname.replace('/blob/preview/', '/blob/upload/')));
    expect((await fetch(asUpload, { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await fetchBytes(url.href)).status).toBe(200);
  });

  it('signs an upload whose bytes arrived (its storagePath before processing made a file)', async () => {
    const file = insertFile(svc);
    const uploadObject = svc.service.db.prepare('SELECT object_id FROM uploads WHERE id = ?').pluck().get(file.uploadId) as string;
    const res = await preview(`local://${svc.key.workspaceId}/${uploadObject}`);
    expect(res.status).toBe(200);
    expect((await fetchBytes(res.body.signedUrl)).status).toBe(200);
  });

  it('answers 404 for unknown objects, another workspace\'s, another bucket or scheme', async () => {
    const other = svc.createKey({ workspace: 'Preview elsewhere' });
    const theirs = insertFile(svc, { key: other });
    const mine = insertFile(svc);
    const paths = [
      `local://${svc.key.workspaceId}/${randomUUID()}`,
      theirs.storagePath,
      `local://${svc.key.workspaceId}/${theirs.objectId}`,
      `local://${other.workspaceId}/${mine.objectId}`,
      `s3://${svc.key.workspaceId}/${mine.objectId}`,
    ];
    for (const path of paths) {
      const res = await preview(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: 'No stored file at this storagePath.' });
    }
    expect((await preview(theirs.storagePath, { key: other.key })).status).toBe(200);
  });

  it('answers 422 Invalid storagePath. with a pointer for malformed paths and bodies, never 500', async () => {
    for (const bad of ['', 'local://', 'local://bucket', 'local://bucket/', '/tmp/x', 'local:/b/o', 'local://b/o?x=1', `local://b/${'o'.repeat(1100)}`, 42, null, ['local://b/o']]) {
      const res = await preview(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: 'Invalid storagePath.', errors: [{ pointer: '/storagePath' }] });
    }
    const none = await svc.request('POST', '/prod/v1/files/preview', { body: {} });
    expect(none.status).toBe(422);
    expect(none.body.errors[0].pointer).toBe('/storagePath');
    expect((await svc.request('POST', '/prod/v1/files/preview', { body: '{"storagePath":' })).status).toBe(400);
  });

  it('ignores Idempotency-Key: every request runs fresh, no replay header, no key-reuse 422', async () => {
    const a = insertFile(svc);
    const b = insertFile(svc);
    const headers = { 'idempotency-key': randomUUID() };
    const first = await preview(a.storagePath, { headers });
    offsetMs = 5000;
    try {
      const again = await preview(a.storagePath, { headers });
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBeNull();
      expect(again.body.signedUrl).not.toBe(first.body.signedUrl);
      const otherBody = await preview(b.storagePath, { headers });
      expect(otherBody.status).toBe(200);
      expect(otherBody.body.signedUrl).toContain(b.objectId);
    } finally {
      offsetMs = 0;
    }
  });

  it('needs a key (401) but is not a write: read-only keys may preview; inactive 403', async () => {
    const file = insertFile(svc);
    expect((await preview(file.storagePath, { key: null as unknown as string })).status).toBe(401);
    expect((await preview(file.storagePath, { key: svc.createKey({ readOnly: true }).key })).status).toBe(200);
    expect((await preview(file.storagePath, { key: svc.createKey({ inactive: true }).key })).status).toBe(403);
  });

  it('a deleted file\'s address stops working (404)', async () => {
    const file = insertFile(svc);
    const { signedUrl } = (await preview(file.storagePath)).body;
    expect((await svc.request('DELETE', '/prod/v1/files', { body: { fileIds: [file.fileId] } })).status).toBe(200);
    expect((await fetchBytes(signedUrl)).status).toBe(404);
    expect((await preview(file.storagePath)).status).toBe(404);
  });
});

describe('POST /prod/v1/files/preview/batch (decisions 23)', () => {
  it('answers one result per path in order: a signed address or a per-path error', async () => {
    const a = insertFile(svc, { bytes: Buffer.from('A bytes') });
    const b = insertFile(svc, { bytes: Buffer.from('B bytes') });
    const theirs = insertFile(svc, { key: svc.createKey({ workspace: 'Batch elsewhere' }) });
    const paths = [a.storagePath, 'not a path', theirs.storagePath, b.storagePath, a.storagePath];
    const res = await batch(paths);
    expect(res.status).toBe(200);
    const results = res.body.results;
    expect(results.map((r: { storagePath: string }) => r.storagePath)).toEqual(paths);
    expect(results[1]).toEqual({ storagePath: 'not a path', error: { code: 'INVALID_STORAGE_PATH', detail: expect.any(String) } });
    expect(results[2]).toEqual({ storagePath: theirs.storagePath, error: { code: 'NOT_FOUND', detail: 'No stored file at this storagePath.' } });
    expect((await fetchBytes(results[0].signedUrl)).bytes.toString()).toBe('A bytes');
    expect((await fetchBytes(results[3].signedUrl)).bytes.toString()).toBe('B bytes');
    expect(results[4].signedUrl).toBeTruthy();
  });

  it('signs 100 paths; refuses 101, none, or non-strings with 422 and pointers', async () => {
    const file = insertFile(svc);
    const hundred = await batch(Array.from({ length: 100 }, () => file.storagePath));
    expect(hundred.status).toBe(200);
    expect(hundred.body.results).toHaveLength(100);
    const cases: Array<[unknown, string]> = [
      [Array.from({ length: 101 }, () => file.storagePath), '/storagePaths'],
      [[], '/storagePaths'],
      [file.storagePath, '/storagePaths'],
      [[file.storagePath, 7], '/storagePaths/1'],
      [[`local://b/${'o'.repeat(1100)}`], '/storagePaths/0'],
      [undefined, '/storagePaths'],
    ];
    for (const [storagePaths, pointer] of cases) {
      const res = await batch(storagePaths);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
  });

  it('ignores Idempotency-Key and allows read-only keys', async () => {
    const file = insertFile(svc);
    const headers = { 'idempotency-key': randomUUID() };
    await svc.request('POST', '/prod/v1/files/preview/batch', { body: { storagePaths: [file.storagePath] }, headers });
    const other = await svc.request('POST', '/prod/v1/files/preview/batch', { body: { storagePaths: ['x'] }, headers });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect((await batch([file.storagePath], svc.createKey({ readOnly: true }).key)).status).toBe(200);
    expect((await batch([file.storagePath], 'dsk_unknown')).status).toBe(401);
  });
});
