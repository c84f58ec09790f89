// `docsync ask` as a person runs it: a child process against a real local service.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { waitFor } from '../service/uploadHelpers.js';
import { getJob } from './agentHelpers.js';
import { INVOICES, uploadCorpus } from './corpus.js';

const BIN = path.resolve('bin/docsync.mjs');
let svc: TestService;
let tmp: string;

beforeAll(async () => {
  svc = await startTestService({ agent: { streamChunkDelayMs: 5, stopConfirmMs: 100 } });
  await uploadCorpus(svc, INVOICES.slice(0, 3));
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
});
afterAll(async () => {
  await svc.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Run {
  code: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  signal(sig: NodeJS.Signals): void;
}

function docsync(args: string[]): Run {
  const env = { ...process.env, DOCSYNC_CONFIG: path.join(tmp, 'config.json'), DOCSYNC_DATA: path.join(tmp, 'data'), DOCSYNC_API_KEY: svc.key.key };
  const child = spawn(process.execPath, [BIN, ...args, '--service-url', svc.url], { env });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  return {
    code: new Promise((resolve) => child.on('close', (code) => resolve(code))),
    stdout: () => out,
    stderr: () => err,
    signal: (sig) => child.kill(sig),
  };
}

describe('docsync ask', () => {
  it('prints the answer and its sources with --wait', async () => {
    const run = docsync(['ask', 'How much did we pay ACME in 2024?', '--wait']);
    expect(await run.code).toBe(0);
    expect(run.stdout()).toContain('The total from ACME Supplies Ltd in 2024 is USD 1,650.50');
    expect(run.stdout()).toMatch(/Sources:\n {2}1\. file [0-9a-f-]{36}, page 1: “Total: 450\.50 USD”\n {2}2\. file [0-9a-f-]{36}, page 1: “Total: 1,200\.00 USD”/);
  });

  it('prints the job as JSON with --wait --json, in the language asked for', async () => {
    const run = docsync(['ask', 'How many invoices from ACME?', '--wait', '--json', '--language', 'ja']);
    expect(await run.code).toBe(0);
    const job = JSON.parse(run.stdout());
    expect(job).toMatchObject({ status: 'COMPLETED' });
    expect(job.answer).toContain('2件');
    expect(job.citations).toHaveLength(2);
  });

  it('without --wait prints the job handle', async () => {
    const run = docsync(['ask', 'Which invoices are overdue?', '--json']);
    expect(await run.code).toBe(0);
    const handle = JSON.parse(run.stdout());
    expect(handle).toMatchObject({ status: 'QUEUED' });
    expect(handle.poll_url).toBe(`${svc.url}/prod/v2/jobs/${handle.job_id}`);
  });

  it('without --wait says how to get the answer, and docsync answer prints it with its sources', async () => {
    const run = docsync(['ask', 'How much did we pay ACME in 2024?']);
    expect(await run.code).toBe(0);
    const id = /the answer: docsync answer ([0-9a-f-]{36})\n/.exec(run.stdout())?.[1];
    expect(id, run.stdout()).toBeDefined();
    expect(run.stdout()).not.toContain('http');
    const answer = docsync(['answer', id!]);
    expect(await answer.code).toBe(0);
    expect(answer.stdout()).toContain('The total from ACME Supplies Ltd in 2024 is USD 1,650.50');
    expect(answer.stdout()).toContain('Sources:');
    const unknown = docsync(['answer', '00000000-0000-4000-8000-000000000000']);
    expect(await unknown.code).toBe(1);
    expect(unknown.stderr()).toMatch(/^docsync: /);
  });

  it('stops the run on Ctrl-C and keeps the partial answer', async () => {
    const slow = await startTestService({ dataDir: svc.dataDir + '-slow', agent: { streamChunkDelayMs: 300, stopConfirmMs: 100 } });
    const previous = svc;
    svc = slow;
    try {
      const run = docsync(['ask', 'What did we spend on travel?', '--wait']);
      await waitFor(() => run.stdout().length > 0 || undefined, 'the first words of the answer');
      run.signal('SIGINT');
      expect(await run.code).toBe(130);
      expect(run.stderr()).toContain('stopping');
      expect(run.stdout()).toContain('[STOPPED]');
      const sessions = (await slow.request('GET', '/prod/v2/agent/sessions')).body.sessions;
      const detail = await slow.request('GET', `/prod/v2/agent/sessions/${sessions[0].session_id}`);
      const job = (await getJob(slow, detail.body.turns[0].job_id)).body;
      expect(job.status).toBe('STOPPED');
      expect(job.partial_answer).toBeTruthy();
    } finally {
      svc = previous;
      await slow.close();
      fs.rmSync(previous.dataDir + '-slow', { recursive: true, force: true });
    }
  });
});
