// The review tables of state.db (migration 0020_review.sql): each exported file's review state,
// and the outbox of corrections waiting for the service.
import { randomUUID } from 'node:crypto';
import { prepared } from '../../sqlite.js';
import type { Db } from './db.js';
import type { Correction, FileReview, ReviewState } from '../review/types.js';

/** A value sent with a save: a correction (`from` what it replaced), or one the person confirmed as it is. */
export interface CorrectionField { title: string; value: unknown; from: unknown; confirmed?: true }

/** Who hears of the saves made through a connection (ReviewStore.onSaved). */
const savedListeners = new WeakMap<Db, Set<() => void>>();

export interface OutboxRow {
  id: number;
  file_row: number;
  file_id: string;
  schema_value_id: string;
  fields: string;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: number;
  idempotency_key: string;
  error: string | null;
  created_at: number;
  sent_at: number | null;
  rewritten_at: number | null;
}

export interface QueueEntry {
  id: number;
  folder: string;
  relPath: string;
  state: ReviewState;
  reasons: FileReview['reasons'];
  valuesAt: number;
  /** Corrections not yet accepted by the service. */
  pending: number;
}

export class ReviewStore {
  constructor(private readonly db: Db) {}

  /**
   * Calls `listener` after each save made through this connection (the daemon's outbox: another
   * connection's save shows in the daemon's PRAGMA data_version instead).
   */
  onSaved(listener: () => void): void {
    let set = savedListeners.get(this.db);
    if (!set) savedListeners.set(this.db, (set = new Set()));
    set.add(listener);
  }

  /** Compiled once per connection: the daemon asks for due corrections every second, and compiling cost it most of that tick. */
  private sql(text: string) {
    return prepared(this.db, text);
  }

  /** Stores the assessed state of a file (one row per file, replaced on each export). */
  record(fileRow: number, review: FileReview, valuesAt: number): void {
    this.sql(
      `INSERT INTO reviews (file_row, state, reasons, values_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (file_row) DO UPDATE SET state = excluded.state, reasons = excluded.reasons, values_at = excluded.values_at, updated_at = excluded.updated_at`,
    )
      .run(fileRow, review.state, JSON.stringify(review.reasons), valuesAt, Date.now());
  }

  /** When a person confirmed these very file ids (null: not confirmed, or an older version was). */
  confirmedAt(fileRow: number, fileIds: string[]): number | null {
    const row = this.sql('SELECT confirmed_at, confirmed_ids FROM reviews WHERE file_row = ?').get(fileRow) as
      | { confirmed_at: number | null; confirmed_ids: string | null }
      | undefined;
    if (!row?.confirmed_at || row.confirmed_ids !== JSON.stringify(fileIds)) return null;
    return row.confirmed_at;
  }

  state(fileRow: number): ReviewState | null {
    return (this.sql('SELECT state FROM reviews WHERE file_row = ?').pluck().get(fileRow) as ReviewState | undefined) ?? null;
  }

  /**
   * A person's save, in one transaction: each changed entry's corrections into the outbox, and the
   * file confirmed. Nothing is sent yet: the daemon's outbox sends it (also after a restart).
   */
  save(fileRow: number, fileIds: string[], entries: Array<{ fileId: string; schemaValueId: string; fields: CorrectionField[] }>, now = Date.now()): number[] {
    const saved = this.db.transaction(() => {
      const changed = entries.filter((e) => e.fields.length > 0);
      // A file with nothing to send is a row too: the daemon rewrites its outputs as checked.
      const rows = changed.length ? changed : [{ fileId: fileIds[0] ?? '', schemaValueId: '', fields: [] }];
      const ids = rows
        .map((e) =>
          Number(
            this.sql(`INSERT INTO corrections (file_row, file_id, schema_value_id, fields, idempotency_key, created_at) VALUES (?, ?, ?, ?, ?, ?)`)
              .run(fileRow, e.fileId, e.schemaValueId, JSON.stringify(e.fields), randomUUID(), now).lastInsertRowid,
          ),
        );
      this.sql(
        `INSERT INTO reviews (file_row, state, reasons, confirmed_at, confirmed_ids, values_at, updated_at) VALUES (?, 'checked', '[]', ?, ?, ?, ?)
         ON CONFLICT (file_row) DO UPDATE SET state = 'checked', confirmed_at = excluded.confirmed_at, confirmed_ids = excluded.confirmed_ids, updated_at = excluded.updated_at`,
      )
        .run(fileRow, now, JSON.stringify(fileIds), now, now);
      return ids;
    })();
    for (const listener of savedListeners.get(this.db) ?? []) listener();
    return saved;
  }

  /** Corrections of a file that stand (pending or accepted; refused ones do not), oldest first, one per field. */
  corrections(fileRow: number): Correction[] {
    const rows = this.sql(`SELECT * FROM corrections WHERE file_row = ? AND status != 'failed' ORDER BY id`)
      .all(fileRow) as OutboxRow[];
    return rows.flatMap((r) =>
      (JSON.parse(r.fields) as CorrectionField[]).filter((f) => !f.confirmed).map((f) => ({
        fileId: r.file_id, schemaValueId: r.schema_value_id, title: f.title, value: f.value, from: f.from, at: r.created_at, sent: r.status === 'sent',
      })),
    );
  }

  outbox(fileRow: number): OutboxRow[] {
    return this.sql('SELECT * FROM corrections WHERE file_row = ? ORDER BY id').all(fileRow) as OutboxRow[];
  }

  due(now: number, limit = 16): OutboxRow[] {
    return this.sql(`SELECT * FROM corrections WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY id LIMIT ?`)
      .all(now, limit) as OutboxRow[];
  }

  /** When the earliest correction waiting to be sent is due (null: none waits). */
  nextAttemptAt(): number | null {
    return this.sql(`SELECT MIN(next_attempt_at) FROM corrections WHERE status = 'pending'`).pluck().get() as number | null;
  }

  pendingCount(): number {
    return this.sql(`SELECT COUNT(*) FROM corrections WHERE status = 'pending'`).pluck().get() as number;
  }

  sent(id: number, now = Date.now()): void {
    this.sql(`UPDATE corrections SET status = 'sent', sent_at = ?, error = NULL WHERE id = ?`).run(now, id);
  }

  later(id: number, attempts: number, at: number, error: string): void {
    this.sql('UPDATE corrections SET attempts = ?, next_attempt_at = ?, error = ? WHERE id = ?').run(attempts, at, error, id);
  }

  /** Files whose settled corrections are not in their outputs yet (none of theirs still pending). */
  unwritten(limit = 16): number[] {
    return this.sql(
      `SELECT DISTINCT c.file_row FROM corrections c WHERE c.status != 'pending' AND c.rewritten_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM corrections p WHERE p.file_row = c.file_row AND p.status = 'pending') LIMIT ?`,
    )
      .pluck()
      .all(limit) as number[];
  }

  rewritten(fileRow: number, upTo: number, now = Date.now()): void {
    this.sql(`UPDATE corrections SET rewritten_at = ? WHERE file_row = ? AND id <= ? AND status != 'pending' AND rewritten_at IS NULL`).run(now, fileRow, upTo);
  }

  lastId(fileRow: number): number {
    return (this.sql('SELECT MAX(id) FROM corrections WHERE file_row = ?').pluck().get(fileRow) as number | null) ?? 0;
  }

  refused(id: number, error: string): void {
    this.sql(`UPDATE corrections SET status = 'failed', error = ? WHERE id = ?`).run(error, id);
  }

  /** Files to review, oldest values first; `all` adds the checked and sure ones. */
  queue(opts: { folder?: string; all?: boolean; limit?: number } = {}): QueueEntry[] {
    const where = [opts.all ? '1' : `r.state = 'needs review'`, `f.status = 'exported'`];
    const args: unknown[] = [];
    if (opts.folder) (where.push('f.folder = ?'), args.push(opts.folder));
    const rows = this.sql(
      `SELECT f.id, f.folder, f.rel_path, r.state, r.reasons, r.values_at,
              (SELECT COUNT(*) FROM corrections c WHERE c.file_row = f.id AND c.status = 'pending') AS pending
       FROM reviews r JOIN files f ON f.id = r.file_row WHERE ${where.join(' AND ')} ORDER BY r.values_at, f.id LIMIT ?`,
    )
      .all(...args, opts.limit ?? 500) as Array<{ id: number; folder: string; rel_path: string; state: ReviewState; reasons: string; values_at: number; pending: number }>;
    return rows.map((r) => ({ id: r.id, folder: r.folder, relPath: r.rel_path, state: r.state, reasons: JSON.parse(r.reasons), valuesAt: r.values_at, pending: r.pending }));
  }

  /** Files to review per folder (exported files only). */
  countsByFolder(): Map<string, number> {
    const rows = this.sql(`SELECT f.folder, COUNT(*) AS n FROM reviews r JOIN files f ON f.id = r.file_row WHERE r.state = 'needs review' AND f.status = 'exported' GROUP BY f.folder`)
      .all() as Array<{ folder: string; n: number }>;
    return new Map(rows.map((r) => [r.folder, r.n]));
  }
}
