import { z } from 'zod';

/** Base of every problem `type` URI: `${ERRORS_BASE}/<slug>`. */
export const ERRORS_BASE = 'https://docsync.dev/errors';

export const FieldErrorSchema = z.object({
  code: z.string(),
  detail: z.string(),
  pointer: z.string().optional(),
  parameter: z.string().optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Problem details (spec part 7), with the deprecated legacy mirrors. */
export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string(),
  code: z.string(),
  requestId: z.string(),
  errors: z.array(FieldErrorSchema),
  retryAfter: z.number().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  statusCode: z.number().int().optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;

/** The legacy error shape some older operations answer with (delete files: 403, 422). */
export const LegacyErrorSchema = z.object({
  message: z.string(),
  error: z.string(),
  statusCode: z.number().int(),
});
export type LegacyError = z.infer<typeof LegacyErrorSchema>;

/** Stable code, slug and title per status. Codes the spec leaves open are our decision. */
export const STATUS_PROBLEMS = {
  400: { code: 'BAD_REQUEST', slug: 'bad-request', title: 'Bad Request' },
  401: { code: 'UNAUTHORIZED', slug: 'unauthorized', title: 'Unauthorized' },
  403: { code: 'FORBIDDEN', slug: 'forbidden', title: 'Forbidden' },
  404: { code: 'NOT_FOUND', slug: 'not-found', title: 'Not Found' },
  409: { code: 'CONFLICT', slug: 'conflict', title: 'Conflict' },
  413: { code: 'PAYLOAD_TOO_LARGE', slug: 'payload-too-large', title: 'Payload Too Large' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', slug: 'unsupported-media-type', title: 'Unsupported Media Type' },
  422: { code: 'VALIDATION_FAILED', slug: 'validation-failed', title: 'Validation Failed' },
  429: { code: 'RATE_LIMITED', slug: 'rate-limited', title: 'Too Many Requests' },
  500: { code: 'INTERNAL_ERROR', slug: 'internal-error', title: 'Internal Server Error' },
} as const;
export type ProblemStatus = keyof typeof STATUS_PROBLEMS;
