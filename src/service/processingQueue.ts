import { enqueueCallback } from './callbacks.js';
import type { FastifyInstance } from 'fastify';
import { backgroundWorker } from './core.js';
import { processFile } from './processing/engine.js';
import { loadMemories } from './store/vendorMemory.js';
import { ProcessingError, type ProcessingStep, type ProcessResult } from './processing/types.js';
import { blobPath, collectGarbage, putBlobBytes } from './store/blobs.js';
import { candidateSchemas, getSchemaForExtraction } from './store/schemas.js';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { dialectOf } from './store/sql.js';
import {
  claimDueJobs,
  claimJob,
  completeRun,
  currentUpload,
  endJob,
  failRun,
  jobsPending,
  queuedJobs,
  renewLeases,
  requeueInterrupted,
  startRun,
  type ProcessingJob,
  type RunDocument,
  type Settlement,
} from './store/processingRuns.js';
import { recordPagesRead } from './store/files.js';
import { deleteUploadWithFiles, ephemeralUploadsBefore, recordStep } from './store/uploads.js';

// The service's processing queue: runs the processing engine on uploads whose bytes arrived.
// Its jobs live in processing_jobs (store/processingRuns.ts), so a restart resumes queued and
// interrupted jobs. A newer PUT bumps the upload's generation: the older run is aborted and
// whatever it still produces is discarded, because every write checks the generation.
//
// On PostgreSQL (the team service) several service processes share one queue: each claims its
// jobs with FOR UPDATE SKIP LOCKED under a lease it renews while it runs them (claimDueJobs), and
// a process that dies has its jobs taken over by another once their leases run out. On SQLite
// one process owns the queue, as before.

/** A run interrupted this many times (crashes, restarts) fails instead of looping forever. */
const MAX_ATTEMPTS = 5;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());
const POLL_MS = 500;

export class ProcessingQueue {
  private readonly running = new Map<string, { generation: number; controller: AbortController; done: Promise<void> }>();
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private renewer: NodeJS.Timeout | undefined;
  /** PostgreSQL: this process's name on the jobs it holds; undefined on SQLite (no leases). */
  private readonly worker: string | undefined;

  constructor(private readonly app: FastifyInstance) {
    this.worker = dialectOf(app.db) === 'postgres' ? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}` : undefined;
  }

  private get db() {
    return this.app.db;
  }

  private iso(): string {
    return new Date(this.app.serviceOptions.now()).toISOString();
  }

  /** Start the worker, and the sweeper of ephemeral uploads beside it. */
  start(): void {
    // Runs of a previous process that never finished start over (on PostgreSQL, when their lease runs out).
    if (!this.worker) requeueInterrupted(this.db);
    else {
      const leaseMs = this.app.serviceOptions.processingLeaseMs;
      this.renewer = setInterval(() => {
        if (this.db.open) renewLeases(this.db, this.worker!, this.app.serviceOptions.now() + leaseMs);
      }, Math.max(50, Math.floor(leaseMs / 3)));
      this.renewer.unref();
    }
    this.stopped = false;
    this.wake();
    sweepEphemeral(this.app);
    this.sweeper = setInterval(() => sweepEphemeral(this.app), this.app.serviceOptions.sweepIntervalMs);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    if (this.renewer) clearInterval(this.renewer);
    for (const run of this.running.values()) run.controller.abort();
    // A run stuck in a library that ignores the abort must not hold the service open:
    // its job goes back to the queue below either way.
    await Promise.race([Promise.allSettled([...this.running.values()].map((r) => r.done)), delay(this.app.serviceOptions.processingStopGraceMs)]);
    requeueInterrupted(this.db, this.worker);
  }

  /** A PUT queued a new generation of this upload: abort an older run and pick the job up. */
  kick(uploadId: string): void {
    const run = this.running.get(uploadId);
    if (run) run.controller.abort();
    this.wake();
  }

  /** Whether any job is queued or running (tests and benchmarks wait on this). */
  idle(): boolean {
    return this.running.size === 0 && !jobsPending(this.db);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.pump();
    this.timer = setTimeout(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  private pump(): void {
    const room = this.app.serviceOptions.processingConcurrency - this.running.size;
    if (room <= 0) return;
    for (const job of this.claim(room)) {
      const controller = new AbortController();
      const done = this.run({ ...job, attempts: job.attempts + 1 }, controller.signal)
        .catch((err: unknown) => {
          // A bug in the queue itself: record it on the upload instead of crashing the service.
          if (!controller.signal.aborted && this.db.open) this.fail(job, `Processing failed: ${(err as Error).message}`);
        })
        .finally(() => {
          this.running.delete(job.upload_id);
          if (!this.stopped) setImmediate(() => this.wake());
        });
      this.running.set(job.upload_id, { generation: job.generation, controller, done });
    }
  }

  /** Jobs this process takes now, at most `room`, each already marked running. */
  private claim(room: number): ProcessingJob[] {
    if (this.worker) {
      const nowMs = this.app.serviceOptions.now();
      const leaseMs = this.app.serviceOptions.processingLeaseMs;
      // An upload whose older run is still unwinding here waits for it.
      return claimDueJobs(this.db, { worker: this.worker, limit: room, now: this.iso(), nowMs, leaseMs, skip: [...this.running.keys()] });
    }
    const claimed: ProcessingJob[] = [];
    for (const job of queuedJobs(this.db, room + this.running.size)) {
      if (claimed.length >= room) break;
      if (this.running.has(job.upload_id)) continue; // its older run is still unwinding
      if (claimJob(this.db, job, this.iso())) claimed.push(job);
    }
    return claimed;
  }

  private async run(job: ProcessingJob, signal: AbortSignal): Promise<void> {
    const upload = currentUpload(this.db, job);
    if (!upload || !upload.blob_sha256) return endJob(this.db, job);
    if (job.attempts > MAX_ATTEMPTS) return this.fail(job, 'Processing was interrupted too many times.');
    startRun(this.db, upload.id, this.iso());
    const schema = upload.schema_id ? getSchemaForExtraction(this.db, upload.workspace_id, upload.schema_id) : undefined;
    if (upload.schema_id && !schema) return this.fail(job, `The schema ${upload.schema_id} no longer exists.`);
    let result: ProcessResult;
    const limit = this.app.serviceOptions.processingTimeoutMs;
    // The engine gets its own signal so a timed-out run is told to stop too.
    const engine = new AbortController();
    const forward = () => engine.abort();
    signal.addEventListener('abort', forward, { once: true });
    let watchdog: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      watchdog = setTimeout(() => {
        engine.abort();
        reject(new ProcessingError('PROCESSING_TIMEOUT', `Processing did not finish within ${+(limit / 1000).toFixed(1)} s.`));
      }, limit);
      watchdog.unref();
    });
    try {
      result = await Promise.race([timedOut, (this.app.serviceOptions.processor ?? processFile)({
        filePath: blobPath(this.app.serviceOptions.dataDir, upload.blob_sha256),
        fileName: upload.file_name,
        mediaType: upload.file_type,
        ocrModel: upload.ocr_model,
        isSplit: upload.is_split === 1,
        isSplitExcel: upload.is_split_excel === 1,
        retainOriginalZipFileName: upload.retain_zip_name === 1,
        schema,
        candidateSchemas: candidateSchemas(this.db, upload.workspace_id),
        vendorMemory: loadMemories(this.db, upload.workspace_id),
        signal: engine.signal,
        onStep: (step: ProcessingStep) => {
          if (!engine.signal.aborted && this.db.open && currentUpload(this.db, job)) recordStep(this.db, upload.id, step, 'waiting', this.iso());
        },
        onPage: (done: number, total: number) => {
          if (!engine.signal.aborted && this.db.open && currentUpload(this.db, job)) recordPagesRead(this.db, upload.id, done, total);
        },
      })]);
    } catch (err) {
      if (signal.aborted) return; // superseded by a newer PUT, or the service is stopping
      const reason = err instanceof ProcessingError ? err.reason : `Processing failed: ${(err as Error).message}`;
      return this.fail(job, reason);
    } finally {
      clearTimeout(watchdog);
      signal.removeEventListener('abort', forward);
    }
    if (signal.aborted && this.stopped) return;
    this.finish(job, result.documents as RunDocument[]);
  }

  /** Write the run's files, values and pages, unless a newer PUT has superseded it. */
  private finish(job: ProcessingJob, documents: RunDocument[]): void {
    if (documents.length === 0) return this.fail(job, 'The file contains no documents to process.');
    // Blob files are written outside the transaction; an unused one is collected later.
    const blobs = documents.map((d) => (d.bytes ? putBlobBytes(this.db, this.app.serviceOptions.dataDir, d.bytes) : undefined));
    completeRun(this.db, job, documents, blobs, this.iso(), (settled) => this.notify(settled));
  }

  private fail(job: ProcessingJob, reason: string): void {
    failRun(this.db, job, reason, this.iso(), (settled) => this.notify(settled));
  }

  private readonly settledListeners = new Set<(uploadId: string) => void>();

  /**
   * In-process listeners told (after the run's transaction commits) that an upload finished
   * or failed: the sync daemon beside an embedded service fetches the result then instead of
   * polling for it. Returns the unsubscribe function.
   */
  onSettled(listener: (uploadId: string) => void): () => void {
    this.settledListeners.add(listener);
    return () => this.settledListeners.delete(listener);
  }

  /** Decisions 6: one callback per finished run, in the run's own transaction. */
  private notify({ upload, step, status, timestamp, fileIds, apiRequestId, errorReason }: Settlement): void {
    if (this.settledListeners.size > 0) {
      const listeners = [...this.settledListeners];
      setImmediate(() => listeners.forEach((l) => l(upload.id)));
    }
    if (!upload.callback_url) return;
    enqueueCallback(this.app, {
      workspaceId: upload.workspace_id,
      keyId: upload.key_id,
      url: upload.callback_url,
      body: { uploadId: upload.id, step, status, timestamp, fileIds: fileIds.join(','), apiRequestId, ...(errorReason ? { errorReason } : {}) },
    });
  }
}

/** Delete ephemeral uploads (and, by cascade, their files, values and pages) older than the TTL (decisions 8). */
export function sweepEphemeral(app: FastifyInstance): number {
  const cutoff = new Date(app.serviceOptions.now() - app.serviceOptions.ephemeralTtlMs).toISOString();
  let removed = 0;
  const released: string[] = [];
  for (const id of ephemeralUploadsBefore(app.db, cutoff)) {
    try {
      released.push(...deleteUploadWithFiles(app.db, id));
      removed++;
    } catch {
      // Something else still refers to it; the next sweep tries again.
    }
  }
  if (removed > 0) collectGarbage(app.db, app.serviceOptions.dataDir, released, app.serviceOptions.now());
  return removed;
}

declare module 'fastify' {
  interface FastifyInstance {
    processingQueue: ProcessingQueue;
  }
}

export const processingQueuePlugin = backgroundWorker('processingQueue', (app) => new ProcessingQueue(app));
