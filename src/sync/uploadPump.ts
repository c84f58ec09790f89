import fs from 'node:fs';
import path from 'node:path';
import PQueue from 'p-queue';
import { backoffMs } from '../client/retryPolicy.js';
import type { FolderConfig } from './config.js';
import type { Logger } from './logger.js';
import type { Outputs } from './outputs.js';
import { whereNow } from './location.js';
import type { Claims } from './claims.js';
import { SharedWork } from './shared.js';
import { idempotencyKey, remoteDir, remoteFileName } from './paths.js';
import { RemoteError, type Remote, type TicketRequest, type UploadProgress } from './remote.js';
import { hashFile, releaseChunks, takeForUpload } from './hash.js';
import { pageProgressOf, pagesDueAt } from './progress.js';
import { mediaTypeOf } from './media.js';
import { parseFileIds, TransitionError, type WatchedFileRow, type FileStore } from './state/files.js';

export interface UploadPumpOptions {
  store: FileStore;
  remote: Remote;
  outputs: Outputs;
  log: Logger;
  folder(folderPath: string): FolderConfig | undefined;
  /** Folders not to work on now; '*' pauses everything. */
  paused(): ReadonlySet<string>;
  concurrency: number;
  maxBackoffMs: number;
  /** After a file is exported or failed (moves, re-checks). */
  settledOutcome?(row: WatchedFileRow): void;
  /** True when `err` is a full disk (at `where`, else state.db): the daemon then waits for space. */
  diskFull?(err: unknown, where?: string): boolean;
  /** Work waits (a full disk): nothing is started until wake() after space is back. */
  held?(): boolean;
  /** Desktops sharing a folder (docs/shared-folder.md): who uploads a file and writes its outputs. */
  claims?: Claims;
}

const POLL_BASE_MS = 50;
/** Polling when the service announces results itself (Remote.onSettled): only a safety net. */
const ANNOUNCED_POLL_MS = 1000;
/** Announcements kept for uploads whose row has not reached `processing` yet. */
const EARLY_ANNOUNCEMENTS = 256;
const POLL_MAX_MS = 3000;
const POLL_CONCURRENCY = 8;
/**
 * Least time between two pumps. Every ended task wakes the pump, which reads the database a few
 * times: in a burst that was most of the daemon's bookkeeping. The queues hold up to twice their
 * concurrency, so work waiting this long for the next pump leaves no worker idle.
 */
const PUMP_INTERVAL_MS = 5;
/** Settled files due (those already queued included) from which on a burst of uploads is assumed. */
const UPLOAD_BACKLOG = 16;
/**
 * Settled files due from which on hashing waits (hashRoom). Hashing a burst ran far ahead of the
 * uploads (2,000 files hashed in 3 s while they took 8 s to upload) and took the event loop from
 * them: uploads ran at 100-190 files/s until hashing was done, 240-310 after. Kept above
 * UPLOAD_BACKLOG so a burst still holds result polls back.
 */
const HASH_AHEAD = 32;

/**
 * Moves settled rows through upload and result fetching. The queue is fed from
 * the database a little at a time (never more than twice the concurrency waits
 * in memory), so 10,000 new files cost 10,000 rows, not 10,000 open handles.
 */
export class UploadPump {
  private readonly uploads: PQueue;
  private readonly polls = new PQueue({ concurrency: POLL_CONCURRENCY });
  private readonly busy = new Set<number>();
  private readonly pollCount = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private pumping = false;
  private again = false;
  private lastPump = 0;
  private closed = false;
  private readonly unsubscribe: (() => void) | undefined;
  /** Uploads announced before their row reached `processing` (a result faster than our own bookkeeping). */
  private readonly early = new Set<string>();
  /** Rows announced while a poll of theirs was in flight: that poll may have read 'waiting' just before. */
  private readonly recheck = new Set<number>();
  /** The first page count seen of each file processing (pagesToRecord): the pace is measured from it. */
  private readonly firstPages = new Map<number, { at: number; done: number; total: number }>();
  /** Hashing that waits for the uploads to catch up (hashRoom). */
  private hashWaiters: Array<() => void> = [];
  /** Desktops sharing a folder: who does a file's work (shared.ts). */
  private readonly shared: SharedWork;

  constructor(private readonly o: UploadPumpOptions) {
    this.uploads = new PQueue({ concurrency: o.concurrency });
    this.shared = new SharedWork({ ...o, failStep: (row, err, status) => this.failStep(row, err, status) });
    this.unsubscribe = o.remote.onSettled?.((uploadId) => this.announced(uploadId));
  }

  get idle(): boolean {
    return this.busy.size === 0;
  }

  /** Look for work soon (new settled rows, a resumed folder, a retry request, a task ended). */
  wake(): void {
    if (this.closed) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    const go = () => {
      try {
        this.lastPump = Date.now();
        this.pump();
      } finally {
        this.pumping = false;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      }
    };
    const wait = this.lastPump + PUMP_INTERVAL_MS - Date.now();
    if (wait > 0) setTimeout(go, wait);
    else setImmediate(go);
  }

  /**
   * Resolves once the uploads are not far behind the hashing: fewer than HASH_AHEAD settled files
   * due in unpaused folders (or everything paused, when nothing would take them).
   */
  hashRoom(): Promise<void> {
    if (this.hashRoomLeft() > 0) return Promise.resolve();
    return new Promise((resolve) => this.hashWaiters.push(resolve));
  }

  /** How many more files may be hashed now (no limit when closing or when everything is paused). */
  private hashRoomLeft(): number {
    const paused = this.o.paused();
    if (this.closed || paused.has('*')) return Infinity;
    return HASH_AHEAD - this.o.store.countDue('settled', Date.now(), HASH_AHEAD, paused);
  }

  /** Lets waiting hashing go, as many as the backlog has room for. */
  private releaseHashing(): void {
    if (this.hashWaiters.length === 0) return;
    for (const resolve of this.hashWaiters.splice(0, Math.max(0, this.hashRoomLeft()))) resolve();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.releaseHashing();
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    this.uploads.clear();
    this.polls.clear();
    await Promise.all([this.uploads.onIdle(), this.polls.onIdle()]);
  }

  private pump(): void {
    if (this.closed || this.o.held?.()) return;
    const paused = this.o.paused();
    const now = Date.now();
    if (!paused.has('*')) {
      const room = this.o.concurrency * 2 - (this.uploads.size + this.uploads.pending);
      if (room > 0) {
        // Interrupted uploads first: they may already hold a ticket.
        const rows = this.o.store.due('uploading', now, room, this.busy, paused);
        rows.push(...this.o.store.due('settled', now, room - rows.length, this.busy, paused));
        for (const row of rows) this.run(this.uploads, row, () => this.upload(row));
      }
      // While a backlog of uploads waits (a burst of files), results wait: getting every file
      // uploaded comes first, and polling meanwhile took CPU from the uploads on both sides (with
      // one poll always in flight, about a tenth of a core each for the daemon and the service).
      // A steady stream keeps an upload or two queued at times, far below the backlog: starving
      // its polls made each file wait for its result far longer than for its upload.
      const pollLimit = this.uploads.size > 0 && this.o.store.countDue('settled', now, UPLOAD_BACKLOG, paused) >= UPLOAD_BACKLOG ? 0 : POLL_CONCURRENCY * 2;
      const pollRoom = pollLimit - (this.polls.size + this.polls.pending);
      if (pollRoom > 0) {
        for (const row of this.o.store.due('processing', now, pollRoom, this.busy, paused)) this.run(this.polls, row, () => this.poll(row));
      }
    }
    this.releaseHashing();
    this.armTimer(now);
  }

  /** The service says this upload's processing ended: fetch the result now. */
  private announced(uploadId: string): void {
    if (this.closed) return;
    const id = this.o.store.processingByUpload(uploadId);
    if (id === undefined) {
      this.early.add(uploadId); // possibly not ours at all (another client of the service): kept briefly
      if (this.early.size > EARLY_ANNOUNCEMENTS) this.early.delete(this.early.values().next().value!);
      return;
    }
    if (this.busy.has(id)) this.recheck.add(id);
    this.o.store.schedule(id, Date.now());
    this.wake();
  }

  private run(queue: PQueue, row: WatchedFileRow, task: () => Promise<void>): void {
    this.busy.add(row.id);
    void queue
      .add(async () => {
        try {
          await task();
        } catch (err) {
          // A full state.db (SQLITE_FULL) rolled the step back: the row is as it was, retried once space is back.
          if (!(err instanceof TransitionError) && !this.o.diskFull?.(err)) this.o.log.error({ err, file: row.rel_path }, 'unexpected upload pump error');
        } finally {
          this.busy.delete(row.id);
          this.wake();
        }
      })
      .catch(() => undefined);
  }

  /** Sleeps until the next row becomes due (a retry or a poll), not polling the database idly. */
  private armTimer(now: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // `now` is the pump's: rows due by then were taken or are waiting on a task that wakes the pump when it ends.
    const next = this.o.store.nextDue(['settled', 'uploading', 'processing'], now);
    if (next === null || this.o.paused().has('*')) return;
    this.timer = setTimeout(() => this.wake(), Math.min(Math.max(5, next - Date.now()), 60_000));
  }

  private async upload(row: WatchedFileRow): Promise<void> {
    const folder = this.o.folder(row.folder);
    if (!folder) return;
    const work = await this.shared.mayWork(row, folder);
    if (!work) return;
    const abs = whereNow(row);
    const name = remoteFileName(path.posix.basename(row.rel_path));
    // An upload already made for this version (interrupted here, or by a desktop that stopped) is asked about first.
    const resuming = row.status === 'uploading' || work.uploadId !== undefined;
    if (row.status === 'settled') {
      const dir = remoteDir(folder, row.rel_path);
      // Taking over from a desktop that stopped: its upload first (the bytes may have arrived).
      const resumed = work.uploadId ? { upload_id: work.uploadId } : {};
      row = await this.o.store.transitionSoon(row.id, 'uploading', {
        remote_path: dir, idempotency_key: idempotencyKey(row.sha256!, dir, name, row.ticket_gen), attempts: row.attempts + 1, ...resumed,
      }, work.uploadId ? 'uploading (taking over the upload of a desktop that stopped)' : 'uploading');
    }
    if (resuming && row.upload_id) {
      let received;
      try {
        received = await this.alreadyReceived(row);
      } catch (err) {
        return this.failStep(row, err, 'uploading'); // unknown whether they arrived: ask again later, send nothing yet
      }
      if (received) return; // resumed after a crash or moved: the bytes had arrived, nothing to send again
    }
    const ticket: TicketRequest = {
      fileName: name, fileType: mediaTypeOf(name), destinationPath: row.remote_path || undefined,
      directoryId: folder.directoryId, ocrModel: folder.ocrModel, schemaId: folder.schemaId,
      isEphemeral: folder.isEphemeral, isSplit: folder.isSplit,
    };
    const base = row;
    // The bytes as they were hashed, when still kept: sent while the file is unchanged (hash.ts).
    const kept = takeForUpload(abs, row.sha256);
    try {
      const { uploadId, sha256 } = await this.o.remote.upload(abs, ticket, (n) => this.ticketKey(base, name, n), async (uploadId) => {
        await this.o.store.transitionSoon(base.id, 'uploading', { upload_id: uploadId, ticket_at: Date.now() }, 'ticket received');
        await this.o.claims?.noteUpload(folder, { sha256: base.sha256!, rel_path: base.rel_path }, uploadId);
      }, kept);
      // Sent and answered: the buffers are free (after a failure they are left to the garbage collector).
      if (kept) releaseChunks(kept.chunks);
      this.pollCount.delete(row.id);
      const firstPollMs = this.early.delete(uploadId) ? 0 : this.o.remote.onSettled ? ANNOUNCED_POLL_MS : POLL_BASE_MS;
      // Written to after it was hashed: the bytes that went out are this version, so the change's
      // own settling finds them unchanged instead of sending the same content a second time.
      const changed = sha256 !== '' && sha256 !== row.sha256;
      this.firstPages.delete(row.id);
      await this.o.store.transitionSoon(row.id, 'processing', {
        upload_id: uploadId, next_attempt_at: Date.now() + firstPollMs, error_code: null, error_detail: null, ...(changed ? { sha256 } : {}),
        // A file sent again (changed, retried) starts its pages over.
        ...(row.pages_total != null ? { pages_done: null, pages_total: null, pages_due_at: null } : {}),
      }, changed ? 'uploaded (changed after it was hashed: the bytes sent are this version)' : 'uploaded');
      // Announced while that commit was pending: the row was not `processing` yet.
      if (this.early.delete(uploadId)) {
        this.o.store.schedule(row.id, Date.now());
        this.wake();
      }
    } catch (err) {
      this.failStep(row, err, 'uploading');
    }
  }

  /** Idempotency-Key of the n-th ticket request: a new generation only after an expired address. */
  private ticketKey(row: WatchedFileRow, name: string, n: number): string {
    if (n === 0) return row.idempotency_key!;
    const gen = row.ticket_gen + n;
    const key = idempotencyKey(row.sha256!, row.remote_path ?? '', name, gen);
    this.o.store.transition(row.id, 'uploading', { ticket_gen: gen, idempotency_key: key, upload_id: null }, 'upload address expired: new ticket');
    return key;
  }

  /**
   * Whether the service holds the bytes of the row's upload. Only a definite answer counts: "no"
   * (or an upload the service does not know) sends them again; a transient failure (outage, 5xx,
   * reset) throws, since reading it as "no" would upload the same content twice.
   */
  private async alreadyReceived(row: WatchedFileRow): Promise<boolean> {
    let p: UploadProgress;
    try {
      p = await this.o.remote.progress(row.upload_id!);
      if (!p.received) return false;
    } catch (err) {
      if (toRemoteError(err).transient) throw err;
      return false;
    }
    // The bytes that went out before the restart may be a later write than the one hashed: when
    // they are what the file holds now, they are this version (see upload()); when they are not,
    // they are not this file's, and it is sent again.
    let sha256: string | undefined;
    if (p.sha256 && p.sha256 !== row.sha256) {
      const now = await hashFile(whereNow(row)).catch(() => null);
      if (now?.sha256 !== p.sha256) return false;
      sha256 = p.sha256;
    }
    this.o.store.transition(row.id, 'processing', { next_attempt_at: Date.now(), ...(sha256 ? { sha256 } : {}) }, 'upload had completed before a restart');
    return true;
  }

  private async poll(row: WatchedFileRow): Promise<void> {
    let progress;
    try {
      progress = await this.o.remote.progress(row.upload_id!);
    } catch (err) {
      return this.failStep(row, err, 'processing');
    }
    if (progress.status === 'waiting') {
      if (this.recheck.delete(row.id)) return this.o.store.schedule(row.id, Date.now()); // announced while we asked
      const n = (this.pollCount.get(row.id) ?? 0) + 1;
      this.pollCount.set(row.id, n);
      const base = this.o.remote.onSettled ? ANNOUNCED_POLL_MS : POLL_BASE_MS;
      const next = Date.now() + backoffMs(n, { baseMs: base, maxMs: Math.min(POLL_MAX_MS, this.o.maxBackoffMs), factor: 1.3, jitter: 'upper-half' });
      const pages = this.pagesToRecord(row, progress.pages);
      if (pages) this.o.store.scheduleWithPages(row, next, pages, pageProgressOf({ status: 'processing', pages_done: pages.done, pages_total: pages.total, pages_due_at: pages.dueAt }));
      else this.o.store.schedule(row.id, next);
      return;
    }
    this.recheck.delete(row.id);
    this.pollCount.delete(row.id);
    this.firstPages.delete(row.id);
    if (progress.status === 'failed') {
      const reason = progress.errorReason ?? 'processing failed';
      return this.fail(row, 'PROCESSING_FAILED', reason, { errorReason: reason, fileIds: progress.fileIds });
    }
    try {
      await this.export(row, progress.fileIds);
    } catch (err) {
      this.failStep(row, err, 'processing');
    }
  }

  /**
   * The page count to record with the poll, with when the last page is expected at the pace since
   * the count was first seen (kept in memory: a restart starts the pace again); undefined when the
   * count did not move, so an unchanged poll writes nothing more than before.
   */
  private pagesToRecord(row: WatchedFileRow, pages: UploadProgress['pages']): { done: number; total: number; dueAt: number | null } | undefined {
    if (!pages) return undefined;
    const now = Date.now();
    let first = this.firstPages.get(row.id);
    if (!first || first.total !== pages.total || pages.done < first.done) {
      first = { at: now, done: pages.done, total: pages.total };
      this.firstPages.set(row.id, first);
    }
    if (row.pages_done === pages.done && row.pages_total === pages.total) return undefined;
    return { done: pages.done, total: pages.total, dueAt: pagesDueAt(first, pages.done, pages.total, now) };
  }

  private async export(row: WatchedFileRow, fileIds: string[]): Promise<void> {
    const documents = [];
    for (const id of fileIds) documents.push(...(await this.o.remote.values(id)));
    const now = new Date();
    const current = this.o.store.get(row.id);
    if (current?.status !== 'processing') return; // deleted or changed meanwhile
    const folder = this.o.folder(row.folder);
    // A shared folder: the claim is renewed (or found lost) right before the outputs are written.
    if (folder && !(await this.shared.mayWork(current, folder))) return;
    const abs = whereNow(current);
    if (fs.existsSync(abs)) await this.o.outputs.exported(abs, current, documents, fileIds, now);
    if (folder && this.o.claims?.active && !(await this.o.claims.finish(folder, { sha256: current.sha256!, rel_path: current.rel_path }, 'exported', { uploadId: current.upload_id ?? undefined, fileIds }))) {
      this.o.log.warn({ file: row.rel_path }, 'claim lost while the outputs were written: another desktop took the file over');
    }
    const done = this.o.store.transition(row.id, 'exported', {
      file_ids: JSON.stringify(fileIds), exported_at: now.getTime(), error_code: null, error_detail: null,
    }, `exported ${documents.length} document(s)`);
    this.o.settledOutcome?.(done);
  }

  /** A failed step: retried later when transient, the file failed when permanent. */
  private failStep(row: WatchedFileRow, err: unknown, status: 'uploading' | 'processing'): void {
    if (err instanceof TransitionError) return;
    const where = (err as { path?: unknown }).path;
    if (this.o.diskFull?.(err, typeof where === 'string' ? where : undefined)) {
      // Not the file's fault: no attempt counted; the step runs again once the disk has space.
      this.o.store.transition(row.id, status, { next_attempt_at: Date.now(), error_code: 'DISK_FULL', error_detail: null },
        `disk full: waiting for space${typeof where === 'string' ? ` (${where})` : ''}`);
      return;
    }
    const e = toRemoteError(err);
    if (e.code === 'FILE_GONE') {
      if (!fs.existsSync(whereNow(row))) this.o.store.transition(row.id, 'removed', {}, 'deleted before it was uploaded');
      const folder = this.o.folder(row.folder);
      if (folder && row.sha256) this.o.claims?.drop(folder, { sha256: row.sha256, rel_path: row.rel_path });
      return;
    }
    if (!e.transient) return this.fail(row, e.code, e.message, e.problem);
    const current = this.o.store.get(row.id);
    if (current?.status !== status) return;
    const waitMs = Math.max(backoffMs(current.attempts + 1, { baseMs: 500, maxMs: this.o.maxBackoffMs, jitter: 'upper-half' }), (e.retryAfter ?? 0) * 1000);
    this.o.store.transition(row.id, status, {
      attempts: current.attempts + 1, next_attempt_at: Date.now() + waitMs, error_code: e.code,
      error_detail: e.problem ? JSON.stringify(e.problem) : null,
    }, `retry in ${Math.round(waitMs / 1000)} s: ${e.message}`);
  }

  private fail(row: WatchedFileRow, code: string, reason: string, detail?: Record<string, unknown>): void {
    const done = this.o.store.transition(row.id, 'failed', { error_code: code, error_detail: detail ? JSON.stringify(detail) : null }, reason);
    const folder = this.o.folder(row.folder);
    if (folder && row.sha256 && this.o.claims?.active) {
      void this.o.claims.finish(folder, { sha256: row.sha256, rel_path: row.rel_path }, 'failed', { uploadId: row.upload_id ?? undefined, reason: reason.slice(0, 4000) })
        .catch((err) => this.o.log.warn({ err, file: row.rel_path }, 'failure not reported to the desktops sharing the folder'));
    }
    try {
      this.o.outputs.failed(whereNow(done), done, reason);
    } catch (err) {
      this.o.log.warn({ err, file: row.rel_path }, 'ledger entry of a failed file not written');
    }
    this.o.settledOutcome?.(done);
  }
}

function toRemoteError(err: unknown): RemoteError {
  if (err instanceof RemoteError) return err;
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return new RemoteError({ code: 'FILE_GONE', message: 'the file disappeared', transient: false });
  if (code === 'EACCES' || code === 'EPERM') return new RemoteError({ code: 'FILE_UNREADABLE', message: String((err as Error).message), transient: false });
  if (typeof code === 'string' && /^(SIDECAR|LEDGER)_/.test(code)) {
    return new RemoteError({ code, message: (err as Error).message, transient: true });
  }
  return new RemoteError({ code: 'INTERNAL', message: String((err as Error)?.message ?? err), transient: true });
}

export { parseFileIds };
