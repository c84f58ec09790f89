import { randomUUID } from 'node:crypto';
import type { UploadStatus } from '../../contract/uploads.js';
import { dialectOf, isUniqueViolation, prepared, type DB } from './sql.js';
import { filesOfUpload, toFileRecord } from './files.js';

// Rows of the uploads and upload_steps tables (migration 0002) and their API shape; the files
// an upload yields are files.ts's.

export interface UploadRow {
  id: string;
  workspace_id: string;
  key_id: string;
  user_id: string;
  object_id: string;
  file_name: string;
  file_type: string;
  is_split: number;
  is_split_excel: number;
  callback_url: string | null;
  callback_source: 'user' | 'api_key' | null;
  ocr_model: string;
  schema_locking: number;
  schema_id: string | null;
  directory_id: string | null;
  destination_path: string;
  is_ephemeral: number;
  page_count: number | null;
  api_request_id: string | null;
  retain_zip_name: number;
  blob_sha256: string | null;
  size: number | null;
  status: 'waiting' | 'completed' | 'failed';
  error_reason: string | null;
  generation: number;
  created_at: string;
  updated_at: string;
}

/**
 * A time-ordered UUID (version 7: 48 bits of milliseconds, then random bits) for upload rows.
 * Random (v4) keys land on a different index page each, so every ticket's commit wrote two
 * more pages to the WAL; ordered keys of one batch share the newest pages.
 */
export function timeOrderedUuid(nowMs: number = Date.now()): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: keep its random bits and RFC variant
  // The 48 bits as two 24-bit halves: small integers print in hex at once, where a time in ms
  // (past 2^31, a double) goes through a floating-point remainder per digit.
  const high = Math.floor(nowMs / 0x1000000);
  const ms = high.toString(16).padStart(6, '0') + (nowMs - high * 0x1000000).toString(16).padStart(6, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(15)}`;
}

const UPLOAD_COLUMNS = [
  'id', 'workspace_id', 'key_id', 'user_id', 'object_id', 'file_name', 'file_type', 'is_split', 'is_split_excel',
  'callback_url', 'callback_source', 'ocr_model', 'schema_locking', 'schema_id', 'directory_id', 'destination_path',
  'is_ephemeral', 'page_count', 'api_request_id', 'retain_zip_name', 'blob_sha256', 'size', 'status', 'error_reason',
  'generation', 'created_at', 'updated_at',
] as const satisfies ReadonlyArray<keyof UploadRow>;
// Every column of UploadRow is written: a column added to the type and not to the list fails to compile.
const everyUploadColumn: Exclude<keyof UploadRow, (typeof UPLOAD_COLUMNS)[number]> extends never ? true : never = true;
void everyUploadColumn;

/**
 * A ticket's insert, the service's hottest write: its SQL is written once (building it per call,
 * and hashing that new string for the statement cache, showed in profiles of the ticket route).
 */
const INSERT_UPLOAD_SQL = `INSERT INTO uploads (${UPLOAD_COLUMNS.join(', ')}) VALUES (${UPLOAD_COLUMNS.map(() => '?').join(', ')})`;

export function insertUpload(db: DB, row: UploadRow): void {
  const values = new Array<UploadRow[keyof UploadRow]>(UPLOAD_COLUMNS.length);
  for (let i = 0; i < UPLOAD_COLUMNS.length; i++) values[i] = row[UPLOAD_COLUMNS[i]!];
  // As arguments, not one array: better-sqlite3 reads an array's items through a slower API call each.
  prepared(db, INSERT_UPLOAD_SQL).run(...values);
}

/** An upload of the caller's workspace; another workspace's is invisible. */
export function getUploadRow(db: DB, workspaceId: string, uploadId: string): UploadRow | undefined {
  return prepared(db, 'SELECT * FROM uploads WHERE id = ? AND workspace_id = ?').get(uploadId, workspaceId) as UploadRow | undefined;
}

export function uploadByObjectId(db: DB, objectId: string): UploadRow | undefined {
  return prepared(db, 'SELECT * FROM uploads WHERE object_id = ?').get(objectId) as UploadRow | undefined;
}

/** Any workspace's upload, for the processing queue (which works for every workspace). */
export function uploadById(db: DB, uploadId: string): UploadRow | undefined {
  return prepared(db, 'SELECT * FROM uploads WHERE id = ?').get(uploadId) as UploadRow | undefined;
}

/** New bytes of an upload: the next generation, waiting for processing; its earlier steps are gone. Returns the generation. */
export function storeUploadBytes(db: DB, uploadId: string, blob: { sha256: string; size: number }, now: string): number {
  const generation = (prepared(db, 'SELECT generation FROM uploads WHERE id = ?').pluck().get(uploadId) as number) + 1;
  prepared(
    db,
    `UPDATE uploads SET blob_sha256 = ?, size = ?, generation = ?, status = 'waiting', error_reason = NULL, updated_at = ? WHERE id = ?`,
  ).run(blob.sha256, blob.size, generation, now, uploadId);
  prepared(db, 'DELETE FROM upload_steps WHERE upload_id = ?').run(uploadId);
  return generation;
}

export function setUploadCompleted(db: DB, uploadId: string, apiRequestId: string | null, now: string): void {
  prepared(db, `UPDATE uploads SET status = 'completed', error_reason = NULL, api_request_id = ?, updated_at = ? WHERE id = ?`).run(apiRequestId, now, uploadId);
}

export function setUploadFailed(db: DB, uploadId: string, reason: string, now: string): void {
  prepared(db, `UPDATE uploads SET status = 'failed', error_reason = ?, updated_at = ? WHERE id = ?`).run(reason, now, uploadId);
}

/** Ephemeral uploads created at or before `cutoff` (ISO time), due for deletion (decisions 8). */
export function ephemeralUploadsBefore(db: DB, cutoff: string): string[] {
  return prepared(db, EPHEMERAL_DUE_SQL).pluck().all(cutoff) as string[];
}

/** Read through the partial index uploads_ephemeral (migration 0012): ordinary uploads are not scanned. */
export const EPHEMERAL_DUE_SQL = 'SELECT id FROM uploads WHERE is_ephemeral = 1 AND created_at <= ?';

/** Delete an upload with its files (their values and pages by cascade); throws when something still refers to it. */
/** Deletes an upload and its files; answers the blobs they referred to (for collectGarbage). */
export function deleteUploadWithFiles(db: DB, uploadId: string): string[] {
  return db.transaction(() => {
    const blobs = prepared(
      db,
      'SELECT blob_sha256 FROM files WHERE upload_id = ? UNION SELECT blob_sha256 FROM uploads WHERE id = ? AND blob_sha256 IS NOT NULL',
    )
      .pluck()
      .all(uploadId, uploadId) as string[];
    prepared(db, 'DELETE FROM files WHERE upload_id = ?').run(uploadId);
    prepared(db, 'DELETE FROM uploads WHERE id = ?').run(uploadId);
    return blobs;
  })();
}

interface StepRow {
  step: UploadStatus['statuses'][number]['step'];
  status: UploadStatus['statuses'][number]['status'];
  timestamp: string;
}

export function uploadStatus(db: DB, upload: UploadRow): UploadStatus {
  const steps = db.prepare('SELECT step, status, timestamp FROM upload_steps WHERE upload_id = ? ORDER BY seq').all(upload.id) as StepRow[];
  return {
    uploadId: upload.id,
    status: upload.status,
    errorReason: upload.error_reason,
    statuses: steps.map((s) =>
      s.step === 'processing_failed' && upload.error_reason ? { ...s, errorReason: upload.error_reason } : { ...s },
    ),
    files: filesOfUpload(db, upload.id).map(toFileRecord),
  };
}

/** Append a step of the upload's current run. */
export function recordStep(db: DB, uploadId: string, step: StepRow['step'], status: StepRow['status'], timestamp: string): void {
  const insert = () =>
    prepared(
      db,
      `INSERT INTO upload_steps (upload_id, seq, step, status, timestamp)
       VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM upload_steps WHERE upload_id = ?), ?, ?, ?)`,
    ).run(uploadId, uploadId, step, status, timestamp);
  if (dialectOf(db) === 'sqlite') {
    insert();
    return;
  }
  // Team service: another process may have taken the same number a moment ago (a PUT through one
  // process while another processes the upload). In a savepoint, so the retry keeps the transaction.
  for (let attempt = 1; ; attempt++) {
    try {
      db.transaction(insert)();
      return;
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** Media types of a zip upload (any case); a name ending in `.zip` makes one too. */
export const ZIP_MEDIA_TYPES = ['application/zip', 'application/x-zip', 'application/zip-compressed', 'application/x-zip-compressed'];

export function isZipUpload(upload: Pick<UploadRow, 'file_type' | 'file_name'>): boolean {
  return ZIP_MEDIA_TYPES.includes(upload.file_type.toLowerCase()) || /\.zip$/i.test(upload.file_name);
}

