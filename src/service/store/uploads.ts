import { randomFillSync } from 'node:crypto';
import type { UploadStatus } from '../../contract/uploads.js';
import { dialectOf, isUniqueViolation, prepared, type DB, type SqlRunResult, type SqlStatement } from './sql.js';
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

/** The ASCII codes of each byte's two hex digits. */
const HEX_DIGITS = new Uint8Array(512);
for (let b = 0; b < 256; b++) {
  const text = b.toString(16).padStart(2, '0');
  HEX_DIGITS[2 * b] = text.charCodeAt(0);
  HEX_DIGITS[2 * b + 1] = text.charCodeAt(1);
}
/** Random bytes drawn 4 KiB at a time (as crypto.randomUUID does), ten per id. */
const entropy = Buffer.alloc(4096);
let entropyOffset = entropy.length;
/** The id's text is written here as ASCII and read back as one flat string. */
const uuidText = Buffer.from('00000000-0000-7000-8000-000000000000', 'latin1');

function writeHexByte(at: number, byte: number): void {
  uuidText[at] = HEX_DIGITS[2 * byte]!;
  uuidText[at + 1] = HEX_DIGITS[2 * byte + 1]!;
}

/**
 * A time-ordered UUID (version 7: 48 bits of milliseconds, then random bits) for upload rows.
 * Random (v4) keys land on a different index page each, so every ticket's commit wrote two
 * more pages to the WAL; ordered keys of one batch share the newest pages.
 *
 * Written byte by byte into a buffer and read back as one string: built from pieces (a v4
 * UUID's slices, the time's hex), the id was a string of many parts that SQLite's binding and
 * the answer's serializer each had to copy into one first.
 */
export function timeOrderedUuid(nowMs: number = Date.now()): string {
  if (entropyOffset + 10 > entropy.length) {
    randomFillSync(entropy);
    entropyOffset = 0;
  }
  // The 48 bits of time as two 24-bit halves (small integers; no floating-point bit operations).
  const high = Math.floor(nowMs / 0x1000000);
  const low = nowMs - high * 0x1000000;
  writeHexByte(0, (high >>> 16) & 0xff);
  writeHexByte(2, (high >>> 8) & 0xff);
  writeHexByte(4, high & 0xff);
  writeHexByte(6, (low >>> 16) & 0xff);
  writeHexByte(9, (low >>> 8) & 0xff);
  writeHexByte(11, low & 0xff);
  const r = entropyOffset;
  entropyOffset += 10;
  // xxxxxxxx-xxxx-7RRR-VRRR-RRRRRRRRRRRR: version 7 and the RFC 4122 variant (10xx) in place.
  const rand12 = ((entropy[r]! & 0x0f) << 8) | entropy[r + 1]!;
  uuidText[15] = HEX_DIGITS[2 * (rand12 >>> 8) + 1]!;
  writeHexByte(16, rand12 & 0xff);
  writeHexByte(19, 0x80 | (entropy[r + 2]! & 0x3f));
  writeHexByte(21, entropy[r + 3]!);
  for (let i = 0; i < 6; i++) writeHexByte(24 + 2 * i, entropy[r + 4 + i]!);
  return uuidText.toString('latin1', 0, 36);
}

/** The columns of a new ticket's row; the others start as every new upload's do (NEW_UPLOAD_STATE). */
export type NewUpload = Omit<UploadRow, 'blob_sha256' | 'size' | 'status' | 'error_reason' | 'generation' | 'updated_at'>;

const NEW_UPLOAD_COLUMNS = [
  'id', 'workspace_id', 'key_id', 'user_id', 'object_id', 'file_name', 'file_type', 'is_split', 'is_split_excel',
  'callback_url', 'callback_source', 'ocr_model', 'schema_locking', 'schema_id', 'directory_id', 'destination_path',
  'is_ephemeral', 'page_count', 'api_request_id', 'retain_zip_name', 'created_at',
] as const satisfies ReadonlyArray<keyof NewUpload>;
// Every column of NewUpload is written: a column added to the type and not to the list fails to compile.
const everyUploadColumn: Exclude<keyof NewUpload, (typeof NEW_UPLOAD_COLUMNS)[number]> extends never ? true : never = true;
void everyUploadColumn;

/**
 * A new upload has no bytes yet: it waits for its PUT, at generation 0, updated when created.
 * Written as constants in the SQL rather than bound per ticket (binding showed in profiles).
 * Object.values keeps this order, which the runner's arguments follow.
 */
const NEW_UPLOAD_STATE = {
  blob_sha256: 'NULL',
  size: 'NULL',
  status: "'waiting'",
  error_reason: 'NULL',
  generation: '0',
  // Bound to created_at's value again (a numbered `?N` would not translate to PostgreSQL).
  updated_at: '?',
} as const satisfies Record<Exclude<keyof UploadRow, keyof NewUpload>, string>;

/**
 * A ticket's insert, the service's hottest write: its SQL is written once (building it per call,
 * and hashing that new string for the statement cache, showed in profiles of the ticket route).
 */
const INSERT_UPLOAD_SQL = `INSERT INTO uploads (${[...NEW_UPLOAD_COLUMNS, ...Object.keys(NEW_UPLOAD_STATE)].join(', ')}) VALUES (${[
  ...NEW_UPLOAD_COLUMNS.map(() => '?'),
  ...Object.values(NEW_UPLOAD_STATE),
].join(', ')})`;

/**
 * Runs the insert with the row's values as arguments, in NEW_UPLOAD_COLUMNS's order and then
 * created_at again (for updated_at): generated from the list, so it reads each column by name
 * (`row.id, row.workspace_id, ...`). Read in a loop (`row[column]`, many names at one site)
 * every read took V8's slow generic path, and passed as one array better-sqlite3 reads its
 * items through an API call each.
 */
const runInsertUpload = new Function('statement', 'row', `return statement.run(${[...NEW_UPLOAD_COLUMNS, 'created_at'].map((c) => `row.${c}`).join(', ')});`) as (
  statement: SqlStatement,
  row: NewUpload,
) => SqlRunResult;

/**
 * The options a ticket usually leaves out (issue 20), at the values such a ticket's row has: a
 * row with all of them is written by a second INSERT that has them as constants in its SQL and
 * binds 9 values instead of 22 (binding, mostly of text, was a third of the INSERT's cost). The
 * ocr_model's default is not among them: it is contract data, and a constant in SQL would have
 * to be quoted by hand.
 */
const PLAIN_TICKET = {
  is_split: 0,
  is_split_excel: 0,
  callback_url: null,
  callback_source: null,
  schema_locking: 0,
  schema_id: null,
  directory_id: null,
  destination_path: '',
  is_ephemeral: 0,
  page_count: null,
  api_request_id: null,
  retain_zip_name: 0,
} as const satisfies Partial<NewUpload>;

const sqlLiteral = (value: 0 | null | '') => (value === null ? 'NULL' : value === '' ? "''" : String(value));
const PLAIN_COLUMNS = NEW_UPLOAD_COLUMNS.filter((c) => !(c in PLAIN_TICKET));
const INSERT_PLAIN_UPLOAD_SQL = `INSERT INTO uploads (${[...NEW_UPLOAD_COLUMNS, ...Object.keys(NEW_UPLOAD_STATE)].join(', ')}) VALUES (${[
  ...NEW_UPLOAD_COLUMNS.map((c) => (c in PLAIN_TICKET ? sqlLiteral(PLAIN_TICKET[c as keyof typeof PLAIN_TICKET]) : '?')),
  ...Object.values(NEW_UPLOAD_STATE),
].join(', ')})`;

/** Whether the row has every PLAIN_TICKET value (generated from it: one comparison per column). */
const isPlainTicket = new Function('row', `return ${Object.entries(PLAIN_TICKET).map(([c, v]) => `row.${c} === ${JSON.stringify(v)}`).join(' && ')};`) as (
  row: NewUpload,
) => boolean;

/** The plain INSERT's runner: the other columns by name, then created_at again (updated_at). */
const runInsertPlainUpload = new Function('statement', 'row', `return statement.run(${[...PLAIN_COLUMNS, 'created_at'].map((c) => `row.${c}`).join(', ')});`) as (
  statement: SqlStatement,
  row: NewUpload,
) => SqlRunResult;

/** A new ticket's row, waiting for its bytes. */
export function insertUpload(db: DB, row: NewUpload): void {
  if (isPlainTicket(row)) runInsertPlainUpload(prepared(db, INSERT_PLAIN_UPLOAD_SQL), row);
  else runInsertUpload(prepared(db, INSERT_UPLOAD_SQL), row);
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
  const steps = prepared(db, 'SELECT step, status, timestamp FROM upload_steps WHERE upload_id = ? ORDER BY seq').all(upload.id) as StepRow[];
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

