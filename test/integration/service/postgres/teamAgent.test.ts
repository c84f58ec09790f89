// The agent of the team service: two services on one PostgreSQL database (in this process, as two
// service processes behind a proxy would be). A question asked through one is answered once, and
// a stop asked through the other reaches the run wherever it runs (spec 4.4: the run confirms it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresSchema, startTestService, testPostgresUrl, type TestService } from '../../../../src/service/testing.js';
import { ask, getJob, newSession, stop, waitJob } from '../../agent/agentHelpers.js';

let a: TestService;
let b: TestService;
let dir: string;

beforeAll(async () => {
  const database = freshPostgresSchema(testPostgresUrl()!);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-team-agent-'));
  const agent = { stopConfirmMs: 300, streamChunkDelayMs: 150 };
  a = await startTestService({ database, dataDir: dir, agent });
  b = await startTestService({ database, dataDir: dir, agent });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('team service: the agent across processes', () => {
  it('stops a run through the other process: the job ends STOPPED with its partial answer', async () => {
    const session = await newSession(a);
    const res = await ask(a, session, { user_prompt: 'What did we spend on travel?', allow_internet_search: true });
    expect(res.status).toBe(202);
    await waitJob(a, res.body.job_id, (j) => j.status === 'RUNNING' && j.partial_answer);
    const stopped = await stop(b, session, { key: a.key.key });
    expect(stopped.body).toMatchObject({ stop_requested: true, run_status: 'RUNNING', job_id: res.body.job_id });
    const done = await waitJob(b, res.body.job_id, undefined, a.key.key);
    expect(done.status).toBe('STOPPED');
    expect(done.answer).toBeNull();
    expect(done.partial_answer.length).toBeGreaterThan(0);
  });

  it('answers each question once, whichever process takes it', async () => {
    const jobs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const session = await newSession(i % 2 ? b : a, {}, a.key.key);
      jobs.push((await ask(i % 2 ? b : a, session, { user_prompt: 'hello' }, { key: a.key.key })).body.job_id);
    }
    for (const job of jobs) expect((await waitJob(a, job)).status).toBe('COMPLETED');
    const rows = a.service.db.prepare(`SELECT worker_id FROM agent_jobs WHERE id IN (${jobs.map(() => '?').join(',')})`).pluck().all(...jobs);
    expect(rows.every((w) => typeof w === 'string')).toBe(true);
    expect((await getJob(b, jobs[0]!, a.key.key)).body.status).toBe('COMPLETED');
  });
});
