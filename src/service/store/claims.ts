import type { Claim, ClaimResult } from '../../contract/claims.js';
import type { z } from 'zod';
import { prepared, type DB } from './sql.js';

interface ClaimRow {
  scope: string;
  key: string;
  holder: string;
  status: Claim['status'];
  path: string | null;
  expires_at: number;
  result: string | null;
  updated_at: number;
}

export interface ClaimRequest {
  scope: string;
  key: string;
  holder: string;
  leaseMs: number;
  path?: string;
  uploadId?: string;
}

function toClaim(row: ClaimRow): Claim {
  return {
    scope: row.scope, key: row.key, holder: row.holder, status: row.status, path: row.path,
    expiresAt: new Date(row.expires_at).toISOString(), result: row.result ? (JSON.parse(row.result) as z.infer<typeof ClaimResult>) : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

function read(db: DB, workspaceId: string, scope: string, key: string): ClaimRow | undefined {
  return prepared(db, 'SELECT * FROM claims WHERE workspace_id = ? AND scope = ? AND key = ?').get(workspaceId, scope, key) as ClaimRow | undefined;
}

/**
 * Grants the claim when nobody holds it, when the caller does (a renewal) or when the holder's
 * lease ended (a takeover); a finished claim is never granted again. A renewal keeps the claim's
 * path: the answer tells a holder asking for another copy of the content which copy it holds. One statement decides (the
 * upsert's WHERE): two desktops asking at once get one answer each, one of them granted, on SQLite (one writer at a
 * time) and on PostgreSQL (the second insert waits for the first and then sees its row).
 */
export function takeClaim(db: DB, workspaceId: string, r: ClaimRequest, now = Date.now()): { granted: boolean; claim: Claim } {
  return db.transaction(() => {
    const granted = prepared(db,
      `INSERT INTO claims (workspace_id, scope, key, holder, status, path, expires_at, result, updated_at)
       VALUES (@ws, @scope, @key, @holder, 'held', @path, @expires, @result, @now)
       ON CONFLICT (workspace_id, scope, key) DO UPDATE SET path = CASE WHEN claims.holder = @holder THEN claims.path ELSE COALESCE(@path, claims.path) END,
         holder = @holder, expires_at = @expires, result = COALESCE(@result, claims.result), updated_at = @now
       WHERE claims.status = 'held' AND (claims.holder = @holder OR claims.expires_at <= @now)`,
    ).run({
      ws: workspaceId, scope: r.scope, key: r.key, holder: r.holder, path: r.path ?? null, expires: now + r.leaseMs, now,
      result: r.uploadId ? JSON.stringify({ uploadId: r.uploadId }) : null,
    }).changes > 0;
    return { granted, claim: toClaim(read(db, workspaceId, r.scope, r.key)!) };
  })();
}

/** The holder gives the claim up: its lease ends now (a finished claim stays finished). */
export function releaseClaim(db: DB, workspaceId: string, r: { scope: string; key: string; holder: string }, now = Date.now()): boolean {
  return prepared(db, `UPDATE claims SET expires_at = ?, updated_at = ? WHERE workspace_id = ? AND scope = ? AND key = ? AND holder = ? AND status = 'held'`)
    .run(now - 1, now, workspaceId, r.scope, r.key, r.holder).changes > 0;
}

/**
 * The holder finished: the claim becomes final with its result. Finishing again with the same
 * holder answers the finished claim (a retried request); undefined when the caller does not hold it.
 */
export function finishClaim(
  db: DB, workspaceId: string, r: { scope: string; key: string; holder: string; status: 'exported' | 'failed'; result: z.infer<typeof ClaimResult> }, now = Date.now(),
): Claim | undefined {
  return db.transaction(() => {
    const row = read(db, workspaceId, r.scope, r.key);
    if (!row || row.holder !== r.holder) return undefined;
    if (row.status !== 'held') return toClaim(row);
    prepared(db, 'UPDATE claims SET status = ?, result = ?, updated_at = ? WHERE workspace_id = ? AND scope = ? AND key = ?')
      .run(r.status, JSON.stringify(r.result), now, workspaceId, r.scope, r.key);
    return toClaim(read(db, workspaceId, r.scope, r.key)!);
  })();
}
