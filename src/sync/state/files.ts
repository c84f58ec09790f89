import path from 'node:path';
import type { Statement } from 'better-sqlite3';
import { prepared as preparedFor } from '../../sqlite.js';
import { batchedWrite } from '../../writeBatch.js';
import type { Db } from './db.js';

export const FILE_STATUSES = [
  'discovered', 'settled', 'uploading', 'processing', 'exported', 'failed', 'skipped', 'removed',
] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

export interface WatchedFileRow {
  id: number;
  folder: string;
  rel_path: string;
  disk_path: string | null;
  size: number | null;
  mtime_ms: number | null;
  sha256: string | null;
  status: FileStatus;
  reason: string | null;
  attempts: number;
  error_code: string | null;
  error_detail: string | null;
  next_attempt_at: number;
  ticket_gen: number;
  idempotency_key: string | null;
  remote_path: string | null;
  upload_id: string | null;
  ticket_at: number | null;
  file_ids: string | null;
  previous_file_ids: string | null;
  duplicate_of: number | null;
  moved_to: number | null;
  /** The outcome folder docsync moved the file into (Processed, Failed), null while it is where it was found: see location.ts. */
  outcome_dir: string | null;
  /** A file deleted locally: when its sidecars and ledger rows were removed (or marked deleted). */
  outputs_cleared_at?: number | null;
  /** While processing: pages the service has read, of how many, and when the last is expected (migration 0040). */
  pages_done?: number | null;
  pages_total?: number | null;
  pages_due_at?: number | null;
  remote_deleted_at: number | null;
  created_at: number;
  updated_at: number;
  exported_at: number | null;
}

/** A committed change of a file's status, as FileStore announces it (the engine's `file` event). */
export interface FileTransition {
  file: WatchedFileRow;
  from: FileStatus | null;
  to: FileStatus;
  reason: string | null;
}

/** Where FileStore announces committed transitions: the daemon's SyncEmitter. */
export interface TransitionListener {
  emit(event: 'file', transition: FileTransition): unknown;
  /** Pages of a long document read (`shown`: as the UI shows them, see progress.ts). */
  emit(event: 'pages', update: { fileRow: number; folder: string; pages: unknown }): unknown;
}

export type FileSignature = Pick<WatchedFileRow, 'id' | 'status' | 'size' | 'mtime_ms' | 'error_code' | 'outcome_dir'>;

export type FilePatch = Partial<Omit<WatchedFileRow, 'id' | 'folder' | 'rel_path' | 'status' | 'created_at' | 'updated_at'>>;

/** Paths looked up by one statement of FileStore.signatures. */
const SIGNATURE_BATCH = 64;
type SignatureColumns = [string, number, FileStatus, number, number, string | null, string | null];

/** Which moves are legal. Anything else is a bug, and throws. */
const SETTLED_STATES: readonly FileStatus[] = ['settled', 'exported', 'failed', 'skipped', 'discovered', 'removed'];
const ALLOWED: Record<FileStatus, readonly FileStatus[]> = {
  discovered: ['discovered', 'settled', 'skipped', 'exported', 'failed', 'removed'],
  // settled/uploading -> exported, uploading/processing -> skipped, processing -> settled: a desktop sharing the folder finished the
  // file, or took it over after this one's claim ran out (docs/shared-folder.md).
  settled: ['settled', 'uploading', 'exported', 'failed', 'skipped', 'removed', 'discovered'],
  uploading: ['uploading', 'processing', 'settled', 'exported', 'failed', 'skipped', 'removed', 'discovered'],
  processing: ['processing', 'settled', 'exported', 'failed', 'skipped', 'removed', 'discovered'],
  exported: SETTLED_STATES,
  failed: SETTLED_STATES,
  skipped: SETTLED_STATES,
  removed: ['removed', 'discovered'],
};

export class TransitionError extends Error {
  readonly code = 'ILLEGAL_TRANSITION';
  constructor(readonly from: FileStatus, readonly to: FileStatus, readonly fileId: number) {
    super(`file ${fileId}: ${from} -> ${to} is not a legal transition`);
  }
}

const PATCHABLE = new Set<string>([
  'disk_path', 'size', 'mtime_ms', 'sha256', 'reason', 'attempts', 'error_code', 'error_detail', 'next_attempt_at',
  'ticket_gen', 'idempotency_key', 'remote_path', 'upload_id', 'ticket_at', 'file_ids', 'previous_file_ids',
  'duplicate_of', 'moved_to', 'outcome_dir', 'remote_deleted_at', 'exported_at', 'outputs_cleared_at', 'pages_done', 'pages_total', 'pages_due_at',
]);

/**
 * Files at rest, the condition of the time indexes (migrations 0011, 0043), spelled as there (a
 * partial index serves a query that names its condition); the others are in flight.
 */
export const AT_REST = "(status = 'exported' OR status = 'failed' OR status = 'skipped' OR status = 'removed')";
const IN_FLIGHT = "status IN ('discovered', 'settled', 'uploading', 'processing')";

/** What the files list shows: a folder, a status, a piece of the name; each optional. */
export interface FilesFilter {
  folder?: string;
  /** A FileStatus; any other text matches nothing. */
  status?: string;
  text?: string;
}

function filterTerms(f: FilesFilter): string[] {
  const terms: string[] = [];
  if (f.folder !== undefined) terms.push('folder = @folder');
  if (f.status !== undefined) terms.push('status = @status');
  if (f.text !== undefined) terms.push("rel_path LIKE @text ESCAPE '\\'");
  return terms;
}

function filterParams(f: FilesFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (f.folder !== undefined) params.folder = f.folder;
  if (f.status !== undefined) params.status = f.status;
  if (f.text !== undefined) params.text = `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return params;
}

/** How many files match the filter. */
export function countFiles(db: Db, f: FilesFilter): number {
  const terms = filterTerms(f);
  return preparedFor(db, `SELECT COUNT(*) FROM files ${terms.length ? `WHERE ${terms.join(' AND ')}` : ''}`).pluck().get(filterParams(f)) as number;
}

/** A page of the files matching the filter, newest first (updated_at, then id). */
export function readFilesPage(db: Db, f: FilesFilter, limit: number, offset: number): WatchedFileRow[] {
  return preparedFor(db, filesPageSql(f)).all({ ...filterParams(f), limit, offset }) as WatchedFileRow[];
}

/**
 * readFilesPage's SQL. Without a status or a name to match, files at rest come from their time
 * index in order (named: a fresh database has no statistics, and SQLite would rather find them by
 * status and sort them all), files in flight, which have no time index (their updated_at changes
 * at every step), are few and sorted, and the page is cut from both. With a status, its index
 * finds the rows; with a name, one pass over the table and a sort of the matches costs less than
 * walking the time index and testing each row (100k files: 8 ms against 55).
 */
export function filesPageSql(f: FilesFilter): string {
  const terms = filterTerms(f);
  const order = 'ORDER BY updated_at DESC, id DESC';
  if (f.status !== undefined || f.text !== undefined) return `SELECT * FROM files WHERE ${terms.join(' AND ')} ${order} LIMIT @limit OFFSET @offset`;
  const index = f.folder !== undefined ? 'files_folder_done_recent' : 'files_done_recent';
  const part = (from: string, status: string) => `SELECT * FROM (SELECT * FROM ${from} WHERE ${[...terms, status].join(' AND ')} ${order} LIMIT @limit + @offset)`;
  return `${part(`files INDEXED BY ${index}`, AT_REST)} UNION ALL ${part('files', IN_FLIGHT)} ${order} LIMIT @limit OFFSET @offset`;
}

/** See FileStore.movedFrom; exported so a test can check its query plan. */
export const MOVED_FROM_SQL = `SELECT * FROM files WHERE +folder = ? AND sha256 = ? AND id != ? AND status = 'removed'
  AND file_ids IS NOT NULL AND moved_to IS NULL AND remote_deleted_at IS NULL ORDER BY updated_at DESC LIMIT 1`;

/** A row removed while its upload was under way (it holds a ticket, no result yet): a file moved mid-upload. */
export const MOVED_IN_FLIGHT_SQL = `SELECT * FROM files WHERE +folder = ? AND sha256 = ? AND id != ? AND status = 'removed'
  AND file_ids IS NULL AND upload_id IS NOT NULL AND moved_to IS NULL ORDER BY updated_at DESC LIMIT 1`;

/**
 * Rows of a folder removed while their upload was under way. Named index: without statistics
 * SQLite took (folder, status) and walked every removed row of the folder, for each new file.
 */
export const REMOVED_IN_FLIGHT_SQL = `SELECT * FROM files INDEXED BY files_removed_in_flight WHERE folder = ? AND status = 'removed'
  AND file_ids IS NULL AND upload_id IS NOT NULL AND moved_to IS NULL AND id != ? ORDER BY updated_at DESC`;

/**
 * The columns of files, in the table's order (that of `SELECT *`). A file's row is read as an array
 * of these and made an object by rowOf: better-sqlite3 builds a row object by setting each named
 * column in turn (30 of them), which cost a whole-row read about 18 times a read of its status, and
 * `UPDATE ... RETURNING *` more again (its rows pass through a temporary table); the daemon reads a
 * file's whole row about ten times on its way (issue 20). A test checks that rowOf gives what
 * `SELECT *` does, so a column added by a migration must be added here.
 */
const ROW_KEYS = [
  'id', 'folder', 'rel_path', 'disk_path', 'size', 'mtime_ms', 'sha256', 'status', 'reason', 'attempts', 'error_code', 'error_detail',
  'next_attempt_at', 'ticket_gen', 'idempotency_key', 'remote_path', 'upload_id', 'ticket_at', 'file_ids', 'previous_file_ids',
  'duplicate_of', 'moved_to', 'remote_deleted_at', 'created_at', 'updated_at', 'exported_at', 'outputs_cleared_at', 'outcome_dir',
  'pages_done', 'pages_total', 'pages_due_at',
] as const satisfies ReadonlyArray<keyof WatchedFileRow>;
type RowKeys = typeof ROW_KEYS;
type RowValues = { [I in keyof RowKeys]: RowKeys[I] extends keyof WatchedFileRow ? WatchedFileRow[RowKeys[I]] : never };
const ROW_COLUMNS = ROW_KEYS.join(', ');

/** A row read as an array of ROW_KEYS' columns, as an object with one shape (an object literal). */
function rowOf(v: RowValues): WatchedFileRow {
  return {
    id: v[0], folder: v[1], rel_path: v[2], disk_path: v[3], size: v[4], mtime_ms: v[5], sha256: v[6], status: v[7], reason: v[8],
    attempts: v[9], error_code: v[10], error_detail: v[11], next_attempt_at: v[12], ticket_gen: v[13], idempotency_key: v[14],
    remote_path: v[15], upload_id: v[16], ticket_at: v[17], file_ids: v[18], previous_file_ids: v[19], duplicate_of: v[20],
    moved_to: v[21], remote_deleted_at: v[22], created_at: v[23], updated_at: v[24], exported_at: v[25], outputs_cleared_at: v[26],
    outcome_dir: v[27], pages_done: v[28], pages_total: v[29], pages_due_at: v[30],
  };
}

/** See FileStore.processingByUpload. */
export const PROCESSING_BY_UPLOAD_SQL = "SELECT id FROM files INDEXED BY files_processing_upload WHERE status = 'processing' AND upload_id = ?";

/** One module for the files table and its event log. */
export class FileStore {
  private readonly stmts;
  private readonly applyTransition;
  private readonly inOneCommit;
  private readonly insertDiscovered;
  /** A transition's UPDATE per set of columns it sets (updateOf). */
  private readonly updates = new Map<string, Statement>();

  constructor(readonly db: Db, private readonly emitter?: TransitionListener) {
    this.applyTransition = db.transaction(this.transitionBody.bind(this));
    this.inOneCommit = db.transaction((work: () => void) => work());
    this.insertDiscovered = db.transaction((folder: string, relPath: string, disk: string | null, size: number, mtimeMs: number, reason: string) => {
      const now = Date.now();
      const id = Number(this.stmts.insert.run(folder, relPath, disk, size, mtimeMs, now, now).lastInsertRowid);
      this.stmts.event.run(id, now, null, 'discovered', reason, null);
      return this.get(id)!;
    });
    this.stmts = {
      get: db.prepare(`SELECT ${ROW_COLUMNS} FROM files WHERE id = ?`).raw(),
      status: db.prepare('SELECT status FROM files WHERE id = ?').pluck(),
      byPath: db.prepare(`SELECT ${ROW_COLUMNS} FROM files WHERE folder = ? AND rel_path = ?`).raw(),
      signature: db.prepare('SELECT id, status, size, mtime_ms, error_code, outcome_dir FROM files WHERE folder = ? AND rel_path = ?'),
      // Rows as arrays: objects with named columns cost a third more at 100k rows.
      signatures: db.prepare(
        `SELECT rel_path, id, status, size, mtime_ms, error_code, outcome_dir FROM files
         WHERE folder = ? AND rel_path IN (${new Array(SIGNATURE_BATCH).fill('?').join(', ')})`,
      ).raw(),
      insert: db.prepare(
        `INSERT INTO files (folder, rel_path, disk_path, size, mtime_ms, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'discovered', ?, ?)`,
      ),
      event: db.prepare('INSERT INTO events (file_id, at, from_status, to_status, reason, data) VALUES (?, ?, ?, ?, ?, ?)'),
    };
  }

  /** A prepared statement, compiled once per SQL text. */
  prepared(sql: string): Statement {
    return preparedFor(this.db, sql);
  }

  get(id: number): WatchedFileRow | undefined {
    const v = this.stmts.get.get(id) as RowValues | undefined;
    return v && rowOf(v);
  }

  byPath(folder: string, relPath: string): WatchedFileRow | undefined {
    const v = this.stmts.byPath.get(folder, relPath) as RowValues | undefined;
    return v && rowOf(v);
  }

  /**
   * Runs `work` in one transaction, so the rows it discovers commit together: a burst of new
   * files costs a few commits instead of one each (each commit writes its pages to the WAL). The
   * events of the work are emitted before that commit, so it must be work that acts on nothing
   * outside this process (discovering files and watching them settle); if the process dies
   * first, the start-up rescan finds the same files again.
   */
  batch(work: () => void): void {
    this.inOneCommit.immediate(work);
  }

  /** Just what a scan compares: small objects, because a scan reads one per file of a 100k-file tree. */
  signature(folder: string, relPath: string): FileSignature | undefined {
    return this.stmts.signature.get(folder, relPath) as FileSignature | undefined;
  }

  /**
   * The signatures of many paths of a folder (a scan's batch), by relative path: one statement per
   * SIGNATURE_BATCH paths instead of one per path (half the CPU at 100k files). Nothing of it
   * outlives the batch: a map of a whole directory's rows lived long enough for V8 to promote it, and
   * a 100k-file scan grew the old generation by 18 MB of such garbage.
   */
  signatures(folder: string, relPaths: readonly string[]): Map<string, FileSignature> {
    const found = new Map<string, FileSignature>();
    const args: Array<string | null> = new Array(SIGNATURE_BATCH + 1);
    args[0] = folder;
    for (let i = 0; i < relPaths.length; i += SIGNATURE_BATCH) {
      // Unused places are NULL, which matches no path: one statement for every batch size.
      for (let j = 0; j < SIGNATURE_BATCH; j++) args[j + 1] = relPaths[i + j] ?? null;
      for (const r of this.stmts.signatures.all(...args) as SignatureColumns[]) {
        found.set(r[0], { id: r[1], status: r[2], size: r[3], mtime_ms: r[4], error_code: r[5], outcome_dir: r[6] });
      }
    }
    return found;
  }

  /**
   * A file seen for the first time: a new row in `discovered`, or an old row brought back.
   * `known`: the caller has just looked the path up (its row's id, or null for none).
   */
  discover(folder: string, relPath: string, size: number, mtimeMs: number, reason = 'seen', diskPath: string | null = null,
    known?: Pick<WatchedFileRow, 'id'> | null): WatchedFileRow {
    const disk = diskPath === relPath ? null : diskPath;
    const existing = known === undefined ? this.byPath(folder, relPath) : known;
    if (existing) {
      return this.transition(existing.id, 'discovered', { size, mtime_ms: mtimeMs, attempts: 0, next_attempt_at: 0, disk_path: disk }, reason);
    }
    const row = this.insertDiscovered.immediate(folder, relPath, disk, size, mtimeMs, reason);
    this.emitter?.emit('file', { file: row, from: null, to: 'discovered', reason });
    return row;
  }

  /**
   * The only way a file's status changes: checks legality, updates the row and
   * appends the event in one transaction, then (after commit) emits the event.
   */
  transition(id: number, to: FileStatus, patch: FilePatch = {}, reason: string | null = null): WatchedFileRow {
    const [row, from] = this.applyTransition.immediate(id, to, patch, reason);
    this.emitter?.emit('file', { file: row, from, to, reason });
    return row;
  }

  /**
   * `transition`, committed together with the other `transitionSoon` calls of this turn of the
   * event loop (group commit): resolves with the row once that commit is done, so the caller
   * still acts only on what is committed. For the steps of a burst of files (settled, uploading,
   * ticket received, uploaded), where one commit per transition was the daemon's largest cost:
   * each commit writes every page it touched to the WAL, and the transitions of one turn share
   * most of those pages. The group commit is the shared one (src/writeBatch.ts): an illegal
   * transition is rejected alone (with TransitionError), the others commit.
   */
  transitionSoon(id: number, to: FileStatus, patch: FilePatch = {}, reason: string | null = null): Promise<WatchedFileRow> {
    // Atomic: applyTransition is a transaction of its own (a savepoint inside the batch's), undone alone when it throws.
    return batchedWrite(this.db, () => this.applyTransition(id, to, patch, reason), { atomic: true }).then(([row, from]) => {
      this.emitter?.emit('file', { file: row, from, to, reason });
      return row;
    });
  }

  /** The body of `transition`'s transaction (wrapped once in the constructor: a new wrapper per call showed in profiles). */
  private transitionBody(id: number, to: FileStatus, patch: FilePatch, reason: string | null): [WatchedFileRow, FileStatus] {
    // Its status only: the whole row is read once it is written.
    const from = this.stmts.status.get(id) as FileStatus | undefined;
    if (!from) throw new Error(`file ${id} does not exist`);
    if (!ALLOWED[from].includes(to)) throw new TransitionError(from, to, id);
    const keys = Object.keys(patch).filter((k) => PATCHABLE.has(k));
    const now = Date.now();
    this.updateOf(keys).run({ ...patch, status: to, updated_at: now, reason: patch.reason ?? reason, id });
    const row = this.get(id)!;
    // The patch's columns only (a replacer list: no copy of the patch made for it).
    const data = keys.length > 0 ? JSON.stringify(patch, keys) : null;
    this.stmts.event.run(id, now, from, to, reason, data);
    return [row, from];
  }

  /** The UPDATE of a transition that sets these columns, by their names (its SQL is built once per set of columns). */
  private updateOf(keys: string[]): Statement {
    const shape = keys.join();
    let update = this.updates.get(shape);
    if (!update) {
      const sets = ['status = @status', 'updated_at = @updated_at', ...keys.map((k) => `${k} = @${k}`)];
      if (!keys.includes('reason')) sets.push('reason = @reason');
      this.updates.set(shape, (update = this.prepared(`UPDATE files SET ${sets.join(', ')} WHERE id = @id`)));
    }
    return update;
  }

  /** Schedules a retry without a status change (transient failure): still one transaction with its event. */
  defer(id: number, patch: FilePatch, reason: string): WatchedFileRow {
    const current = this.get(id);
    if (!current) throw new Error(`file ${id} does not exist`);
    return this.transition(id, current.status, patch, reason);
  }

  /** When to look at a row again, without a status change (result polling): no event, it is not news. */
  schedule(id: number, nextAttemptAt: number): void {
    this.prepared('UPDATE files SET next_attempt_at = ? WHERE id = ?').run(nextAttemptAt, id);
  }

  /**
   * `schedule`, with the pages the service has read of a long document (in the same update, so a
   * poll costs no more writes than before); that is news for the UI: a `pages` event.
   */
  scheduleWithPages(row: Pick<WatchedFileRow, 'id' | 'folder'>, nextAttemptAt: number, pages: { done: number; total: number; dueAt: number | null }, shown: unknown): void {
    this.prepared('UPDATE files SET next_attempt_at = ?, pages_done = ?, pages_total = ?, pages_due_at = ? WHERE id = ?')
      .run(nextAttemptAt, pages.done, pages.total, pages.dueAt, row.id);
    this.emitter?.emit('pages', { fileRow: row.id, folder: row.folder, pages: shown });
  }

  /** Files processing whose pages the service reports (a long document), per folder for `docsync status`. */
  readingPages(): WatchedFileRow[] {
    return this.db.prepare("SELECT * FROM files WHERE status = 'processing' AND pages_total IS NOT NULL ORDER BY folder, rel_path").all() as WatchedFileRow[];
  }

  /** Rows ready for work in the given status, oldest first, skipping busy ids and paused folders. */
  due(status: FileStatus, now: number, limit: number, busy: ReadonlySet<number>, paused: ReadonlySet<string>): WatchedFileRow[] {
    if (limit <= 0) return [];
    // Busy rows may come first, at most busy.size of them; rows of paused folders are skipped here too.
    // Ids (and folders) first, whole rows only for those taken: the pump runs after every task,
    // and reading every busy row whole each time was most of its cost.
    const wanted = limit + busy.size + (paused.size > 0 ? 64 : 0);
    // `+?`, not `?`: SQLite compares `status = ?` with the conditions of the partial indexes of files and
    // reads a bare LIMIT parameter while planning, so binding a new value to either expired the
    // statement and every run compiled it again: several times per file in a burst, for this and
    // countDue (issue 20; as the service's page of values, store/fileValues.ts).
    const candidates = this.prepared(`SELECT id, folder FROM files WHERE status = +? AND next_attempt_at <= ?
      ORDER BY next_attempt_at, id LIMIT +?`).all(status, now, wanted) as Array<{ id: number; folder: string }>;
    const rows: WatchedFileRow[] = [];
    for (const c of candidates) {
      if (rows.length === limit) break;
      if (busy.has(c.id) || paused.has(c.folder)) continue;
      const row = this.get(c.id);
      if (row) rows.push(row);
    }
    return rows;
  }

  /** The row waiting for this upload's result, if any. */
  processingByUpload(uploadId: string): number | undefined {
    return this.prepared(PROCESSING_BY_UPLOAD_SQL).pluck().get(uploadId) as number | undefined;
  }

  /** How many rows in this status are due, counting no further than `cap`. */
  countDue(status: FileStatus, now: number, cap: number, paused: ReadonlySet<string> = new Set()): number {
    // Rows of paused folders are not waiting for anything the daemon would do now.
    const others = [...paused].filter((f) => f !== '*');
    const skip = others.length > 0 ? ` AND folder NOT IN (${others.map(() => '?').join(',')})` : '';
    return this.prepared(`SELECT COUNT(*) FROM (SELECT 1 FROM files WHERE status = +? AND next_attempt_at <= ?${skip} LIMIT +?)`)
      .pluck()
      .get(status, now, ...others, cap) as number;
  }

  /** Earliest future time a row in these statuses becomes due, for the pump's timer. */
  nextDue(statuses: readonly FileStatus[], after: number): number | null {
    const marks = statuses.map(() => '?').join(',');
    const v = this.prepared(`SELECT MIN(next_attempt_at) FROM files WHERE status IN (${marks}) AND next_attempt_at > ?`)
      .pluck()
      .get(...statuses, after);
    return (v as number | null) ?? null;
  }

  /** Another row with this content, in the states that mean "this content is (being) uploaded". */
  findSameContent(sha256: string, excludeId: number, statuses: readonly FileStatus[]): WatchedFileRow | undefined {
    const marks = statuses.map(() => '?').join(',');
    return this.prepared(`SELECT * FROM files WHERE sha256 = ? AND id != ? AND status IN (${marks}) ORDER BY updated_at DESC LIMIT 1`)
      .get(sha256, excludeId, ...statuses) as WatchedFileRow | undefined;
  }

  /**
   * The file a new row was moved from: a removed row of the same folder with this content,
   * exported and not yet claimed by another move. `+folder` keeps SQLite on the hash index:
   * through (folder, updated_at) it walked every row of the folder for each new file.
   */
  movedFrom(folder: string, sha256: string, excludeId: number): WatchedFileRow | undefined {
    return this.prepared(MOVED_FROM_SQL).get(folder, sha256, excludeId) as WatchedFileRow | undefined;
  }

  /** The row a file was moved away from while it was being uploaded or processed (see MOVED_IN_FLIGHT_SQL). */
  movedInFlight(folder: string, sha256: string, excludeId: number): WatchedFileRow | undefined {
    return this.prepared(MOVED_IN_FLIGHT_SQL).get(folder, sha256, excludeId) as WatchedFileRow | undefined;
  }

  /**
   * Rows removed during their upload whose file had this name, newest first: a file moved while
   * docsync was down may hold a later write than the one its row hashed (the index
   * files_removed_in_flight keeps this to the few such rows).
   */
  removedInFlightNamed(folder: string, baseName: string, excludeId: number): WatchedFileRow[] {
    const rows = this.prepared(REMOVED_IN_FLIGHT_SQL).all(folder, excludeId) as WatchedFileRow[];
    return rows.filter((r) => path.posix.basename(r.rel_path) === baseName);
  }

  /** Files skipped as duplicates of a file that is gone since: each must stand in for it. */
  orphanedDuplicates(folder: string): WatchedFileRow[] {
    return this.prepared(`SELECT s.* FROM files s JOIN files o ON o.id = s.duplicate_of
      WHERE s.folder = ? AND s.status = 'skipped' AND o.status = 'removed' ORDER BY s.id`).all(folder) as WatchedFileRow[];
  }

  countsByFolder(): Array<{ folder: string; status: FileStatus; n: number }> {
    return this.db.prepare('SELECT folder, status, COUNT(*) AS n FROM files GROUP BY folder, status').all() as never;
  }

  failures(folder?: string): WatchedFileRow[] {
    const sql = "SELECT * FROM files WHERE status = 'failed'" + (folder ? ' AND folder = ?' : '') + ' ORDER BY updated_at';
    return (folder ? this.db.prepare(sql).all(folder) : this.db.prepare(sql).all()) as WatchedFileRow[];
  }

  events(fileId: number): Array<{ from_status: string | null; to_status: string; reason: string | null; data: string | null }> {
    return this.db.prepare('SELECT * FROM events WHERE file_id = ? ORDER BY id').all(fileId) as never;
  }
}

export function parseFileIds(json: string | null): string[] {
  return json ? (JSON.parse(json) as string[]) : [];
}
