// The form_values table: a file's extracted values as `formValues` entries (spec 2.3), paged and sorted
// for reading (4.14) and updated field by field (decisions 23).
import { randomUUID } from 'node:crypto';
import type { FormValueField } from '../../contract/files.js';
import { TABLE_ROW_CAP } from '../../contract/files.js';
import { dialectOf, prepared, spelled, type DB, type Dialect } from './sql.js';
import type { ProcessedPage } from '../processing/types.js';
import { ZIP_MEDIA_TYPES } from './uploads.js';

/** Stored fields carry more (fieldId, confidence) than the entry shows. */
export type StoredField = FormValueField & Record<string, unknown>;

/** Whether the workspace has this (live) file. */
export function fileExists(db: DB, workspaceId: string, fileId: string): boolean {
  return prepared(db, 'SELECT 1 FROM files WHERE id = ? AND workspace_id = ?').get(fileId, workspaceId) !== undefined;
}

/**
 * Fields as an entry shows them (spec 2.3), rendered once when values are written: `shown` with
 * every table row, `capped` with tables cut to TABLE_ROW_CAP rows (null when none is longer).
 * Stored as JSONB (`jsonb(?)`), which json_object embeds without parsing it again (on PostgreSQL
 * as JSON text, which json_build_object embeds as it is).
 */
export function shownFields(fields: StoredField[]): { shown: string; capped: string | null } {
  const show = (f: StoredField, value: unknown) => ({
    title: f.title,
    type: String(f.type ?? '').toLowerCase(),
    description: f.description ?? '',
    hidden: f.hidden ?? false,
    value: value ?? null,
    // Extensions (issue 16): how sure the extractor is (1 once a person corrected it) and where it read the value.
    ...(typeof f.confidence === 'number' ? { confidence: f.confidence } : {}),
    ...(f.source ? { source: f.source } : {}),
  });
  const long = (f: StoredField) => Array.isArray(f.value) && f.value.length > TABLE_ROW_CAP;
  return {
    shown: JSON.stringify(fields.map((f) => show(f, f.value))),
    capped: fields.some(long) ? JSON.stringify(fields.map((f) => show(f, long(f) ? (f.value as unknown[]).slice(0, TABLE_ROW_CAP) : f.value))) : null,
  };
}

/** isZipUpload (uploads.ts) in SQL: LIKE ignores ASCII case. Comparisons, not IN: a list of constants builds a temporary index on every run. */
const ZIP_UPLOAD = `(${ZIP_MEDIA_TYPES.map((type) => `lower(u.file_type) = '${type}'`)
  .join(' OR ')} OR u.file_name LIKE '%.zip')`;

/**
 * One entry as the API answers it, as SQL that builds its JSON text from the values row (v), its
 * file (f), the file's upload (u) and workspace (w), splicing `fields` (JSONB rendered by
 * shownFields). Only renderEntries runs it: a read returns the stored text. PostgreSQL spells
 * json_object json_build_object (the json type, which keeps the keys in this order) and reads the
 * stored fields as json; its text has spaces around the colons, which no client sees a difference in.
 */
const entryJson = (dialect: Dialect, fields: string) => {
  const object = dialect === 'sqlite' ? 'json_object' : 'json_build_object';
  const json = dialect === 'sqlite' ? fields : `${fields}::json`;
  return `${object}('id', v.id, 'fileId', f.id, 'fileName', f.file_name, 'fileType', f.file_type,
  'createdAt', v.created_at, 'updatedAt', v.updated_at, 'schemaRelationshipId', v.schema_relationship_id,
  'schemaName', v.schema_name, 'documentId', v.document_id, 'documentType', v.document_type, 'fields', ${json},
  'metadata', ${object}('createdBy', f.user_id, 'userId', f.user_id, 'organizationId', w.organization_id, 'workspaceId', f.workspace_id,
    'uploadInfo', ${object}('senderEmail', '', 'emailSubject', '', 'apiRequestId', coalesce(u.api_request_id, ''),
      'zipRequestId', CASE WHEN ${ZIP_UPLOAD} THEN f.upload_id ELSE '' END)))`;
};

/** Which entries renderEntries renders: one upload's, one entry, or those that have no rendering yet (migration 0007). */
const RENDER_WHICH = { upload: 'f.upload_id = ?', value: 'v.id = ?', unrendered: 'v.entry IS NULL' } as const;

/**
 * Store entries as a values read answers them (`entry`, and `entry_capped` when a table is cut).
 * Run after anything an entry shows changes, in the same transaction: new values once their
 * upload is complete (its apiRequestId is set then), an update, and at open for older rows.
 * Measured under load, a read of the stored text costs about an eighth less CPU per request than
 * building the JSON in the query.
 */
export function renderEntries(db: DB, which: keyof typeof RENDER_WHICH, ...params: string[]): void {
  const dialect = dialectOf(db);
  prepared(
    db,
    `UPDATE form_values AS v SET entry = ${entryJson(dialect, 'v.shown_fields')},
       entry_capped = CASE WHEN v.shown_fields_capped IS NULL THEN NULL ELSE ${entryJson(dialect, 'v.shown_fields_capped')} END
     FROM files f JOIN uploads u ON u.id = f.upload_id JOIN workspaces w ON w.id = f.workspace_id
     WHERE f.id = v.file_id AND ${RENDER_WHICH[which]}`,
  ).run(...params);
}

const SORT_COLUMNS = { createdAt: 'created_at', updatedAt: 'updated_at', schemaName: 'schema_name', id: 'id' } as const;

export interface ValuesPage {
  page: number;
  limit: number;
  sortBy: keyof typeof SORT_COLUMNS;
  sortOrder: 'ASC' | 'DESC';
  includeFullTableData: boolean;
}

/** A file still being processed shows no entries yet (decisions 4), even those of an earlier run. */
const SHOWS_VALUES = "f.status IN ('processed', 'failed')";

/**
 * The page query for each order, written once: the same string each time makes the statement
 * cache's lookup a hash it already knows. The column comes from a fixed map, never from the
 * request text; id breaks ties so pages are stable. `+?`, not `?`: SQLite reads a bare
 * LIMIT/OFFSET parameter while planning, so binding a new value expires the statement and every
 * execution is prepared again (measured: about 3x the query). PostgreSQL takes a plain parameter
 * (and would not know the type of `+?`); the flag is an integer there too.
 */
const pageSql = (dialect: Dialect) =>
  Object.fromEntries(
    Object.entries(SORT_COLUMNS).map(([sortBy, column]) => [
      sortBy,
      Object.fromEntries(
        (['ASC', 'DESC'] as const).map((dir) => [
          dir,
          `SELECT v.id IS NOT NULL, CASE WHEN ${dialect === 'sqlite' ? '?' : '?::int = 1'} THEN v.entry ELSE coalesce(v.entry_capped, v.entry) END
         FROM files f LEFT JOIN form_values v ON v.file_id = f.id AND ${SHOWS_VALUES}
         WHERE f.id = ? AND f.workspace_id = ? ORDER BY v.${column} ${dir}, v.id ${dir} ${dialect === 'sqlite' ? 'LIMIT +? OFFSET +?' : 'LIMIT ? OFFSET ?'}`,
        ]),
      ),
    ]),
  ) as Record<keyof typeof SORT_COLUMNS, Record<ValuesPage['sortOrder'], string>>;
const PAGE_SQL = { sqlite: pageSql('sqlite'), postgres: pageSql('postgres') };

/**
 * One page of a file's entries as JSON texts, or undefined when the workspace has no such file. The
 * usual read is one query, the file joined with its page of rows: measured under load, a separate
 * file lookup cost about as much CPU as the page itself.
 */
export function readValues(db: DB, workspaceId: string, fileId: string, q: ValuesPage): { entries: string[]; count: number } | undefined {
  const rows = prepared(db, PAGE_SQL[dialectOf(db)][q.sortBy][q.sortOrder])
    .raw(true)
    .all(q.includeFullTableData ? 1 : 0, fileId, workspaceId, q.limit, (q.page - 1) * q.limit) as Array<[number, string]>;
  // No row: no such file, or a page past the end.
  if (rows.length === 0 && !fileExists(db, workspaceId, fileId)) return undefined;
  const entries = rows.filter(([found]) => found).map(([, entry]) => entry);
  // A first page that is not full holds every entry: no second query for the usual one-entry file.
  const count =
    q.page === 1 && rows.length < q.limit
      ? entries.length
      : (prepared(db, `SELECT COUNT(v.id) FROM files f JOIN form_values v ON v.file_id = f.id AND ${SHOWS_VALUES} WHERE f.id = ?`).pluck().get(fileId) as number);
  return { entries, count };
}

/** An entry's stored fields, for an update; undefined when the file has no such entry. */
export function getValueFields(db: DB, fileId: string, schemaValueId: string): StoredField[] | undefined {
  const fields = prepared(db, 'SELECT fields FROM form_values WHERE id = ? AND file_id = ?').pluck().get(schemaValueId, fileId) as string | undefined;
  return fields === undefined ? undefined : (JSON.parse(fields) as StoredField[]);
}

export interface NewValues {
  fileId: string;
  workspaceId: string;
  schemaId: string;
  schemaName: string;
  documentId: string;
  /** What the document is (processing/doctype.ts); null when not classified. */
  documentType?: string | null;
  fields: StoredField[];
  now: string;
}

/** A new entry of a processed file's values. */
export function insertValues(db: DB, v: NewValues): void {
  const { shown, capped } = shownFields(v.fields);
  prepared(
    db,
    `INSERT INTO form_values (id, file_id, workspace_id, schema_id, schema_name, schema_relationship_id, document_id, document_type, fields, shown_fields, shown_fields_capped, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${spelled(db, { sqlite: 'jsonb(?), jsonb(?)', postgres: '?, ?' })}, ?, ?)`,
  ).run(randomUUID(), v.fileId, v.workspaceId, v.schemaId, v.schemaName, randomUUID(), v.documentId, v.documentType ?? null, JSON.stringify(v.fields), shown, capped, v.now, v.now);
}

/** Write new field values (already checked) and answer the updated entry as JSON text, all tables in full. */
export function saveValueFields(db: DB, fileId: string, schemaValueId: string, fields: StoredField[], now: string): string {
  const { shown, capped } = shownFields(fields);
  return db.transaction(() => {
    const shownSql = spelled(db, { sqlite: 'shown_fields = jsonb(?), shown_fields_capped = jsonb(?)', postgres: 'shown_fields = ?, shown_fields_capped = ?' });
    prepared(db, `UPDATE form_values SET fields = ?, ${shownSql}, updated_at = ? WHERE id = ?`).run(
      JSON.stringify(fields),
      shown,
      capped,
      now,
      schemaValueId,
    );
    prepared(db, 'UPDATE files SET updated_at = ? WHERE id = ?').run(now, fileId);
    renderEntries(db, 'value', schemaValueId);
    return prepared(db, 'SELECT entry FROM form_values WHERE id = ?').pluck().get(schemaValueId) as string;
  })();
}

/** A file's pages, found through document_pages_by_file (migration 0016) like the DELETE below. */
export const FILE_PAGES_SQL = 'SELECT page, source, words FROM document_pages WHERE file_id = ? ORDER BY page';
export const CLEAR_FILE_PAGES_SQL = 'DELETE FROM document_pages WHERE file_id = ?';

/** The words of a file's pages (issue 16), in page order; pages stored before words were kept have none. */
export function readPageWords(db: DB, fileId: string): Array<{ page: number; source: string; words: Array<{ text: string; box: [number, number, number, number] }> }> {
  const rows = prepared(db, FILE_PAGES_SQL).all(fileId) as Array<{ page: number; source: string; words: string | null }>;
  return rows.map((r) => ({ page: r.page, source: r.source, words: r.words ? JSON.parse(r.words) : [] }));
}

/** A file's values and pages go before a new run writes its own (or a new PUT starts one). */
export function clearFileResults(db: DB, fileId: string): void {
  prepared(db, 'DELETE FROM form_values WHERE file_id = ?').run(fileId);
  prepared(db, CLEAR_FILE_PAGES_SQL).run(fileId);
}

export function insertDocumentPages(db: DB, file: { fileId: string; documentId: string; workspaceId: string }, pages: ProcessedPage[]): void {
  const insert = prepared(
    db,
    `INSERT INTO document_pages (document_id, file_id, workspace_id, page, source, text, words) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (document_id, page) DO UPDATE SET file_id = excluded.file_id, workspace_id = excluded.workspace_id, source = excluded.source,
       text = excluded.text, words = excluded.words`,
  );
  for (const p of pages) insert.run(file.documentId, file.fileId, file.workspaceId, p.number, p.source, p.text, p.words?.length ? JSON.stringify(p.words) : null);
}
