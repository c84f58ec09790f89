import {
  exportSchemas,
  getSchema,
  importSchemas,
  listSchemas,
  patchSchemas,
  SCHEMA_PATCH_DEPRECATED_AT,
  updateFileSchema,
} from '../../contract/fileSchemas.js';
import type { FieldPatch } from '../../contract/fileTypes.js';
import type { DB } from '../store/sql.js';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, validationFailed } from '../errors.js';
import { ArchiveError, buildArchive, readArchive } from '../fileTypes/archive.js';
import { applyEdits, invalidTypes, selectEdits } from '../fileTypes/fields.js';
import { importArchive } from '../fileTypes/transfer.js';
import { exportMemories } from '../store/vendorMemory.js';
import { Reply } from '../route.js';
import {
  bumpVersion,
  compareVersions,
  createFileType,
  findBlueprintByClassName,
  getBlueprint,
  getFileSchemaRow,
  getSchemaRow,
  highestVersion,
  insertSchema,
  listBlueprints,
  listSchemaRows,
  moveFileToSchema,
  toBlueprint,
  toSchemaObject,
  updateSchemaFields,
  type SchemaRow,
} from '../store/fileTypes.js';
import type { AuthContext } from '../store/tenancy.js';

const SCHEMA_NOT_FOUND = 'Schema not found.';

/** Headers of the deprecated schema patch (4.8): RFC 9745 `Deprecation`, RFC 8288 `Link` to the successor. */
const DEPRECATION_HEADERS = {
  deprecation: `@${SCHEMA_PATCH_DEPRECATED_AT}`,
  link: '</prod/v1/files/{fileId}/schema>; rel="successor-version"',
};

function latestPerBlueprint(rows: SchemaRow[]): SchemaRow[] {
  const best = new Map<string, SchemaRow>();
  for (const r of rows) {
    const seen = best.get(r.blueprint_id);
    if (!seen || compareVersions(r.version, seen.version) >= 0) best.set(r.blueprint_id, r);
  }
  return rows.filter((r) => best.get(r.blueprint_id) === r);
}

/** The ids of `?blueprintIds=a,b`: 1 to 50 distinct ids; undefined when the parameter is absent (all). */
function exportIds(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s.length > 0))];
  if (ids.length < 1 || ids.length > 50) {
    throw validationFailed('blueprintIds must list 1 to 50 comma-separated ids.', [
      { code: 'INVALID_LIST', detail: 'Between 1 and 50 ids.', parameter: 'blueprintIds' },
    ]);
  }
  return ids;
}

/** The custom file type of a file without a schema (4.9 shouldCreateCustomIfNotExists). */
const customClassName = (fileId: string) => `custom:${fileId}`;

interface FileSchemaBase {
  schema: SchemaRow | undefined;
  /** The custom file type had to be created (its first version is the result). */
  create: boolean;
}

function baseSchemaOf(db: DB, auth: AuthContext, fileId: string, file: { schema_id: string | null }, schemaId: string | undefined, createCustom: boolean): FileSchemaBase {
  const id = schemaId ?? file.schema_id ?? undefined;
  if (id !== undefined) {
    const schema = getSchemaRow(db, auth.workspaceId, id);
    if (!schema) throw notFound(SCHEMA_NOT_FOUND);
    return { schema, create: false };
  }
  if (!createCustom) throw notFound('The file has no schema (set shouldCreateCustomIfNotExists to create one).');
  const custom = findBlueprintByClassName(db, auth.workspaceId, customClassName(fileId));
  const schema = custom?.default_schema_id ? getSchemaRow(db, auth.workspaceId, custom.default_schema_id) : undefined;
  return { schema, create: !schema };
}

export function registerSchemas(app: FastifyInstance): void {
  const { db } = app;

  app.operation(listSchemas, ({ query, auth }) => {
    let rows = listSchemaRows(db, auth.workspaceId, query.blueprintId);
    if (query.latestOnly) rows = latestPerBlueprint(rows);
    const schemas = rows.map((r) => toSchemaObject(r, auth.organizationId));
    return { schemas, count: schemas.length };
  });

  app.operation(getSchema, ({ params, auth }) => {
    const row = getSchemaRow(db, auth.workspaceId, params.schemaId);
    if (!row) throw notFound(SCHEMA_NOT_FOUND);
    return toSchemaObject(row, auth.organizationId);
  });

  app.operation(patchSchemas, ({ body, auth }) => {
    const row = getSchemaRow(db, auth.workspaceId, body.schemaId);
    if (!row) throw notFound(SCHEMA_NOT_FOUND);
    // A locked schema is frozen in place; a new version (4.9) is the way to change it.
    if (row.locked === 1) throw badRequest('Schema is locked and cannot be changed.');
    const { fields, errors } = applyEdits(JSON.parse(row.fields) as FieldPatch[], body.fields);
    if (errors.length > 0) throw validationFailed('Invalid fields.', errors);
    updateSchemaFields(db, row.id, fields);
    return new Reply(200, { success: true }, DEPRECATION_HEADERS);
  });

  app.operation(updateFileSchema, ({ params, body, auth }) => {
    const typeErrors = invalidTypes(body.fields);
    if (typeErrors.length > 0) throw badRequest('Invalid field type.', typeErrors);
    const file = getFileSchemaRow(db, auth.workspaceId, params.fileId);
    if (!file) throw notFound('File not found.');
    const edits = body.fields as FieldPatch[];
    return db.transaction(() => {
      const base = baseSchemaOf(db, auth, file.id, file, body.schemaId, body.shouldCreateCustomIfNotExists);
      const baseFields = base.schema ? (JSON.parse(base.schema.fields) as FieldPatch[]) : [];
      const selected = selectEdits(baseFields, edits, body.fieldPaths);
      const result = applyEdits(baseFields, selected.edits);
      const errors = [...selected.errors, ...result.errors];
      if (errors.length > 0) throw validationFailed('Invalid fields.', errors);
      let schema: SchemaRow;
      if (base.create) {
        const blueprint = createFileType(db, auth, { className: customClassName(file.id), name: `Custom schema of file ${file.id}`, fields: result.fields });
        schema = getSchemaRow(db, auth.workspaceId, blueprint.default_schema_id!)!;
      } else {
        const from = base.schema!;
        const version = bumpVersion(highestVersion(db, from.blueprint_id), body.schemaVersionType);
        schema = insertSchema(db, auth, { blueprintId: from.blueprint_id, name: from.name, version, fields: result.fields });
      }
      if (body.shouldChangeDocumentToNewSchemaVersion) moveFileToSchema(db, file.id, schema.id);
      const fileSchemaId = body.shouldChangeDocumentToNewSchemaVersion ? schema.id : file.schema_id;
      return { ...toSchemaObject(schema, auth.organizationId), fileId: file.id, fileSchemaId, created: base.create };
    })();
  });

  app.operation(exportSchemas, async ({ query, auth }) => {
    const ids = exportIds(query.blueprintIds);
    const rows = ids
      ? ids.map((id) => {
          const row = getBlueprint(db, auth.workspaceId, id);
          if (!row) throw notFound(`File type not found: ${id}.`);
          return row;
        })
      : listBlueprints(db, auth.workspaceId);
    const blueprints = rows.map((r) => toBlueprint(r, auth.organizationId));
    const schemas = rows.flatMap((r) => listSchemaRows(db, auth.workspaceId, r.id)).map((s) => toSchemaObject(s, auth.organizationId));
    const exportedAt = new Date(app.serviceOptions.now()).toISOString();
    // The workspace's vendor memory goes with every export (issue 16).
    const zip = await buildArchive(blueprints, schemas, exportedAt, exportMemories(db, auth.workspaceId));
    const name = `schemas-${exportedAt.slice(0, 10)}.zip`;
    return new Reply(200, zip, { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${name}"` });
  });

  app.operation(importSchemas, async ({ request, auth }) => {
    const file = (request.body as { file?: unknown } | undefined)?.file;
    if (!Buffer.isBuffer(file)) {
      throw validationFailed('The multipart part "file" (an exported schema zip) is required.', [
        { code: 'REQUIRED', detail: 'A file part named "file".', pointer: '/file' },
      ]);
    }
    try {
      return importArchive(db, auth, await readArchive(file));
    } catch (error) {
      if (error instanceof ArchiveError) {
        throw validationFailed(`Malformed schema archive: ${error.message}`, [{ code: 'INVALID_ARCHIVE', detail: error.message, pointer: '/file' }]);
      }
      throw error;
    }
  });
}
