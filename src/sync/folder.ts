import fs from 'node:fs';
import path from 'node:path';
import PQueue from 'p-queue';
import { classify, type ClassifyContext } from './classify.js';
import type { FolderConfig } from './config.js';
import type { FolderState, SyncEmitter } from './events.js';
import { hashFile, keepForUpload, releaseChunks, type HashedFile } from './hash.js';
import { buildDirFilter, buildFilter, toDiskRelPath, toRelPath, type PathFilter } from './paths.js';
import { judgeLink, SkippedLinks } from './links.js';
import { isInOutcomeDir, outcomeDirs, whereNow } from './location.js';
import { FolderPresence } from './presence.js';
import { walkBatches, type ScannedFile } from './scan.js';
import { SettleTracker, type SettledFile } from './settle.js';
import { TransitionError, type WatchedFileRow, type FileSignature } from './state/files.js';
import { everyId, idsBelow } from './state/queries.js';
import { UnreadableFiles } from './unreadable.js';
import { chooseWatchMode, startWatcher, type Watcher } from './watcher.js';

export interface FolderContext extends ClassifyContext {
  emitter: SyncEmitter;
  settleMs: number;
  /** Names docsync itself writes (sidecars, ledgers, temp files): never synced. */
  isOwnOutput(name: string): boolean;
  /** Resolves when hashing another file would not run too far ahead of the uploads. */
  hashRoom(): Promise<void>;
  /** How often a folder's existence is checked (a missing folder is watched again when it is back). */
  presenceMs?: number;
  /** The folder's problems changed (missing, links skipped): kept where `docsync status` reads them. */
  problemsChanged?(folder: FolderDriver): void;
  /** A failure outside any one file's step (a commit of a scan or an event batch; a full disk, say). */
  trouble?(err: unknown, what: string): void;
}

const IN_FLIGHT = new Set(['settled', 'uploading', 'processing']);
/** Quiet time after a folder's last event before its listing is checked for files the events missed. */
const RELIST_AFTER_MS = 2000;
const RELIST_MAX_WAIT_MS = 10_000;
/** Larger folders are left to the periodic rescan: checking every name after each burst would cost too much. */
const RELIST_MAX_ENTRIES = 10_000;
const REMOVABLE = new Set(['discovered', 'settled', 'uploading', 'processing', 'exported', 'failed', 'skipped']);

/**
 * One watched folder: its watcher, settle tracker and scans. It owns the step
 * from "a file exists" to "a settled, hashed row"; the pump takes it from there.
 */
export class FolderDriver {
  state: FolderState = 'idle';
  private watcher: Watcher | null = null;
  private readonly tracker: SettleTracker;
  private readonly hashing = new PQueue({ concurrency: 4 });
  private readonly keepFile: PathFilter;
  private readonly keepDir: PathFilter;
  private scanning: Promise<void> | null = null;
  private reconciling = 0;
  private closed = false;
  private endClosing = (): void => undefined;
  /** Settles when the folder closes: hashing that waits for room stops waiting. */
  private readonly closing = new Promise<void>((resolve) => (this.endClosing = resolve));
  /** Folders (absolute) with events lately, each with the timer of its listing check. */
  private readonly relists = new Map<string, { timer: NodeJS.Timeout; since: number }>();
  readonly skippedLinks: SkippedLinks;
  /**
   * Contents whose 'settled' commit is still pending (group commit): a second file of the same
   * content hashed in the same turn (a link to it, a copy) must see the first as its duplicate.
   */
  private readonly settlingSoon = new Map<string, WatchedFileRow>();
  private presence: FolderPresence | null = null;
  private readonly unreadable: UnreadableFiles;
  /** Presence changes, one at a time. */
  private presenceTurn: Promise<void> = Promise.resolve();
  /** The folder's real path: a link is followed ('inside') only when its target is below it. */
  private rootReal: string;

  constructor(readonly config: FolderConfig, private readonly ctx: FolderContext) {
    this.keepFile = buildFilter(config, ctx.isOwnOutput);
    this.keepDir = buildDirFilter(config);
    this.tracker = new SettleTracker({
      windowMs: ctx.settleMs,
      onSettled: (f) => void this.hashing.add(() => this.settle(f)).catch((err) => this.trouble(err, 'settling failed')),
      onGone: (abs) => this.gone(abs, 'removed before it settled'),
      onUnreadable: (abs, code) => {
        try {
          this.unreadableFile(abs, code);
        } catch (err) {
          if (!(err instanceof TransitionError)) this.trouble(err, 'recording an unreadable file failed');
        }
      },
    });
    this.unreadable = new UnreadableFiles(ctx.presenceMs ?? 5000, (abs) => this.tracker.observe(abs));
    this.rootReal = config.path;
    this.skippedLinks = new SkippedLinks((rel, reason) => {
      ctx.log.warn({ folder: this.path, link: rel, reason }, 'symbolic link skipped');
      ctx.problemsChanged?.(this);
    });
  }

  get missing(): boolean {
    return this.presence !== null && !this.presence.present;
  }

  get path(): string {
    return this.config.path;
  }

  /** Whether files are still on their way to a settled row. */
  get busy(): boolean {
    return this.scanning !== null || this.tracker.size > 0 || this.hashing.size + this.hashing.pending > 0;
  }

  /** Watches the folder, or waits for it when it is missing (never creates it: a typo must not become a folder). */
  async start(): Promise<void> {
    this.presence = new FolderPresence(this.path, this.ctx.presenceMs ?? 5000, (present) => {
      this.presenceTurn = this.presenceTurn.then(() => this.presenceChanged(present));
    });
    this.presence.start();
    if (!this.presence.present) return this.markMissing();
    await this.watch();
  }

  private markMissing(): void {
    this.ctx.log.warn({ folder: this.path }, 'watched folder is missing; watching again when it is back');
    this.setState('missing', `folder missing: ${this.path}`);
    this.ctx.problemsChanged?.(this);
  }

  private async presenceChanged(present: boolean): Promise<void> {
    if (this.closed) return;
    await this.watcher?.close().catch(() => undefined);
    this.watcher = null;
    if (!present) return this.markMissing();
    this.ctx.log.info({ folder: this.path }, 'watched folder is there again');
    this.setState('idle');
    this.ctx.problemsChanged?.(this);
    await this.watch().catch((err) => this.setState('error', (err as Error).message));
  }

  private async watch(): Promise<void> {
    this.rootReal = fs.realpathSync(this.path);
    const mode = chooseWatchMode(this.path, this.config.watch);
    const ignore = ['.git', 'node_modules', ...outcomeDirs(this.config)];
    this.watcher = await startWatcher(this.path, mode, this.config.pollIntervalMs, {
      onChange: (abs) => this.changed(abs),
      onDelete: (abs) => {
        this.gone(abs, 'deleted locally');
        this.relistSoon(abs);
      },
      onError: (err) => this.setState('error', err.message),
      batch: (run) => {
        try {
          this.ctx.store.batch(run);
        } catch (err) {
          this.trouble(err, 'recording watcher events failed'); // the rescan finds these files again
        }
      },
    }, ignore);
    if (this.closed) return void (await this.watcher.close());
    this.ctx.log.info({ folder: this.path, mode }, 'watching');
    await this.rescan();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.presence?.stop();
    this.unreadable.stop();
    this.endClosing();
    for (const r of this.relists.values()) clearTimeout(r.timer);
    this.relists.clear();
    this.tracker.close();
    this.hashing.clear();
    await this.watcher?.close();
    await this.scanning?.catch(() => undefined);
    await this.hashing.onIdle();
  }

  setState(state: FolderState, error?: string): void {
    if (this.state === state && !error) return;
    if (this.missing && state !== 'missing') return; // only the folder's return ends 'missing'
    this.state = state;
    this.ctx.emitter.emit('folder', { folder: this.path, state, error });
  }

  /** Full reconcile with the database: finds files added, changed or deleted while nobody watched. */
  rescan(): Promise<void> {
    // A missing folder's rows stay as they are: an unplugged drive is not a deletion of every file.
    if (this.missing || !this.watcher) return this.scanning ?? Promise.resolve();
    this.scanning ??= this.reconcile(this.path, true).catch((err) => this.trouble(err, 'scan failed')).finally(() => {
      this.scanning = null;
    });
    return this.scanning;
  }

  /** A full rescan, or the scan of a folder moved in; the folder shows 'scanning' while any runs. */
  private async reconcile(start: string, sweep: boolean, startViaLink = false): Promise<void> {
    this.reconciling++;
    this.setState('scanning');
    try {
      const seen = new IdSet();
      const blockingStat = this.watcher?.mode !== 'poll'; // network shares (polled) keep non-blocking stats
      const onLink = (abs: string, viaLink: boolean) => this.linkKind(abs, viaLink);
      const onBadName = (abs: string) => {
        const id = this.badName(abs);
        if (id !== undefined) seen.add(id);
      };
      for await (const batch of walkBatches(this.path, start, this.keepDir, { blockingStat, onLink, onBadName, startViaLink })) {
        if (this.closed) return;
        this.reconcileBatch(batch.filter((f) => this.keepFile(f.relPath)), seen);
      }
      if (sweep && !this.closed) this.sweep(seen);
    } finally {
      if (--this.reconciling === 0 && this.state === 'scanning') this.setState('idle');
    }
  }

  /** One batch of a scan (files of one directory): their rows read in one go, each file compared with its row. */
  private reconcileBatch(kept: ScannedFile[], seen: IdSet): void {
    const rows = this.ctx.store.signatures(this.path, kept.map((f) => f.relPath));
    const taken = new Set<string>();
    const run = () => {
      for (const f of kept) {
        // Two names that differ only in their Unicode form are one path: the second sees what the first did.
        const row = taken.has(f.relPath) ? this.ctx.store.signature(this.path, f.relPath) : rows.get(f.relPath);
        taken.add(f.relPath);
        if (row) seen.add(row.id);
        this.consider(f.absPath, f.relPath, f.size, f.mtimeMs, row);
      }
    };
    // Only a file without a live row is written (discovered): a batch of known files needs no write transaction.
    const known = kept.every((f) => {
      const status = rows.get(f.relPath)?.status;
      return status !== undefined && status !== 'removed';
    });
    if (known) run();
    else this.ctx.store.batch(run);
  }

  /** Decides whether a file on disk needs to (re)settle, given its row. */
  private consider(abs: string, rel: string, size: number, mtimeMs: number, row: FileSignature | undefined): void {
    // The caller's stat (the event's, the scan's) is the settling's first.
    const seen = { size, mtimeMs };
    if (!row || row.status === 'removed') {
      this.ctx.store.discover(this.path, rel, size, mtimeMs, row ? 'reappeared' : 'seen', toDiskRelPath(this.path, abs), row ?? null);
      this.tracker.observe(abs, seen);
    } else if (row.status === 'discovered' || (row.status === 'failed' && row.error_code === 'FILE_UNREADABLE')) {
      this.tracker.observe(abs, seen); // an unreadable file is tried again at each scan, also after a restart
    } else if (!IN_FLIGHT.has(row.status) && (row.size !== size || row.mtime_ms !== mtimeMs || row.outcome_dir)) {
      // Changed: a new version if the hash differs once it settles. Or moved back out of
      // Processed/ or Failed/ by a person: settling again records it here (classify).
      this.tracker.observe(abs, seen);
    }
  }

  /** Rows whose file is no longer there (deleted while docsync was off). */
  private sweep(seen: IdSet): void {
    // Only ids, streamed: at 100k rows an array of rows costs ~10 MB for a moment, and only the
    // unseen ones (usually none) are of interest. Rows are read and removed after the iteration,
    // because the connection is busy while a statement iterates.
    const unseen: number[] = [];
    for (const id of everyId(this.ctx.store.db, this.path)) if (!seen.has(id)) unseen.push(id);
    const gone: number[] = [];
    for (const id of unseen) {
      const r = this.ctx.store.get(id);
      if (!r || r.status === 'removed') continue;
      const abs = whereNow(r);
      if (this.tracker.has(abs) || fs.existsSync(abs) || isInOutcomeDir(this.path, r.rel_path)) continue;
      gone.push(r.id);
    }
    for (const id of gone) this.removeRow(id, 'deleted locally');
    this.adoptOrphans();
  }

  /** The daemon saw the file differ from its row after an upload: look at it again. */
  recheck(abs: string): void {
    this.changed(abs);
  }

  /** `listed`: called by the listing check itself, which must not schedule another one. */
  private changed(abs: string, listed = false): void {
    if (this.closed) return;
    const rel = toRelPath(this.path, abs);
    if (!rel || rel.startsWith('..')) return;
    let stat: fs.Stats;
    let viaLink = false;
    try {
      stat = fs.lstatSync(abs);
      if (stat.isSymbolicLink()) {
        // A link's or a folder's event counts as a burst too: when its neighbours' events are
        // lost, nothing else would make the listing check note them.
        if (!listed) this.relistSoon(abs);
        if (!this.linkKind(abs, false)) return;
        stat = fs.statSync(abs);
        viaLink = true;
      } else if (this.skippedLinks.forget(rel)) {
        this.ctx.problemsChanged?.(this);
      }
    } catch {
      // Gone already (its delete event follows), or a name that is not UTF-8: the listing check finds that one.
      if (abs.includes('\uFFFD')) this.relistSoon(abs);
      return;
    }
    if (stat.isDirectory()) {
      if (!listed && !viaLink) this.relistSoon(abs);
      // A folder moved in arrives as one event: its contents must be found by walking it.
      if (this.keepDir(rel)) void this.reconcile(abs, false, viaLink).catch((err) => this.ctx.log.warn({ err }, 'subtree scan failed'));
      return;
    }
    if (!stat.isFile()) return;
    this.relistSoon(abs);
    if (!this.keepFile(rel)) return;
    this.consider(abs, rel, stat.size, stat.mtimeMs, this.ctx.store.signature(this.path, rel));
  }

  /**
   * Native events can be lost when many files arrive at once (@parcel/watcher issue 183; seen
   * here as one of three files written together never reported). So once a folder's burst of
   * events is over, its listing is compared with the database and any file without a row is
   * taken as if its event had come. Without events nothing runs. Any file's event counts, a
   * skipped one's too: a scanner writes `scan.pdf.part` and renames it, and when the event of
   * `scan.pdf` is the one lost, those of the temporary name are all that arrive. docsync's own
   * outputs do not count (each export would list the folder again).
   */
  private relistSoon(abs: string): void {
    if (this.watcher?.mode !== 'native' || this.closed || this.ctx.isOwnOutput(abs)) return;
    const dir = path.dirname(abs);
    const pending = this.relists.get(dir);
    // A steady stream of events postpones the check, but not past RELIST_MAX_WAIT_MS.
    if (pending && Date.now() - pending.since > RELIST_MAX_WAIT_MS) return;
    clearTimeout(pending?.timer);
    const timer = setTimeout(() => {
      this.relists.delete(dir);
      void this.relist(dir).catch((err) => this.ctx.log.warn({ err, dir }, 'listing check failed'));
    }, RELIST_AFTER_MS);
    this.relists.set(dir, { timer, since: pending?.since ?? Date.now() });
  }

  private async relist(dir: string): Promise<void> {
    const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => []);
    if (this.closed || entries.length > RELIST_MAX_ENTRIES) return;
    for (const e of entries) {
      if (e.isSymbolicLink()) this.changed(path.join(dir, e.name), true); // skipped (noted once) or followed
      if (!e.isFile()) continue;
      const abs = path.join(dir, e.name);
      if (e.name.includes('\uFFFD') && !fs.existsSync(abs)) {
        this.badName(abs);
        continue;
      }
      const rel = toRelPath(this.path, abs);
      if (!rel || !this.keepFile(rel)) continue;
      const row = this.ctx.store.signature(this.path, rel);
      if (!row || row.status === 'removed') {
        this.ctx.log.info({ file: rel }, 'found by a listing check: its file-system event was missed');
        this.changed(abs, true);
      }
    }
  }

  private gone(abs: string, reason: string): void {
    if (this.closed) return;
    this.tracker.forget(abs);
    const rel = toRelPath(this.path, abs);
    if (!rel || rel.startsWith('..')) return;
    if (this.skippedLinks.forget(rel)) this.ctx.problemsChanged?.(this);
    if (fs.existsSync(abs)) return; // replaced in the meantime (atomic save): the change event handles it
    if (isInOutcomeDir(this.path, rel)) return; // docsync moved it into Processed/ or Failed/
    const row = this.ctx.store.byPath(this.path, rel);
    if (row) return this.removeRow(row.id, reason);
    // A deleted folder: every row below it goes.
    for (const id of idsBelow(this.ctx.store.db, this.path, rel)) this.removeRow(id, reason);
  }

  private trouble(err: unknown, what: string): void {
    if (this.ctx.trouble) this.ctx.trouble(err, what);
    else this.ctx.log.error({ err, folder: this.path }, what);
  }

  /**
   * What a symbolic link met in a scan or an event is taken for: a file or folder to follow
   * ('inside' policy), or null (skipped, noted once). A folder reached through a link never has
   * its own folder links followed, so links cannot loop.
   */
  private linkKind(abs: string, viaLink: boolean): 'file' | 'dir' | null {
    const rel = toRelPath(this.path, abs);
    const verdict = judgeLink(abs, this.rootReal, this.config.links);
    if (verdict.follow && !(viaLink && verdict.kind === 'dir')) return verdict.kind;
    this.skippedLinks.note(rel, verdict.follow ? 'a folder link inside a linked folder is not followed' : verdict.reason);
    return null;
  }

  /** A file that exists but cannot be read: failed with the reason, tried again every few seconds. */
  private unreadableFile(abs: string, code: string): void {
    if (this.closed) return;
    const rel = toRelPath(this.path, abs);
    this.unreadable.add(abs);
    const st = fs.statSync(abs, { throwIfNoEntry: false });
    let row = this.ctx.store.byPath(this.path, rel);
    if (!st || (row && (IN_FLIGHT.has(row.status) || row.error_code === 'FILE_UNREADABLE'))) return;
    if (!row || row.status === 'removed') row = this.ctx.store.discover(this.path, rel, st.size, st.mtimeMs, 'seen', toDiskRelPath(this.path, abs));
    this.ctx.store.transition(row.id, 'failed', { size: st.size, mtime_ms: st.mtimeMs, error_code: 'FILE_UNREADABLE', error_detail: JSON.stringify({ code }) },
      `cannot be read (${code}): docsync tries again by itself once it can read it`);
  }

  /**
   * A name that is not valid UTF-8 reaches JavaScript with U+FFFD in place of its bad bytes, and
   * that spelling opens nothing: the file cannot be read by name, so it is listed as failed (not
   * silently passed over) until it is renamed. Returns its row id.
   */
  private badName(abs: string): number | undefined {
    const rel = toRelPath(this.path, abs);
    if (!this.keepFile(rel)) return undefined;
    let row = this.ctx.store.byPath(this.path, rel);
    if (row?.error_code === 'NAME_NOT_UTF8' && row.status === 'failed') return row.id;
    if (row && IN_FLIGHT.has(row.status)) return row.id;
    if (!row || row.status === 'removed') row = this.ctx.store.discover(this.path, rel, 0, 0, 'seen');
    this.ctx.log.warn({ folder: this.path, file: rel }, 'file name is not valid UTF-8');
    return this.ctx.store.transition(row.id, 'failed', { error_code: 'NAME_NOT_UTF8', error_detail: null },
      'the file name is not valid UTF-8 (its bad bytes show as \uFFFD): rename the file and docsync takes it').id;
  }

  private removeRow(id: number, reason: string): void {
    const row = this.ctx.store.get(id);
    if (row && REMOVABLE.has(row.status)) this.ctx.store.transition(id, 'removed', {}, reason);
    this.adoptOrphans();
  }

  /**
   * A copy skipped as a duplicate stands in for its original once that is gone: it settles again
   * and takes the original's outputs or its upload under way (a move), else is uploaded itself.
   */
  private adoptOrphans(): void {
    for (const dup of this.ctx.store.orphanedDuplicates(this.path)) {
      this.ctx.store.transition(dup.id, 'discovered', {}, 'the file it duplicated is gone: looked at again');
      this.tracker.observe(whereNow(dup));
    }
  }

  /** The file is complete: hash it, then decide what it is (new, version, move, duplicate, unchanged). */
  private async settle(f: SettledFile): Promise<void> {
    await Promise.race([this.ctx.hashRoom(), this.closing]);
    if (this.closed) return;
    const rel = toRelPath(this.path, f.absPath);
    let hashed: HashedFile;
    try {
      hashed = await hashFile(f.absPath, { keep: true, size: f.size });
    } catch {
      return this.gone(f.absPath, 'removed before it settled');
    }
    const current = fs.statSync(f.absPath, { throwIfNoEntry: false });
    if (!current || current.size !== hashed.size || current.mtimeMs !== f.mtimeMs) {
      if (hashed.chunks) releaseChunks(hashed.chunks);
      this.tracker.observe(f.absPath); // written again while hashing
      return;
    }
    let row = this.ctx.store.byPath(this.path, rel);
    if (!row || row.status === 'removed') row = this.ctx.store.discover(this.path, rel, f.size, f.mtimeMs, 'seen', toDiskRelPath(this.path, f.absPath));
    if (IN_FLIGHT.has(row.status)) {
      if (hashed.chunks) releaseChunks(hashed.chunks);
      return;
    }
    try {
      const pending = classify(this.ctx, this.config, row, hashed.sha256, f, this.settlingSoon);
      // A file to upload (its settled commit pending): the upload sends these bytes while the file
      // keeps this stat, instead of reading and hashing it again. Unchanged, a duplicate, an upload
      // taken over: none to send.
      if (pending) keepForUpload(f.absPath, hashed, current);
      else if (hashed.chunks) releaseChunks(hashed.chunks);
      await pending;
    } catch (err) {
      // The row moved on meanwhile (removed, or settled by another pass): nothing to do here.
      if (!(err instanceof TransitionError)) throw err;
      return;
    }
    this.ctx.wake();
  }
}

/** Row ids seen by a scan, one bit each: 100k ids cost 12 KB instead of a Set's few MB. */
class IdSet {
  private bits = new Uint32Array(1024);

  add(id: number): void {
    const word = id >>> 5;
    if (word >= this.bits.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    this.bits[word]! |= 1 << (id & 31);
  }

  has(id: number): boolean {
    const word = id >>> 5;
    return word < this.bits.length && (this.bits[word]! & (1 << (id & 31))) !== 0;
  }
}
