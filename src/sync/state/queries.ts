// Reads of state.db for the control API, the CLI and the daemon's sweeps: every SQL statement
// of state.db lives under src/sync/state (issue 20). FileStore (files.ts) holds the writes and
// the pump's reads; these are the rest, each a prepared statement compiled once per connection.
import { prepared } from '../../sqlite.js';
import type { Db } from './db.js';
import { AT_REST, type WatchedFileRow, type FileStatus } from './files.js';
import type { Placed } from '../location.js';

/** Moves whenever another connection commits (this connection's own writes do not move it). */
export function dataVersion(db: Db): number {
  return db.pragma('data_version', { simple: true }) as number;
}

/** Files being uploaded or processed now, newest first. */
export function runningFiles(db: Db, limit = 20): WatchedFileRow[] {
  return prepared(db, `SELECT * FROM files WHERE status IN ('uploading','processing') ORDER BY updated_at DESC LIMIT ?`).all(limit) as WatchedFileRow[];
}

/** Failed files, and files waiting to retry after an error (service down, 5xx, 429), newest first. */
export function recentFailures(db: Db, limit = 20): WatchedFileRow[] {
  return prepared(db, `SELECT * FROM files WHERE status = 'failed' OR (status IN ('uploading','processing') AND error_code IS NOT NULL)
    ORDER BY updated_at DESC LIMIT ?`).all(limit) as WatchedFileRow[];
}

/** Files on their way that wait because the service cannot be reached (network, timeout, 5xx). */
export function countUnreachable(db: Db): number {
  return prepared(db, `SELECT count(*) FROM files WHERE status IN ('settled', 'uploading', 'processing')
    AND (error_code IN ('NETWORK_ERROR', 'TIMEOUT') OR error_code LIKE 'HTTP_5%')`).pluck().get() as number;
}

/** A file's history, oldest first. */
export function fileHistory(db: Db, id: number): Array<{ at: number; from_status: FileStatus | null; to_status: FileStatus; reason: string | null }> {
  return prepared(db, 'SELECT at, from_status, to_status, reason FROM events WHERE file_id = ? ORDER BY id').all(id) as never;
}

/** The service's file ids (JSON arrays) of a folder's files, newest first. */
export function newestFileIds(db: Db, folder: string, limit = -1): string[] {
  return prepared(db, `SELECT file_ids FROM files WHERE folder = ? AND file_ids IS NOT NULL AND status != 'removed' ORDER BY created_at DESC LIMIT ?`)
    .pluck().all(folder, limit) as string[];
}

/** The service's file ids (a JSON array) of the file found at this path, if it has any. */
export function fileIdsAt(db: Db, folder: string, relPath: string): string | null {
  return (prepared(db, 'SELECT file_ids FROM files WHERE folder = ? AND rel_path = ?').pluck().get(folder, relPath) as string | null | undefined) ?? null;
}

/** The local file the service's file id came from (a file still there before one removed). */
export function fileOfRemoteId(db: Db, fileId: string): (Placed & { id: number }) | undefined {
  return prepared(db, `SELECT f.id, f.folder, f.rel_path, f.disk_path, f.outcome_dir FROM files f, json_each(f.file_ids) j
    WHERE f.file_ids IS NOT NULL AND j.value = ? ORDER BY f.status = 'removed', f.updated_at DESC LIMIT 1`).get(fileId) as never;
}

/** Where every file is, streamed (a 100k-file database must not become one array). */
export function everyPlace(db: Db, folder?: string): IterableIterator<Placed & { id: number }> {
  return folder === undefined
    ? (prepared(db, 'SELECT id, folder, rel_path, disk_path, outcome_dir FROM files').iterate() as never)
    : (prepared(db, "SELECT id, folder, rel_path, disk_path, outcome_dir FROM files WHERE folder = ? AND status != 'removed'").iterate(folder) as never);
}

/** The ids of a folder's rows (not removed), streamed: what a scan's sweep compares with the files it saw. */
export function everyId(db: Db, folder: string): IterableIterator<number> {
  return prepared(db, "SELECT id FROM files WHERE folder = ? AND status != 'removed'").pluck().iterate(folder) as IterableIterator<number>;
}

/** Rows (not removed) of the files below a folder's sub-folder `rel`. */
export function idsBelow(db: Db, folder: string, rel: string): number[] {
  return prepared(db, "SELECT id FROM files WHERE folder = ? AND status != 'removed' AND substr(rel_path, 1, ?) = ?")
    .pluck().all(folder, rel.length + 1, rel + '/') as number[];
}

/** Watched folders that have files in these statuses. */
export function foldersWith(db: Db, statuses: readonly FileStatus[]): string[] {
  return prepared(db, `SELECT DISTINCT folder FROM files WHERE status IN (${statuses.map(() => '?').join(',')})`).pluck().all(...statuses) as string[];
}

/**
 * Files deleted locally before `before` whose outputs are still there, in folders with no file
 * left to hash (a move arrives as a deletion and a new file; its outputs must wait for the hash).
 */
export function deletedWithOutputs(db: Db, before: number, limit = 100): WatchedFileRow[] {
  return prepared(db, DELETED_WITH_OUTPUTS_SQL).all(before, limit) as WatchedFileRow[];
}

/** Named index: deleted rows stay for good, and without it each sweep walked all of them. */
export const DELETED_WITH_OUTPUTS_SQL = `SELECT * FROM files r INDEXED BY files_removed_uncleared WHERE status = 'removed' AND moved_to IS NULL
  AND outputs_cleared_at IS NULL AND updated_at < ? AND NOT EXISTS (SELECT 1 FROM files d WHERE d.folder = r.folder AND d.status = 'discovered') LIMIT ?`;

/** Files deleted locally before `before`, in these folders, whose remote files are still there. */
export function deletedWithRemoteFiles(db: Db, before: number, folders: readonly string[], limit = 100): WatchedFileRow[] {
  return prepared(db, deletedWithRemoteFilesSql(folders.length)).all(before, ...folders, limit) as WatchedFileRow[];
}

/** deletedWithRemoteFiles' statement for `n` folders (named index, as DELETED_WITH_OUTPUTS_SQL). */
export function deletedWithRemoteFilesSql(n: number): string {
  return `SELECT * FROM files INDEXED BY files_removed_remote WHERE status = 'removed' AND file_ids IS NOT NULL AND moved_to IS NULL
    AND remote_deleted_at IS NULL AND updated_at < ? AND folder IN (${Array(n).fill('?').join(',')}) LIMIT ?`;
}

/** Files of a folder done since `since` (time index files_folder_done_recent): how many, and the first one's time. */
export function doneSince(db: Db, folder: string, since: number): { n: number; first: number | null } {
  return prepared(db, `SELECT count(*) AS n, min(updated_at) AS first FROM files
    WHERE folder = ? AND ${AT_REST} AND updated_at >= ? AND status != 'removed'`).get(folder, since) as never;
}

/** The stored fields (JSON) of the exported rows of these ledgers. */
export function exportedLedgerFields(db: Db, ledgerDirs: readonly string[]): string[] {
  return prepared(db, `SELECT fields_json FROM ledger_rows WHERE status = 'exported' AND ledger_dir IN (${ledgerDirs.map(() => '?').join(',')})`)
    .pluck().all(...ledgerDirs) as string[];
}
