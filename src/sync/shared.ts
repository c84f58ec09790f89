import fs from 'node:fs';
import type { Claim } from '../contract/claims.js';
import { backoffMs } from '../client/retryPolicy.js';
import type { Claims, ClaimVerdict } from './claims.js';
import type { FolderConfig } from './config.js';
import { hashFile } from './hash.js';
import { outcomeDirFor, whereIn, whereNow } from './location.js';
import type { Logger } from './logger.js';
import type { Outputs } from './outputs.js';
import { remoteDir } from './paths.js';
import type { Remote } from './remote.js';
import type { FileStore, WatchedFileRow } from './state/files.js';

export interface SharedWorkOptions {
  store: FileStore;
  remote: Remote;
  outputs: Outputs;
  log: Logger;
  claims?: Claims;
  maxBackoffMs: number;
  /** The pump's handling of a failed step (retry later, or fail the file). */
  failStep(row: WatchedFileRow, err: unknown, status: 'uploading' | 'processing'): void;
}

/**
 * The upload pump's side of several desktops on one shared folder (docs/shared-folder.md): before
 * a file is uploaded and before its outputs are written, the file's claim says whether this
 * desktop does the work; if not, the row waits for the desktop that does, then takes its result.
 */
export class SharedWork {
  /** Rows whose wait for another desktop is recorded (one event each, not one per look). */
  private readonly waiting = new Set<number>();

  constructor(private readonly o: SharedWorkOptions) {}

  /**
   * Shared folders: whether this desktop does the row's work now. Otherwise the row waits for the
   * desktop that holds it, or takes that desktop's finished result (adopt).
   */
  async mayWork(row: WatchedFileRow, folder: FolderConfig): Promise<false | { uploadId?: string }> {
    const claims = this.o.claims;
    if (!claims?.active || !row.sha256) return {};
    let verdict: ClaimVerdict;
    try {
      verdict = await claims.take(folder, { sha256: row.sha256, rel_path: row.rel_path });
    } catch (err) {
      if (row.status === 'settled') {
        this.o.log.warn({ err, file: row.rel_path }, 'claim not taken: the service did not answer, will ask again');
        this.o.store.schedule(row.id, Date.now() + backoffMs(row.attempts + 1, { baseMs: 500, maxMs: this.o.maxBackoffMs, jitter: 'upper-half' }));
      } else this.o.failStep(row, err, row.status === 'uploading' ? 'uploading' : 'processing');
      return false;
    }
    if (verdict.kind === 'mine' || verdict.kind === 'alone') {
      this.waiting.delete(row.id);
      return verdict.kind === 'mine' && verdict.uploadId !== row.upload_id ? { uploadId: verdict.uploadId } : {};
    }
    if (verdict.kind === 'busy') {
      if (row.status === 'settled' && this.waiting.has(row.id)) this.o.store.schedule(row.id, verdict.retryAt);
      else {
        const why = row.status === 'settled' ? 'another desktop works on it' : 'taken over by another desktop (this one\'s claim ran out)';
        this.o.store.transition(row.id, 'settled', { next_attempt_at: verdict.retryAt }, `${why} (${verdict.holder})`);
        this.waiting.add(row.id);
      }
      return false;
    }
    this.waiting.delete(row.id);
    // This desktop's own claim under the file's former place (a folder renamed before its outputs
    // were written, a kill -9 between): the file's own work, which its upload's takeover finishes
    // for the new place (the service is asked whether the bytes arrived); no copy to skip.
    const claim = verdict.claim;
    if (claim.holder === claims.holder && claim.path !== null && claim.path !== row.rel_path && this.o.store.byPath(row.folder, claim.path)?.moved_to === row.id) return {};
    await this.adopt(row, folder, claim);
    return false;
  }

  /** Another desktop finished the file: recorded here as its result, listed in this desktop's ledger rows, no sidecars written. */
  private async adopt(row: WatchedFileRow, folder: FolderConfig, claim: Claim): Promise<void> {
    // This desktop's own claim, finished before a restart came between it and the row's last step.
    const by = claim.holder === this.o.claims?.holder ? 'this desktop before a restart' : `another desktop (${claim.holder})`;
    const remote_path = row.remote_path ?? remoteDir(folder, row.rel_path);
    if (claim.path !== null && claim.path !== row.rel_path) {
      const original = this.o.store.byPath(row.folder, claim.path);
      this.o.store.transition(row.id, 'skipped', { remote_path, duplicate_of: original?.id ?? null }, `same content as ${claim.path}, which ${by} processed`);
      // Seen here in the other order, the copy the other desktop processed was skipped as this one's duplicate: it is the one done.
      if (original?.status === 'skipped' && original.sha256 === row.sha256) await this.adopt(original, folder, claim);
      return;
    }
    const outcome_dir = await this.peerOutcomeDir(row, folder, claim);
    if (outcome_dir === undefined) return;
    if (claim.status === 'failed') {
      const reason = `failed on ${by}: ${claim.result?.reason ?? 'no reason given'}`;
      const done = this.o.store.transition(row.id, 'failed', { remote_path, outcome_dir, error_code: 'FAILED_ON_PEER', error_detail: null }, reason);
      try {
        this.o.outputs.failed(whereNow(done), done, reason);
      } catch (err) {
        this.o.log.warn({ err, file: row.rel_path }, 'ledger entry of a failed file not written');
      }
      return;
    }
    const fileIds = claim.result?.fileIds ?? [];
    const documents = [];
    try {
      for (const id of fileIds) documents.push(...(await this.o.remote.values(id)));
    } catch (err) {
      this.o.log.warn({ err, file: row.rel_path }, 'values of a file another desktop exported not read, will retry');
      this.o.store.schedule(row.id, Date.now() + (this.o.claims?.peerPollMs ?? 1000));
      return;
    }
    const current = this.o.store.get(row.id);
    if (current?.status !== row.status) return; // changed meanwhile
    const processedAt = new Date(claim.updatedAt);
    this.o.outputs.exportedByPeer(whereNow({ ...current, outcome_dir }), { ...current, remote_path }, documents, processedAt);
    this.o.store.transition(row.id, 'exported', {
      remote_path, outcome_dir, upload_id: claim.result?.uploadId ?? current.upload_id, file_ids: JSON.stringify(fileIds), exported_at: processedAt.getTime(),
      error_code: null, error_detail: null,
    }, `exported by ${by}`);
  }

  /**
   * Where the file of a result another desktop finished is: that desktop moves it into Processed/
   * or Failed/ when the folder says so (a move this desktop's watcher may never report). Undefined:
   * not moved yet, looked at again soon; after a lease's time it is taken where it is (that
   * desktop stopped before moving it).
   */
  private async peerOutcomeDir(row: WatchedFileRow, folder: FolderConfig, claim: Claim): Promise<string | null | undefined> {
    const target = claim.status === 'held' ? null : outcomeDirFor(folder, claim.status);
    if (!target || row.outcome_dir === target) return row.outcome_dir;
    if ((await hashFile(whereIn(row, target)).catch(() => null))?.sha256 === row.sha256) return target;
    const claims = this.o.claims!;
    if (Date.now() - Date.parse(claim.updatedAt) > claims.leaseMs || !fs.existsSync(whereNow(row))) return row.outcome_dir;
    this.o.store.schedule(row.id, Date.now() + claims.peerPollMs);
    return undefined;
  }
}
