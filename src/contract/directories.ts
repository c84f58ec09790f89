import { z } from 'zod';
import { DateTime } from './common.js';
import { defineOperation } from './operation.js';

export const DirectoryMetadataSchema = z.object({
  userId: z.string(),
  organizationId: z.string(),
  workspaceId: z.string(),
  createdBy: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
  tags: z.array(z.string()).nullable(),
  version: z.string().nullable(),
  isSystemManaged: z.boolean().nullable(),
});

/** Spec 2.1. */
export const DirectorySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().optional(),
  status: z.string(),
  parentId: z.string().nullable(),
  depth: z.number().int(),
  metadata: DirectoryMetadataSchema,
  workflowStates: z.record(z.string(), z.unknown()).nullable(),
  deletedBy: z.string().nullable(),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Directory = z.infer<typeof DirectorySchema>;

/** A directory name: one path segment, no separators or control characters. */
export const DirectoryName = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((s) => !/[/\\\u0000-\u001f]/.test(s) && s !== '.' && s !== '..', 'A name is one folder segment.');

export const CreateDirectoryBody = z.object({
  name: DirectoryName,
  description: z.string().max(2000).optional(),
  parentId: z.string().min(1).max(255).optional(),
  isActive: z.boolean().optional(),
});

export const createDirectory = defineOperation({
  id: 'createDirectory',
  method: 'POST',
  path: '/prod/v1/directories',
  summary: 'Create a directory (spec 4.2).',
  tags: ['directories'],
  body: CreateDirectoryBody,
  status: 201,
  response: z.object({ success: z.boolean(), directory: DirectorySchema }),
  errors: [400, 401, 403, 404, 422, 429, 500],
  idempotency: 'optional',
  write: true,
});

export const directoryOperations = [createDirectory];
