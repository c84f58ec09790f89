// Idempotency-Key per the rule of every operation of `operations` (spec 4.1, decisions 15).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../../src/contract/index.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { call, createFixture, expectFieldProblem, sampleRequest, type Fixture, type SampleRequest } from './contractFixtures.js';

let svc: TestService;
let fx: Fixture;
let otherZip: Buffer;
beforeAll(async () => {
  svc = await startTestService();
  fx = await createFixture(svc, svc.key.key, 'IdemMarker');
  const all = await fetch(`${svc.url}/prod/v1/files/schema/export`, { headers: { 'x-api-key': fx.key } });
  otherZip = Buffer.from(await all.arrayBuffer());
});
afterAll(async () => svc.close());

const byRule = (...rules: Operation['idempotency'][]) => operations.filter((op) => rules.includes(op.idempotency)).map((op) => [op.id, op] as const);

/** A request that may run twice against the fixture; deleting a session uses a session of its own. */
async function repeatable(op: Operation): Promise<SampleRequest> {
  if (op.id !== 'deleteAgentSession') return sampleRequest(op, fx);
  const session = await svc.request('POST', '/prod/v2/agent/sessions', { body: { title: 'to delete' } });
  return { params: { session_id: session.body.session_id } };
}

/** The same request with another body (undefined: the operation takes none). */
function otherBody(op: Operation, req: SampleRequest): SampleRequest | undefined {
  if (req.file) return { ...req, file: otherZip };
  if (!op.body) return undefined;
  const fresh = sampleRequest(op, fx).body as Record<string, unknown>;
  if (JSON.stringify(fresh) !== JSON.stringify(req.body)) return { ...req, body: fresh };
  // Deterministic samples: change the first text property.
  const [name, value] = Object.entries(fresh).find(([, v]) => typeof v === 'string')!;
  return { ...req, body: { ...fresh, [name]: `${String(value)} (other)` } };
}

describe('required: ask and stop', () => {
  it.each(byRule('required'))('%s: 400 without the key or with an empty one, naming the header', async (_id, op) => {
    for (const idempotencyKey of [undefined, '']) {
      const res = await call(svc, op, sampleRequest(op, fx), fx, { idempotencyKey });
      expect(res.status).toBe(400);
      expectFieldProblem(op, res, 'no Idempotency-Key', { parameter: 'Idempotency-Key' });
    }
  });
});

describe('required and optional: replay, another body, length', () => {
  it.each(byRule('required', 'optional'))('%s: a repeat replays with Idempotent-Replayed: true', async (_id, op) => {
    const req = await repeatable(op);
    const key = randomUUID();
    const first = await call(svc, op, req, fx, { idempotencyKey: key });
    expect(first.status, `${op.id} ${first.text.slice(0, 200)}`).toBeLessThan(500);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await call(svc, op, req, fx, { idempotencyKey: key });
    expect(second.status).toBe(first.status);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    const other = otherBody(op, req);
    if (other) {
      const conflict = await call(svc, op, other, fx, { idempotencyKey: key });
      expect(conflict.status, `${op.id} ${conflict.text.slice(0, 200)}`).toBe(422);
      expectFieldProblem(op, conflict, 'key reused with another body', { parameter: 'Idempotency-Key' });
    }
  });

  it.each(byRule('required', 'optional'))('%s: a key over 255 characters is 400; 255 is accepted', async (_id, op) => {
    const req = await repeatable(op);
    const long = await call(svc, op, req, fx, { idempotencyKey: 'k'.repeat(256) });
    expect(long.status).toBe(400);
    expectFieldProblem(op, long, '256-character key', { parameter: 'Idempotency-Key' });
    const max = await call(svc, op, req, fx, { idempotencyKey: `${randomUUID()}`.padEnd(255, 'k') });
    expect(max.status).toBeLessThan(500);
    expect(max.body?.errors?.some?.((e: { parameter?: string }) => e.parameter === 'Idempotency-Key') ?? false).toBe(false);
  });

  it('a key is scoped to its API key: another workspace reusing it runs fresh and sees nothing of the first', async () => {
    const other = svc.createKey({ workspace: 'idempotency-other' });
    const key = randomUUID();
    const body = { name: 'shared-name' };
    const a = await svc.request('POST', '/prod/v1/directories', { body, headers: { 'idempotency-key': key } });
    const b = await svc.request('POST', '/prod/v1/directories', { body, key: other.key, headers: { 'idempotency-key': key } });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.directory.id).not.toBe(a.body.directory.id);
    expect(b.body.directory.metadata.workspaceId).toBe(other.workspaceId);
  });
});

describe('ignored: previews execute fresh every time', () => {
  it.each(byRule('ignored'))('%s: never replays, never 422 on another body, any key length', async (_id, op) => {
    const key = randomUUID();
    const req = sampleRequest(op, fx);
    const answers = [
      await call(svc, op, req, fx, { idempotencyKey: key }),
      await call(svc, op, req, fx, { idempotencyKey: key }),
      await call(svc, op, { body: op.id === 'createPreview' ? { storagePath: 'local://nope/nope' } : { storagePaths: ['local://nope/nope'] } }, fx, { idempotencyKey: key }),
      await call(svc, op, req, fx, { idempotencyKey: 'k'.repeat(300) }),
    ];
    for (const res of answers) expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(answers.map((a) => a.status)).toEqual([200, 200, op.id === 'createPreview' ? 404 : 200, 200]);
  });
});

describe('none: reads ignore the header', () => {
  it.each(byRule('none'))('%s: never replays', async (_id, op) => {
    const key = randomUUID();
    const req = sampleRequest(op, fx);
    const first = await call(svc, op, req, fx, { idempotencyKey: key });
    const second = await call(svc, op, req, fx, { idempotencyKey: key });
    expect(first.status).toBeLessThan(300);
    expect(second.status).toBe(first.status);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
  });

  it('a read with a reused key shows changes made in between', async () => {
    const key = randomUUID();
    const before = await svc.request('GET', '/prod/v1/file-type', { headers: { 'idempotency-key': key } });
    await svc.request('POST', '/prod/v1/file-type', { body: { className: 'IdemNew', name: 'New', fields: [] } });
    const after = await svc.request('GET', '/prod/v1/file-type', { headers: { 'idempotency-key': key } });
    expect(after.body.count).toBe(before.body.count + 1);
  });
});

describe('repeats sent at once', () => {
  // The claim of a key is committed before its request runs, in a commit shared with the other
  // writes of the moment (writeBatch.ts): repeats arriving together must still yield one ticket.
  it('upload tickets under one key: one ticket; each repeat replays it or is told it is in flight', async () => {
    const key = randomUUID();
    const fileName = `at-once-${key}.pdf`;
    const send = () => svc.request('POST', '/prod/v1/files/upload', { body: { fileName, fileType: 'application/pdf' }, headers: { 'idempotency-key': key } });
    const answers = await Promise.all(Array.from({ length: 8 }, send));
    const ran = answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') === null);
    expect(ran).toHaveLength(1);
    const uploadId = ran[0]!.body.uploadId as string;
    for (const a of answers.filter((x) => x !== ran[0])) {
      if (a.status === 200) {
        expect(a.headers.get('idempotent-replayed')).toBe('true');
        expect(a.body.uploadId).toBe(uploadId);
      } else {
        expect(a.status).toBe(409);
        expect(a.body.code).toBe('IDEMPOTENCY_IN_FLIGHT');
      }
    }
    const later = await send();
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body).toEqual(ran[0]!.body);
    expect(svc.service.db.prepare('SELECT id FROM uploads WHERE file_name = ?').all(fileName)).toEqual([{ id: uploadId }]);
  });
});
