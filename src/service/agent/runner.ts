// The agent's worker pool. The agent_jobs table is the queue: a restart loses no QUEUED job,
// and a RUNNING job whose worker stopped reporting becomes STALE (decisions 13).
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AgentSettledEvent } from '../../contract/agent.js';
import { enqueueCallback } from '../callbacks.js';
import type { FastifyInstance } from 'fastify';
import { estimateTokens, type AnswerEngine, type AnswerRequest, type AnswerWriter } from './engine/types.js';
import type { ResolvedAgentOptions } from './options.js';
import { dialectOf } from '../store/sql.js';
import {
  claimNextJob,
  getJobRow,
  heartbeat,
  LIVE_STATUSES,
  latestJob,
  markStale,
  queuedStopRequested,
  requestStop,
  stopRequestedRuns,
  settleJob,
  writePartial,
  type JobRow,
  type Settlement,
} from './store.js';

/** What the ask handler stores in agent_jobs.request: everything the run needs. */
export type StoredRequest = Omit<AnswerRequest, 'now' | 'workspaceId'>;

class StoppedError extends Error {}

const TEAM_POLL_MS = 300;

export class AgentRunner {
  private readonly workerId = randomUUID();
  private readonly runs = new Map<string, { controller: AbortController; done: Promise<void> }>();
  private readonly stopTimers = new Map<string, NodeJS.Timeout>();
  private sweeper: NodeJS.Timeout | undefined;
  /** PostgreSQL (several service processes): looks for jobs and stop requests another process recorded. */
  private poller: NodeJS.Timeout | undefined;
  private closing = true;

  constructor(
    private readonly app: FastifyInstance,
    private readonly engine: AnswerEngine,
    private readonly options: ResolvedAgentOptions,
  ) {}

  private now = () => this.app.serviceOptions.now();
  private iso = () => new Date(this.app.serviceOptions.now()).toISOString();

  start(): void {
    this.closing = false;
    this.sweepStale();
    // A stop requested just before a restart is still owed its confirmation.
    for (const job of queuedStopRequested(this.app.db)) this.scheduleConfirm(job.id);
    this.sweeper = setInterval(() => this.sweepStale(), this.options.heartbeatMs);
    this.sweeper.unref();
    if (dialectOf(this.app.db) === 'postgres') {
      // A job asked through another process, or a stop of one of this process's runs asked there.
      this.poller = setInterval(() => {
        if (this.closing || !this.app.db.open) return;
        for (const jobId of stopRequestedRuns(this.app.db, this.workerId)) if (this.runs.has(jobId)) this.scheduleConfirm(jobId);
        this.pump();
      }, TEAM_POLL_MS);
      this.poller.unref();
    }
    this.pump();
  }

  /** Shutdown: runs are abandoned, not settled; they turn STALE unless another worker reports. */
  async stop(): Promise<void> {
    this.closing = true;
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.poller) clearInterval(this.poller);
    for (const timer of this.stopTimers.values()) clearTimeout(timer);
    this.stopTimers.clear();
    for (const run of this.runs.values()) run.controller.abort();
    await Promise.allSettled([...this.runs.values()].map((r) => r.done));
  }

  sweepStale(): void {
    markStale(this.app.db, this.now() - this.options.staleAfterMs);
  }

  /** The session's live job (QUEUED or RUNNING), after retiring a silent one as STALE. */
  liveJob(sessionId: string): JobRow | undefined {
    markStale(this.app.db, this.now() - this.options.staleAfterMs, sessionId);
    const job = latestJob(this.app.db, sessionId);
    return job && LIVE_STATUSES.includes(job.status) ? job : undefined;
  }

  /** Start queued jobs while workers are free. */
  pump(): void {
    while (!this.closing && this.runs.size < this.options.concurrency) {
      const job = claimNextJob(this.app.db, this.workerId, this.now());
      if (!job) return;
      const controller = new AbortController();
      const done = this.run(job, controller.signal).finally(() => {
        this.runs.delete(job.id);
        setImmediate(() => this.pump());
      });
      this.runs.set(job.id, { controller, done });
    }
  }

  /** Spec part 3 rule 2: record the request; the run confirms it about a second later. */
  requestStop(jobId: string): void {
    requestStop(this.app.db, jobId, this.iso());
    this.scheduleConfirm(jobId);
  }

  private scheduleConfirm(jobId: string): void {
    if (this.stopTimers.has(jobId)) return;
    const timer = setTimeout(() => {
      this.stopTimers.delete(jobId);
      const run = this.runs.get(jobId);
      if (run) run.controller.abort(new StoppedError());
      else if (getJobRow(this.app.db, jobId)?.status === 'QUEUED') this.settle(jobId, { status: 'STOPPED' });
    }, this.options.stopConfirmMs);
    this.stopTimers.set(jobId, timer);
  }

  private async run(job: JobRow, signal: AbortSignal): Promise<void> {
    const stored = JSON.parse(job.request) as StoredRequest;
    const beat = setInterval(() => heartbeat(this.app.db, job.id, this.workerId, this.now()), this.options.heartbeatMs);
    let partial = '';
    let inputTokens = 0;
    const writer: AnswerWriter = {
      signal,
      readInput: (tokens) => (inputTokens = tokens),
      write: async (chunk) => {
        if (signal.aborted) throw new StoppedError();
        partial += chunk;
        writePartial(this.app.db, job.id, partial, this.now());
        if (this.options.streamChunkDelayMs > 0) await sleep(this.options.streamChunkDelayMs, undefined, { signal }).catch(() => undefined);
        if (signal.aborted) throw new StoppedError();
      },
    };
    try {
      const answer = await this.engine.answer(this.app.db, { ...stored, workspaceId: job.workspace_id, now: this.now(), fiscalYearStart: this.options.fiscalYearStart }, writer);
      if (signal.aborted) throw new StoppedError();
      this.settle(job.id, { status: 'COMPLETED', answer: answer.answer, partial: answer.answer, citations: answer.citations, cost: answer.cost });
    } catch (error) {
      if (this.closing) return;
      // A run that ends early keeps what it wrote and what it cost (spec 2.5).
      const cost = { input_tokens: inputTokens, output_tokens: estimateTokens(partial) };
      if (signal.aborted) this.settle(job.id, { status: 'STOPPED', partial, cost });
      else this.settle(job.id, { status: 'FAILED', partial, cost, error: { code: 'AGENT_FAILED', message: (error as Error).message || String(error) } });
    } finally {
      clearInterval(beat);
    }
  }

  /** The final transition and its callback (decisions 14), in one transaction. */
  private settle(jobId: string, settlement: Settlement): void {
    const { db } = this.app;
    if (!db.open) return;
    db.transaction(() => {
      if (!settleJob(db, jobId, settlement, this.iso())) return;
      const job = getJobRow(db, jobId)!;
      const url = db.prepare('SELECT callback_url FROM api_keys WHERE id = ?').pluck().get(job.key_id) as string | null | undefined;
      if (!url) return;
      const body: AgentSettledEvent = {
        event: 'agent.job_settled',
        job_id: job.id,
        session_id: job.session_id,
        status: job.status,
        client_ref: job.client_ref,
        timestamp: job.finished_at ?? this.iso(),
      };
      enqueueCallback(this.app, { workspaceId: job.workspace_id, keyId: job.key_id, url, body });
    })();
  }
}
