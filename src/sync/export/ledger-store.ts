// The ledger tables (migration 0010_ledger.sql): one module owns them.
// Every mutation marks what must be written; the writer reads it back, so a
// crash between a change and the file write loses nothing.
import type { Database, Statement } from 'better-sqlite3';
import path from 'node:path';
import { ExportError } from './errors.js';

const pathSep = () => path.sep;

/** One field of a ledger row: title, type, scalar value, or `n` line items for a table (`i`: the items). */
export interface StoredField { t: string; y: string; v: unknown; n?: number; i?: StoredItem[] }
/** One line item: its values by column title, with the column types (`y`). */
export interface StoredItem { [title: string]: unknown }

export interface StoredRow {
  sourcePath: string;
  docIndex: number;
  ledgerDir: string;
  relPath: string;
  documentName: string;
  remotePath: string;
  status: string;
  processedAt: string;
  note: string | null;
  /** `needs review`, `checked`, `auto`; null when nothing is known (filled by the review step). */
  reviewState: string | null;
  fields: StoredField[];
  seq: number;
  inCsv: boolean;
}

/** A ledger a file is listed in, and the file's path as that ledger shows it. */
export interface LedgerTarget { ledgerDir: string; relPath: string }

export interface LedgerFileState {
  ledgerDir: string;
  /** Column keys (ledger-layout.ts) of the CSV on disk; null when none was written. */
  csvHeader: string[] | null;
  csvSize: number | null;
  csvMtimeMs: number | null;
  csvRewrite: boolean;
  csvDirty: boolean;
  /** Size and mtime of the spreadsheet after our last write; null when none was written. */
  xlsxSize: number | null;
  xlsxMtimeMs: number | null;
  xlsxDirty: boolean;
  lastErrorCode: string | null;
  lastError: string | null;
  failedSince: string | null;
}

export type NewRow = Omit<StoredRow, 'seq' | 'inCsv' | 'sourcePath' | 'ledgerDir' | 'relPath'>;

interface RawRow {
  source_path: string; doc_index: number; ledger_dir: string; rel_path: string;
  document_name: string; remote_path: string; status: string; processed_at: string;
  note: string | null; fields_json: string; seq: number; in_csv: number; review_state: string | null;
}

function fromRaw(r: RawRow): StoredRow {
  return {
    sourcePath: r.source_path, docIndex: r.doc_index, ledgerDir: r.ledger_dir, relPath: r.rel_path,
    documentName: r.document_name, remotePath: r.remote_path, status: r.status,
    processedAt: r.processed_at, note: r.note, reviewState: r.review_state ?? null,
    fields: JSON.parse(r.fields_json) as StoredField[],
    seq: r.seq, inCsv: r.in_csv === 1,
  };
}

export class LedgerStore {
  constructor(private readonly db: Database) {
    const found = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('ledger_rows', 'ledger_columns', 'ledger_files')")
      .get() as { n: number };
    if (found.n !== 3) {
      throw new ExportError('LEDGER_SCHEMA_MISSING', db.name, 'ledger tables missing: apply migration 0010_ledger.sql');
    }
  }

  /** Replaces every row of one source file, in every ledger that lists it. Returns the ledgers touched. */
  replaceFile(sourcePath: string, targets: readonly LedgerTarget[], docs: NewRow[]): string[] {
    return this.guardColumns(() => this.db.transaction(() => this.put(sourcePath, this.rowsOfFile(sourcePath), targets, docs))());
  }

  private put(sourcePath: string, old: StoredRow[], targets: readonly LedgerTarget[], docs: NewRow[]): string[] {
    this.stmt('DELETE FROM ledger_rows WHERE source_path = ?').run(sourcePath);
    const insert = this.stmt(`INSERT INTO ledger_rows (source_path, doc_index, ledger_dir, rel_path,
      document_name, remote_path, status, processed_at, note, fields_json, seq, in_csv, review_state)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`);
    const touched = new Set(old.map((r) => r.ledgerDir));
    for (const target of targets) {
      const before = old.filter((r) => r.ledgerDir === target.ledgerDir);
      // A replaced row keeps its place (it sits mid-file: only a rewrite can change it); new rows can be appended.
      const seq = before.length > 0 ? Math.min(...before.map((r) => r.seq)) : this.nextSeq(target.ledgerDir);
      for (const d of docs) {
        insert.run(sourcePath, d.docIndex, target.ledgerDir, target.relPath, d.documentName, d.remotePath, d.status,
          d.processedAt, d.note, JSON.stringify(d.fields), seq, d.reviewState);
        this.registerColumns(target.ledgerDir, d.fields);
      }
      this.markDirty(target.ledgerDir, before.length > 0);
      touched.delete(target.ledgerDir);
    }
    for (const dir of touched) this.markDirty(dir, true);
    return [...new Set([...targets.map((t) => t.ledgerDir), ...touched])];
  }

  removeFile(sourcePath: string): string[] {
    return this.changeRowsOf(sourcePath, 'DELETE FROM ledger_rows WHERE source_path = ?');
  }

  /** Keeps a deleted file's rows, marked `deleted` (the `keep` policy for deletions). */
  markDeleted(sourcePath: string): string[] {
    return this.changeRowsOf(sourcePath, "UPDATE ledger_rows SET status = 'deleted' WHERE source_path = ?");
  }

  /** Runs `sql` on a file's rows; the ledgers that listed it are rewritten. */
  private changeRowsOf(sourcePath: string, sql: string): string[] {
    return this.db.transaction(() => {
      const touched = [...new Set(this.rowsOfFile(sourcePath).map((r) => r.ledgerDir))];
      this.stmt(sql).run(sourcePath);
      for (const dir of touched) this.markDirty(dir, true);
      return touched;
    })();
  }

  /** Re-keys a file's rows (rename or move), keeping their position; replaces rows already at the target. */
  renameFile(oldPath: string, newPath: string, targets: readonly LedgerTarget[]): string[] {
    return this.guardColumns(() => this.db.transaction(() => {
      const old = this.rowsOfFile(oldPath);
      if (old.length === 0) return [];
      const displaced = oldPath === newPath ? [] : this.rowsOfFile(newPath);
      if (oldPath !== newPath) this.stmt('DELETE FROM ledger_rows WHERE source_path = ?').run(newPath);
      this.stmt('DELETE FROM ledger_rows WHERE source_path = ?').run(oldPath);
      const docs = [...new Map(old.map((r) => [r.docIndex, r])).values()];
      const touched = this.put(newPath, old, targets, docs);
      for (const dir of displaced.map((r) => r.ledgerDir)) this.markDirty(dir, true);
      for (const dir of touched) this.markDirty(dir, true);
      return [...new Set([...touched, ...displaced.map((r) => r.ledgerDir)])];
    })());
  }

  /** A rolled-back transaction may have "registered" columns that are not in the table. */
  private guardColumns<T>(work: () => T): T {
    try {
      return work();
    } catch (err) {
      this.knownColumns.clear();
      throw err;
    }
  }

  rowsOfFile(sourcePath: string): StoredRow[] {
    const raws = this.stmt('SELECT * FROM ledger_rows WHERE source_path = ? ORDER BY ledger_dir, doc_index').all(sourcePath) as RawRow[];
    return raws.map(fromRaw);
  }

  rows(ledgerDir: string, onlyNotInCsv = false): StoredRow[] {
    const sql = `SELECT * FROM ledger_rows WHERE ledger_dir = ? ${onlyNotInCsv ? 'AND in_csv = 0' : ''} ORDER BY seq, source_path, doc_index`;
    return (this.stmt(sql).all(ledgerDir) as RawRow[]).map(fromRaw);
  }

  /** Field titles of a ledger in stable order (including ones no row uses any more). */
  columns(ledgerDir: string): string[] {
    const raws = this.stmt('SELECT title FROM ledger_columns WHERE ledger_dir = ? ORDER BY position').all(ledgerDir) as { title: string }[];
    return raws.map((r) => r.title);
  }

  fileState(ledgerDir: string): LedgerFileState | null {
    const r = this.stmt('SELECT * FROM ledger_files WHERE ledger_dir = ?').get(ledgerDir) as Record<string, unknown> | undefined;
    if (!r) return null;
    return {
      ledgerDir,
      csvHeader: r.csv_header_json ? (JSON.parse(r.csv_header_json as string) as string[]) : null,
      csvSize: (r.csv_size as number | null) ?? null,
      csvMtimeMs: (r.csv_mtime_ms as number | null) ?? null,
      csvRewrite: r.csv_rewrite === 1, csvDirty: r.csv_dirty === 1, xlsxDirty: r.xlsx_dirty === 1,
      xlsxSize: (r.xlsx_size as number | null) ?? null,
      xlsxMtimeMs: (r.xlsx_mtime_ms as number | null) ?? null,
      lastErrorCode: (r.last_error_code as string | null) ?? null,
      lastError: (r.last_error as string | null) ?? null,
      failedSince: (r.failed_since as string | null) ?? null,
    };
  }

  /** Many changes in one commit (re-listing every file of a folder). */
  inTransaction<T>(work: () => T): T {
    return this.guardColumns(() => this.db.transaction(work)());
  }

  /** Source files listed by any ledger at or below `root`. */
  sourcePathsUnder(root: string): string[] {
    return (this.stmt(`SELECT DISTINCT source_path FROM ledger_rows WHERE ledger_dir = ? OR substr(ledger_dir, 1, ?) = ?`)
      .pluck().all(root, root.length + 1, root + pathSep()) as string[]);
  }

  ledgerDirs(): string[] {
    return (this.stmt('SELECT ledger_dir FROM ledger_files ORDER BY ledger_dir').all() as { ledger_dir: string }[]).map((r) => r.ledger_dir);
  }

  dirtyLedgers(): string[] {
    const raws = this.stmt('SELECT ledger_dir FROM ledger_files WHERE csv_dirty = 1 OR xlsx_dirty = 1 ORDER BY ledger_dir').all() as { ledger_dir: string }[];
    return raws.map((r) => r.ledger_dir);
  }

  markDirty(ledgerDir: string, rewrite: boolean): void {
    this.stmt(`INSERT INTO ledger_files (ledger_dir, csv_rewrite, csv_dirty, xlsx_dirty) VALUES (?, 1, 1, 1)
      ON CONFLICT (ledger_dir) DO UPDATE SET csv_dirty = 1, xlsx_dirty = 1,
      csv_rewrite = CASE WHEN ? THEN 1 ELSE csv_rewrite END`).run(ledgerDir, rewrite ? 1 : 0);
  }

  /** Records a CSV written to disk; `allRows` when rewritten whole, else the appended rows. */
  csvWritten(ledgerDir: string, header: string[], size: number, mtimeMs: number, appended: StoredRow[] | 'all'): void {
    this.db.transaction(() => {
      if (appended === 'all') {
        this.stmt('UPDATE ledger_rows SET in_csv = 1 WHERE ledger_dir = ?').run(ledgerDir);
      } else {
        const mark = this.stmt('UPDATE ledger_rows SET in_csv = 1 WHERE ledger_dir = ? AND source_path = ? AND doc_index = ?');
        for (const r of appended) mark.run(ledgerDir, r.sourcePath, r.docIndex);
      }
      this.stmt(`UPDATE ledger_files SET csv_header_json = ?, csv_size = ?, csv_mtime_ms = ?, csv_rewrite = 0,
        csv_dirty = 0 WHERE ledger_dir = ?`).run(JSON.stringify(header), size, mtimeMs, ledgerDir);
    })();
  }

  /** Records the spreadsheet written (its size and mtime; both null when there was nothing to write). */
  xlsxWritten(ledgerDir: string, size: number | null, mtimeMs: number | null): void {
    this.stmt('UPDATE ledger_files SET xlsx_dirty = 0, xlsx_size = ?, xlsx_mtime_ms = ? WHERE ledger_dir = ?').run(size, mtimeMs, ledgerDir);
  }

  /** Forces a whole rewrite of both files (docsync export). */
  requireRewrite(ledgerDir: string): void {
    this.markDirty(ledgerDir, true);
  }

  setError(ledgerDir: string, code: string | null, message: string | null, at: string): void {
    this.stmt(`UPDATE ledger_files SET last_error_code = ?, last_error = ?,
      failed_since = CASE WHEN ? IS NULL THEN NULL ELSE coalesce(failed_since, ?) END WHERE ledger_dir = ?`)
      .run(code, message, code, at, ledgerDir);
  }

  /** Titles known per ledger, so an upsert of an ordinary document writes no column rows. */
  private readonly knownColumns = new Map<string, Set<string>>();

  private registerColumns(ledgerDir: string, fields: StoredField[]): void {
    let known = this.knownColumns.get(ledgerDir);
    if (!known) {
      known = new Set(this.columns(ledgerDir));
      this.knownColumns.set(ledgerDir, known);
    }
    const insert = this.stmt(`INSERT OR IGNORE INTO ledger_columns (ledger_dir, title, position)
      VALUES (?, ?, (SELECT coalesce(max(position), 0) + 1 FROM ledger_columns WHERE ledger_dir = ?))`);
    for (const f of fields) {
      if (known.has(f.t)) continue;
      insert.run(ledgerDir, f.t, ledgerDir);
      known.add(f.t);
    }
  }

  /** Per ledger, so the (ledger_dir, seq) index answers it without a scan. */
  private nextSeq(ledgerDir: string): number {
    return ((this.stmt('SELECT coalesce(max(seq), 0) AS m FROM ledger_rows WHERE ledger_dir = ?').get(ledgerDir) as { m: number }).m) + 1;
  }

  private readonly statements = new Map<string, Statement>();

  /** Prepared once per SQL text: upserts run per file, thousands of times. */
  private stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }
}
