import { z } from 'zod';
import { DateTime } from './common.js';
import { defineOperation } from './operation.js';

/** Spec 2.2 enums. */
export const FIELD_TYPES = ['STRING', 'NUMBER', 'BOOLEAN', 'DATE', 'OBJECT'] as const;
export const FieldTypeSchema = z.enum(FIELD_TYPES);
export const InlineListTypeSchema = z.enum(['SINGLE', 'MULTIPLE']);
export const SchemaVersionTypeSchema = z.enum(['MAJOR', 'MINOR', 'PATCH']);
export const BlueprintStatusSchema = z.enum(['DRAFT', 'APPROVED']);

/** Bounds of a field definition (ours; the spec names none). */
export const FIELD_LIMITS = { fields: 500, items: 200, depth: 5, text: 500, description: 5000, enumValues: 1000 } as const;

/** How deeply `items` nest in a value, computed without recursion (hostile bodies nest thousands deep). */
export function fieldDepth(value: unknown): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!Array.isArray(node)) continue;
    max = Math.max(max, depth + 1);
    if (max > FIELD_LIMITS.depth) return max;
    for (const f of node) if (f && typeof f === 'object' && 'items' in f) stack.push([(f as { items: unknown }).items, depth + 1]);
  }
  return max;
}

/** How deeply any JSON value nests, computed without recursion. */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    max = Math.max(max, depth + 1);
    if (max > limit) return max;
    for (const child of Object.values(node as object)) stack.push([child, depth + 1]);
  }
  return max;
}

/** A field's default or current value: any JSON, nested at most 32 levels (it is stored and echoed). */
const FieldValueSchema = z.unknown().refine((v) => jsonDepth(v, 32) <= 32, 'A value nests at most 32 levels deep.');

const FieldSuggestionSchema = z.object({ id: z.string().min(1).max(255), name: z.string().min(1).max(FIELD_LIMITS.text) });

/** The properties every variant shares; `title` and `type` vary (required, optional, free text). */
const commonProps = {
  id: z.string().min(1).max(255).optional(),
  description: z.string().max(FIELD_LIMITS.description).optional(),
  format: z.string().max(100).optional(),
  hidden: z.boolean().optional(),
  internet_context: z.boolean().optional(),
  fieldSuggestion: FieldSuggestionSchema.optional(),
  value: FieldValueSchema.optional(),
  enumValues: z.array(z.string().max(FIELD_LIMITS.text)).max(FIELD_LIMITS.enumValues).optional(),
  inlineListType: InlineListTypeSchema.optional(),
};

/** A field definition with title and type required (create, file schema update). */
export interface FieldDefinition {
  id?: string;
  title: string;
  description?: string;
  type: z.infer<typeof FieldTypeSchema>;
  format?: string;
  hidden?: boolean;
  internet_context?: boolean;
  fieldSuggestion?: { id: string; name: string };
  items?: FieldDefinition[];
  value?: unknown;
  enumValues?: string[];
  inlineListType?: 'SINGLE' | 'MULTIPLE';
}

export const FieldDefinitionSchema: z.ZodType<FieldDefinition> = z.object({
  ...commonProps,
  title: z.string().trim().min(1).max(FIELD_LIMITS.text),
  type: FieldTypeSchema,
  get items() {
    return z.array(FieldDefinitionSchema).max(FIELD_LIMITS.items).optional();
  },
});

/** A field patch (spec 4.8): every property optional; `id` names an existing field. */
export type FieldPatch = Partial<Omit<FieldDefinition, 'items'>> & { items?: FieldPatch[] };
export const FieldPatchSchema: z.ZodType<FieldPatch> = z.object({
  ...commonProps,
  title: z.string().trim().min(1).max(FIELD_LIMITS.text).optional(),
  type: FieldTypeSchema.optional(),
  get items() {
    return z.array(FieldPatchSchema).max(FIELD_LIMITS.items).optional();
  },
});

/**
 * A field of the file schema update (4.9): `type` is free text here because the operation
 * answers an unknown type with 400 (companion description), not 422.
 */
export type FieldUpdate = Omit<FieldDefinition, 'type' | 'items'> & { type: string; items?: FieldUpdate[] };
export const FieldUpdateSchema: z.ZodType<FieldUpdate> = z.object({
  ...commonProps,
  title: z.string().trim().min(1).max(FIELD_LIMITS.text),
  type: z.string().max(100),
  get items() {
    return z.array(FieldUpdateSchema).max(FIELD_LIMITS.items).optional();
  },
});

/** A list of fields, its nesting checked first so that a hostile depth is a 422, not a stack overflow. */
export function fieldList<T>(item: z.ZodType<T>, min = 0) {
  return z.preprocess((value, ctx) => {
    if (fieldDepth(value) > FIELD_LIMITS.depth) {
      ctx.addIssue({ code: 'custom', message: `Fields nest at most ${FIELD_LIMITS.depth} levels deep.`, input: value });
      return z.NEVER;
    }
    return value;
  }, z.array(item).min(min).max(FIELD_LIMITS.fields));
}

export const ResourceMetadataSchema = z.object({
  userId: z.string().nullable(),
  organizationId: z.string(),
  workspaceId: z.string(),
});

/** A file type (decisions 21). */
export const BlueprintSchema = z.object({
  id: z.string(),
  className: z.string(),
  name: z.string(),
  status: BlueprintStatusSchema,
  locked: z.boolean(),
  defaultSchemaId: z.string().nullable(),
  isDefault: z.boolean(),
  metadata: ResourceMetadataSchema,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Blueprint = z.infer<typeof BlueprintSchema>;

/** A schema version of a file type (decisions 21). */
export const SchemaObjectSchema = z.object({
  id: z.string(),
  blueprintId: z.string(),
  name: z.string(),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  fields: z.array(FieldPatchSchema),
  locked: z.boolean(),
  metadata: ResourceMetadataSchema,
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type SchemaObject = z.infer<typeof SchemaObjectSchema>;

const Id = z.string().trim().min(1).max(255);
const BlueprintIdParams = z.object({ blueprintId: Id });

export const CreateFileTypeBody = z.object({
  className: z.string().trim().min(1).max(255),
  name: z.string().trim().min(1).max(255),
  fields: fieldList(FieldDefinitionSchema),
});

export const createFileType = defineOperation({
  id: 'createFileType',
  method: 'POST',
  path: '/prod/v1/file-type',
  summary: 'Create a file type with its first schema version 1.0.0, status DRAFT (decisions 21). Class names are unique per workspace (409).',
  tags: ['file-types'],
  body: CreateFileTypeBody,
  status: 201,
  response: BlueprintSchema,
  errors: [401, 403, 409, 422, 429, 500],
  idempotency: 'optional',
  write: true,
  extension: true,
});

export const listFileTypes = defineOperation({
  id: 'listFileTypes',
  method: 'GET',
  path: '/prod/v1/file-type',
  summary: "The workspace's live file types, oldest first.",
  tags: ['file-types'],
  status: 200,
  response: z.object({ fileTypes: z.array(BlueprintSchema), count: z.number().int() }),
  errors: [401, 403, 429, 500],
  idempotency: 'none',
  write: false,
  extension: true,
});

export const getFileType = defineOperation({
  id: 'getFileType',
  method: 'GET',
  path: '/prod/v1/file-type/{blueprintId}',
  summary: 'One file type with its live schema versions.',
  tags: ['file-types'],
  params: BlueprintIdParams,
  status: 200,
  response: z.object({ fileType: BlueprintSchema, schemas: z.array(SchemaObjectSchema) }),
  errors: [401, 403, 404, 422, 429, 500],
  idempotency: 'none',
  write: false,
  extension: true,
});

/** Per-item messages of 4.6 (the complete set). */
export const DELETE_MESSAGES = {
  notFound: 'Schema is not found or already deleted',
  invalidId: 'Invalid schema ID format',
  locked: 'Schema is locked and cannot be deleted',
  unauthorized: 'Unauthorized access',
  failed: 'Schema could not be deleted',
} as const;

export const DeleteFileTypesBody = z.object({ blueprintIds: z.array(z.string()).min(1).max(50) });

export const deleteFileTypes = defineOperation({
  id: 'deleteFileTypes',
  method: 'DELETE',
  path: '/prod/v1/file-type',
  summary: 'Bulk delete file types (spec 4.6): 1 to 50 ids, repeats collapsed, each processed independently.',
  tags: ['file-types'],
  body: DeleteFileTypesBody,
  status: 200,
  response: z.object({
    success: z.boolean(),
    deletedCount: z.number().int(),
    failedCount: z.number().int(),
    errors: z
      .array(z.object({ blueprintId: z.string(), message: z.enum(Object.values(DELETE_MESSAGES) as [string, ...string[]]) }))
      .optional(),
  }),
  errors: [401, 403, 409, 422, 429, 500],
  idempotency: 'optional',
  write: true,
});

export const approveFileType = defineOperation({
  id: 'approveFileType',
  method: 'PATCH',
  path: '/prod/v1/file-type/approve',
  summary: "Approve a file type (spec 4.7): DRAFT -> APPROVED with `schemaId` (one of its versions) as its default schema.",
  tags: ['file-types'],
  body: z.object({ blueprintId: Id, schemaId: Id }),
  status: 200,
  response: z.object({ success: z.boolean() }),
  errors: [400, 401, 403, 404, 409, 422, 429, 500],
  idempotency: 'optional',
  write: true,
});

const lockOperation = (action: 'lock' | 'unlock') =>
  defineOperation({
    id: `${action}FileType`,
    method: 'POST',
    path: `/prod/v1/file-type/{blueprintId}/${action}`,
    summary: action === 'lock' ? 'Lock a file type: it cannot be deleted until unlocked (spec part 3, rule 3).' : 'Unlock a file type.',
    tags: ['file-types'],
    params: BlueprintIdParams,
    status: 200,
    response: BlueprintSchema,
    errors: [401, 403, 404, 422, 429, 500],
    idempotency: 'optional',
    write: true,
    extension: true,
  });
export const lockFileType = lockOperation('lock');
export const unlockFileType = lockOperation('unlock');

export const fileTypeOperations = [
  createFileType,
  listFileTypes,
  getFileType,
  deleteFileTypes,
  approveFileType,
  lockFileType,
  unlockFileType,
];
