import { randomUUID } from 'node:crypto';
import type { Directory } from '../../contract/directories.js';
import { prepared, type DB } from './sql.js';
import { DirectoryTooDeep, InvalidFolderName } from './errors.js';
import type { AuthContext } from './tenancy.js';

interface DirectoryRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string | null;
  status: string;
  parent_id: string | null;
  depth: number;
  user_id: string;
  created_by: string | null;
  last_modified_by: string | null;
  tags: string | null;
  created_at: string;
  updated_at: string;
}

export function toDirectory(row: DirectoryRow, organizationId: string): Directory {
  return {
    id: row.id,
    name: row.name,
    ...(row.description !== null ? { description: row.description } : {}),
    status: row.status,
    parentId: row.parent_id,
    depth: row.depth,
    metadata: {
      userId: row.user_id,
      organizationId,
      workspaceId: row.workspace_id,
      createdBy: row.created_by,
      lastModifiedBy: row.last_modified_by,
      tags: row.tags ? (JSON.parse(row.tags) as string[]) : null,
      version: null,
      isSystemManaged: false,
    },
    workflowStates: null,
    deletedBy: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A directory of the caller's workspace; another workspace's is invisible. */
export function getDirectory(db: DB, workspaceId: string, id: string): DirectoryRow | undefined {
  return prepared(db, 'SELECT * FROM directories WHERE id = ? AND workspace_id = ?').get(id, workspaceId) as DirectoryRow | undefined;
}

export interface NewDirectory {
  name: string;
  description?: string;
  parent?: DirectoryRow;
  active?: boolean;
}

export function insertDirectory(db: DB, auth: AuthContext, maxDepth: number, input: NewDirectory): DirectoryRow {
  const depth = input.parent ? input.parent.depth + 1 : 0;
  if (depth > maxDepth) throw new DirectoryTooDeep(maxDepth);
  const now = new Date().toISOString();
  const row: DirectoryRow = {
    id: randomUUID(),
    workspace_id: auth.workspaceId,
    name: input.name,
    description: input.description ?? null,
    status: input.active === false ? 'inactive' : 'active',
    parent_id: input.parent?.id ?? null,
    depth,
    user_id: auth.userId,
    created_by: auth.userId,
    last_modified_by: auth.userId,
    tags: null,
    created_at: now,
    updated_at: now,
  };
  prepared(db,
    `INSERT INTO directories (id, workspace_id, name, description, status, parent_id, depth, user_id, created_by, last_modified_by, tags, created_at, updated_at)
     VALUES (@id, @workspace_id, @name, @description, @status, @parent_id, @depth, @user_id, @created_by, @last_modified_by, @tags, @created_at, @updated_at)`,
  ).run(row);
  return row;
}

/** Split a slash-delimited folder path into clean segments; `..`, `.` and control characters are refused. */
export function pathSegments(destinationPath: string): string[] {
  const segments = destinationPath
    .split('/')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const s of segments) {
    if (s === '.' || s === '..' || /[\\\u0000-\u001f]/.test(s) || s.length > 255) {
      throw new InvalidFolderName(s);
    }
  }
  return segments;
}

/**
 * The directory a `destinationPath` (under `directoryId`, if given) names, creating missing
 * folders; deeper than the limit is DirectoryTooDeep (decisions 18). Returns undefined for the root.
 */
export function resolveDestination(
  db: DB,
  auth: AuthContext,
  maxDepth: number,
  destinationPath: string | undefined,
  start: DirectoryRow | undefined,
): DirectoryRow | undefined {
  const segments = destinationPath ? pathSegments(destinationPath) : [];
  return db.transaction(() => {
    let current = start;
    for (const name of segments) {
      const child = prepared(db,
          `SELECT * FROM directories WHERE workspace_id = ? AND parent_id IS NOT DISTINCT FROM ? AND name = ? ORDER BY created_at LIMIT 1`,
        )
        .get(auth.workspaceId, current?.id ?? null, name) as DirectoryRow | undefined;
      current = child ?? insertDirectory(db, auth, maxDepth, { name, parent: current });
    }
    return current;
  })();
}

/** The slash-delimited path of a directory from the root. */
export function directoryPath(db: DB, workspaceId: string, id: string | null): string {
  const names: string[] = [];
  let cursor = id;
  while (cursor) {
    const row = getDirectory(db, workspaceId, cursor);
    if (!row) break;
    names.unshift(row.name);
    cursor = row.parent_id;
  }
  return names.join('/');
}

export type { DirectoryRow };
