// Writing one ledger's files from the store.
//
// CSV: appended to when only new rows arrived, their fields are all columns
// already, and the file on disk is the one we last wrote (same size and mtime);
// rewritten whole (atomically) otherwise. Appending is the one write that is
// not temp-plus-rename, by design: it is what keeps a ledger of thousands of
// rows cheap to update. A torn append (crash, full disk) or an edit by someone
// else changes size or mtime, and the next write then rewrites from SQLite.
//
// XLSX: a zip, so always rewritten whole (temp plus rename); the caller
// debounces it.
import fs from 'node:fs';
import path from 'node:path';
import { injectedWriteFault, writeFileAtomicSync, writeFileAtomicWith } from './atomic.js';
import { encodeCsv, encodeRow } from './csv.js';
import { LEDGER_CSV_NAME, LEDGER_XLSX_NAME } from './names.js';
import { headerFor, rowCells, usedColumns, type LedgerCell } from './ledger-table.js';
import type { LedgerFileState, LedgerStore, StoredRow } from './ledger-store.js';

export type CsvOutcome = 'appended' | 'rewritten' | 'unchanged';

export function writeLedgerCsv(store: LedgerStore, ledgerDir: string): CsvOutcome {
  const state = store.fileState(ledgerDir);
  if (!state) return 'unchanged';
  const target = path.join(ledgerDir, LEDGER_CSV_NAME);
  const pending = store.rows(ledgerDir, true);
  if (canAppend(state, target, pending)) {
    if (pending.length > 0) appendRows(target, pending, state.csvHeader!);
    const st = fs.statSync(target);
    store.csvWritten(ledgerDir, state.csvHeader!, st.size, st.mtimeMs, pending);
    return pending.length > 0 ? 'appended' : 'unchanged';
  }
  const rows = store.rows(ledgerDir);
  if (rows.length === 0 && !fs.existsSync(ledgerDir)) {
    // The folder itself is gone: nothing left to write, nowhere to write it.
    store.csvWritten(ledgerDir, [], 0, 0, 'all');
    return 'unchanged';
  }
  const titles = usedColumns(store.columns(ledgerDir), rows);
  const body = encodeCsv(headerFor(titles), rows.map((r) => rowCells(r, titles).map((c) => c.text)));
  writeFileAtomicSync(target, body);
  const st = fs.statSync(target);
  store.csvWritten(ledgerDir, titles, st.size, st.mtimeMs, 'all');
  return 'rewritten';
}

function canAppend(state: LedgerFileState, target: string, pending: StoredRow[]): boolean {
  if (state.csvRewrite || !state.csvHeader) return false;
  let st: fs.Stats;
  try {
    st = fs.statSync(target);
  } catch {
    return false;
  }
  if (!st.isFile() || st.size !== state.csvSize || st.mtimeMs !== state.csvMtimeMs) return false;
  const known = new Set(state.csvHeader);
  return pending.every((r) => r.fields.every((f) => known.has(f.t)));
}

function appendRows(target: string, rows: StoredRow[], titles: string[]): void {
  const data = rows.map((r) => encodeRow(rowCells(r, titles).map((c) => c.text))).join('');
  injectedWriteFault(target);
  const fd = fs.openSync(target, 'a');
  try {
    fs.writeSync(fd, data);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Snapshot of the ledger for the xlsx, taken synchronously so it is consistent. */
export interface XlsxSnapshot { header: string[]; rows: LedgerCell[][] }

export function snapshotLedger(store: LedgerStore, ledgerDir: string): XlsxSnapshot {
  const rows = store.rows(ledgerDir);
  const titles = usedColumns(store.columns(ledgerDir), rows);
  return { header: headerFor(titles), rows: rows.map((r) => rowCells(r, titles)) };
}

const NUM_FMT = { date: 'yyyy-mm-dd', datetime: 'yyyy-mm-dd hh:mm:ss' } as const;
/** Rows whose values need a person's review (issue 16): light amber. */
const REVIEW_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE699' } } as const;

/**
 * Streams the workbook into `file`: the streaming writer holds one row at a
 * time instead of the whole sheet, and is the faster of exceljs' two writers.
 * Strings go in as strings, so a value like `=SUM(...)` is text, never a formula.
 */
export async function writeXlsxFile(file: string, snap: XlsxSnapshot): Promise<void> {
  // Loaded on the first ledger write, not at start: exceljs costs ~16 MB of RSS, and a daemon
  // watching 100k already-synced files may never write a ledger in its run.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  book.creator = 'docsync';
  const sheet = book.addWorksheet('Ledger', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = snap.header.map((title, i) => ({ header: title, key: `c${i}`, width: columnWidth(snap, i) }));
  sheet.getRow(1).font = { bold: true };
  if (snap.header.length > 0) {
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: snap.header.length } };
  }
  sheet.getRow(1).commit();
  for (const cells of snap.rows) {
    const row = sheet.addRow(cells.map((c) => c.typed));
    const toReview = cells.some((c) => c.toReview);
    cells.forEach((c, i) => {
      if (c.kind === 'date' || c.kind === 'datetime') row.getCell(i + 1).numFmt = NUM_FMT[c.kind];
      if (toReview) row.getCell(i + 1).fill = REVIEW_FILL;
    });
    row.commit();
  }
  sheet.commit();
  await book.commit();
}

function columnWidth(snap: XlsxSnapshot, i: number): number {
  let longest = snap.header[i]?.length ?? 0;
  for (const r of snap.rows.slice(0, 200)) longest = Math.max(longest, r[i]?.text.length ?? 0);
  return Math.min(60, Math.max(10, longest + 2));
}

export async function writeLedgerXlsx(ledgerDir: string, snap: XlsxSnapshot): Promise<void> {
  if (snap.rows.length === 0 && !fs.existsSync(ledgerDir)) return;
  await writeFileAtomicWith(path.join(ledgerDir, LEDGER_XLSX_NAME), (temp) => writeXlsxFile(temp, snap));
}
