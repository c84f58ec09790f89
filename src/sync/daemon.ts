import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Claims } from './claims.js';
import { loadConfig, type Config, type FolderConfig } from './config.js';
import { DiskGuard } from './diskFull.js';
import { SyncEmitter } from './events.js';
import { isDocsyncOutput } from './export/index.js';
import { logFileStep } from './fileLog.js';
import { outcomeDirFor, placeNow, whereIn, whereNow } from './location.js';
import { FolderDriver } from './folder.js';
import { forbiddenFolder } from './folderRules.js';
import type { Logger } from './logger.js';
import { Outputs } from './outputs.js';
import { UploadPump } from './uploadPump.js';
import type { Remote } from './remote.js';
import { ControlStore } from './state/control.js';
import { openStateDb, type Db } from './state/db.js';
import { FileStore, parseFileIds, type WatchedFileRow } from './state/files.js';
import { deletedWithOutputs, deletedWithRemoteFiles, foldersWith } from './state/queries.js';
import { ReviewBook } from './review/book.js';
import { ReviewOutbox } from './review/outbox.js';

export interface DaemonOptions {
  config: Config;
  /** Re-read on a `reload` request (folders added or removed by the CLI). */
  configFile?: string;
  dataDir: string;
  remote: Remote;
  log: Logger;
  emitter?: SyncEmitter;
  /** How often the CLI's flags and requests are looked for. */
  controlIntervalMs?: number;
  ledgerRetry?: { retryInitialMs?: number; retryMaxMs?: number };
  /** How often a missing folder is looked for (default 5 s). */
  presenceIntervalMs?: number;
  /** How often writing is tried again after a full disk (default 10 s). */
  diskRetryMs?: number;
  /**
   * Whether other desktops may share the folders through this service (a remote service; the one
   * embedded in this process serves nobody else). With config `sharedFolders.claims: off`: never.
   */
  sharedService?: boolean;
  /**
   * Run once when the start's work is done (the scan, the claims' first round, the uploads due),
   * before the daemon counts as idle: the process's own daemon collects its start-up garbage
   * there (run.ts), so that once idle it is at rest.
   */
  atRest?: () => void;
}

const ACTIVE = ['discovered', 'settled', 'uploading', 'processing'] as const;

/**
 * The running daemon: one driver per folder, one upload pump, and the control loop
 * that picks up what the CLI wrote into the database (pauses, retries, requests).
 */
export class Daemon {
  readonly db: Db;
  readonly store: FileStore;
  readonly emitter: SyncEmitter;
  readonly control: ControlStore;
  readonly outputs: Outputs;
  readonly pump: UploadPump;
  readonly disk: DiskGuard;
  readonly review: ReviewBook;
  readonly outbox: ReviewOutbox;
  readonly claims: Claims;
  private readonly drivers = new Map<string, FolderDriver>();
  private config: Config;
  private pausedCache = new Set<string>();
  private lastVersion = -1;
  private controlTimer: NodeJS.Timeout | null = null;
  private rescanTimer: NodeJS.Timeout | null = null;
  private lastDeletionSweep = 0;
  private stopped = false;
  /** `o.atRest` until it has run. */
  private restPending: (() => void) | null;

  constructor(private readonly o: DaemonOptions) {
    this.config = o.config;
    this.restPending = o.atRest ?? null;
    this.emitter = o.emitter ?? new SyncEmitter();
    this.db = openStateDb(o.dataDir);
    this.store = new FileStore(this.db, this.emitter);
    this.control = new ControlStore(this.db);
    this.disk = this.diskGuard();
    this.review = new ReviewBook(this.db, () => this.config.review);
    this.claims = new Claims({
      remote: o.remote, log: o.log, holder: this.desktopId(), leaseMs: this.config.sharedFolders.leaseMs,
      enabled: o.sharedService === true && this.config.sharedFolders.claims === 'auto',
      ledgerWriter: (f) => this.outputs.ledger.writeAllUnder(f.path),
    });
    this.outputs = new Outputs(this.db, (p) => this.folderOfPath(p), (e) => {
      if (e.type !== 'ledger.write_failed') return;
      if (this.disk.report(e, path.join(e.ledgerDir, e.file === 'csv' ? 'docsync-ledger.csv' : 'docsync-ledger.xlsx'))) return;
      o.log.warn({ ledger: e.ledgerDir, code: e.code, retryInMs: e.retryInMs }, 'ledger write failed, will retry');
    }, { ...o.ledgerRetry, writes: (dir) => this.claims.writesLedger(this.folderOfPath(dir)) }, this.config.outputs, this.review);
    this.outbox = new ReviewOutbox({
      store: this.review.store, files: this.store, remote: o.remote, outputs: this.outputs, log: o.log, maxBackoffMs: this.config.maxBackoffMs,
      onRewritten: (id) => this.emitter.emit('review', { fileRow: id }),
    });
    this.pump = new UploadPump({
      store: this.store, remote: o.remote, outputs: this.outputs, log: o.log,
      folder: (p) => this.withDefaults(this.drivers.get(p)?.config), paused: () => this.pausedCache,
      concurrency: this.config.concurrency, maxBackoffMs: this.config.maxBackoffMs,
      settledOutcome: (row) => void this.afterOutcome(row).catch((err) => o.log.warn({ err }, 'after-outcome step failed')),
      diskFull: (err, where) => this.disk.report(err, where ?? this.statePath),
      held: () => this.disk.full !== null,
      claims: this.claims,
    });
    this.emitter.on('file', (e) => logFileStep(o.log, e));
  }

  /** This desktop's name among those sharing a folder: the host's, and an id kept in state.db for restarts. */
  private desktopId(): string {
    let id = this.control.meta('desktop.id');
    if (!id) {
      id = `${os.hostname()}-${randomUUID().slice(0, 8)}`;
      this.control.setMeta('desktop.id', id);
    }
    return id;
  }

  private get statePath(): string {
    return path.join(this.o.dataDir, 'state.db');
  }

  /** Full disk: recorded for `docsync status` when state.db can still take it; cleared by the probe's own write. */
  private diskGuard(): DiskGuard {
    const guard = new DiskGuard({
      emitter: this.emitter, log: this.o.log, retryMs: this.o.diskRetryMs ?? 10_000,
      probeDb: () => this.control.setMeta('disk.full', null),
      resumed: () => {
        this.pump.wake();
        // Files noticed while state.db could not record them are found again by a scan.
        void this.rescanAll().catch((err) => this.trouble(err, 'rescan failed'));
        void this.outputs.ledger.flush().catch(() => undefined);
      },
    });
    this.emitter.on('disk', (e) => {
      if (!e.full) return;
      try {
        this.control.setMeta('disk.full', JSON.stringify(guard.full));
      } catch {
        // state.db is on the full disk: the control API still says so, from memory
      }
    });
    return guard;
  }

  /** An error outside any file's step (a scan's or an event's commit): a full disk waits, anything else is logged. */
  private trouble(err: unknown, what: string): void {
    if (!this.disk.report(err, this.statePath)) this.o.log.error({ err }, what);
  }

  /** The folder's problems, where `docsync status` (another process) reads them. */
  private recordProblems(d: FolderDriver): void {
    const problems = { missing: d.missing, skippedLinks: d.skippedLinks.list() };
    try {
      this.control.setMeta(`folder.problems:${d.path}`, JSON.stringify(problems));
    } catch (err) {
      this.trouble(err, 'folder problems not recorded');
    }
  }

  static async start(o: DaemonOptions): Promise<Daemon> {
    const d = new Daemon(o);
    d.control.setMeta('daemon.pid', String(process.pid));
    d.refreshControl();
    for (const f of d.config.folders) await d.addDriver(f);
    d.claims.start(d.folders);
    d.outputs.adoptLayout(d.config.folders.map((f) => f.path), () => d.control.meta('ledger.layout'), (v) => d.control.setMeta('ledger.layout', v));
    d.controlTimer = setInterval(() => d.controlTick(), o.controlIntervalMs ?? 1000);
    d.rescanTimer = setInterval(() => void d.rescanAll().catch((err) => d.trouble(err, 'rescan failed')), d.config.rescanIntervalMs);
    d.pump.wake();
    if (d.restPending) void d.restOnceStarted();
    return d;
  }

  /**
   * Looks for the end of the start's work as waitIdle does (threeQuietChecks; 10 ms apart, every
   * second after the first 10 s, so that a long start costs no more than the control tick), then
   * runs `o.atRest` once.
   */
  private async restOnceStarted(): Promise<void> {
    const rested = await threeQuietChecks(() => this.nothingToDo(), () => this.restPending !== null && !this.stopped, (elapsedMs) => (elapsedMs < 10_000 ? 10 : 1000));
    const rest = this.restPending;
    if (!rested || !rest) return;
    this.restPending = null;
    try {
      rest();
    } catch (err) {
      this.o.log.warn({ err }, 'start-up rest failed');
    }
  }

  /** A folder's settings with the global defaults filled in where it names none. */
  private withDefaults(f: FolderConfig | undefined): FolderConfig | undefined {
    if (!f) return f;
    return { ...f, ocrModel: f.ocrModel ?? this.config.defaultOcrModel, schemaId: f.schemaId ?? this.config.defaultSchemaId };
  }

  get folders(): FolderConfig[] {
    return [...this.drivers.values()].map((d) => d.config);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.controlTimer) clearInterval(this.controlTimer);
    if (this.rescanTimer) clearInterval(this.rescanTimer);
    this.outbox.close();
    this.disk.stop();
    await Promise.all([...this.drivers.values()].map((d) => d.close()));
    await this.pump.close();
    await this.outputs.close();
    // After the last ledger write: the claims go only once this desktop is done with them.
    await this.claims.stop();
    if (this.control.meta('daemon.pid') === String(process.pid)) this.control.setMeta('daemon.pid', null);
    await this.o.remote.close();
    this.db.close();
  }

  /**
   * Nothing left to do: no file settling or hashing, nothing in flight or due, for unpaused folders,
   * and the start's rest (`o.atRest`) done.
   */
  isIdle(): boolean {
    return !this.restPending && this.nothingToDo();
  }

  private nothingToDo(): boolean {
    // A round of claims in flight is work too: the first, at start, is the daemon's first request.
    if ([...this.drivers.values()].some((d) => d.busy) || !this.pump.idle || this.claims.busy) return false;
    const rows = foldersWith(this.db, ACTIVE);
    if (this.pausedCache.has('*')) return true;
    return rows.every((f) => this.pausedCache.has(f) || !this.drivers.has(f));
  }

  /** Resolves once the daemon is idle (threeQuietChecks, `pollMs` apart); throws after `timeoutMs`. */
  async waitIdle(timeoutMs = 600_000, pollMs = 50): Promise<void> {
    await threeQuietChecks(() => this.isIdle(), () => true, () => pollMs, timeoutMs);
  }

  rescanAll(): Promise<void[]> {
    return Promise.all([...this.drivers.values()].map((d) => d.rescan()));
  }

  private async addDriver(f: FolderConfig): Promise<void> {
    const driver = new FolderDriver(f, {
      store: this.store, emitter: this.emitter, log: this.o.log, settleMs: this.config.settleMs,
      isOwnOutput: isDocsyncOutput,
      moveOutputs: (from, to) => this.outputs.moved(whereNow(from), whereNow(to)),
      wake: () => this.pump.wake(),
      hashRoom: () => this.pump.hashRoom(),
      presenceMs: this.o.presenceIntervalMs,
      problemsChanged: (driver) => this.recordProblems(driver),
      trouble: (err, what) => this.trouble(err, what),
    });
    this.drivers.set(f.path, driver);
    // A config edited by hand may name what `folders add` refuses: never watched, shown as an error.
    const forbidden = forbiddenFolder(f.path, { dataDir: this.o.dataDir });
    if (forbidden) {
      driver.setState('error', forbidden.message);
      this.o.log.error({ folder: f.path, code: forbidden.code }, 'folder not watched: it breaks the folder rules');
      return;
    }
    try {
      await driver.start();
    } catch (err) {
      driver.setState('error', (err as Error).message);
      this.o.log.error({ err, folder: f.path }, 'folder cannot be watched');
    }
  }

  private folderOfPath(abs: string): FolderConfig | undefined {
    let best: FolderConfig | undefined;
    for (const d of this.drivers.values()) {
      const p = d.config.path;
      if ((abs === p || abs.startsWith(p + path.sep)) && (!best || p.length > best.path.length)) best = d.config;
    }
    return best;
  }

  private refreshControl(): void {
    this.pausedCache = this.control.paused();
    for (const d of this.drivers.values()) {
      const paused = this.pausedCache.has('*') || this.pausedCache.has(d.path);
      if (paused) d.setState('paused');
      else if (d.state === 'paused') d.setState('idle');
    }
  }

  /** Cheap when nothing changed: one pragma read. */
  private controlTick(): void {
    if (this.stopped) return;
    const v = this.control.dataVersion();
    if (v !== this.lastVersion) {
      this.lastVersion = v;
      this.refreshControl();
      void this.handleRequests();
      this.pump.wake();
      this.outbox.wake();
    }
    // Corrections waiting for the service (saved by the UI or the CLI, or from before a restart).
    void this.outbox.tick().catch((err) => this.trouble(err, 'corrections not sent'));
    if (Date.now() - this.lastDeletionSweep > 5000) {
      this.lastDeletionSweep = Date.now();
      void this.sweepRemoteDeletions();
      void this.sweepDeletedOutputs().catch((err) => this.trouble(err, 'outputs of deleted files not cleared'));
    }
  }

  private async handleRequests(): Promise<void> {
    for (const r of this.control.pending()) {
      try {
        if (r.kind === 'export') await this.outputs.rebuild(r.arg ? [r.arg] : this.folders.map((f) => f.path));
        else if (r.kind === 'reload') await this.reload();
        else if (r.kind === 'rescan') await this.rescanAll();
      } catch (err) {
        this.o.log.error({ err, request: r.kind }, 'request failed');
      }
      this.control.done(r.id);
    }
  }

  /** Folders added or removed in the config file since start. */
  private async reload(): Promise<void> {
    if (!this.o.configFile) return;
    const next = loadConfig(this.o.configFile);
    const wanted = new Map(next.folders.map((f) => [f.path, f]));
    for (const [p, d] of this.drivers) {
      if (!wanted.has(p)) {
        await d.close();
        this.drivers.delete(p);
        this.control.setMeta(`folder.problems:${p}`, null);
      }
    }
    for (const f of next.folders) if (!this.drivers.has(f.path)) await this.addDriver(f);
    this.config = { ...this.config, folders: next.folders };
    this.claims.setFolders(this.folders);
  }

  /** Moves after success or failure, old versions deleted remotely, and a re-check for edits made meanwhile. */
  private async afterOutcome(row: WatchedFileRow): Promise<void> {
    const driver = this.drivers.get(row.folder);
    if (!driver) return;
    const f = driver.config;
    const abs = whereNow(row);
    const target = row.status === 'exported' || row.status === 'failed' ? outcomeDirFor(f, row.status) : null;
    if (row.status === 'exported' && f.replacedVersions === 'delete-remote' && row.previous_file_ids) {
      await this.o.remote.deleteFiles(parseFileIds(row.previous_file_ids)).catch((err) => this.o.log.warn({ err }, 'old version not deleted'));
    }
    if (target && target !== row.outcome_dir && fs.existsSync(abs)) {
      const dest = whereIn(row, target);
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.renameSync(abs, dest);
      // The ledgers keep listing it where it was found, linking to where it is now.
      await this.outputs.moved(abs, dest);
      this.store.transition(row.id, row.status, { outcome_dir: target }, `moved to ${placeNow({ ...row, outcome_dir: target })}`);
      return;
    }
    const st = fs.statSync(abs, { throwIfNoEntry: false });
    if (st && (st.size !== row.size || st.mtimeMs !== row.mtime_ms)) driver.recheck(abs);
  }

  /**
   * The sidecars and ledger rows of files deleted locally (outputs.deletedFiles). Not before a
   * grace period, and not while the folder still has files to hash: a move arrives as a deletion
   * and a new file, and the outputs must still be there to follow it once its hash is known.
   */
  private async sweepDeletedOutputs(): Promise<void> {
    const grace = Date.now() - (this.config.settleMs * 2 + 3000);
    const rows = deletedWithOutputs(this.db, grace);
    for (const row of rows) {
      const driver = this.drivers.get(row.folder);
      if (!driver || driver.busy) continue;
      const abs = whereNow(row);
      const outcome = await this.outputs.deleted(abs);
      this.store.transition(row.id, 'removed', { outputs_cleared_at: Date.now() },
        outcome === 'removed' ? 'deleted locally; its sidecars and ledger rows removed' : 'deleted locally; kept in the ledger, marked deleted');
      this.o.log.info({ file: row.rel_path, folder: row.folder, outcome }, outcome === 'removed' ? 'outputs of a deleted file removed' : 'deleted file marked in the ledger');
    }
  }

  /** Remote deletion of locally deleted files, after a grace period so a move is not taken for a deletion. */
  private async sweepRemoteDeletions(): Promise<void> {
    const policies = this.folders.filter((f) => f.deletions === 'delete-remote').map((f) => f.path);
    if (policies.length === 0) return;
    const grace = Date.now() - (this.config.settleMs * 2 + 3000);
    const rows = deletedWithRemoteFiles(this.db, grace, policies);
    for (const row of rows) {
      try {
        await this.o.remote.deleteFiles(parseFileIds(row.file_ids));
        this.store.transition(row.id, 'removed', { remote_deleted_at: Date.now() }, 'deleted locally; remote file deleted');
      } catch (err) {
        this.o.log.warn({ err, file: row.rel_path }, 'remote deletion failed, will retry');
      }
    }
  }
}

/**
 * The daemon's one test for "the work is done": three checks in a row find `quiet()` true (one
 * quiet check can fall between a file's steps). Resolves true then, false as soon as `going()` is
 * false; throws once `timeoutMs` have passed. `pollMs` gives the wait between checks from the time
 * spent so far. Used by waitIdle and by the start's rest (restOnceStarted).
 */
async function threeQuietChecks(quiet: () => boolean, going: () => boolean, pollMs: (elapsedMs: number) => number, timeoutMs = Infinity): Promise<boolean> {
  const started = Date.now();
  for (let inARow = 0; going(); ) {
    if (Date.now() - started > timeoutMs) throw new Error('daemon did not become idle in time');
    inARow = quiet() ? inARow + 1 : 0;
    if (inARow >= 3) return true;
    await new Promise((r) => setTimeout(r, pollMs(Date.now() - started)));
  }
  return false;
}
