// Helpers for the agent tests: sessions, asks with a fresh Idempotency-Key, polling a job.
import { randomUUID } from 'node:crypto';
import type { TestService } from '../../../src/service/testing.js';
import { waitFor } from '../service/uploadHelpers.js';

export const TERMINAL = ['COMPLETED', 'FAILED', 'STOPPED', 'STALE'];

export async function newSession(svc: TestService, scope: Record<string, unknown> = {}, key?: string): Promise<string> {
  const res = await svc.request('POST', '/prod/v2/agent/sessions', { body: scope, key });
  if (res.status !== 201) throw new Error(`session: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.session_id as string;
}

export function ask(svc: TestService, sessionId: string, body: Record<string, unknown>, opts: { idempotencyKey?: string | null; key?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.idempotencyKey !== null) headers['idempotency-key'] = opts.idempotencyKey ?? randomUUID();
  return svc.request('POST', `/prod/v2/agent/sessions/${sessionId}/ask`, { body, headers, key: opts.key });
}

export function stop(svc: TestService, sessionId: string, opts: { idempotencyKey?: string | null; key?: string } = {}) {
  const headers: Record<string, string> = {};
  if (opts.idempotencyKey !== null) headers['idempotency-key'] = opts.idempotencyKey ?? randomUUID();
  return svc.request('POST', `/prod/v2/agent/sessions/${sessionId}/stop`, { headers, key: opts.key });
}

export const getJob = (svc: TestService, jobId: string, key?: string) => svc.request('GET', `/prod/v2/jobs/${jobId}`, { key });

/** Poll the job until `done` says so; returns its body. */
export function waitJob(svc: TestService, jobId: string, done: (job: any) => boolean = (j) => TERMINAL.includes(j.status), key?: string): Promise<any> {
  return waitFor(async () => {
    const res = await getJob(svc, jobId, key);
    return res.status === 200 && done(res.body) ? res.body : undefined;
  }, `job ${jobId}`);
}

/** Ask and wait for the answer. */
export async function answer(svc: TestService, sessionId: string, body: Record<string, unknown>): Promise<any> {
  const res = await ask(svc, sessionId, body);
  if (res.status !== 202) throw new Error(`ask: ${res.status} ${JSON.stringify(res.body)}`);
  return waitJob(svc, res.body.job_id);
}
