// Sends the corrections a person saved (the `corrections` outbox of state.db) to the service with
// PATCH /files/{fileId}/values, then rewrites the file's sidecars and ledger row. A row is sent
// until the service takes it: a restart half-way sends it again under the same Idempotency-Key,
// an offline service is tried again with backoff, a refusal (4xx) is recorded and dropped.
import fs from 'node:fs';
import { backoffMs } from '../../client/retryPolicy.js';
import type { FormValuesEntry } from '../export/types.js';
import type { Logger } from '../logger.js';
import type { Outputs } from '../outputs.js';
import { sidecarsOf, whereNow } from '../location.js';
import { RemoteError, type Remote } from '../remote.js';
import { parseFileIds, type WatchedFileRow, type FileStore } from '../state/files.js';
import type { ReviewStore, CorrectionField, OutboxRow } from '../state/reviews.js';

export interface OutboxOptions {
  store: ReviewStore;
  files: FileStore;
  remote: Remote;
  outputs: Outputs;
  log: Logger;
  maxBackoffMs: number;
  /** After a file's outputs were rewritten (tests, events). */
  onRewritten?(fileRow: number): void;
}

export class ReviewOutbox {
  private running = false;
  private closed = false;
  /**
   * Before this time a pass finds nothing: the earliest retry of a correction waiting for the
   * service, Infinity when none waits (issue 20: a daemon at rest ran the outbox's two queries
   * every second). wake() makes the next tick look (state.db changed: a save by the UI or the CLI).
   */
  private nextAt = 0;

  constructor(private readonly o: OutboxOptions) {
    o.store.onSaved(() => this.wake());
  }

  /** State.db was written by another connection (the control API's, the CLI's): new corrections may wait. */
  wake(): void {
    this.nextAt = 0;
  }

  /** Sends what is due, then rewrites the outputs of files whose corrections all arrived; one pass at a time. */
  async tick(): Promise<void> {
    if (this.running || this.closed || Date.now() < this.nextAt) return;
    this.running = true;
    // A wake() during the pass is kept: the pass may have read before the save.
    this.nextAt = Infinity;
    let again = false;
    try {
      for (const row of this.o.store.due(Date.now())) {
        if (this.closed) return;
        if (await this.send(row)) this.o.store.sent(row.id);
      }
      // Rewrites are recorded apart from sends: a stop between the two still rewrites after the restart.
      for (const fileRow of this.o.store.unwritten()) {
        if (this.closed) return;
        const upTo = this.o.store.lastId(fileRow);
        try {
          await this.rewrite(fileRow);
        } catch (err) {
          this.o.log.warn({ err, fileRow }, 'outputs not rewritten after a correction; tried again');
          again = true;
          continue;
        }
        if (!this.closed) this.o.store.rewritten(fileRow, upTo);
      }
      // More than one pass's worth, a rewrite to try again: the next tick; else the next retry's time.
      if (this.nextAt !== 0) {
        this.nextAt = again || this.o.store.unwritten(1).length > 0 ? 0 : this.o.store.nextAttemptAt() ?? Infinity;
      }
    } catch (err) {
      this.nextAt = 0;
      throw err;
    } finally {
      this.running = false;
    }
  }

  /** No new step starts (the daemon is stopping); what was not recorded is done after the next start. */
  close(): void {
    this.closed = true;
  }

  /** True once the service took it; a refusal or a wait is recorded here. */
  private async send(row: OutboxRow): Promise<boolean> {
    const fields = JSON.parse(row.fields) as CorrectionField[];
    try {
      if (fields.length > 0) {
        await this.o.remote.updateValues(row.file_id, row.schema_value_id, fields.map((f) => ({ title: f.title, value: f.value })), row.idempotency_key);
      }
      return !this.closed;
    } catch (err) {
      if (this.closed) return false;
      const e = err instanceof RemoteError ? err : new RemoteError({ code: 'INTERNAL', message: String((err as Error)?.message ?? err), transient: true });
      if (!e.transient) {
        this.o.log.warn({ file: row.file_id, code: e.code }, `correction refused by the service: ${e.message}`);
        this.o.store.refused(row.id, `${e.code}: ${e.message}`);
        return false;
      }
      const wait = Math.max(backoffMs(row.attempts + 1, { baseMs: 500, maxMs: this.o.maxBackoffMs, jitter: 'upper-half' }), (e.retryAfter ?? 0) * 1000);
      this.o.store.later(row.id, row.attempts + 1, Date.now() + wait, `${e.code}: ${e.message}`);
      return false;
    }
  }

  /** The file's outputs again, from the service's values (its answer holds the correction), else from the JSON sidecar. */
  async rewrite(fileRow: number): Promise<void> {
    const file = this.o.files.get(fileRow);
    if (!file || file.status !== 'exported') return;
    const abs = whereNow(file);
    if (!fs.existsSync(abs)) return;
    const fileIds = parseFileIds(file.file_ids);
    let documents: FormValuesEntry[];
    try {
      documents = [];
      for (const id of fileIds) documents.push(...(await this.o.remote.values(id)));
    } catch {
      documents = sidecarDocuments(file);
    }
    await this.o.outputs.exported(abs, file, documents, fileIds, new Date(file.exported_at ?? Date.now()));
    this.o.onRewritten?.(fileRow);
  }
}

function sidecarDocuments(file: WatchedFileRow): FormValuesEntry[] {
  try {
    return (JSON.parse(fs.readFileSync(sidecarsOf(file).json, 'utf8')) as { documents?: FormValuesEntry[] }).documents ?? [];
  } catch {
    return [];
  }
}
