// Reading and updating a file's extracted values, previews of stored files, and deleting files
// (spec 2.3, 4.11, 4.12, 4.14; decisions 4, 19, 23).
import { z } from 'zod';
import { DateTime, QueryBoolean, QueryInt, SortOrder } from './common.js';
import { defineOperation } from './operation.js';

/** One field of a `formValues` entry (spec 2.3). Table/list fields: `object` type with an array of rows. */
export const FormValueFieldSchema = z.object({
  title: z.string(),
  /** Lower-case type name: string, number, boolean, date, object. */
  type: z.string(),
  description: z.string(),
  hidden: z.boolean(),
  value: z.unknown(),
  /** Extension (issue 16): the chance the value is right, 0..1, calibrated; 1 once a person corrected it. */
  confidence: z.number().min(0).max(1).optional(),
  /** Extension (issue 16): where the value was read: page (1-based) and box [x0, y0, x1, y1] as fractions of the page. */
  source: z.object({ page: z.number().int().min(1), box: z.tuple([z.number(), z.number(), z.number(), z.number()]) }).optional(),
});
export type FormValueField = z.infer<typeof FormValueFieldSchema>;

export const UploadInfoSchema = z.object({
  senderEmail: z.string(),
  emailSubject: z.string(),
  apiRequestId: z.string(),
  zipRequestId: z.string(),
});

/** Spec 2.3: one element of `formValues`; `id` is the schemaValueId; `documentId` per decisions 12. */
export const FormValueEntrySchema = z.object({
  id: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  createdAt: DateTime,
  updatedAt: DateTime,
  schemaRelationshipId: z.string(),
  schemaName: z.string(),
  documentId: z.string(),
  /** Extension (issue 15): what the document is; invoice fields are empty unless invoice, receipt or credit_note. */
  documentType: z.string().nullable(),
  fields: z.array(FormValueFieldSchema),
  metadata: z.object({
    createdBy: z.string().nullable(),
    userId: z.string(),
    organizationId: z.string(),
    workspaceId: z.string(),
    uploadInfo: UploadInfoSchema,
  }),
});
export type FormValueEntry = z.infer<typeof FormValueEntrySchema>;

const FileIdParams = z.object({ fileId: z.string().min(1).max(255) });

/** Rows of a table/list field returned inline unless `includeFullTableData=true` (spec 8). */
export const TABLE_ROW_CAP = 100;

export const VALUES_SORT_FIELDS = ['createdAt', 'updatedAt', 'schemaName', 'id'] as const;

export const FileValuesQuery = z.object({
  page: QueryInt(1, 1_000_000).default(1),
  limit: QueryInt(1, 1000).default(100),
  sortBy: z.enum(VALUES_SORT_FIELDS).default('createdAt'),
  sortOrder: SortOrder.default('ASC'),
  includeFullTableData: QueryBoolean.default(false),
  /** Accepted and ignored: page/limit pagination is always used (spec 4.14). */
  cursor: z.string().max(4096).optional(),
});

export const FileValuesResponse = z.object({
  values: z.object({
    formValues: z.array(FormValueEntrySchema),
    count: z.number().int(),
    currentPage: z.number().int(),
  }),
});

export const getFileValues = defineOperation({
  id: 'getFileValues',
  method: 'GET',
  path: '/prod/v1/files/{fileId}/values',
  summary: 'Get the extracted values of a file (spec 4.14; decisions 4: empty while processing).',
  tags: ['files'],
  params: FileIdParams,
  query: FileValuesQuery,
  status: 200,
  response: FileValuesResponse,
  errors: [401, 403, 404, 422, 429, 500],
  idempotency: 'none',
  write: false,
});

/** Decisions 23: new values for fields of one `formValues` entry, fields addressed by title. */
export const UpdateFileValuesBody = z.object({
  schemaValueId: z.string().min(1).max(255),
  fields: z
    .array(z.object({ title: z.string().min(1).max(500), value: z.unknown() }))
    .min(1)
    .max(500),
});

export const updateFileValues = defineOperation({
  id: 'updateFileValues',
  method: 'PATCH',
  path: '/prod/v1/files/{fileId}/values',
  summary:
    'Update extracted values of a file (decisions 23): the entry is addressed by schemaValueId (the `id` of a formValues entry), ' +
    'its fields by title; a value must suit the field type (null clears it). Answers the updated entry.',
  tags: ['files'],
  params: FileIdParams,
  body: UpdateFileValuesBody,
  status: 200,
  response: z.object({ success: z.boolean(), formValue: FormValueEntrySchema }),
  errors: [401, 403, 404, 422, 429, 500],
  idempotency: 'optional',
  write: true,
  extension: true,
});

/** Extension (issue 16): the words of a file's pages with their boxes, for a reviewer's click-to-fill. */
export const FilePagesResponse = z.object({
  pages: z.array(
    z.object({
      page: z.number().int(),
      source: z.string(),
      words: z.array(z.object({ text: z.string(), box: z.tuple([z.number(), z.number(), z.number(), z.number()]) })),
    }),
  ),
});

export const getFilePages = defineOperation({
  id: 'getFilePages',
  method: 'GET',
  path: '/prod/v1/files/{fileId}/pages',
  summary:
    "The words of a processed file's pages with their boxes as fractions of the page (extension, issue 16): a reviewer clicks " +
    'one on the page image to fill a field. Pages processed before this extension have no words.',
  tags: ['files'],
  params: FileIdParams,
  status: 200,
  response: FilePagesResponse,
  errors: [401, 403, 404, 429, 500],
  idempotency: 'none',
  write: false,
  extension: true,
});

/** `<scheme>://<bucket>/<object_id>`; the local service uses `local://<workspaceId>/<objectId>`. */
export const STORAGE_PATH_PATTERN = /^([a-z][a-z0-9+.-]*):\/\/([^/?#\s]+)\/([^/?#\s]+)$/i;
export const StoragePath = z.string().max(1024).regex(STORAGE_PATH_PATTERN, 'Must be <scheme>://<bucket>/<object_id>.');

export const createPreview = defineOperation({
  id: 'createPreview',
  method: 'POST',
  path: '/prod/v1/files/preview',
  summary: 'Create a presigned preview address of a stored file, valid about one hour (spec 4.11). Idempotency-Key is ignored.',
  tags: ['files'],
  body: z.object({ storagePath: StoragePath }),
  status: 200,
  response: z.object({ signedUrl: z.string() }),
  errors: [401, 403, 404, 422, 429, 500],
  idempotency: 'ignored',
  write: false,
});

export const MAX_PREVIEW_BATCH = 100;

/** One answer per requested path, in request order: a signed address or a per-path error. */
export const PreviewBatchItemSchema = z.union([
  z.object({ storagePath: z.string(), signedUrl: z.string() }),
  z.object({
    storagePath: z.string(),
    /** INVALID_STORAGE_PATH (malformed) or NOT_FOUND (unknown, deleted or another workspace's). */
    error: z.object({ code: z.string(), detail: z.string() }),
  }),
]);

export const createPreviewBatch = defineOperation({
  id: 'createPreviewBatch',
  method: 'POST',
  path: '/prod/v1/files/preview/batch',
  summary:
    'Sign up to 100 storage paths at once (decisions 23). Answers `results` in request order; a path that cannot be signed ' +
    'carries `error` instead of `signedUrl`. Idempotency-Key is ignored.',
  tags: ['files'],
  body: z.object({ storagePaths: z.array(z.string().max(1024)).min(1).max(MAX_PREVIEW_BATCH) }),
  status: 200,
  response: z.object({ results: z.array(PreviewBatchItemSchema) }),
  errors: [401, 403, 422, 429, 500],
  idempotency: 'ignored',
  write: false,
  extension: true,
});

/**
 * Decisions 19: an array of UUIDs or one comma-separated string. Required and not empty (400 otherwise);
 * it is optional here only so that a missing (or null) value reaches the handler, which answers that 400.
 */
export const DeleteFilesBody = z
  .object({
    fileIds: z
      .union([z.array(z.string()).max(1000), z.string().max(40_000)])
      .nullish()
      .describe('Required: UUIDs as an array or one comma-separated string (at most 100 recommended).'),
  })
  .optional();

export const deleteFiles = defineOperation({
  id: 'deleteFiles',
  method: 'DELETE',
  path: '/prod/v1/files',
  summary:
    "Delete files with their values and pages (spec 4.12). 400 when fileIds is missing or empty; 403 read-only " +
    "('Access denied. You are in readonly mode.') and 422 ('Invalid fileIds.') in the legacy error shape.",
  tags: ['files'],
  body: DeleteFilesBody,
  status: 200,
  response: z.object({ success: z.boolean() }),
  errors: [400, 401, 403, 422, 429, 500],
  idempotency: 'optional',
  write: true,
  legacyErrors: true,
});

export const fileOperations = [getFileValues, updateFileValues, getFilePages, createPreview, createPreviewBatch, deleteFiles];
