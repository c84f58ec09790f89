// Decisions 13 and the persisted pool: a restart mid-run leaves the job STALE (not RUNNING
// forever, and no longer blocking its session), and a queued job is answered after the restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestService } from '../../../src/service/testing.js';
import { ask, getJob, newSession, waitJob } from './agentHelpers.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const SLOW = { user_prompt: 'What did we spend on travel?', allow_internet_search: true };

describe('restart mid-run', () => {
  it('turns the running job STALE, keeps it readable, unblocks the session and runs the queued job', async () => {
    const agent = { concurrency: 1, staleAfterMs: 400, heartbeatMs: 50, streamChunkDelayMs: 200, stopConfirmMs: 100 };
    const first = await startTestService({ dataDir, agent });
    const key = first.key.key;
    const a = await newSession(first);
    const b = await newSession(first);
    const running = await ask(first, a, SLOW);
    const queued = await ask(first, b, { user_prompt: 'hello' });
    await waitJob(first, running.body.job_id, (j) => j.status === 'RUNNING' && j.partial_answer);
    expect((await getJob(first, queued.body.job_id)).body.status).toBe('QUEUED');
    await first.close();

    const second = await startTestService({ dataDir, agent: { ...agent, streamChunkDelayMs: 0 } });
    try {
      const stale = await waitJob(second, running.body.job_id, (j) => j.status !== 'RUNNING', key);
      expect(stale.status).toBe('STALE');
      expect(stale.partial_answer).toBeTruthy();
      expect(stale.finished_at).toBeNull();
      const answered = await waitJob(second, queued.body.job_id, undefined, key);
      expect(answered.status).toBe('COMPLETED');
      const again = await ask(second, a, { user_prompt: 'hello again' }, { key });
      expect(again.status).toBe(202);
      expect((await waitJob(second, again.body.job_id, undefined, key)).status).toBe('COMPLETED');
      const session = await second.request('GET', `/prod/v2/agent/sessions/${a}`, { key });
      expect(session.body.turns.map((t: any) => t.status)).toEqual(['STALE', 'COMPLETED']);
    } finally {
      await second.close();
    }
  });
});
