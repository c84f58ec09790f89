import { randomUUID } from 'node:crypto';
import { enqueueCallback } from './callbacks.js';
import type { ServiceContext } from './context.js';
import { processFile } from './processing/engine.js';
import { loadMemories } from './store/vendorMemory.js';
import { ProcessingError, type ProcessedDocument, type ProcessingStep, type ProcessResult } from './processing/types.js';
import { blobPath, collectGarbage, putBlobBytes } from './store/blobs.js';
import { candidateSchemas, getSchemaForExtraction } from './store/schemas.js';
import { insertValues, renderEntries } from './store/fileValues.js';
import { filesOfUpload, isZipUpload, recordStep, type FileRow, type UploadRow } from './store/uploads.js';

// The processing worker. Jobs live in processing_jobs (one row per upload, carrying the
// generation of the PUT that queued it), so a restart resumes queued and interrupted jobs.
// A newer PUT bumps the upload's generation: the older run is aborted and whatever it still
// produces is discarded, because every write checks the generation in its transaction.

/** A run interrupted this many times (crashes, restarts) fails instead of looping forever. */
const MAX_ATTEMPTS = 5;
const STOP_GRACE_MS = 5_000;
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());
const POLL_MS = 500;

interface JobRow {
  upload_id: string;
  generation: number;
  attempts: number;
}

/** An engine may report a failed entry (a zip member it could not read) as data. */
type Document = ProcessedDocument & { errorReason?: string };

const pipelines = new WeakMap<ServiceContext, Pipeline>();

export class Pipeline {
  private readonly running = new Map<string, { generation: number; controller: AbortController; done: Promise<void> }>();
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly ctx: ServiceContext) {}

  private get db() {
    return this.ctx.db;
  }

  private iso(): string {
    return new Date(this.ctx.options.now()).toISOString();
  }

  start(): void {
    // Runs of a previous process that never finished start over.
    this.db.prepare(`UPDATE processing_jobs SET state = 'queued' WHERE state = 'running'`).run();
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    for (const run of this.running.values()) run.controller.abort();
    // A run stuck in a library that ignores the abort must not hold the service open:
    // its job goes back to the queue below either way.
    await Promise.race([Promise.allSettled([...this.running.values()].map((r) => r.done)), delay(STOP_GRACE_MS)]);
    this.db.prepare(`UPDATE processing_jobs SET state = 'queued' WHERE state = 'running'`).run();
  }

  /** A PUT queued a new generation of this upload: abort an older run and pick the job up. */
  kick(uploadId: string): void {
    const run = this.running.get(uploadId);
    if (run) run.controller.abort();
    this.wake();
  }

  /** Whether any job is queued or running (tests and benchmarks wait on this). */
  idle(): boolean {
    return this.running.size === 0 && !this.db.prepare(`SELECT 1 FROM processing_jobs WHERE state != 'done' LIMIT 1`).get();
  }

  wake(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.pump();
    this.timer = setTimeout(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  private pump(): void {
    const room = this.ctx.options.processingConcurrency - this.running.size;
    if (room <= 0) return;
    const queued = this.db
      .prepare(`SELECT upload_id, generation, attempts FROM processing_jobs WHERE state = 'queued' ORDER BY updated_at, rowid LIMIT ?`)
      .all(room + this.running.size) as JobRow[];
    for (const job of queued) {
      if (this.running.size >= this.ctx.options.processingConcurrency) break;
      if (this.running.has(job.upload_id)) continue; // its older run is still unwinding
      const claimed = this.db
        .prepare(
          `UPDATE processing_jobs SET state = 'running', attempts = attempts + 1, updated_at = ?
           WHERE upload_id = ? AND generation = ? AND state = 'queued'`,
        )
        .run(this.iso(), job.upload_id, job.generation);
      if (claimed.changes === 0) continue;
      const controller = new AbortController();
      const done = this.run({ ...job, attempts: job.attempts + 1 }, controller.signal)
        .catch((err: unknown) => {
          // A bug in the pipeline itself: record it on the upload instead of crashing the service.
          if (!controller.signal.aborted && this.db.open) this.fail(job, `Processing failed: ${(err as Error).message}`);
        })
        .finally(() => {
          this.running.delete(job.upload_id);
          if (!this.stopped) setImmediate(() => this.wake());
        });
      this.running.set(job.upload_id, { generation: job.generation, controller, done });
    }
  }

  private current(job: JobRow): UploadRow | undefined {
    const upload = this.db.prepare('SELECT * FROM uploads WHERE id = ?').get(job.upload_id) as UploadRow | undefined;
    return upload && upload.generation === job.generation ? upload : undefined;
  }

  private async run(job: JobRow, signal: AbortSignal): Promise<void> {
    const upload = this.current(job);
    if (!upload || !upload.blob_sha256) return this.markDone(job);
    if (job.attempts > MAX_ATTEMPTS) return this.fail(job, 'Processing was interrupted too many times.');
    this.db.transaction(() => {
      recordStep(this.db, upload.id, 'processing_started', 'waiting', this.iso());
      this.db.prepare(`UPDATE files SET status = 'processing', pages_done = NULL, pages_total = NULL, updated_at = ? WHERE upload_id = ?`).run(this.iso(), upload.id);
    })();
    const schema = upload.schema_id ? getSchemaForExtraction(this.db, upload.workspace_id, upload.schema_id) : undefined;
    if (upload.schema_id && !schema) return this.fail(job, `The schema ${upload.schema_id} no longer exists.`);
    let result: ProcessResult;
    const limit = this.ctx.options.processingTimeoutMs;
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
      result = await Promise.race([timedOut, (this.ctx.options.processor ?? processFile)({
        filePath: blobPath(this.ctx.options.dataDir, upload.blob_sha256),
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
          if (!engine.signal.aborted && this.db.open && this.current(job)) recordStep(this.db, upload.id, step, 'waiting', this.iso());
        },
        // One small write per page, so a status request (another connection, another process) sees it.
        onPage: (done: number, total: number) => {
          if (engine.signal.aborted || !this.db.open || !this.current(job)) return;
          this.db.prepare(`UPDATE files SET pages_done = ?, pages_total = ? WHERE upload_id = ? AND status = 'processing'`).run(done, total, upload.id);
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
    this.finish(job, result.documents as Document[]);
  }

  private markDone(job: JobRow): void {
    this.db
      .prepare(`UPDATE processing_jobs SET state = 'done', updated_at = ? WHERE upload_id = ? AND generation = ?`)
      .run(this.iso(), job.upload_id, job.generation);
  }

  /** Write the run's files, values and pages, unless a newer PUT has superseded it. */
  private finish(job: JobRow, documents: Document[]): void {
    if (documents.length === 0) return this.fail(job, 'The file contains no documents to process.');
    // Blob files are written outside the transaction; an unused one is collected later.
    const blobs = documents.map((d) => (d.bytes ? putBlobBytes(this.db, this.ctx.options.dataDir, d.bytes) : undefined));
    this.db.transaction(() => {
      const upload = this.current(job);
      if (!upload) return;
      const now = this.iso();
      const primary = this.db.prepare('SELECT * FROM files WHERE object_id = ?').get(upload.object_id) as FileRow | undefined;
      const fileIds = documents.map((doc, i) => this.writeDocument(upload, doc, blobs[i], i === 0 ? primary : undefined, now));
      const lock = this.db.prepare('UPDATE schemas SET locked = 1 WHERE id = ? AND workspace_id = ?');
      if (upload.schema_locking === 1) for (const doc of documents) if (doc.schemaId) lock.run(doc.schemaId, upload.workspace_id);
      // A zip upload without apiRequestId groups its entries under the zip's id (spec 4.10).
      const apiRequestId = upload.api_request_id ?? (isZipUpload(upload) ? fileIds[0]! : null);
      this.db
        .prepare(`UPDATE uploads SET status = 'completed', error_reason = NULL, api_request_id = ?, updated_at = ? WHERE id = ?`)
        .run(apiRequestId, now, upload.id);
      renderEntries(this.db, 'upload', upload.id);
      recordStep(this.db, upload.id, 'processing_finished', 'completed', now);
      this.markDone(job);
      this.notify(upload, 'processing_finished', 'completed', now, fileIds, apiRequestId);
    })();
  }

  private writeDocument(upload: UploadRow, doc: Document, blob: { sha256: string; size: number } | undefined, primary: FileRow | undefined, now: string): string {
    const plain = !doc.bytes;
    const row = {
      file_name: doc.fileName || upload.file_name,
      file_type: plain ? upload.file_type : doc.mediaType || upload.file_type,
      file_size: blob?.size ?? upload.size ?? 0,
      blob_sha256: blob?.sha256 ?? upload.blob_sha256!,
      status: doc.errorReason ? 'failed' : 'processed',
      schema_id: doc.schemaId || null,
      error_reason: doc.errorReason ?? null,
      zip_archive_name: doc.zipArchiveName ?? null,
      document_id: randomUUID(),
      page_count: doc.pageCount,
      updated_at: now,
    };
    let fileId: string;
    if (primary) {
      fileId = primary.id;
      this.db
        .prepare(
          `UPDATE files SET file_name = @file_name, file_type = @file_type, file_size = @file_size, blob_sha256 = @blob_sha256,
           status = @status, schema_id = @schema_id, error_reason = @error_reason, zip_archive_name = @zip_archive_name,
           document_id = @document_id, page_count = @page_count, updated_at = @updated_at WHERE id = @id`,
        )
        .run({ ...row, id: fileId });
    } else {
      fileId = randomUUID();
      this.db
        .prepare(
          `INSERT INTO files (id, upload_id, workspace_id, user_id, file_name, file_type, file_size, blob_sha256, object_id, status,
           schema_id, directory_id, destination_path, error_reason, zip_archive_name, document_id, page_count, created_at, updated_at)
           VALUES (@id, @upload_id, @workspace_id, @user_id, @file_name, @file_type, @file_size, @blob_sha256, @object_id, @status,
           @schema_id, @directory_id, @destination_path, @error_reason, @zip_archive_name, @document_id, @page_count, @created_at, @updated_at)`,
        )
        .run({
          ...row,
          id: fileId,
          upload_id: upload.id,
          workspace_id: upload.workspace_id,
          user_id: upload.user_id,
          // The first document keeps the ticket's storage path; further parts get their own.
          object_id: primary === undefined && !this.objectTaken(upload.object_id) ? upload.object_id : randomUUID(),
          directory_id: upload.directory_id,
          destination_path: upload.destination_path,
          created_at: now,
        });
    }
    this.writeValues(upload, doc, fileId, row.document_id, now);
    return fileId;
  }

  private objectTaken(objectId: string): boolean {
    return this.db.prepare('SELECT 1 FROM files WHERE object_id = ?').get(objectId) !== undefined;
  }

  private writeValues(upload: UploadRow, doc: Document, fileId: string, documentId: string, now: string): void {
    this.db.prepare('DELETE FROM form_values WHERE file_id = ?').run(fileId);
    this.db.prepare('DELETE FROM document_pages WHERE file_id = ?').run(fileId);
    const page = this.db.prepare(
      `INSERT OR REPLACE INTO document_pages (document_id, file_id, workspace_id, page, source, text, words) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const p of doc.pages) page.run(documentId, fileId, upload.workspace_id, p.number, p.source, p.text, p.words?.length ? JSON.stringify(p.words) : null);
    if (!doc.schemaId || doc.errorReason) return;
    const schemaName =
      (this.db.prepare('SELECT name FROM schemas WHERE id = ?').pluck().get(doc.schemaId) as string | undefined) ?? '';
    const fields = doc.fields.map((f) => ({
      ...(f.fieldId ? { id: f.fieldId } : {}),
      title: f.title,
      type: f.type.toLowerCase(),
      description: f.description,
      hidden: f.hidden,
      value: f.value,
      confidence: f.confidence,
      ...(f.source ? { source: f.source } : {}),
    }));
    insertValues(this.db, { fileId, workspaceId: upload.workspace_id, schemaId: doc.schemaId, schemaName, documentId, documentType: doc.documentType, fields, now });
  }

  private fail(job: JobRow, reason: string): void {
    this.db.transaction(() => {
      const upload = this.current(job);
      if (!upload) return this.markDone(job);
      const now = this.iso();
      this.db.prepare(`UPDATE uploads SET status = 'failed', error_reason = ?, updated_at = ? WHERE id = ?`).run(reason, now, upload.id);
      this.db.prepare(`UPDATE files SET status = 'failed', error_reason = ?, updated_at = ? WHERE upload_id = ?`).run(reason, now, upload.id);
      recordStep(this.db, upload.id, 'processing_failed', 'failed', now);
      this.markDone(job);
      const fileIds = filesOfUpload(this.db, upload.id).map((f) => f.id);
      this.notify(upload, 'processing_failed', 'failed', now, fileIds, upload.api_request_id, reason);
    })();
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
  private notify(upload: UploadRow, step: string, status: string, timestamp: string, fileIds: string[], apiRequestId: string | null, errorReason?: string): void {
    if (this.settledListeners.size > 0) {
      const listeners = [...this.settledListeners];
      setImmediate(() => listeners.forEach((l) => l(upload.id)));
    }
    if (!upload.callback_url) return;
    enqueueCallback(this.ctx, {
      workspaceId: upload.workspace_id,
      keyId: upload.key_id,
      url: upload.callback_url,
      body: { uploadId: upload.id, step, status, timestamp, fileIds: fileIds.join(','), apiRequestId, ...(errorReason ? { errorReason } : {}) },
    });
  }
}

/** Delete ephemeral uploads (and, by cascade, their files, values and pages) older than the TTL (decisions 8). */
export function sweepEphemeral(ctx: ServiceContext): number {
  const cutoff = new Date(ctx.options.now() - ctx.options.ephemeralTtlMs).toISOString();
  const ids = ctx.db.prepare('SELECT id FROM uploads WHERE is_ephemeral = 1 AND created_at <= ?').pluck().all(cutoff) as string[];
  const remove = ctx.db.prepare('DELETE FROM uploads WHERE id = ?');
  let removed = 0;
  for (const id of ids) {
    try {
      ctx.db.transaction(() => {
        ctx.db.prepare('DELETE FROM files WHERE upload_id = ?').run(id);
        remove.run(id);
      })();
      removed++;
    } catch {
      // Something else still refers to it; the next sweep tries again.
    }
  }
  if (removed > 0) collectGarbage(ctx.db, ctx.options.dataDir);
  return removed;
}

export function pipelineOf(ctx: ServiceContext): Pipeline | undefined {
  return pipelines.get(ctx);
}

/** Start the worker and the ephemeral sweeper with the service; stop both on close. */
export function registerPipeline(ctx: ServiceContext): Pipeline {
  const pipeline = new Pipeline(ctx);
  pipelines.set(ctx, pipeline);
  let sweeper: NodeJS.Timeout | undefined;
  ctx.onStart(() => {
    pipeline.start();
    sweepEphemeral(ctx);
    sweeper = setInterval(() => sweepEphemeral(ctx), ctx.options.sweepIntervalMs);
    sweeper.unref();
  });
  ctx.onStop(async () => {
    if (sweeper) clearInterval(sweeper);
    await pipeline.stop();
  });
  return pipeline;
}
