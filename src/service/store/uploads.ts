import { randomUUID } from 'node:crypto';
import type { FileRecord, UploadStatus } from '../../contract/uploads.js';
import { prepared, type DB } from '../../sqlite.js';

// Rows of the uploads, upload_steps and files tables (migration 0002) and their API shapes.

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

export interface FileRow {
  id: string;
  upload_id: string;
  workspace_id: string;
  user_id: string;
  file_name: string;
  file_type: string;
  file_size: number;
  blob_sha256: string;
  object_id: string;
  status: FileRecord['status'];
  schema_id: string | null;
  directory_id: string | null;
  destination_path: string;
  error_reason: string | null;
  zip_archive_name: string | null;
  document_id: string | null;
  page_count: number | null;
  /** While processing: pages read so far and in all (migration 0011); NULL before the count is known. */
  pages_done?: number | null;
  pages_total?: number | null;
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
  const ms = nowMs.toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${random.slice(15)}`;
}

export const storagePathOf = (workspaceId: string, objectId: string) => `local://${workspaceId}/${objectId}`;

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
  prepared(db, INSERT_UPLOAD_SQL).run(UPLOAD_COLUMNS.map((c) => row[c]));
}

/** An upload of the caller's workspace; another workspace's is invisible. */
export function getUploadRow(db: DB, workspaceId: string, uploadId: string): UploadRow | undefined {
  return prepared(db, 'SELECT * FROM uploads WHERE id = ? AND workspace_id = ?').get(uploadId, workspaceId) as UploadRow | undefined;
}

export function uploadByObjectId(db: DB, objectId: string): UploadRow | undefined {
  return db.prepare('SELECT * FROM uploads WHERE object_id = ?').get(objectId) as UploadRow | undefined;
}

export function toFileRecord(row: FileRow): FileRecord {
  return {
    fileId: row.id,
    fileName: row.file_name,
    fileType: row.file_type,
    fileSize: row.file_size,
    fileStoragePath: storagePathOf(row.workspace_id, row.object_id),
    fileHash: row.blob_sha256,
    uploadId: row.upload_id,
    status: row.status,
    schemaId: row.schema_id,
    directoryId: row.directory_id,
    destinationPath: row.destination_path,
    errorReason: row.error_reason,
    documentId: row.document_id,
    pageCount: row.page_count,
    ...(row.zip_archive_name !== null ? { zipArchiveName: row.zip_archive_name } : {}),
    ...(row.status === 'processing' && row.pages_total != null ? { progress: { pagesDone: row.pages_done ?? 0, pagesTotal: row.pages_total } } : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function filesOfUpload(db: DB, uploadId: string): FileRow[] {
  return db.prepare('SELECT * FROM files WHERE upload_id = ? ORDER BY created_at, rowid').all(uploadId) as FileRow[];
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
  db.prepare(
    `INSERT INTO upload_steps (upload_id, seq, step, status, timestamp)
     VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM upload_steps WHERE upload_id = ?), ?, ?, ?)`,
  ).run(uploadId, uploadId, step, status, timestamp);
}

/** Media types of a zip upload (any case); a name ending in `.zip` makes one too. */
export const ZIP_MEDIA_TYPES = ['application/zip', 'application/x-zip', 'application/zip-compressed', 'application/x-zip-compressed'];

export function isZipUpload(upload: Pick<UploadRow, 'file_type' | 'file_name'>): boolean {
  return ZIP_MEDIA_TYPES.includes(upload.file_type.toLowerCase()) || /\.zip$/i.test(upload.file_name);
}

export interface FileQuery {
  fileIds?: string[];
  uploadId?: string;
  updatedAfter?: string;
  createdAfter?: string;
  page: number;
  limit: number;
  sortBy: 'createdAt' | 'updatedAt' | 'fileName' | 'fileSize' | 'status';
  sortOrder: 'ASC' | 'DESC';
}

const SORT_COLUMNS: Record<FileQuery['sortBy'], string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  fileName: 'file_name',
  fileSize: 'file_size',
  status: 'status',
};

/** One page of the workspace's files plus the total count of matches. */
export function queryFiles(db: DB, workspaceId: string, q: FileQuery): { rows: FileRow[]; count: number } {
  const where = ['workspace_id = @workspaceId'];
  const params: Record<string, unknown> = { workspaceId };
  if (q.fileIds) {
    if (q.fileIds.length === 0) return { rows: [], count: 0 };
    where.push(`id IN (SELECT value FROM json_each(@fileIds))`);
    params.fileIds = JSON.stringify(q.fileIds);
  }
  if (q.uploadId !== undefined) {
    where.push('upload_id = @uploadId');
    params.uploadId = q.uploadId;
  }
  // Timestamps are stored as ISO strings in UTC, so normalising the bound compares correctly.
  if (q.updatedAfter !== undefined) {
    where.push('updated_at > @updatedAfter');
    params.updatedAfter = new Date(q.updatedAfter).toISOString();
  }
  if (q.createdAfter !== undefined) {
    where.push('created_at > @createdAfter');
    params.createdAfter = new Date(q.createdAfter).toISOString();
  }
  const clause = where.join(' AND ');
  const count = db.prepare(`SELECT COUNT(*) FROM files WHERE ${clause}`).pluck().get(params) as number;
  const order = `${SORT_COLUMNS[q.sortBy]} ${q.sortOrder}, rowid ${q.sortOrder}`;
  const rows = db
    .prepare(`SELECT * FROM files WHERE ${clause} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: q.limit, offset: (q.page - 1) * q.limit }) as FileRow[];
  return { rows, count };
}
