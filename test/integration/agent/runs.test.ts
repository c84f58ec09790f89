// The rules of spec part 3 and 4.1/4.3-4.5 through HTTP: 202 handles, one live run per
// session, idempotency, bounds, stop as a request, delete stops first, the settled callback.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { CallbackReceiver, waitFor } from '../service/uploadHelpers.js';
import { ask, getJob, newSession, stop, waitJob } from './agentHelpers.js';

// Answers stream slowly (about a second for the answers below) and stops confirm after 300 ms,
// so a test can observe RUNNING, ask again while it is live, and stop it.
let svc: TestService;
let receiver: CallbackReceiver;
let hookKey: ReturnType<TestService['createKey']>;
// A session without documents, with internet search asked for: a two-paragraph answer.
const SLOW = { user_prompt: 'What did we spend on travel?', allow_internet_search: true };

beforeAll(async () => {
  svc = await startTestService({ agent: { stopConfirmMs: 300, streamChunkDelayMs: 150 } });
  receiver = new CallbackReceiver('');
  await receiver.start();
  hookKey = svc.createKey({ workspace: 'Hooks', callbackUrl: receiver.url });
  receiver.setSecret(hookKey.signingSecret);
});
afterAll(async () => {
  await svc.close();
  await receiver.close();
});

describe('ask (spec 4.3)', () => {
  it('answers 202 with a QUEUED handle whose poll_url reads the job through to COMPLETED', async () => {
    const session = await newSession(svc);
    const res = await ask(svc, session, { ...SLOW, client_ref: 'ref-1' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'QUEUED', session_id: session });
    expect(res.body.answer).toBeUndefined();
    expect(res.body.poll_url).toBe(`${svc.url}/prod/v2/jobs/${res.body.job_id}`);
    const running = await waitJob(svc, res.body.job_id, (j) => j.status === 'RUNNING' && j.partial_answer);
    expect(running.started_at).toBeTruthy();
    const polled = await fetch(res.body.poll_url, { headers: { 'x-api-key': svc.key.key } });
    expect(polled.status).toBe(200);
    const done = await waitJob(svc, res.body.job_id);
    expect(done).toMatchObject({ status: 'COMPLETED', client_ref: 'ref-1', error: null });
    expect(done.answer).toContain('Internet search is not available');
    expect(done.partial_answer).toBe(done.answer);
    expect(done.cost.output_tokens).toBeGreaterThan(0);
    expect(done.finished_at).toBeTruthy();
    const detail = await svc.request('GET', `/prod/v2/agent/sessions/${session}`);
    expect(detail.body.turns).toEqual([expect.objectContaining({ job_id: res.body.job_id, user_prompt: SLOW.user_prompt, status: 'COMPLETED' })]);
  });

  it('runs one turn at a time: 409 while a run is live, 202 once it settled', async () => {
    const session = await newSession(svc);
    const first = await ask(svc, session, SLOW);
    const second = await ask(svc, session, { user_prompt: 'And hotels?' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('CONFLICT');
    await waitJob(svc, first.body.job_id);
    expect((await ask(svc, session, { user_prompt: 'And hotels?' })).status).toBe(202);
  });

  it('requires an Idempotency-Key (400), replays a repeat and refuses another body with 422', async () => {
    const session = await newSession(svc);
    const missing = await ask(svc, session, SLOW, { idempotencyKey: null });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].parameter).toBe('Idempotency-Key');
    const idempotencyKey = randomUUID();
    const first = await ask(svc, session, SLOW, { idempotencyKey });
    const again = await ask(svc, session, SLOW, { idempotencyKey });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.job_id).toBe(first.body.job_id);
    const other = await ask(svc, session, { user_prompt: 'Something else' }, { idempotencyKey });
    expect(other.status).toBe(422);
    await waitJob(svc, first.body.job_id);
  });

  it('answers every bound of 4.3 with 422 and a pointer', async () => {
    const session = await newSession(svc);
    const ids = Array.from({ length: 101 }, (_, i) => `id-${i}`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ user_prompt: 'x'.repeat(30_001) }, '/user_prompt'],
      [{ user_prompt: 'q', file_ids: ids }, '/file_ids'],
      [{ user_prompt: 'q', document_ids: ids }, '/document_ids'],
      [{ user_prompt: 'q', client_ref: 'r'.repeat(256) }, '/client_ref'],
      [{ user_prompt: 'q', language_code: 'not a tag' }, '/language_code'],
      [{ user_prompt: 'q', use_all_files: 'yes' }, '/use_all_files'],
      [{}, '/user_prompt'],
    ];
    for (const [body, pointer] of cases) {
      const res = await ask(svc, session, body);
      expect(res.status, pointer).toBe(422);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: any) => e.pointer)).toContain(pointer);
    }
    const atBound = await ask(svc, session, { user_prompt: 'x'.repeat(30_000), client_ref: 'r'.repeat(255) });
    expect(atBound.status).toBe(202);
    await waitJob(svc, atBound.body.job_id);
  });

  it('answers 404 for an unknown job and for another workspace\'s job', async () => {
    expect((await getJob(svc, 'nope')).status).toBe(404);
    const session = await newSession(svc);
    const res = await ask(svc, session, { user_prompt: 'hi' });
    const other = svc.createKey({ workspace: 'Other' });
    expect((await getJob(svc, res.body.job_id, other.key)).status).toBe(404);
    await waitJob(svc, res.body.job_id);
  });
});

describe('stop (spec 4.4, decisions 10)', () => {
  it('is a request: the job stays RUNNING, then ends STOPPED with its partial answer, and the callback fires', async () => {
    const session = await newSession(svc, {}, hookKey.key);
    const res = await ask(svc, session, { ...SLOW, client_ref: 'order-7' }, { key: hookKey.key });
    const running = await waitJob(svc, res.body.job_id, (j) => j.status === 'RUNNING' && j.partial_answer, hookKey.key);
    const stopped = await stop(svc, session, { key: hookKey.key });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ session_id: session, stop_requested: true, run_status: 'RUNNING', job_id: res.body.job_id, poll_url: res.body.poll_url });
    expect((await getJob(svc, res.body.job_id, hookKey.key)).body.status).toBe('RUNNING');
    const done = await waitJob(svc, res.body.job_id, undefined, hookKey.key);
    expect(done.status).toBe('STOPPED');
    expect(done.answer).toBeNull();
    expect(done.partial_answer.startsWith(running.partial_answer)).toBe(true);
    expect(done.cost.input_tokens).toBeGreaterThan(0);
    expect(done.cost.output_tokens).toBeGreaterThan(0);
    const call = await waitFor(() => receiver.received.find((c) => c.body.job_id === res.body.job_id), 'callback');
    expect(call.verified).toBe(true);
    expect(call.body).toMatchObject({ event: 'agent.job_settled', job_id: res.body.job_id, session_id: session, status: 'STOPPED', client_ref: 'order-7' });
    expect(call.eventId).toBeTruthy();
  });

  it('fires the settled callback for a completed job too, with client_ref null when none was given', async () => {
    const session = await newSession(svc, {}, hookKey.key);
    const res = await ask(svc, session, { user_prompt: 'hello' }, { key: hookKey.key });
    await waitJob(svc, res.body.job_id, undefined, hookKey.key);
    const call = await waitFor(() => receiver.received.find((c) => c.body.job_id === res.body.job_id), 'callback');
    expect(call.body).toMatchObject({ status: 'COMPLETED', client_ref: null });
  });

  it('answers stop_requested false when nothing is live, with the status the run reached', async () => {
    const session = await newSession(svc);
    const empty = await stop(svc, session);
    expect(empty.body).toEqual({ session_id: session, stop_requested: false, run_status: null, job_id: null, poll_url: null });
    const res = await ask(svc, session, { user_prompt: 'hello' });
    await waitJob(svc, res.body.job_id);
    const late = await stop(svc, session);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ stop_requested: false, run_status: 'COMPLETED', job_id: res.body.job_id });
    expect((await getJob(svc, res.body.job_id)).body.status).toBe('COMPLETED');
  });

  it('requires an Idempotency-Key (400) and replays a repeated stop', async () => {
    const session = await newSession(svc);
    expect((await stop(svc, session, { idempotencyKey: null })).status).toBe(400);
    const idempotencyKey = randomUUID();
    const first = await stop(svc, session, { idempotencyKey });
    const again = await stop(svc, session, { idempotencyKey });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('stops a QUEUED job before it runs', async () => {
    const busy = await startTestService({ agent: { concurrency: 1, stopConfirmMs: 100, streamChunkDelayMs: 150 } });
    try {
      const a = await newSession(busy);
      const b = await newSession(busy);
      const first = await ask(busy, a, SLOW);
      const queued = await ask(busy, b, SLOW);
      const res = await stop(busy, b);
      expect(res.body).toMatchObject({ stop_requested: true, run_status: 'QUEUED', job_id: queued.body.job_id });
      const done = await waitJob(busy, queued.body.job_id);
      expect(done).toMatchObject({ status: 'STOPPED', started_at: null, partial_answer: null });
      expect((await waitJob(busy, first.body.job_id)).status).toBe('COMPLETED');
    } finally {
      await busy.close();
    }
  });
});

describe('delete session (spec 4.5)', () => {
  it('stops the live run first, then every route on the session answers 404 while the job stays readable', async () => {
    const session = await newSession(svc);
    const res = await ask(svc, session, SLOW);
    await waitJob(svc, res.body.job_id, (j) => j.status === 'RUNNING');
    const del = await svc.request('DELETE', `/prod/v2/agent/sessions/${session}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ session_id: session, deleted: true, stopped_run: true, job_id: res.body.job_id });
    for (const after of [
      await svc.request('GET', `/prod/v2/agent/sessions/${session}`),
      await ask(svc, session, { user_prompt: 'again' }),
      await stop(svc, session),
      await svc.request('DELETE', `/prod/v2/agent/sessions/${session}`),
    ]) {
      expect(after.status).toBe(404);
      expect(after.body.detail).toBe('No such session.');
    }
    const list = await svc.request('GET', '/prod/v2/agent/sessions');
    expect(list.body.sessions.map((s: any) => s.session_id)).not.toContain(session);
    const job = await waitJob(svc, res.body.job_id);
    expect(job.status).toBe('STOPPED');
  });

  it('reports stopped_run false and job_id null when nothing was running', async () => {
    const session = await newSession(svc);
    const res = await ask(svc, session, { user_prompt: 'hello' });
    await waitJob(svc, res.body.job_id);
    const del = await svc.request('DELETE', `/prod/v2/agent/sessions/${session}`);
    expect(del.body).toEqual({ session_id: session, deleted: true, stopped_run: false, job_id: null });
    expect((await getJob(svc, res.body.job_id)).body.status).toBe('COMPLETED');
  });
});
