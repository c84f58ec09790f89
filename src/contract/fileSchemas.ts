import { z } from 'zod';
import { DateTime, QueryBoolean } from './common.js';
import {
  BlueprintStatusSchema,
  FieldPatchSchema,
  FieldUpdateSchema,
  fieldList,
  SchemaObjectSchema,
  SchemaVersionTypeSchema,
} from './fileTypes.js';
import { defineOperation } from './operation.js';

const Id = z.string().trim().min(1).max(255);

export const listSchemas = defineOperation({
  id: 'listSchemas',
  method: 'GET',
  path: '/prod/v1/schemas',
  summary: "The workspace's live schema versions, optionally of one file type; `latestOnly` keeps the newest version per file type.",
  tags: ['schemas'],
  query: z.object({ blueprintId: Id.optional(), latestOnly: QueryBoolean.optional() }),
  status: 200,
  response: z.object({ schemas: z.array(SchemaObjectSchema), count: z.number().int() }),
  errors: [401, 403, 422, 429, 500],
  idempotency: 'none',
  write: false,
  extension: true,
});

export const getSchema = defineOperation({
  id: 'getSchema',
  method: 'GET',
  path: '/prod/v1/schemas/{schemaId}',
  summary: 'One schema version.',
  tags: ['schemas'],
  params: z.object({ schemaId: Id }),
  status: 200,
  response: SchemaObjectSchema,
  errors: [401, 403, 404, 422, 429, 500],
  idempotency: 'none',
  write: false,
  extension: true,
});

export const PatchSchemasBody = z.object({ schemaId: Id, fields: fieldList(FieldPatchSchema, 1) });

/** RFC 9745 `Deprecation` of 4.8: the date this local service marks it deprecated. */
export const SCHEMA_PATCH_DEPRECATED_AT = Date.UTC(2025, 0, 1) / 1000;

export const patchSchemas = defineOperation({
  id: 'patchSchemas',
  method: 'PATCH',
  path: '/prod/v1/schemas',
  summary:
    'Deprecated (spec 4.8): update field definitions of a schema in place (by `id`; without `id` a field is added). ' +
    'Does not update extracted values. Answers a `Deprecation` header. A locked schema answers 400.',
  tags: ['schemas'],
  body: PatchSchemasBody,
  status: 200,
  response: z.object({ success: z.boolean() }),
  errors: [400, 401, 403, 404, 409, 422, 429, 500],
  idempotency: 'optional',
  write: true,
  deprecated: true,
});

export const UpdateFileSchemaBody = z.object({
  /** Base schema; default: the file's current schema. */
  schemaId: Id.optional(),
  shouldChangeDocumentToNewSchemaVersion: z.boolean().default(true),
  shouldCreateCustomIfNotExists: z.boolean().default(false),
  schemaVersionType: SchemaVersionTypeSchema.default('MINOR'),
  /** Field ids or title paths (`Line Items.Amount`) of `fields` to apply; omitted: all of `fields`. */
  fieldPaths: z.array(z.string().min(1).max(2000)).max(500).optional(),
  fields: fieldList(FieldUpdateSchema, 1),
});

export const updateFileSchema = defineOperation({
  id: 'updateFileSchema',
  method: 'PATCH',
  path: '/prod/v1/files/{fileId}/schema',
  summary:
    'Flag-based file schema update (spec 4.9, decisions 23): derives a new schema version (MAJOR/MINOR/PATCH bump of the ' +
    "file type's highest version) and moves the file to it when asked. 400 for an unknown field type; 404 for an unknown file or schema.",
  tags: ['schemas'],
  params: z.object({ fileId: Id }),
  body: UpdateFileSchemaBody,
  status: 200,
  response: SchemaObjectSchema.extend({ fileId: z.string(), fileSchemaId: z.string().nullable(), created: z.boolean() }),
  errors: [400, 401, 403, 404, 409, 422, 429, 500],
  idempotency: 'optional',
  write: true,
});

/** `manifest.json` of an exported archive (decisions 22). */
export const ArchiveManifestSchema = z.object({
  version: z.literal(1),
  exportedAt: DateTime,
  blueprints: z.array(z.object({ id: Id, className: z.string().min(1).max(255), path: z.string().min(1).max(1000) })).max(1000),
  schemas: z.array(z.object({ id: Id, blueprintId: Id, path: z.string().min(1).max(1000) })).max(10000),
  /** Issue 16: the workspace's vendor memory (what corrections taught), when it has one. */
  vendorMemory: z.string().min(1).max(1000).optional(),
});
export type ArchiveManifest = z.infer<typeof ArchiveManifestSchema>;

/** A blueprint file of an archive: what import needs of it (metadata and timestamps are replaced). */
export const ArchiveBlueprintSchema = z.object({
  id: Id,
  className: z.string().trim().min(1).max(255),
  name: z.string().trim().min(1).max(255),
  status: BlueprintStatusSchema,
  defaultSchemaId: z.string().nullable(),
});

export const ArchiveSchemaSchema = z.object({
  id: Id,
  blueprintId: Id,
  name: z.string().trim().min(1).max(255),
  version: z.string().regex(/^\d{1,9}\.\d{1,9}\.\d{1,9}$/),
  fields: fieldList(FieldPatchSchema),
});

export const exportSchemas = defineOperation({
  id: 'exportSchemas',
  method: 'GET',
  path: '/prod/v1/files/schema/export',
  summary:
    'Export file types and their schema versions as a zip (decisions 22): manifest.json, blueprints/<id>.json, schemas/<id>.json. ' +
    '`blueprintIds` comma-separated (1 to 50); omitted: every live file type.',
  tags: ['schemas'],
  query: z.object({ blueprintIds: z.string().max(20_000).optional() }),
  status: 200,
  errors: [401, 403, 404, 422, 429, 500],
  idempotency: 'none',
  write: false,
  extension: true,
});

export const importSchemas = defineOperation({
  id: 'importSchemas',
  method: 'POST',
  path: '/prod/v1/files/schema/import',
  summary:
    'Import an exported schema zip (spec 4.13): multipart/form-data, part `file`. New ids for everything; metadata set to the importer. ' +
    'A class name that exists already: 200 with success false and nothing imported. A malformed archive: 422.',
  tags: ['schemas'],
  bodyKind: 'multipart',
  status: 200,
  response: z.object({
    success: z.boolean(),
    importedBlueprintsCount: z.number().int(),
    importedSchemasCount: z.number().int(),
    conflictBlueprintsCount: z.number().int(),
    conflictBlueprints: z.array(z.string()),
    blueprintIds: z.array(z.string()),
    schemaIds: z.array(z.string()),
  }),
  errors: [400, 401, 403, 409, 413, 415, 422, 429, 500],
  idempotency: 'optional',
  write: true,
});

export const schemaOperations = [listSchemas, getSchema, patchSchemas, updateFileSchema, exportSchemas, importSchemas];
