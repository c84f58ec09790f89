// File types (blueprints) and their schema versions (decisions 21). Every read is scoped to
// the caller's workspace: another workspace's rows are indistinguishable from missing ones.
import { randomUUID } from 'node:crypto';
import type { Blueprint, FieldPatch, SchemaObject } from '../../contract/fileTypes.js';
import { prepared, type DB } from './sql.js';
import type { AuthContext } from './tenancy.js';

export interface BlueprintRow {
  id: string;
  workspace_id: string;
  class_name: string;
  name: string;
  status: 'DRAFT' | 'APPROVED';
  locked: number;
  default_schema_id: string | null;
  is_default: number;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface SchemaRow {
  id: string;
  blueprint_id: string;
  workspace_id: string;
  name: string;
  version: string;
  fields: string;
  locked: number;
  user_id: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

/** The organization of a workspace (metadata of the objects we answer). */
export function organizationOf(db: DB, workspaceId: string): string {
  const row = prepared(db, 'SELECT organization_id FROM workspaces WHERE id = ?').get(workspaceId) as { organization_id: string } | undefined;
  return row?.organization_id ?? '';
}

export function toBlueprint(row: BlueprintRow, organizationId: string): Blueprint {
  return {
    id: row.id,
    className: row.class_name,
    name: row.name,
    status: row.status,
    locked: row.locked === 1,
    defaultSchemaId: row.default_schema_id,
    isDefault: row.is_default === 1,
    metadata: { userId: row.user_id, organizationId, workspaceId: row.workspace_id },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toSchemaObject(row: SchemaRow, organizationId: string): SchemaObject {
  return {
    id: row.id,
    blueprintId: row.blueprint_id,
    name: row.name,
    version: row.version,
    fields: JSON.parse(row.fields) as FieldPatch[],
    locked: row.locked === 1,
    metadata: { userId: row.user_id, organizationId, workspaceId: row.workspace_id },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function getBlueprint(db: DB, workspaceId: string, id: string): BlueprintRow | undefined {
  return prepared(db, 'SELECT * FROM blueprints WHERE id = ? AND workspace_id = ? AND deleted_at IS NULL')
    .get(id, workspaceId) as BlueprintRow | undefined;
}

export function listBlueprints(db: DB, workspaceId: string): BlueprintRow[] {
  return prepared(db, 'SELECT * FROM blueprints WHERE workspace_id = ? AND deleted_at IS NULL ORDER BY created_at, rowid')
    .all(workspaceId) as BlueprintRow[];
}

export function findBlueprintByClassName(db: DB, workspaceId: string, className: string): BlueprintRow | undefined {
  return prepared(db, 'SELECT * FROM blueprints WHERE workspace_id = ? AND class_name = ? AND deleted_at IS NULL')
    .get(workspaceId, className) as BlueprintRow | undefined;
}

export function getSchemaRow(db: DB, workspaceId: string, id: string): SchemaRow | undefined {
  return prepared(db, 'SELECT * FROM schemas WHERE id = ? AND workspace_id = ? AND deleted_at IS NULL')
    .get(id, workspaceId) as SchemaRow | undefined;
}

/** Live schema versions of the workspace (or of one file type), oldest first. */
export function listSchemaRows(db: DB, workspaceId: string, blueprintId?: string): SchemaRow[] {
  const sql = `SELECT s.* FROM schemas s JOIN blueprints b ON b.id = s.blueprint_id
    WHERE s.workspace_id = ? AND s.deleted_at IS NULL AND b.deleted_at IS NULL ${blueprintId ? 'AND s.blueprint_id = ?' : ''}
    ORDER BY s.created_at, s.rowid`;
  const args = blueprintId ? [workspaceId, blueprintId] : [workspaceId];
  return prepared(db, sql).all(...args) as SchemaRow[];
}

/** "MAJOR.MINOR.PATCH" as numbers, for ordering. */
export const parseVersion = (v: string): [number, number, number] => {
  const [a = 0, b = 0, c = 0] = v.split('.').map((n) => Number.parseInt(n, 10) || 0);
  return [a, b, c];
};

export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

export function bumpVersion(version: string, type: 'MAJOR' | 'MINOR' | 'PATCH'): string {
  const [major, minor, patch] = parseVersion(version);
  if (type === 'MAJOR') return `${major + 1}.0.0`;
  if (type === 'MINOR') return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** The highest version among a file type's schemas, deleted ones included (a version is never reused). */
export function highestVersion(db: DB, blueprintId: string): string {
  const rows = prepared(db, 'SELECT version FROM schemas WHERE blueprint_id = ?').all(blueprintId) as { version: string }[];
  return rows.map((r) => r.version).sort(compareVersions).at(-1) ?? '0.0.0';
}

export interface NewBlueprint {
  className: string;
  name: string;
  status?: 'DRAFT' | 'APPROVED';
}

export function insertBlueprint(db: DB, auth: Pick<AuthContext, 'workspaceId' | 'userId'>, input: NewBlueprint): BlueprintRow {
  const now = new Date().toISOString();
  const row: BlueprintRow = {
    id: randomUUID(),
    workspace_id: auth.workspaceId,
    class_name: input.className,
    name: input.name,
    status: input.status ?? 'DRAFT',
    locked: 0,
    default_schema_id: null,
    is_default: 0,
    user_id: auth.userId,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  prepared(db,
    `INSERT INTO blueprints (id, workspace_id, class_name, name, status, locked, default_schema_id, is_default, user_id, created_at, updated_at)
     VALUES (@id, @workspace_id, @class_name, @name, @status, @locked, @default_schema_id, @is_default, @user_id, @created_at, @updated_at)`,
  ).run(row);
  return row;
}

export interface NewSchema {
  blueprintId: string;
  name: string;
  version: string;
  fields: FieldPatch[];
}

export function insertSchema(db: DB, auth: Pick<AuthContext, 'workspaceId' | 'userId'>, input: NewSchema): SchemaRow {
  const now = new Date().toISOString();
  const row: SchemaRow = {
    id: randomUUID(),
    blueprint_id: input.blueprintId,
    workspace_id: auth.workspaceId,
    name: input.name,
    version: input.version,
    fields: JSON.stringify(input.fields),
    locked: 0,
    user_id: auth.userId,
    created_at: now,
    updated_at: now,
    deleted_at: null,
  };
  prepared(db,
    `INSERT INTO schemas (id, blueprint_id, workspace_id, name, version, fields, locked, user_id, created_at, updated_at)
     VALUES (@id, @blueprint_id, @workspace_id, @name, @version, @fields, @locked, @user_id, @created_at, @updated_at)`,
  ).run(row);
  return row;
}

export function setDefaultSchema(db: DB, blueprintId: string, schemaId: string): void {
  prepared(db, 'UPDATE blueprints SET default_schema_id = ?, updated_at = ? WHERE id = ?').run(schemaId, new Date().toISOString(), blueprintId);
}

/** A new file type with its first schema version 1.0.0 as its default. */
export function createFileType(
  db: DB,
  auth: Pick<AuthContext, 'workspaceId' | 'userId'>,
  input: NewBlueprint & { fields: FieldPatch[] },
): BlueprintRow {
  return db.transaction(() => {
    const blueprint = insertBlueprint(db, auth, input);
    const schema = insertSchema(db, auth, { blueprintId: blueprint.id, name: input.name, version: '1.0.0', fields: input.fields });
    setDefaultSchema(db, blueprint.id, schema.id);
    return getBlueprint(db, auth.workspaceId, blueprint.id)!;
  })();
}

export function updateSchemaFields(db: DB, schemaId: string, fields: FieldPatch[]): void {
  prepared(db, 'UPDATE schemas SET fields = ?, updated_at = ? WHERE id = ?').run(JSON.stringify(fields), new Date().toISOString(), schemaId);
}

export function setBlueprintLocked(db: DB, blueprintId: string, locked: boolean): void {
  prepared(db, 'UPDATE blueprints SET locked = ?, updated_at = ? WHERE id = ?').run(locked ? 1 : 0, new Date().toISOString(), blueprintId);
}

export function approveBlueprint(db: DB, blueprintId: string, schemaId: string): void {
  prepared(db, `UPDATE blueprints SET status = 'APPROVED', default_schema_id = ?, updated_at = ? WHERE id = ?`).run(
    schemaId,
    new Date().toISOString(),
    blueprintId,
  );
}

/** Soft-delete a file type and its schema versions; files keep their schema id (their values stay readable). */
export function deleteBlueprint(db: DB, blueprintId: string): void {
  const now = new Date().toISOString();
  db.transaction(() => {
    prepared(db, 'UPDATE blueprints SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL').run(now, now, blueprintId);
    prepared(db, 'UPDATE schemas SET deleted_at = ?, updated_at = ? WHERE blueprint_id = ? AND deleted_at IS NULL').run(now, now, blueprintId);
  })();
}

/** Which schema a file of the service is read with (the columns a schema change needs). */
export interface FileSchemaRow {
  id: string;
  workspace_id: string;
  schema_id: string | null;
}

export function getFileSchemaRow(db: DB, workspaceId: string, fileId: string): FileSchemaRow | undefined {
  return prepared(db, 'SELECT id, workspace_id, schema_id FROM files WHERE id = ? AND workspace_id = ?')
    .get(fileId, workspaceId) as FileSchemaRow | undefined;
}

export function moveFileToSchema(db: DB, fileId: string, schemaId: string): void {
  prepared(db, 'UPDATE files SET schema_id = ?, updated_at = ? WHERE id = ?').run(schemaId, new Date().toISOString(), fileId);
}
