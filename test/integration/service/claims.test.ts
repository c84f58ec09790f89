// Claims (decisions 24): desktops sharing a folder agree through the service on who does a file's work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { takeClaim } from '../../../src/service/store/claims.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc.close());

const take = (body: Record<string, unknown>, key?: string) => svc.request('POST', '/prod/docsync/claims', { body, key });
const finish = (body: Record<string, unknown>) => svc.request('POST', '/prod/docsync/claims/finish', { body });
const base = (scope: string) => ({ scope, key: 'f'.repeat(64), leaseMs: 60_000 });

describe('POST /prod/docsync/claims', () => {
  it('grants a free claim, refuses a second holder while the lease runs, renews for the holder', async () => {
    const first = await take({ ...base('s1'), holder: 'desk-a', path: 'in/a.pdf' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ granted: true, claim: { holder: 'desk-a', status: 'held', path: 'in/a.pdf', result: null } });
    const other = await take({ ...base('s1'), holder: 'desk-b', path: 'in/a.pdf' });
    expect(other.body).toMatchObject({ granted: false, claim: { holder: 'desk-a', status: 'held' } });
    const renewed = await take({ ...base('s1'), holder: 'desk-a' });
    expect(renewed.body.granted).toBe(true);
    expect(Date.parse(renewed.body.claim.expiresAt)).toBeGreaterThanOrEqual(Date.parse(first.body.claim.expiresAt));
    expect(renewed.body.claim.path).toBe('in/a.pdf');
    // The holder asking for another copy of the content is told which copy it holds.
    const copy = await take({ ...base('s1'), holder: 'desk-a', path: 'in/copy of a.pdf' });
    expect(copy.body).toMatchObject({ granted: true, claim: { path: 'in/a.pdf' } });
  });

  it('of many desktops asking at once, exactly one is granted', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => take({ ...base('s2'), holder: `desk-${i}` })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const granted = answers.filter((a) => a.body.granted);
    expect(granted).toHaveLength(1);
    expect(answers.every((a) => a.body.claim.holder === granted[0]!.body.claim.holder)).toBe(true);
  });

  it('a claim whose lease ended goes to the next desktop that asks; the old holder can no longer finish it', async () => {
    // The store takes the clock as an argument: the lease ends without waiting for it.
    const ws = svc.key.workspaceId;
    const now = Date.now();
    expect(takeClaim(svc.service.db, ws, { ...base('s3'), holder: 'desk-a', leaseMs: 1000 }, now - 5000).granted).toBe(true);
    const taken = await take({ ...base('s3'), holder: 'desk-b' });
    expect(taken.body).toMatchObject({ granted: true, claim: { holder: 'desk-b', status: 'held' } });
    const late = await finish({ scope: 's3', key: 'f'.repeat(64), holder: 'desk-a', status: 'exported', result: {} });
    expect(late.status).toBe(409);
    expect(late.headers.get('content-type')).toContain('application/problem+json');
    expect(late.body.code).toBeTruthy();
  });

  it('a finished claim is final: its result is what every other desktop sees, and it is never granted again', async () => {
    await take({ ...base('s4'), holder: 'desk-a', path: 'b.pdf' });
    const done = await finish({ scope: 's4', key: 'f'.repeat(64), holder: 'desk-a', status: 'exported', result: { uploadId: 'u1', fileIds: ['x'] } });
    expect(done.status).toBe(200);
    expect(done.body.claim).toMatchObject({ status: 'exported', result: { uploadId: 'u1', fileIds: ['x'] } });
    const again = await finish({ scope: 's4', key: 'f'.repeat(64), holder: 'desk-a', status: 'exported', result: {} });
    expect(again.body.claim.result).toEqual({ uploadId: 'u1', fileIds: ['x'] });
    const other = await take({ ...base('s4'), holder: 'desk-b' });
    expect(other.body).toMatchObject({ granted: false, claim: { holder: 'desk-a', status: 'exported', path: 'b.pdf' } });
    const holder = await take({ ...base('s4'), holder: 'desk-a' });
    expect(holder.body.granted).toBe(false);
  });

  it('a holder that gives a claim up lets the next desktop have it at once; nobody else can give it up', async () => {
    const release = (body: Record<string, unknown>) => svc.request('POST', '/prod/docsync/claims/release', { body });
    await take({ ...base('s7'), holder: 'desk-a' });
    expect((await release({ scope: 's7', key: 'f'.repeat(64), holder: 'desk-b' })).body).toEqual({ released: false });
    expect((await take({ ...base('s7'), holder: 'desk-b' })).body.granted).toBe(false);
    expect((await release({ scope: 's7', key: 'f'.repeat(64), holder: 'desk-a' })).body).toEqual({ released: true });
    expect((await take({ ...base('s7'), holder: 'desk-b' })).body).toMatchObject({ granted: true, claim: { holder: 'desk-b' } });
    // A finished claim stays finished.
    await finish({ scope: 's7', key: 'f'.repeat(64), holder: 'desk-b', status: 'exported', result: {} });
    expect((await release({ scope: 's7', key: 'f'.repeat(64), holder: 'desk-b' })).body).toEqual({ released: false });
    expect((await take({ ...base('s7'), holder: 'desk-c' })).body).toMatchObject({ granted: false, claim: { status: 'exported' } });
  });

  it('claims are per workspace: another workspace does not see them', async () => {
    await take({ ...base('s5'), holder: 'desk-a' });
    const stranger = svc.createKey({ workspace: 'elsewhere' });
    const res = await take({ ...base('s5'), holder: 'desk-b' }, stranger.key);
    expect(res.body.granted).toBe(true);
  });

  it('bad input answers 422 naming the field, never 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base('s6'), holder: '' }, '/holder'],
      [{ ...base('s6'), holder: 'a', leaseMs: 10 }, '/leaseMs'],
      [{ ...base('s6'), holder: 'a', leaseMs: 'long' }, '/leaseMs'],
      [{ ...base('s6'), holder: 'a', extra: 1 }, '/'],
      [{ key: 'k', holder: 'a', leaseMs: 1000 }, '/scope'],
    ];
    for (const [body, pointer] of cases) {
      const res = await take(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
    }
    const badFinish = await finish({ scope: 's6', key: 'k', holder: 'a', status: 'maybe' });
    expect(badFinish.status).toBe(422);
    expect(badFinish.body.errors[0].pointer).toBe('/status');
    const noKey = await take({ ...base('s6'), holder: 'a' }, null as never);
    expect(noKey.status).toBe(401);
  });
});
