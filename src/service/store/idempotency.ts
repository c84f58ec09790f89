import { dialectOf, prepared, type DB, type SqlTransaction } from './sql.js';

/** A response as the idempotency store keeps it. */
export interface StoredResponse {
  status: number;
  contentType: string;
  body: string;
  /** How long the answer may be replayed when it hands out something that expires. */
  replay?: ReplayLimit;
}

/**
 * Bounds on replaying an answer (issue 18): an upload ticket holds a presigned address that
 * expires and that names the service's base address. Replaying it past either would hand out an
 * address that no longer works, and every retry with the key would get it again.
 */
export interface ReplayLimit {
  /** Epoch ms after which the request runs again instead of replaying. */
  validUntil?: number;
  /** The answer names this base address: a service now reached at another one runs the request again. */
  baseUrl?: string;
}

interface Row {
  fingerprint: string;
  state: string;
  status: number;
  content_type: string;
  body: string;
  created_at: number;
  valid_until: number | null;
  base_url: string | null;
}

/** What a request with a key may do: run, replay the stored answer, or neither (another body, or still running). */
export type Claim = { kind: 'execute' } | { kind: 'replay'; response: StoredResponse } | { kind: 'reused' } | { kind: 'in_flight' };

export interface Scope {
  keyId: string;
  method: string;
  path: string;
  idempotencyKey: string;
}

/**
 * Idempotency records (spec 4.1): within the window a repeat with the same key and body
 * replays; another body is `reused` (a 422); a repeat while the first is in flight is `in_flight` (a 409).
 */
export class IdempotencyStore {
  constructor(
    private readonly db: DB,
    private readonly windowMs: number,
    private readonly now: () => number,
    /** The service's base address now (a replay bound to another one is stale). */
    private readonly baseUrl: () => string = () => '',
    /** An in-flight record older than this was left by a crash: run the request again. */
    private readonly abandonAfterMs = 120_000,
  ) {
    this.claimInTransaction = db.transaction((scope: Scope, print: string) => this.decide(scope, print));
  }

  /** The claim's read and write in one transaction: its wrapper made once, its statements prepared once (sqlite.ts). */
  private readonly claimInTransaction: SqlTransaction<(scope: Scope, print: string) => Claim>;

  claim(scope: Scope, print: string): Claim {
    return this.claimInTransaction(scope, print);
  }

  private decide(scope: Scope, print: string): Claim {
    // Team service: the same key sent to two processes at once is decided by one, then the other
    // (SQLite has one writer at a time).
    if (dialectOf(this.db) === 'postgres') {
      prepared(this.db, 'SELECT pg_advisory_xact_lock(hashtext(?))').get(`idempotency:${scope.keyId}:${scope.method}:${scope.path}:${scope.idempotencyKey}`);
    }
    const row = prepared(
      this.db,
      `SELECT fingerprint, state, status, content_type, body, created_at, valid_until, base_url FROM idempotency_records
       WHERE key_id = ? AND method = ? AND path = ? AND idempotency_key = ?`,
    ).get(scope.keyId, scope.method, scope.path, scope.idempotencyKey) as Row | undefined;
    const now = this.now();
    const live = row && now - row.created_at < this.windowMs && !this.abandoned(row, now) && !this.outlived(row, now);
    if (row && live) {
      if (row.fingerprint !== print) return { kind: 'reused' };
      if (row.state === 'in_flight') return { kind: 'in_flight' };
      return { kind: 'replay', response: { status: row.status, contentType: row.content_type, body: row.body } };
    }
    prepared(
      this.db,
      `INSERT INTO idempotency_records (key_id, method, path, idempotency_key, fingerprint, state, created_at)
       VALUES (?, ?, ?, ?, ?, 'in_flight', ?)
       ON CONFLICT (key_id, method, path, idempotency_key) DO UPDATE SET fingerprint = excluded.fingerprint, state = excluded.state,
         status = NULL, content_type = NULL, body = NULL, created_at = excluded.created_at, valid_until = NULL, base_url = NULL`,
    ).run(scope.keyId, scope.method, scope.path, scope.idempotencyKey, print, now);
    return { kind: 'execute' };
  }

  complete(scope: Scope, response: StoredResponse): void {
    prepared(
      this.db,
      `UPDATE idempotency_records SET state = 'done', status = ?, content_type = ?, body = ?, valid_until = ?, base_url = ?
       WHERE key_id = ? AND method = ? AND path = ? AND idempotency_key = ?`,
    ).run(
      response.status, response.contentType, response.body, response.replay?.validUntil ?? null, response.replay?.baseUrl ?? null,
      scope.keyId, scope.method, scope.path, scope.idempotencyKey,
    );
  }

  /** An in-flight record left by a crash: the request runs again. */
  private abandoned(row: Row, now: number): boolean {
    return row.state === 'in_flight' && now - row.created_at > this.abandonAfterMs;
  }

  /** A done answer whose address expired or names another base address: the request runs again. */
  private outlived(row: Row, now: number): boolean {
    if (row.state !== 'done') return false;
    if (row.valid_until !== null && now >= row.valid_until) return true;
    return row.base_url !== null && row.base_url !== this.baseUrl();
  }

  /** Forget a claim whose request failed in a way a retry should re-execute (5xx, 429). */
  release(scope: Scope): void {
    prepared(this.db, 'DELETE FROM idempotency_records WHERE key_id = ? AND method = ? AND path = ? AND idempotency_key = ?').run(
      scope.keyId, scope.method, scope.path, scope.idempotencyKey,
    );
  }

  sweep(): number {
    return prepared(this.db, 'DELETE FROM idempotency_records WHERE created_at < ?').run(this.now() - this.windowMs).changes;
  }
}
