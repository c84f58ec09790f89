// Ledger: one docsync-ledger.csv and docsync-ledger.xlsx per ledger folder,
// kept up to date from SQLite. Mutations commit to the database first and only
// schedule the file writes, so nothing is lost when a write fails or the
// process dies: the dirty flags survive in ledger_files and a new Ledger picks
// them up. CSV writes are coalesced over `csvDelayMs`; the xlsx is debounced
// over `xlsxDelayMs`, but written at the latest `xlsxMaxDelayMs` after the
// first unwritten change so a steady stream of files still shows up (and no
// sooner than twice its last write's duration after that write: a large
// ledger is rewritten less often). flush() ignores all of these delays.
// A failed write (Excel holding the file: EBUSY/EPERM/EACCES, or anything
// else) is reported through onEvent and the ledger's error columns, and
// retried with exponential backoff until it succeeds.
import type { Database } from 'better-sqlite3';
import path from 'node:path';
import { backoffMs } from '../../client/retryPolicy.js';
import { toExportError } from './errors.js';
import { asLastWritten, snapshotLedger, writeLedgerCsv, writeLedgerXlsx, type CsvOutcome } from './ledger-files.js';
import { resolveFormat, type LedgerFormat, type LedgerFormatSettings } from './ledger-format.js';
import { normalisePath, relativeTo, toNewRows } from './ledger-rows.js';
import { LedgerStore, type LedgerTarget } from './ledger-store.js';
import type { LedgerFileInput } from './types.js';

export interface LedgerOptions {
  /** Folder whose ledger lists a source file. Default: the file's own folder. Daemon core
   *  passes the watched folder's root for one ledger per folder pair. */
  ledgerDirOf?: (sourceAbs: string) => string;
  /** Every folder whose ledger lists a source file (a sub-folder's own and the watched folder's
   *  roll-up); wins over ledgerDirOf. */
  ledgersOf?: (sourceAbs: string) => string[];
  /** Locale, time zone and CSV separator; the machine's locale and zone by default. */
  format?: LedgerFormatSettings;
  csvDelayMs?: number;
  xlsxDelayMs?: number;
  xlsxMaxDelayMs?: number;
  retryInitialMs?: number;
  retryMaxMs?: number;
  onEvent?: (event: LedgerEvent) => void;
  /**
   * Whether this process writes the ledger of a folder now (desktops sharing a folder: only the
   * one holding the folder's ledger claim does, docs/shared-folder.md). Its rows are kept either
   * way, and stay marked dirty until it may write; writeAllUnder() then rewrites them whole.
   */
  writes?: (ledgerDir: string) => boolean;
}

export type LedgerFileKind = 'csv' | 'xlsx';
export type LedgerEvent =
  | { type: 'ledger.written'; ledgerDir: string; file: LedgerFileKind; mode: CsvOutcome | 'rewritten'; recovered: boolean }
  | { type: 'ledger.write_failed'; ledgerDir: string; file: LedgerFileKind; code: string; osCode?: string;
      message: string; attempt: number; retryInMs: number };

export interface LedgerFailure { ledgerDir: string; file: LedgerFileKind; code: string; message: string }
export interface FlushReport { written: string[]; failed: LedgerFailure[] }
export interface LedgerProblem { ledgerDir: string; code: string; message: string; failingSince: string }

interface PartState { due: number | null; attempts: number; failure: LedgerFailure | null }
interface Slot {
  csv: PartState;
  xlsx: PartState & { firstDirty: number | null };
  gen: number;
  /** When the last xlsx write ended and what it cost: big ledgers are rewritten less often. */
  xlsxEnd: number;
  xlsxCostMs: number;
  timer: NodeJS.Timeout | null;
  running: Promise<void> | null;
}

export class Ledger {
  private readonly store: LedgerStore;
  private readonly slots = new Map<string, Slot>();
  private readonly opts: Required<Omit<LedgerOptions, 'onEvent' | 'ledgerDirOf' | 'format'>> & Pick<LedgerOptions, 'onEvent'>;
  readonly format: LedgerFormat;
  private closed = false;

  constructor(db: Database, options: LedgerOptions = {}) {
    this.store = new LedgerStore(db);
    this.opts = {
      ledgersOf: options.ledgersOf ?? ((p) => [(options.ledgerDirOf ?? path.dirname)(p)]),
      csvDelayMs: options.csvDelayMs ?? 250,
      xlsxDelayMs: options.xlsxDelayMs ?? 2_000,
      xlsxMaxDelayMs: options.xlsxMaxDelayMs ?? 15_000,
      retryInitialMs: options.retryInitialMs ?? 1_000,
      retryMaxMs: options.retryMaxMs ?? 60_000,
      onEvent: options.onEvent,
      writes: options.writes ?? (() => true),
    };
    this.format = resolveFormat(options.format);
    // Writes left pending by a previous run (crash, lock at exit) are picked up.
    for (const dir of this.store.dirtyLedgers()) this.touched(dir);
  }

  /** Inserts or replaces the rows of one source file (one per document). */
  upsert(input: LedgerFileInput): void {
    const sourcePath = normalisePath(input.sourcePath);
    const rows = toNewRows({ ...input, sourcePath });
    this.touchAll(this.store.replaceFile(sourcePath, this.targets(sourcePath), rows));
  }

  /** Removes the rows of a deleted (or moved-out) file. */
  remove(sourcePath: string): void {
    this.touchAll(this.store.removeFile(normalisePath(sourcePath)));
  }

  /** Keeps the rows of a deleted file, marked "deleted". */
  markDeleted(sourcePath: string): void {
    this.touchAll(this.store.markDeleted(normalisePath(sourcePath)));
  }

  /** Re-keys the rows of a renamed or moved file; they keep their place in the ledger. */
  rename(oldSourcePath: string, newSourcePath: string): void {
    const newPath = normalisePath(newSourcePath);
    this.touchAll(this.store.renameFile(normalisePath(oldSourcePath), newPath, this.targets(newPath)));
  }

  /** True when the ledger lists the file (any ledger). */
  lists(sourcePath: string): boolean {
    return this.store.rowsOfFile(normalisePath(sourcePath)).length > 0;
  }

  private targets(sourcePath: string): LedgerTarget[] {
    const dirs = [...new Set(this.opts.ledgersOf(sourcePath).map(normalisePath))];
    return dirs.map((ledgerDir) => ({ ledgerDir, relPath: relativeTo(ledgerDir, sourcePath) }));
  }

  /** Writes every pending ledger now (ignoring debounce and backoff) and reports the outcome. */
  async flush(): Promise<FlushReport> {
    const dirs = new Set([...this.store.dirtyLedgers(), ...this.slots.keys()]);
    const report: FlushReport = { written: [], failed: [] };
    for (const dir of dirs) {
      const slot = this.slot(dir);
      if (slot.running) await slot.running;
      if (this.store.fileState(dir)?.csvDirty) slot.csv.due = 0;
      if (this.store.fileState(dir)?.xlsxDirty || slot.xlsx.due !== null) slot.xlsx.due = 0;
      await this.run(dir);
      const failures = [slot.csv.failure, slot.xlsx.failure].filter((f): f is LedgerFailure => f !== null);
      if (failures.length > 0) report.failed.push(...failures);
      else report.written.push(dir);
    }
    return report;
  }

  /**
   * Lists every file at or below the roots in the ledgers it belongs to now (after a change of
   * the `ledgers` setting, or rows from before sub-folder ledgers); returns every ledger concerned.
   */
  retarget(roots: string[]): string[] {
    return this.store.inTransaction(() => this.retargetEach(roots));
  }

  private retargetEach(roots: string[]): string[] {
    const dirs = new Set<string>();
    for (const root of roots.map(normalisePath)) {
      for (const source of this.store.sourcePathsUnder(root)) {
        for (const d of this.store.renameFile(source, source, this.targets(source))) dirs.add(d);
      }
      for (const d of this.store.ledgerDirs()) if (d === root || d.startsWith(root + path.sep)) dirs.add(d);
    }
    return [...dirs];
  }

  /** Forces whole rewrites of the given ledgers (all known ones by default), then flushes. */
  async rebuild(ledgerDirs?: string[]): Promise<FlushReport> {
    const dirs = ledgerDirs ? ledgerDirs.map(normalisePath) : this.store.ledgerDirs();
    for (const dir of dirs) this.store.requireRewrite(dir);
    this.touchAll(dirs);
    return this.flush();
  }

  /**
   * This process has just become the writer of the ledgers at or below `root` (a shared folder's
   * ledger claim): each ledger another desktop wrote since this one's last write (its files are
   * not as this process left them) is rewritten whole from this process's rows, soon, and rows
   * that waited while another desktop wrote are written. A ledger as this process left it, with
   * nothing new, is left alone: a restart does not rewrite every ledger of the folder.
   */
  writeAllUnder(root: string): void {
    const top = normalisePath(root);
    for (const dir of this.store.ledgerDirs().filter((d) => d === top || d.startsWith(top + path.sep))) {
      const state = this.store.fileState(dir);
      const ours = state !== null && asLastWritten(state);
      if (!ours) this.store.requireRewrite(dir);
      if (!ours || state.csvDirty || state.xlsxDirty) this.touched(dir);
    }
  }

  /** Ledgers whose last write failed and that are waiting for a retry (for `docsync status`). */
  problems(): LedgerProblem[] {
    return this.store.ledgerDirs().flatMap((dir) => {
      const s = this.store.fileState(dir);
      if (!s?.lastErrorCode) return [];
      return [{ ledgerDir: dir, code: s.lastErrorCode, message: s.lastError ?? '', failingSince: s.failedSince ?? '' }];
    });
  }

  /** Final flush, then stops the timers. Pending writes that still fail stay marked in SQLite. */
  async close(): Promise<FlushReport> {
    const report = await this.flush();
    this.closed = true;
    for (const slot of this.slots.values()) if (slot.timer) clearTimeout(slot.timer);
    return report;
  }

  private touchAll(dirs: string[]): void {
    for (const dir of dirs) this.touched(dir);
  }

  private touched(dir: string): void {
    const slot = this.slot(dir);
    const now = Date.now();
    slot.gen += 1;
    slot.csv.due = laterOf(Math.min(slot.csv.due ?? Infinity, now + this.opts.csvDelayMs), retryFloor(slot.csv));
    slot.xlsx.firstDirty ??= now;
    const debounced = Math.min(now + this.opts.xlsxDelayMs, slot.xlsx.firstDirty + this.opts.xlsxMaxDelayMs);
    // Rewriting a zip of 10,000 rows takes seconds: keep exceljs busy at most a third of the time.
    const spaced = slot.xlsxEnd + 2 * slot.xlsxCostMs;
    slot.xlsx.due = laterOf(Math.max(debounced, spaced), retryFloor(slot.xlsx));
    this.schedule(dir);
  }

  private slot(dir: string): Slot {
    let slot = this.slots.get(dir);
    if (!slot) {
      slot = {
        csv: { due: null, attempts: 0, failure: null },
        xlsx: { due: null, attempts: 0, failure: null, firstDirty: null },
        gen: 0, xlsxEnd: 0, xlsxCostMs: 0, timer: null, running: null,
      };
      this.slots.set(dir, slot);
    }
    return slot;
  }

  private schedule(dir: string): void {
    const slot = this.slot(dir);
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const due = Math.min(slot.csv.due ?? Infinity, slot.xlsx.due ?? Infinity);
    if (this.closed || due === Infinity || slot.running) return;
    slot.timer = setTimeout(() => void this.run(dir), Math.max(0, due - Date.now()));
    slot.timer.unref();
  }

  private async run(dir: string): Promise<void> {
    const slot = this.slot(dir);
    while (slot.running) await slot.running;
    slot.running = this.writeDue(dir, slot).finally(() => {
      slot.running = null;
      this.schedule(dir);
    });
    return slot.running;
  }

  private async writeDue(dir: string, slot: Slot): Promise<void> {
    if (!this.opts.writes(dir)) {
      // Another desktop writes this ledger: the rows wait in SQLite, marked dirty.
      slot.csv.due = null;
      slot.xlsx.due = null;
      slot.xlsx.firstDirty = null;
      return;
    }
    if (slot.csv.due !== null && slot.csv.due <= Date.now()) {
      this.attempt(dir, slot, 'csv', () => writeLedgerCsv(this.store, dir, this.format));
    }
    if (slot.xlsx.due !== null && slot.xlsx.due <= Date.now()) {
      const gen = slot.gen;
      // The snapshot counts in the write's cost: it formats every row of the ledger (measured: 30-40%
      // of a rewrite), and the spacing of rewrites (touched()) is only as good as this figure.
      const started = Date.now();
      const snap = snapshotLedger(this.store, dir, this.format);
      slot.xlsx.due = null;
      slot.xlsx.firstDirty = null;
      await this.attemptAsync(dir, slot, 'xlsx', async () => {
        const st = await writeLedgerXlsx(dir, snap);
        slot.xlsxEnd = Date.now();
        slot.xlsxCostMs = slot.xlsxEnd - started;
        // A change that arrived during the write has scheduled another one.
        if (slot.gen === gen) this.store.xlsxWritten(dir, st?.size ?? null, st?.mtimeMs ?? null);
        return 'rewritten' as const;
      });
    }
  }

  private attempt(dir: string, slot: Slot, kind: LedgerFileKind, write: () => CsvOutcome): void {
    try {
      const mode = write();
      slot.csv.due = null;
      this.succeeded(dir, slot, kind, mode);
    } catch (err) {
      this.failed(dir, slot, kind, err);
    }
  }

  private async attemptAsync(dir: string, slot: Slot, kind: LedgerFileKind, write: () => Promise<'rewritten'>): Promise<void> {
    try {
      this.succeeded(dir, slot, kind, await write());
    } catch (err) {
      this.failed(dir, slot, kind, err);
    }
  }

  private succeeded(dir: string, slot: Slot, kind: LedgerFileKind, mode: CsvOutcome | 'rewritten'): void {
    const part = slot[kind];
    const recovered = part.failure !== null;
    part.attempts = 0;
    part.failure = null;
    if (!slot.csv.failure && !slot.xlsx.failure) this.store.setError(dir, null, null, new Date().toISOString());
    if (mode !== 'unchanged' || recovered) this.opts.onEvent?.({ type: 'ledger.written', ledgerDir: dir, file: kind, mode, recovered });
  }

  private failed(dir: string, slot: Slot, kind: LedgerFileKind, err: unknown): void {
    const target = path.join(dir, kind === 'csv' ? 'docsync-ledger.csv' : 'docsync-ledger.xlsx');
    const e = toExportError(err, target, 'ledger');
    const part = slot[kind];
    part.attempts += 1;
    const retryInMs = backoffMs(part.attempts, { baseMs: this.opts.retryInitialMs, maxMs: this.opts.retryMaxMs, jitter: 'none' });
    part.due = Date.now() + retryInMs;
    part.failure = { ledgerDir: dir, file: kind, code: e.code, message: e.message };
    this.store.setError(dir, e.code, `${kind}: ${e.message}`, new Date().toISOString());
    this.opts.onEvent?.({ type: 'ledger.write_failed', ledgerDir: dir, file: kind, code: e.code, osCode: e.osCode,
      message: e.message, attempt: part.attempts, retryInMs });
  }
}

/** While a part is backing off, new changes do not pull its next attempt earlier. */
function retryFloor(part: PartState): number {
  return part.attempts > 0 && part.due !== null ? part.due : 0;
}

function laterOf(a: number, b: number): number {
  return Math.max(a, b);
}
