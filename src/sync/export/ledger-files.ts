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
import type { LedgerFormat } from './ledger-format.js';
import { headerLabels, labelsFor, ledgerColumns, type ColumnKey } from './ledger-layout.js';
import { itemSheet, type ItemSheet } from './ledger-items.js';
import { rowCells, type LedgerCell } from './ledger-table.js';
import type { LedgerFileState, LedgerStore, StoredRow } from './ledger-store.js';

export type CsvOutcome = 'appended' | 'rewritten' | 'unchanged';

export function writeLedgerCsv(store: LedgerStore, ledgerDir: string, f: LedgerFormat): CsvOutcome {
  const state = store.fileState(ledgerDir);
  if (!state) return 'unchanged';
  const target = path.join(ledgerDir, LEDGER_CSV_NAME);
  const pending = store.rows(ledgerDir, true);
  if (canAppend(state, target, pending, f)) {
    const columns = state.csvHeader as ColumnKey[];
    if (pending.length > 0) appendRows(target, pending, columns, f);
    const st = fs.statSync(target);
    store.csvWritten(ledgerDir, columns, st.size, st.mtimeMs, pending);
    return pending.length > 0 ? 'appended' : 'unchanged';
  }
  const rows = store.rows(ledgerDir);
  if (rows.length === 0 && !fs.existsSync(ledgerDir)) {
    // The folder itself is gone: nothing left to write, nowhere to write it.
    store.csvWritten(ledgerDir, [], 0, 0, 'all');
    return 'unchanged';
  }
  const columns = ledgerColumns(rows, store.columns(ledgerDir));
  const body = encodeCsv(headerLabels(columns, f.locale), rows.map((r) => rowCells(r, columns, f).map((c) => c.text)), f.csvSeparator);
  writeFileAtomicSync(target, body);
  const st = fs.statSync(target);
  store.csvWritten(ledgerDir, [formatKey(f), ...columns], st.size, st.mtimeMs, 'all');
  return 'rewritten';
}

/** The format a CSV was written in is remembered with its columns: another locale means a rewrite. */
function formatKey(f: LedgerFormat): string {
  return `format:${f.locale}|${f.timeZone}|${f.csvSeparator}`;
}

function canAppend(state: LedgerFileState, target: string, pending: StoredRow[], f: LedgerFormat): boolean {
  if (state.csvRewrite || !state.csvHeader || state.csvHeader[0] !== formatKey(f)) return false;
  if (state.csvSize === null || !writtenAs(target, state.csvSize, state.csvMtimeMs)) return false;
  const known = new Set(state.csvHeader);
  const fieldOrder = [...new Set(pending.flatMap((r) => r.fields.map((x) => x.t)))];
  return ledgerColumns(pending, fieldOrder).every((c) => known.has(c));
}

function appendRows(target: string, rows: StoredRow[], header: ColumnKey[], f: LedgerFormat): void {
  const columns = header.slice(1) as ColumnKey[];
  const data = rows.map((r) => encodeRow(rowCells(r, columns, f).map((c) => c.text), f.csvSeparator)).join('');
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
export interface XlsxSnapshot { header: string[]; rows: LedgerCell[][]; items: ItemSheet; sheetNames: [string, string] }

export function snapshotLedger(store: LedgerStore, ledgerDir: string, f: LedgerFormat): XlsxSnapshot {
  const rows = store.rows(ledgerDir);
  const columns = ledgerColumns(rows, store.columns(ledgerDir));
  const label = labelsFor(f.locale);
  return {
    header: headerLabels(columns, f.locale),
    rows: rows.map((r) => rowCells(r, columns, f)),
    items: itemSheet(rows, f),
    sheetNames: [label('sheetLedger'), label('sheetItems')],
  };
}

/** Rows whose values need a person's review (issue 16): light amber. */
const REVIEW_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFE699' } } as const;

/**
 * Streams the workbook into `file`: the streaming writer holds one row at a time instead of
 * the whole sheet, and is the faster of exceljs' two writers. Strings go in as strings, so a
 * value like `=SUM(...)` is text, never a formula. Both sheets: frozen header, filters, widths.
 */
export async function writeXlsxFile(file: string, snap: XlsxSnapshot): Promise<void> {
  // Loaded on the first ledger write, not at start: exceljs costs ~16 MB of RSS, and a daemon
  // watching 100k already-synced files may never write a ledger in its run.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  book.creator = 'docsync';
  writeSheet(book.addWorksheet(snap.sheetNames[0], { views: [{ state: 'frozen', ySplit: 1 }] }), snap.header, snap.rows);
  if (snap.items.rows.length > 0) {
    writeSheet(book.addWorksheet(snap.sheetNames[1], { views: [{ state: 'frozen', ySplit: 1 }] }), snap.items.header, snap.items.rows);
  }
  await book.commit();
}

type StreamSheet = import('exceljs').Worksheet & { commit(): void };

function writeSheet(sheet: import('exceljs').Worksheet, header: string[], rows: LedgerCell[][]): void {
  sheet.columns = header.map((title, i) => ({ header: title, key: `c${i}`, width: columnWidth(header, rows, i) }));
  sheet.getRow(1).font = { bold: true };
  if (header.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  sheet.getRow(1).commit();
  for (const cells of rows) {
    const row = sheet.addRow(cells.map((c) => (c.link && c.typed !== null ? { text: c.text, hyperlink: encodeLink(c.link) } : c.typed)));
    const toReview = cells.some((c) => c.toReview);
    cells.forEach((c, i) => {
      const cell = row.getCell(i + 1);
      if (c.numFmt) cell.numFmt = c.numFmt;
      if (toReview) cell.fill = REVIEW_FILL;
      if (c.link && c.typed !== null) cell.font = { color: { argb: 'FF0563C1' }, underline: true };
    });
    row.commit();
  }
  (sheet as StreamSheet).commit();
}

/** A relative link to the file, each segment escaped (spaces, #, %): Excel opens it beside the ledger. */
function encodeLink(rel: string): string {
  return rel.split('/').map((s) => (s === '..' ? s : encodeURIComponent(s))).join('/');
}

function columnWidth(header: string[], rows: LedgerCell[][], i: number): number {
  let longest = displayWidth(header[i] ?? '');
  for (const r of rows.slice(0, 200)) longest = Math.max(longest, displayWidth(r[i]?.text ?? ''));
  return Math.min(60, Math.max(8, longest + 2));
}

/** Wide (CJK) characters take two columns. */
function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/.test(ch) ? 2 : 1;
  return w;
}

/** Writes the spreadsheet; answers its stat (null: the folder is gone, nothing written). */
export async function writeLedgerXlsx(ledgerDir: string, snap: XlsxSnapshot): Promise<fs.Stats | null> {
  if (snap.rows.length === 0 && !fs.existsSync(ledgerDir)) return null;
  const target = path.join(ledgerDir, LEDGER_XLSX_NAME);
  await writeFileAtomicWith(target, (temp) => writeXlsxFile(temp, snap));
  return fs.statSync(target);
}

/**
 * Whether both files of a ledger are on disk as this process last wrote them (same size and
 * mtime; a file never written is absent): nobody else has written them since.
 */
export function asLastWritten(state: LedgerFileState): boolean {
  const same = (name: string, size: number | null, mtimeMs: number | null): boolean => {
    const file = path.join(state.ledgerDir, name);
    return size === null ? !fs.existsSync(file) : writtenAs(file, size, mtimeMs);
  };
  return same(LEDGER_CSV_NAME, state.csvSize, state.csvMtimeMs) && same(LEDGER_XLSX_NAME, state.xlsxSize, state.xlsxMtimeMs);
}

/** Whether `file` is a file of the size and mtime recorded after our last write of it. */
function writtenAs(file: string, size: number, mtimeMs: number | null): boolean {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  return st !== undefined && st.isFile() && st.size === size && st.mtimeMs === mtimeMs;
}
