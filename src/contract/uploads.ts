import { z } from 'zod';
import { DateTime, QueryInt, SortOrder, Uuid } from './common.js';
import { defineOperation } from './operation.js';

/**
 * Recognition models of spec 4.10. `Unified` and `Aegis` carry a parenthesised engine
 * name in the real identifiers, so `Unified (anything)` is accepted as well as `Unified`.
 */
export const OCR_MODELS = [
  'Model_ENG_O5.6',
  'Model_ENG_G5.5',
  'Model_ENG_GP25',
  'Model_ENG_GP25.1',
  'Model_ENG_GP25.2',
  'Model_CUS_O5.1',
  'Model_CUS_O5.2',
  'Unified',
  'Aegis',
  'Model_ZH_O5.9',
  'Model_JP_O5.3',
  'Model_JP_G5.4',
  'Model_TH_O5.1',
  'Model_TH_G5.1',
  'Model_CUS_GP25.1',
  'Model_Direct_Form_Filling',
] as const;

/** The model used when an upload names none. */
export const DEFAULT_OCR_MODEL = 'Model_ENG_O5.6';

const ENGINE_SUFFIXED = /^(Unified|Aegis) \([^()\u0000-\u001f]{1,100}\)$/;

export function isOcrModel(value: string): boolean {
  return (OCR_MODELS as readonly string[]).includes(value) || ENGINE_SUFFIXED.test(value);
}

export const OcrModel = z
  .string()
  .max(128)
  .refine(isOcrModel, { message: `Unknown ocrModel: use one of ${OCR_MODELS.join(', ')} (Unified and Aegis may carry an engine, e.g. "Unified (engine)").` });

/**
 * A callback address: an absolute http(s) URL. HTTPS is required; `http://` to loopback is
 * accepted only by a service started with `allowInsecureCallbacks` (checked by the service).
 */
export const CallbackUrl = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const url = new URL(s);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'Must be a valid HTTPS URL.');

/** Body of `POST /prod/v1/files/upload` (spec 4.10, decisions 7). */
export const UploadBody = z.object({
  fileName: z
    .string()
    .min(1)
    .max(1024)
    .refine((s) => s.trim().length > 0 && !/[\u0000-\u001f]/.test(s), 'A file name without control characters.'),
  // A media type goes back out as a Content-Type header (previews): no control characters.
  fileType: z
    .string()
    .min(1)
    .max(255)
    .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'A media type without control characters.'),
  isSplit: z.boolean().optional(),
  isSplitExcel: z.boolean().optional(),
  callbackURL: CallbackUrl.optional(),
  ocrModel: OcrModel.optional(),
  schemaLocking: z.boolean().optional(),
  directoryId: z.string().min(1).max(255).optional(),
  destinationPath: z.string().max(1024).optional(),
  isEphemeral: z.boolean().optional(),
  pageCount: z.number().int().min(1).max(100_000).optional(),
  apiRequestId: z.string().min(1).max(255).optional(),
  retainOriginalZipFileName: z.boolean().optional(),
  schemaId: z.string().min(1).max(255).optional(),
});
export type UploadRequest = z.input<typeof UploadBody>;

/** Spec 2.4: the upload ticket. */
export const UploadTicketSchema = z.object({
  storagePath: z.string(),
  presignedUploadURL: z.string(),
  uploadId: Uuid,
  callbackURL: z.string().nullable(),
  callbackURLSource: z.enum(['user', 'api_key']).nullable(),
  ocrModel: z.string(),
  schemaLocking: z.boolean(),
  isSplit: z.boolean(),
  isSplitExcel: z.boolean(),
  directoryId: z.string().nullable(),
  destinationPath: z.string(),
  isEphemeral: z.boolean(),
  schemaId: z.string().nullable().optional(),
  apiRequestId: z.string().nullable().optional(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

export const FILE_STATUSES = ['uploaded', 'processing', 'processed', 'failed'] as const;

/** Decisions 3: a file as listed by `GET /prod/v1/files` and the uploads status. */
export const FileRecordSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  fileStoragePath: z.string(),
  fileHash: z.string(),
  uploadId: z.string(),
  status: z.enum(FILE_STATUSES),
  schemaId: z.string().nullable(),
  directoryId: z.string().nullable(),
  destinationPath: z.string(),
  errorReason: z.string().nullable(),
  documentId: z.string().nullable().optional(),
  pageCount: z.number().int().nullable().optional(),
  zipArchiveName: z.string().optional(),
  /**
   * Extension (issue 19): while the file is processing, how many of its pages are read (text
   * layer or OCR) of how many. Absent otherwise, and from services without the extension.
   */
  progress: z.object({ pagesDone: z.number().int().min(0), pagesTotal: z.number().int().min(0) }).optional(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type FileRecord = z.infer<typeof FileRecordSchema>;

export const UPLOAD_STEPS = [
  'file_uploaded',
  'processing_started',
  'ocr',
  'split_classify',
  'extraction',
  'processing_finished',
  'processing_failed',
] as const;

export const UploadStatusEntrySchema = z.object({
  status: z.enum(['waiting', 'completed', 'failed']),
  step: z.enum(UPLOAD_STEPS),
  timestamp: DateTime,
  errorReason: z.string().optional(),
});

/** Decisions 2. */
export const UploadStatusSchema = z.object({
  uploadId: z.string(),
  status: z.enum(['waiting', 'completed', 'failed']),
  errorReason: z.string().nullable(),
  statuses: z.array(UploadStatusEntrySchema),
  files: z.array(FileRecordSchema),
});
export type UploadStatus = z.infer<typeof UploadStatusSchema>;

export const uploadFile = defineOperation({
  id: 'uploadFile',
  method: 'POST',
  path: '/prod/v1/files/upload',
  summary: 'Request an upload ticket with a presigned PUT address (spec 4.10).',
  tags: ['files'],
  body: UploadBody,
  status: 200,
  response: UploadTicketSchema,
  errors: [400, 401, 403, 404, 409, 422, 429, 500],
  idempotency: 'optional',
  write: true,
});

export const getUpload = defineOperation({
  id: 'getUpload',
  method: 'GET',
  path: '/prod/v1/uploads/{uploadId}',
  summary: 'Processing status of an upload and its files (decisions 2); 207 for a zip with failed entries.',
  tags: ['files'],
  params: z.object({ uploadId: z.string().min(1).max(255) }),
  status: 200,
  altStatuses: [207],
  response: UploadStatusSchema,
  errors: [401, 403, 404, 429, 500],
  idempotency: 'none',
  write: false,
});

const IsoDate = z
  .string()
  .max(64)
  .refine((s) => !Number.isNaN(Date.parse(s)), 'Must be an ISO 8601 date-time.');

const FileIdList = z
  .string()
  .max(100 * 37)
  .transform((s) => s.split(',').map((id) => id.trim()).filter((id) => id.length > 0))
  .pipe(z.array(Uuid).max(100));

export const FILE_SORT_FIELDS = ['createdAt', 'updatedAt', 'fileName', 'fileSize', 'status'] as const;

export const ListFilesQuery = z.object({
  fileIds: FileIdList.optional(),
  uploadId: z.string().min(1).max(255).optional(),
  updatedAfter: IsoDate.optional(),
  createdAfter: IsoDate.optional(),
  page: QueryInt(1, 1_000_000).default(1),
  limit: QueryInt(1, 1000).default(100),
  sortBy: z.enum(FILE_SORT_FIELDS).default('createdAt'),
  sortOrder: SortOrder.default('ASC'),
});

export const ListFilesResponse = z.object({
  files: z.array(FileRecordSchema),
  count: z.number().int(),
  currentPage: z.number().int(),
});

export const listFiles = defineOperation({
  id: 'listFiles',
  method: 'GET',
  path: '/prod/v1/files',
  summary: 'List the files of the workspace (decisions 3).',
  tags: ['files'],
  query: ListFilesQuery,
  status: 200,
  response: ListFilesResponse,
  errors: [401, 403, 422, 429, 500],
  idempotency: 'none',
  write: false,
});

export const uploadOperations = [uploadFile, getUpload, listFiles];
