// Which documents a turn searches (spec 4.3): use_all_files over document_ids over file_ids,
// each narrowed by directory_id; a turn that names none of them inherits the session's scope.
import type { AgentScope } from '../../contract/agent.js';
import { AGENT_LIMITS } from '../../contract/agent.js';
import type { FieldError } from '../../contract/problem.js';
import type { DB } from '../store/sql.js';
import { validationFailed } from '../errors.js';

/** A processed file's logical document (decisions 12). */
export interface ScopedDocument {
  documentId: string;
  fileId: string;
  fileName: string;
  createdAt: string;
}

const COLUMNS = 'f.document_id AS "documentId", f.id AS "fileId", f.file_name AS "fileName", f.created_at AS "createdAt"';
const PROCESSED = `f.status = 'processed' AND f.document_id IS NOT NULL`;

/** True when the scope names something to search. */
export const namesScope = (s: AgentScope): boolean =>
  s.use_all_files === true || s.document_ids !== undefined || s.file_ids !== undefined || s.directory_id !== undefined;

/** The scope a turn runs with: its own when it names one, else the session's. */
export const effectiveScope = (turn: AgentScope, session: AgentScope): AgentScope => (namesScope(turn) ? turn : session);

/** 422 with a pointer for every id that does not resolve in the workspace. */
export function checkScopeIds(db: DB, workspaceId: string, scope: AgentScope): void {
  const errors: FieldError[] = [];
  const check = (ids: string[] | undefined, field: string, sql: string) => {
    const stmt = db.prepare(sql).pluck();
    ids?.forEach((id, i) => {
      if (!stmt.get(id, workspaceId)) errors.push({ code: 'NOT_FOUND', detail: `No such ${field.replace(/_ids?$/, '')} in this workspace.`, pointer: `/${field}/${i}` });
    });
  };
  check(scope.file_ids, 'file_ids', 'SELECT 1 FROM files WHERE id = ? AND workspace_id = ?');
  check(scope.document_ids, 'document_ids', 'SELECT 1 FROM files WHERE document_id = ? AND workspace_id = ?');
  if (scope.directory_id !== undefined && !db.prepare('SELECT 1 FROM directories WHERE id = ? AND workspace_id = ?').get(scope.directory_id, workspaceId)) {
    errors.push({ code: 'NOT_FOUND', detail: 'No such directory in this workspace.', pointer: '/directory_id' });
  }
  if (errors.length > 0) throw validationFailed(`Unknown ids: ${errors.map((e) => e.pointer).join(', ')}.`, errors);
}

function directorySubtree(db: DB, workspaceId: string, directoryId: string): Set<string> {
  const ids = db
    .prepare(
      `WITH RECURSIVE tree(id) AS (SELECT id FROM directories WHERE id = ? AND workspace_id = ?
         UNION SELECT d.id FROM directories d JOIN tree t ON d.parent_id = t.id)
       SELECT id FROM tree`,
    )
    .pluck()
    .all(directoryId, workspaceId) as string[];
  return new Set(ids);
}

function byIds(db: DB, workspaceId: string, column: 'f.id' | 'f.document_id', ids: string[]): ScopedDocument[] {
  if (ids.length === 0) return [];
  const marks = ids.map(() => '?').join(',');
  return db
    .prepare(`SELECT ${COLUMNS}, f.directory_id AS "directoryId" FROM files f WHERE f.workspace_id = ? AND ${PROCESSED} AND ${column} IN (${marks}) ORDER BY f.created_at DESC, f.rowid DESC`)
    .all(workspaceId, ...ids) as ScopedDocument[];
}

/** The workspace's newest processed documents, newest first (the use_all_files bound). */
function newest(db: DB, workspaceId: string, limit: number): ScopedDocument[] {
  return db
    .prepare(`SELECT ${COLUMNS}, f.directory_id AS "directoryId" FROM files f WHERE f.workspace_id = ? AND ${PROCESSED} ORDER BY f.created_at DESC, f.rowid DESC LIMIT ?`)
    .all(workspaceId, limit) as ScopedDocument[];
}

function inDirectory(db: DB, workspaceId: string, dirs: Set<string>): ScopedDocument[] {
  const marks = [...dirs].map(() => '?').join(',');
  if (!marks) return [];
  return db
    .prepare(`SELECT ${COLUMNS}, f.directory_id AS "directoryId" FROM files f WHERE f.workspace_id = ? AND ${PROCESSED} AND f.directory_id IN (${marks}) ORDER BY f.created_at DESC, f.rowid DESC`)
    .all(workspaceId, ...dirs) as ScopedDocument[];
}

/**
 * The documents of a scope. An empty scope searches like use_all_files: a session created
 * without a scope is about "my documents".
 */
export function resolveScope(db: DB, workspaceId: string, scope: AgentScope): ScopedDocument[] {
  const dirs = scope.directory_id !== undefined ? directorySubtree(db, workspaceId, scope.directory_id) : undefined;
  let docs: Array<ScopedDocument & { directoryId?: string | null }>;
  if (scope.use_all_files) docs = newest(db, workspaceId, AGENT_LIMITS.useAllFiles);
  else if (scope.document_ids !== undefined) docs = byIds(db, workspaceId, 'f.document_id', scope.document_ids);
  else if (scope.file_ids !== undefined) docs = byIds(db, workspaceId, 'f.id', scope.file_ids);
  else if (dirs) return strip(inDirectory(db, workspaceId, dirs));
  else docs = newest(db, workspaceId, AGENT_LIMITS.useAllFiles);
  if (dirs) docs = docs.filter((d) => d.directoryId != null && dirs.has(d.directoryId));
  return strip(docs);
}

const strip = (docs: Array<ScopedDocument & { directoryId?: string | null }>): ScopedDocument[] =>
  docs.map(({ documentId, fileId, fileName, createdAt }) => ({ documentId, fileId, fileName, createdAt }));
