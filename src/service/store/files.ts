// The service's files table (migration 0002): the documents uploads yielded, their API shape
// (FileRecord), listing, and the writes of an upload's PUT and of its processing run.
import { randomUUID } from 'node:crypto';
import type { FileRecord } from '../../contract/uploads.js';
import { prepared, spelled, type DB } from './sql.js';

/**
 * A row of the service's `files` table: one document an upload yielded (the API's File). Not the
 * daemon's FileRow, a watched file in state.db (src/sync/state/files.ts).
 */
export interface ServiceFileRow {
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

export const storagePathOf = (workspaceId: string, objectId: string) => `local://${workspaceId}/${objectId}`;

export function toFileRecord(row: ServiceFileRow): FileRecord {
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

export function filesOfUpload(db: DB, uploadId: string): ServiceFileRow[] {
  return prepared(db, 'SELECT * FROM files WHERE upload_id = ? ORDER BY created_at, rowid').all(uploadId) as ServiceFileRow[];
}

export function fileByObjectId(db: DB, objectId: string): ServiceFileRow | undefined {
  return prepared(db, 'SELECT * FROM files WHERE object_id = ?').get(objectId) as ServiceFileRow | undefined;
}

/** What a processing run learnt of one document: the columns it writes. */
export interface ProcessedFile {
  file_name: string;
  file_type: string;
  file_size: number;
  blob_sha256: string;
  status: 'processed' | 'failed';
  schema_id: string | null;
  error_reason: string | null;
  zip_archive_name: string | null;
  document_id: string;
  page_count: number;
  updated_at: string;
}

/** The upload a new file row belongs to, and where it is filed. */
export interface FileOwner {
  upload_id: string;
  workspace_id: string;
  user_id: string;
  directory_id: string | null;
  destination_path: string;
}

export function updateProcessedFile(db: DB, fileId: string, file: ProcessedFile): void {
  prepared(
    db,
    `UPDATE files SET file_name = @file_name, file_type = @file_type, file_size = @file_size, blob_sha256 = @blob_sha256,
     status = @status, schema_id = @schema_id, error_reason = @error_reason, zip_archive_name = @zip_archive_name,
     document_id = @document_id, page_count = @page_count, updated_at = @updated_at WHERE id = @id`,
  ).run({ ...file, id: fileId });
}

/** A further document of a run (a split part, a zip entry); returns its new id. */
export function insertProcessedFile(db: DB, owner: FileOwner, objectId: string, file: ProcessedFile): string {
  const id = randomUUID();
  prepared(
    db,
    `INSERT INTO files (id, upload_id, workspace_id, user_id, file_name, file_type, file_size, blob_sha256, object_id, status,
     schema_id, directory_id, destination_path, error_reason, zip_archive_name, document_id, page_count, created_at, updated_at)
     VALUES (@id, @upload_id, @workspace_id, @user_id, @file_name, @file_type, @file_size, @blob_sha256, @object_id, @status,
     @schema_id, @directory_id, @destination_path, @error_reason, @zip_archive_name, @document_id, @page_count, @created_at, @updated_at)`,
  ).run({
    ...file,
    upload_id: owner.upload_id,
    workspace_id: owner.workspace_id,
    user_id: owner.user_id,
    directory_id: owner.directory_id,
    destination_path: owner.destination_path,
    id,
    object_id: objectId,
    created_at: file.updated_at,
  });
  return id;
}

/** The bytes of a new PUT, before processing: the upload's first file (kept, or created) is reset to `uploaded`. */
export interface UploadedBytes {
  fileName: string;
  fileType: string;
  sha256: string;
  size: number;
  schemaId: string | null;
  now: string;
}

/** Resets the first file of an upload (by the ticket's object id) for new bytes; returns its id, or undefined when none exists yet. */
export function resetUploadedFile(db: DB, objectId: string, bytes: UploadedBytes): string | undefined {
  const id = prepared(db, 'SELECT id FROM files WHERE object_id = ?').pluck().get(objectId) as string | undefined;
  if (id === undefined) return undefined;
  prepared(
    db,
    `UPDATE files SET file_name = ?, file_type = ?, file_size = ?, blob_sha256 = ?, status = 'uploaded', schema_id = ?,
     error_reason = NULL, zip_archive_name = NULL, document_id = NULL, page_count = NULL, updated_at = ? WHERE id = ?`,
  ).run(bytes.fileName, bytes.fileType, bytes.size, bytes.sha256, bytes.schemaId, bytes.now, id);
  return id;
}

export function insertUploadedFile(db: DB, owner: FileOwner, objectId: string, bytes: UploadedBytes): string {
  const id = randomUUID();
  prepared(
    db,
    `INSERT INTO files (id, upload_id, workspace_id, user_id, file_name, file_type, file_size, blob_sha256, object_id, status,
     schema_id, directory_id, destination_path, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'uploaded', ?, ?, ?, ?, ?)`,
  ).run(
    id, owner.upload_id, owner.workspace_id, owner.user_id, bytes.fileName, bytes.fileType, bytes.size, bytes.sha256,
    objectId, bytes.schemaId, owner.directory_id, owner.destination_path, bytes.now, bytes.now,
  );
  return id;
}

/** Files an earlier run split off an upload (all but its first): a new PUT starts over without them. */
export function deleteSplitOffFiles(db: DB, uploadId: string, keepObjectId: string): void {
  prepared(db, 'DELETE FROM files WHERE upload_id = ? AND object_id != ?').run(uploadId, keepObjectId);
}

/** A run starts: every file of the upload is `processing`, with no pages read yet. */
export function setUploadFilesProcessing(db: DB, uploadId: string, now: string): void {
  prepared(db, `UPDATE files SET status = 'processing', pages_done = NULL, pages_total = NULL, updated_at = ? WHERE upload_id = ?`).run(now, uploadId);
}

export function setUploadFilesFailed(db: DB, uploadId: string, reason: string, now: string): void {
  prepared(db, `UPDATE files SET status = 'failed', error_reason = ?, updated_at = ? WHERE upload_id = ?`).run(reason, now, uploadId);
}

/** Pages read so far of a processing upload: one small write per page, so a status request (another connection, another process) sees it. */
export function recordPagesRead(db: DB, uploadId: string, done: number, total: number): void {
  prepared(db, `UPDATE files SET pages_done = ?, pages_total = ? WHERE upload_id = ? AND status = 'processing'`).run(done, total, uploadId);
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
export function queryFiles(db: DB, workspaceId: string, q: FileQuery): { rows: ServiceFileRow[]; count: number } {
  const where = ['workspace_id = @workspaceId'];
  const params: Record<string, unknown> = { workspaceId };
  if (q.fileIds) {
    if (q.fileIds.length === 0) return { rows: [], count: 0 };
    where.push(spelled(db, { sqlite: 'id IN (SELECT value FROM json_each(@fileIds))', postgres: 'id IN (SELECT jsonb_array_elements_text(@fileIds::jsonb))' }));
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
  const count = prepared(db, `SELECT COUNT(*) FROM files WHERE ${clause}`).pluck().get(params) as number;
  const order = `${SORT_COLUMNS[q.sortBy]} ${q.sortOrder}, rowid ${q.sortOrder}`;
  const rows = prepared(db, `SELECT * FROM files WHERE ${clause} ORDER BY ${order} LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: q.limit, offset: (q.page - 1) * q.limit }) as ServiceFileRow[];
  return { rows, count };
}
