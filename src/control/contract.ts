// Request bodies and queries of the control API (the UI's only way into the daemon).
import { z } from 'zod';

export const FolderBody = z
  .object({
    path: z.string().min(1),
    remotePath: z.string().optional(),
    directoryId: z.string().optional(),
    ocrModel: z.string().optional(),
    schemaId: z.string().optional(),
    isEphemeral: z.boolean().optional(),
    isSplit: z.boolean().optional(),
    exclude: z.array(z.string()).optional(),
    onSuccess: z.enum(['keep', 'move']).optional(),
    onFailure: z.enum(['keep', 'move']).optional(),
    duplicates: z.enum(['skip', 'upload']).optional(),
    deletions: z.enum(['keep-remote', 'delete-remote']).optional(),
    watch: z.enum(['auto', 'native', 'poll']).optional(),
    links: z.enum(['skip', 'inside']).optional(),
  })
  .strict();
export type FolderBody = z.infer<typeof FolderBody>;

export const FolderRef = z.object({ path: z.string().min(1) }).strict();
export const OptionalFolder = z.object({ folder: z.string().min(1).optional() }).strict();

export const FilesQuery = z.object({
  folder: z.string().optional(),
  status: z.string().optional(),
  q: z.string().max(500).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type FilesQuery = z.infer<typeof FilesQuery>;

export const SettingsBody = z
  .object({
    service: z
      .object({
        mode: z.enum(['embedded', 'remote']),
        url: z.string().url().optional(),
        instance: z.enum(['au', 'sg', 'jp']).nullable().optional(),
        /** Write-only: stored, never returned. Empty string removes it. */
        apiKey: z.string().max(500).optional(),
      })
      .strict()
      .optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    defaultOcrModel: z.string().optional(),
    defaultSchemaId: z.string().optional(),
  })
  .strict();
export type SettingsBody = z.infer<typeof SettingsBody>;

export const ConnectionTestBody = z
  .object({
    url: z.string().url().optional(),
    instance: z.enum(['au', 'sg', 'jp']).nullable().optional(),
    apiKey: z.string().max(500).optional(),
  })
  .strict();
export type ConnectionTestBody = z.infer<typeof ConnectionTestBody>;

/** A new conversation on the Ask page: optionally about one watched folder only. */
export const AgentSessionBody = z
  .object({
    title: z.string().trim().max(255).optional(),
    folder: z.string().min(1).optional(),
  })
  .strict();
export type AgentSessionBody = z.infer<typeof AgentSessionBody>;

export const AgentAskBody = z
  .object({
    question: z.string().trim().min(1, 'Type a question.').max(30_000, 'At most 30,000 characters.'),
    languageCode: z.string().regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/).max(35).optional(),
  })
  .strict();
export type AgentAskBody = z.infer<typeof AgentAskBody>;

/** Session and job ids as the service gives them (never a path). */
export const AgentId = z.string().regex(/^[A-Za-z0-9_-]{1,255}$/, 'Not an id.');

/** A review's save (issue 16): new values per formValues entry; the file is confirmed with it. */
export const ReviewSaveBody = z
  .object({
    documents: z
      .array(
        z
          .object({
            fileId: z.string().min(1).max(255),
            schemaValueId: z.string().min(1).max(255),
            fields: z.array(z.object({ title: z.string().min(1).max(500), value: z.unknown() }).strict()).max(500),
          })
          .strict(),
      )
      .max(100)
      .default([]),
  })
  .strict();
export type ReviewSaveBody = z.infer<typeof ReviewSaveBody>;

export const ReviewQuery = z.object({
  folder: z.string().optional(),
  all: z.enum(['0', '1', 'true', 'false']).optional().transform((v) => v === '1' || v === 'true'),
});

// The event stream (GET /api/events): one server-sent event per engine event, its `data` one of
// these (camelCase like every other answer; never a database row).
export const FileStatusName = z.enum(['discovered', 'settled', 'uploading', 'processing', 'exported', 'failed', 'skipped', 'removed']);
export const FolderStateName = z.enum(['idle', 'scanning', 'syncing', 'paused', 'error', 'missing']);

export const FileEventData = z
  .object({
    file: z
      .object({
        id: z.number().int(),
        folder: z.string(),
        relPath: z.string(),
        /** Where the file is now, relative to its folder (under Processed/ or Failed/ once moved there). */
        currentPath: z.string(),
        status: FileStatusName,
        reason: z.string().nullable(),
      })
      .strict(),
    from: FileStatusName.nullable(),
    to: FileStatusName,
    reason: z.string().nullable(),
  })
  .strict();
export const FolderEventData = z.object({ folder: z.string(), state: FolderStateName, error: z.string().optional() }).strict();
export const IdleEventData = z.object({}).strict();
/** A file's outputs were rewritten after a person's corrections reached the service (issue 16). */
export const ReviewEventData = z.object({ fileRow: z.number().int() }).strict();
/** The service read more pages of a long document (issue 19); null once it is no longer processing. */
export const PagesEventData = z.object({
  fileRow: z.number().int(),
  folder: z.string(),
  pages: z.object({ done: z.number().int().min(0), total: z.number().int().min(0), secondsLeft: z.number().nullable() }).strict().nullable(),
}).strict();
export const LogEventData = z.object({ level: z.enum(['info', 'warn', 'error']), msg: z.string(), data: z.record(z.string(), z.unknown()).optional() }).strict();

export const StreamEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('file'), data: FileEventData }),
  z.object({ type: z.literal('folder'), data: FolderEventData }),
  z.object({ type: z.literal('idle'), data: IdleEventData }),
  z.object({ type: z.literal('review'), data: ReviewEventData }),
  z.object({ type: z.literal('log'), data: LogEventData }),
  z.object({ type: z.literal('pages'), data: PagesEventData }),
]);
export type StreamEvent = z.infer<typeof StreamEvent>;
export type StreamEventType = StreamEvent['type'];
