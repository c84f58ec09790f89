// The callback_outbox table (decisions 6 and 14): callbacks waiting to be sent, written in the
// same transaction as the event that causes them; callbacks.ts delivers them.
import { dialectOf, prepared, type DB } from './sql.js';

export interface OutboxRow {
  id: string;
  key_id: string;
  url: string;
  body: string;
  attempts: number;
}

export interface NewCallback {
  id: string;
  workspaceId: string;
  keyId: string;
  url: string;
  body: string;
  /** Epoch ms: due at once. */
  now: number;
}

export function insertCallback(db: DB, c: NewCallback): void {
  prepared(
    db,
    `INSERT INTO callback_outbox (id, workspace_id, key_id, url, body, status, attempts, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?)`,
  ).run(c.id, c.workspaceId, c.keyId, c.url, c.body, c.now, new Date(c.now).toISOString());
}

/**
 * Pending callbacks due at `now` (epoch ms), soonest first. On PostgreSQL, where several service
 * processes deliver from one outbox, they are also taken: due again only at `takenUntil` (past
 * the delivery's timeout), so another process does not send them meanwhile, and a process that
 * dies mid-delivery leaves them to the others then (at-least-once, as before).
 */
export function dueCallbacks(db: DB, now: number, limit: number, takenUntil: number): OutboxRow[] {
  if (dialectOf(db) === 'postgres') {
    return prepared(
      db,
      `UPDATE callback_outbox SET next_attempt_at = ?
       WHERE id IN (SELECT id FROM callback_outbox WHERE status = 'pending' AND next_attempt_at <= ?
                    ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
       RETURNING id, key_id, url, body, attempts`,
    ).all(takenUntil, now, limit) as OutboxRow[];
  }
  return prepared(
    db,
    `SELECT id, key_id, url, body, attempts FROM callback_outbox
     WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT +?`, // +?: see QUEUED_JOBS_SQL
  ).all(now, limit) as OutboxRow[];
}

/** The secret that signs a key's callbacks; undefined once the key is gone. */
export function signingSecretOf(db: DB, keyId: string): string | undefined {
  return prepared(db, 'SELECT signing_secret FROM api_keys WHERE id = ?').pluck().get(keyId) as string | undefined;
}

/** A delivery given up without an attempt (the service is stopping): due again at `now`. */
export function releaseCallback(db: DB, id: string, now: number): void {
  prepared(db, `UPDATE callback_outbox SET next_attempt_at = ? WHERE id = ? AND status = 'pending'`).run(now, id);
}

export function markDelivered(db: DB, id: string): void {
  prepared(db, `UPDATE callback_outbox SET status = 'delivered', attempts = attempts + 1, last_error = NULL WHERE id = ?`).run(id);
}

/** A failed attempt: tried again at `nextAttemptAt` (epoch ms), or given up for good. */
export function markAttemptFailed(db: DB, id: string, attempts: number, giveUp: boolean, nextAttemptAt: number, error: string | null): void {
  prepared(db, `UPDATE callback_outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?`).run(
    giveUp ? 'failed' : 'pending', attempts, nextAttemptAt, error, id,
  );
}
