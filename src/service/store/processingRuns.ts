// An upload's processing in the database: the processing_jobs table (one row per upload, carrying
// the generation of the PUT that queued it, so a restart resumes queued and interrupted jobs) and
// the transactions that queue, start, complete and fail a run. Every write of a run checks that
// its generation is still the upload's: a newer PUT supersedes it and what it produces is dropped.
import { randomUUID } from 'node:crypto';
import { prepared, type DB } from './sql.js';
import type { ProcessedDocument } from '../processing/types.js';
import { clearFileResults, insertDocumentPages, insertValues, renderEntries } from './fileValues.js';
import {
  deleteSplitOffFiles,
  fileByObjectId,
  filesOfUpload,
  insertProcessedFile,
  insertUploadedFile,
  resetUploadedFile,
  setUploadFilesFailed,
  setUploadFilesProcessing,
  updateProcessedFile,
  type ProcessedFile,
} from './files.js';
import { lockSchema, schemaNameOf } from './schemas.js';
import { isZipUpload, recordStep, setUploadCompleted, setUploadFailed, storeUploadBytes, uploadById, type UploadRow } from './uploads.js';

export interface ProcessingJob {
  upload_id: string;
  generation: number;
  attempts: number;
  /** PostgreSQL: the process whose lease holds the job (claimDueJobs); its writes check it still does. */
  worker?: string;
}

/** A run's document as the queue hands it over: an engine may report a failed entry (a zip member it could not read) as data. */
export type RunDocument = ProcessedDocument & { errorReason?: string };

/** How a settled run is announced, inside its transaction (callbacks go to the outbox there). */
export interface Settlement {
  upload: UploadRow;
  step: 'processing_finished' | 'processing_failed';
  status: 'completed' | 'failed';
  timestamp: string;
  fileIds: string[];
  apiRequestId: string | null;
  errorReason?: string;
}

/**
 * Runs of a previous process (or of one stopping) that never finished go back to the queue. With
 * `worker` (PostgreSQL, where several processes share the queue) only that process's runs: the
 * runs of a process that died are taken over once their lease runs out (claimDueJobs).
 */
export function requeueInterrupted(db: DB, worker?: string): void {
  if (worker === undefined) prepared(db, `UPDATE processing_jobs SET state = 'queued' WHERE state = 'running'`).run();
  else prepared(db, `UPDATE processing_jobs SET state = 'queued', worker = NULL WHERE state = 'running' AND worker = ?`).run(worker);
}

/**
 * PostgreSQL: take up to `limit` jobs for `worker` in one statement: queued ones, and running ones
 * whose lease ran out (their process died or stalled). FOR UPDATE SKIP LOCKED: processes claiming
 * at the same moment each take different jobs, and none waits for another's. Answers the jobs
 * as they were before the claim (attempts not yet counted), like queuedJobs.
 */
export function claimDueJobs(db: DB, claim: { worker: string; limit: number; now: string; nowMs: number; leaseMs: number; skip: string[] }): ProcessingJob[] {
  return prepared(
    db,
    `UPDATE processing_jobs AS j SET state = 'running', attempts = j.attempts + 1, updated_at = ?, worker = ?, lease_until = ?
     FROM (SELECT upload_id FROM processing_jobs
           WHERE (state = 'queued' OR (state = 'running' AND lease_until < ?)) AND NOT (upload_id = ANY (?::text[]))
           ORDER BY updated_at, rowid LIMIT ? FOR UPDATE SKIP LOCKED) AS due
     WHERE j.upload_id = due.upload_id
     RETURNING j.upload_id, j.generation, j.attempts - 1 AS attempts, j.worker`,
  ).all(claim.now, claim.worker, claim.nowMs + claim.leaseMs, claim.nowMs, claim.skip, claim.limit) as ProcessingJob[];
}

/** PostgreSQL: `worker` still runs its jobs; their leases last `leaseMs` more. */
export function renewLeases(db: DB, worker: string, untilMs: number): void {
  prepared(db, `UPDATE processing_jobs SET lease_until = ? WHERE worker = ? AND state = 'running'`).run(untilMs, worker);
}

/**
 * Read each time a run ends or a file arrives: through an index of the queued jobs only (migration
 * 0015). `LIMIT +?`: a bare LIMIT parameter is read while planning, so each new limit compiled the
 * statement again (as store/fileValues.ts's page of values).
 */
export const QUEUED_JOBS_SQL = `SELECT upload_id, generation, attempts FROM processing_jobs WHERE state = 'queued' ORDER BY updated_at, rowid LIMIT +?`;

export function queuedJobs(db: DB, limit: number): ProcessingJob[] {
  return prepared(db, QUEUED_JOBS_SQL).all(limit) as ProcessingJob[];
}

/** Take a queued job for a run; false when another took it or a newer PUT replaced it. */
export function claimJob(db: DB, job: ProcessingJob, now: string): boolean {
  return (
    prepared(
      db,
      `UPDATE processing_jobs SET state = 'running', attempts = attempts + 1, updated_at = ?
       WHERE upload_id = ? AND generation = ? AND state = 'queued'`,
    ).run(now, job.upload_id, job.generation).changes > 0
  );
}

/**
 * Whether any job is queued or running: whether any job row is left, since a job's row lives only
 * while it is (endJob deletes it; migration 0016 deleted the done rows of earlier versions). One
 * row read at most; the old `state != 'done'` walked every job ever run.
 */
export function jobsPending(db: DB): boolean {
  return prepared(db, `SELECT 1 FROM processing_jobs LIMIT 1`).get() !== undefined;
}

/**
 * The job is over (its run completed, failed, or found its upload gone or superseded): its row
 * goes, in the run's own transaction. Nothing reads a finished job (the upload's status and steps
 * say how it ended), and kept rows made the table, and every look at it, grow with every file
 * ever processed. A newer generation's job (a PUT while this one ran) is another row and stays;
 * a leased job goes only while its worker still holds it (another process may have taken it over).
 */
export function endJob(db: DB, job: ProcessingJob): void {
  if (job.worker === undefined) {
    prepared(db, `DELETE FROM processing_jobs WHERE upload_id = ? AND generation = ?`).run(job.upload_id, job.generation);
  } else {
    prepared(db, `DELETE FROM processing_jobs WHERE upload_id = ? AND generation = ? AND worker = ?`).run(job.upload_id, job.generation, job.worker);
  }
}

/**
 * The job's upload while the job is still its current generation (and, for a leased job, still
 * held by its worker: a process whose lease ran out while it stalled drops what it produces,
 * since another process has taken the job over).
 */
export function currentUpload(db: DB, job: ProcessingJob): UploadRow | undefined {
  const upload = uploadById(db, job.upload_id);
  if (!upload || upload.generation !== job.generation) return undefined;
  if (job.worker !== undefined && !holdsJob(db, job)) return undefined;
  return upload;
}

function holdsJob(db: DB, job: ProcessingJob): boolean {
  return (
    prepared(db, `SELECT 1 FROM processing_jobs WHERE upload_id = ? AND generation = ? AND state = 'running' AND worker = ? FOR UPDATE`).get(
      job.upload_id,
      job.generation,
      job.worker,
    ) !== undefined
  );
}

/**
 * A successful PUT: the upload's bytes are replaced and processing starts over for a new
 * generation. The first file of the upload keeps its id (and the ticket's storage path);
 * files an earlier run split off are removed.
 */
export function queueUploadBytes(db: DB, upload: UploadRow, blob: { sha256: string; size: number }, now: string): void {
  db.transaction(() => {
    const generation = storeUploadBytes(db, upload.id, blob, now);
    recordStep(db, upload.id, 'file_uploaded', 'waiting', now);
    deleteSplitOffFiles(db, upload.id, upload.object_id);
    const bytes = { fileName: upload.file_name, fileType: upload.file_type, sha256: blob.sha256, size: blob.size, schemaId: upload.schema_id, now };
    const primary = resetUploadedFile(db, upload.object_id, bytes);
    if (primary) clearFileResults(db, primary);
    else insertUploadedFile(db, { ...upload, upload_id: upload.id }, upload.object_id, bytes);
    // Spec 3 rule 4: schemaLocking locks the chosen schema once the file is uploaded.
    if (upload.schema_locking === 1 && upload.schema_id) lockSchema(db, upload.workspace_id, upload.schema_id);
    prepared(
      db,
      `INSERT INTO processing_jobs (upload_id, generation, state, attempts, updated_at) VALUES (?, ?, 'queued', 0, ?)
       ON CONFLICT (upload_id) DO UPDATE SET generation = excluded.generation, state = 'queued', attempts = 0, updated_at = excluded.updated_at`,
    ).run(upload.id, generation, now);
  })();
}

export function startRun(db: DB, uploadId: string, now: string): void {
  db.transaction(() => {
    recordStep(db, uploadId, 'processing_started', 'waiting', now);
    setUploadFilesProcessing(db, uploadId, now);
  })();
}

/**
 * Write the run's files, values and pages and complete the upload, unless a newer PUT has
 * superseded the run. `blobs[i]` stores document i's own bytes (split parts, zip entries).
 */
export function completeRun(
  db: DB,
  job: ProcessingJob,
  documents: RunDocument[],
  blobs: Array<{ sha256: string; size: number } | undefined>,
  now: string,
  settle: (settlement: Settlement) => void,
): void {
  db.transaction(() => {
    const upload = currentUpload(db, job);
    if (!upload) return;
    const primary = fileByObjectId(db, upload.object_id);
    const fileIds = documents.map((doc, i) => writeDocument(db, upload, doc, blobs[i], i === 0 ? primary?.id : undefined, now));
    if (upload.schema_locking === 1) for (const doc of documents) if (doc.schemaId) lockSchema(db, upload.workspace_id, doc.schemaId);
    // A zip upload without apiRequestId groups its entries under the zip's id (spec 4.10).
    const apiRequestId = upload.api_request_id ?? (isZipUpload(upload) ? fileIds[0]! : null);
    setUploadCompleted(db, upload.id, apiRequestId, now);
    renderEntries(db, 'upload', upload.id);
    recordStep(db, upload.id, 'processing_finished', 'completed', now);
    endJob(db, job);
    settle({ upload, step: 'processing_finished', status: 'completed', timestamp: now, fileIds, apiRequestId });
  })();
}

/** Fail the upload and its files with `reason`, unless a newer PUT has superseded the run. */
export function failRun(db: DB, job: ProcessingJob, reason: string, now: string, settle: (settlement: Settlement) => void): void {
  db.transaction(() => {
    const upload = currentUpload(db, job);
    if (!upload) return endJob(db, job);
    setUploadFailed(db, upload.id, reason, now);
    setUploadFilesFailed(db, upload.id, reason, now);
    recordStep(db, upload.id, 'processing_failed', 'failed', now);
    endJob(db, job);
    const fileIds = filesOfUpload(db, upload.id).map((f) => f.id);
    settle({ upload, step: 'processing_failed', status: 'failed', timestamp: now, fileIds, apiRequestId: upload.api_request_id, errorReason: reason });
  })();
}

function writeDocument(db: DB, upload: UploadRow, doc: RunDocument, blob: { sha256: string; size: number } | undefined, primaryId: string | undefined, now: string): string {
  const plain = !doc.bytes;
  const file: ProcessedFile = {
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
  let fileId = primaryId;
  if (fileId) updateProcessedFile(db, fileId, file);
  else {
    // The first document keeps the ticket's storage path; further parts get their own.
    const objectId = fileByObjectId(db, upload.object_id) ? randomUUID() : upload.object_id;
    fileId = insertProcessedFile(db, { ...upload, upload_id: upload.id }, objectId, file);
  }
  writeResults(db, upload, doc, fileId, file.document_id, now);
  return fileId;
}

function writeResults(db: DB, upload: UploadRow, doc: RunDocument, fileId: string, documentId: string, now: string): void {
  clearFileResults(db, fileId);
  insertDocumentPages(db, { fileId, documentId, workspaceId: upload.workspace_id }, doc.pages);
  if (!doc.schemaId || doc.errorReason) return;
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
  const schemaName = schemaNameOf(db, doc.schemaId);
  insertValues(db, { fileId, workspaceId: upload.workspace_id, schemaId: doc.schemaId, schemaName, documentId, documentType: doc.documentType, fields, now });
}
