// The form_values table: a file's extracted values as `formValues` entries (spec 2.3), paged and sorted
// for reading (4.14) and updated field by field (decisions 23).
import type { FormValueEntry, FormValueField } from '../../contract/files.js';
import { TABLE_ROW_CAP } from '../../contract/files.js';
import { prepared, type DB } from '../../sqlite.js';

/** A live file of a workspace, with what a values entry repeats from it and its upload. */
export interface FileRow {
  id: string;
  upload_id: string;
  workspace_id: string;
  user_id: string;
  file_name: string;
  file_type: string;
  status: 'uploaded' | 'processing' | 'processed' | 'failed';
  api_request_id: string | null;
  upload_file_type: string;
  upload_file_name: string;
}

interface ValueRow {
  id: string;
  file_id: string;
  schema_name: string;
  schema_relationship_id: string;
  document_id: string;
  fields: string;
  created_at: string;
  updated_at: string;
}

/** Stored fields carry more (fieldId, confidence) than the entry shows. */
export type StoredField = FormValueField & Record<string, unknown>;

export function findFile(db: DB, workspaceId: string, fileId: string): FileRow | undefined {
  return prepared(
    db,
    `SELECT f.id, f.upload_id, f.workspace_id, f.user_id, f.file_name, f.file_type, f.status,
            u.api_request_id, u.file_type AS upload_file_type, u.file_name AS upload_file_name
     FROM files f JOIN uploads u ON u.id = f.upload_id WHERE f.id = ? AND f.workspace_id = ?`,
  ).get(fileId, workspaceId) as FileRow | undefined;
}

const SORT_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at', schemaName: 'schema_name', id: 'id' } as const;

export interface ValuesPage {
  page: number;
  limit: number;
  sortBy: keyof typeof SORT_COLUMNS;
  sortOrder: 'ASC' | 'DESC';
  includeFullTableData: boolean;
}

const isZip = (file: FileRow) => file.upload_file_type === 'application/zip' || /\.zip$/i.test(file.upload_file_name);

/** A stored row as the spec's entry; table/list fields capped at TABLE_ROW_CAP rows unless asked for all. */
function toEntry(row: ValueRow, file: FileRow, organizationId: string, fullTables: boolean): FormValueEntry {
  const fields = (JSON.parse(row.fields) as StoredField[]).map((f) => {
    const rows = Array.isArray(f.value) && !fullTables && f.value.length > TABLE_ROW_CAP ? f.value.slice(0, TABLE_ROW_CAP) : f.value;
    return { title: f.title, type: String(f.type ?? '').toLowerCase(), description: f.description ?? '', hidden: f.hidden ?? false, value: rows ?? null };
  });
  return {
    id: row.id,
    fileId: file.id,
    fileName: file.file_name,
    fileType: file.file_type,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    schemaRelationshipId: row.schema_relationship_id,
    schemaName: row.schema_name,
    documentId: row.document_id,
    fields,
    metadata: {
      createdBy: file.user_id,
      userId: file.user_id,
      organizationId,
      workspaceId: file.workspace_id,
      uploadInfo: {
        senderEmail: '',
        emailSubject: '',
        apiRequestId: file.api_request_id ?? '',
        zipRequestId: isZip(file) ? file.upload_id : '',
      },
    },
  };
}

/** One page of a file's entries. A file still being processed has none yet (decisions 4). */
export function listValues(db: DB, file: FileRow, organizationId: string, q: ValuesPage): { entries: FormValueEntry[]; count: number } {
  if (file.status === 'uploaded' || file.status === 'processing') return { entries: [], count: 0 };
  // The column comes from a fixed map, never from the request text; id breaks ties so pages are stable.
  const order = `${SORT_COLUMNS[q.sortBy]} ${q.sortOrder}, id ${q.sortOrder}`;
  // `+?`, not `?`: SQLite reads a bare LIMIT/OFFSET parameter while planning, so binding a new
  // value expires the statement and every execution is prepared again (measured: about 3x the query).
  const rows = prepared(db, `SELECT * FROM form_values WHERE file_id = ? ORDER BY ${order} LIMIT +? OFFSET +?`).all(
    file.id,
    q.limit,
    (q.page - 1) * q.limit,
  ) as ValueRow[];
  // A first page that is not full holds every entry: no second query for the usual one-entry file.
  const count =
    q.page === 1 && rows.length < q.limit
      ? rows.length
      : (prepared(db, 'SELECT COUNT(*) AS n FROM form_values WHERE file_id = ?').get(file.id) as { n: number }).n;
  return { entries: rows.map((r) => toEntry(r, file, organizationId, q.includeFullTableData)), count };
}

export function getValueEntry(db: DB, file: FileRow, schemaValueId: string): { row: ValueRow; fields: StoredField[] } | undefined {
  const row = db.prepare('SELECT * FROM form_values WHERE id = ? AND file_id = ?').get(schemaValueId, file.id) as ValueRow | undefined;
  return row && { row, fields: JSON.parse(row.fields) as StoredField[] };
}

/** Write new field values (already checked) and answer the updated entry, all tables in full. */
export function saveValueFields(db: DB, file: FileRow, organizationId: string, row: ValueRow, fields: StoredField[], now: string): FormValueEntry {
  db.prepare('UPDATE form_values SET fields = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(fields), now, row.id);
  db.prepare('UPDATE files SET updated_at = ? WHERE id = ?').run(now, file.id);
  return toEntry({ ...row, fields: JSON.stringify(fields), updated_at: now }, file, organizationId, true);
}
