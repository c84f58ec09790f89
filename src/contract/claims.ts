import { z } from 'zod';
import { DateTime } from './common.js';
import { defineOperation } from './operation.js';

// Claims (an extension of our own service, decisions 24): several desktops watching one shared
// folder agree through the service on who uploads a file and writes its outputs. A claim is per
// (scope, key): the scope names the watched folder as the service sees it, the key the content
// (a sha256) or `ledger` for the folder's ledgers. The holder keeps it by claiming again before
// its lease ends; a holder that stops renewing (killed) loses it to the next desktop that asks.

const Scope = z.string().min(1).max(1000);
const Key = z.string().min(1).max(200);
const Holder = z.string().min(1).max(200);

/** What a holder reports when it finishes. */
export const ClaimResult = z
  .object({
    uploadId: z.string().min(1).max(200).optional(),
    fileIds: z.array(z.string().min(1).max(200)).max(1000).optional(),
    /** Why the file failed (status failed). */
    reason: z.string().max(4000).optional(),
  })
  .strict();

export const ClaimSchema = z.object({
  scope: z.string(),
  key: z.string(),
  holder: z.string(),
  /** held: someone works on it (see expiresAt); exported or failed: its holder finished (final). */
  status: z.enum(['held', 'exported', 'failed']),
  /** The file's path in the folder, as the holder found it (relative, '/'-separated). */
  path: z.string().nullable(),
  expiresAt: DateTime,
  /** What the holder reported when it finished: upload and file ids, a failure's reason. */
  result: ClaimResult.nullable(),
  updatedAt: DateTime,
});
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimBody = z
  .object({
    scope: Scope,
    key: Key,
    holder: Holder,
    /** How long the claim stays the holder's without a renewal (milliseconds). */
    leaseMs: z.number().int().min(100).max(3_600_000),
    path: z.string().min(1).max(4000).optional(),
    /**
     * The upload the holder made for this work (its ticket's id): a desktop taking the claim over
     * resumes that upload (bytes received: only the result is fetched) instead of sending them again.
     */
    uploadId: z.string().min(1).max(200).optional(),
  })
  .strict();

/** Takes, renews or (after its lease ended) takes over a claim; answers who holds it now. */
export const takeClaim = defineOperation({
  id: 'takeClaim',
  method: 'POST',
  path: '/prod/docsync/claims',
  summary: 'Take or renew a claim on work in a shared folder (extension, decisions 24). `granted` says whether the caller holds it now.',
  tags: ['claims'],
  body: ClaimBody,
  status: 200,
  response: z.object({ granted: z.boolean(), claim: ClaimSchema }),
  errors: [400, 401, 403, 422, 429, 500],
  idempotency: 'none',
  write: true,
  extension: true,
});

export const FinishClaimBody = z
  .object({
    scope: Scope,
    key: Key,
    holder: Holder,
    status: z.enum(['exported', 'failed']),
    result: ClaimResult.default({}),
  })
  .strict();

/** The holder finished: the claim is final and every other desktop sees the result. 409 when the caller no longer holds it. */
export const finishClaim = defineOperation({
  id: 'finishClaim',
  method: 'POST',
  path: '/prod/docsync/claims/finish',
  summary: 'Finish a claim held by the caller (extension, decisions 24); 409 when another desktop holds it or it is unknown.',
  tags: ['claims'],
  body: FinishClaimBody,
  status: 200,
  response: z.object({ claim: ClaimSchema }),
  errors: [400, 401, 403, 409, 422, 429, 500],
  idempotency: 'none',
  write: true,
  extension: true,
});

export const ReleaseClaimBody = z.object({ scope: Scope, key: Key, holder: Holder }).strict();

/** The holder gives a claim up (a desktop stopping): the next desktop asking is granted it at once. */
export const releaseClaim = defineOperation({
  id: 'releaseClaim',
  method: 'POST',
  path: '/prod/docsync/claims/release',
  summary: 'Give up a claim held by the caller (extension, decisions 24): its lease ends now. `released` is false when the caller did not hold it.',
  tags: ['claims'],
  body: ReleaseClaimBody,
  status: 200,
  response: z.object({ released: z.boolean() }),
  errors: [400, 401, 403, 422, 429, 500],
  idempotency: 'none',
  write: true,
  extension: true,
});

export const claimOperations = [takeClaim, finishClaim, releaseClaim];
