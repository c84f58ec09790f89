import type Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Ledger, LEDGER_CSV_NAME, LEDGER_XLSX_NAME, type LedgerEvent, type LedgerFileInput, type LedgerOptions,
} from '../../../src/sync/export/index.js';
import { invoiceEntry, makeTempDir, openStateDb, readCsvFile } from '../../unit/export/support.js';

let root: string;
let folder: string;
let db: Database.Database;
let events: LedgerEvent[];
let ledgers: Ledger[];

beforeEach(() => {
  root = makeTempDir();
  folder = path.join(root, 'Inbox');
  fs.mkdirSync(folder);
  db = openStateDb(root);
  events = [];
  ledgers = [];
});
afterEach(async () => {
  for (const l of ledgers) await l.close().catch(() => undefined);
  db.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A ledger whose timers stay out of the way: tests drive it with flush(). */
function manualLedger(over: LedgerOptions = {}): Ledger {
  const l = new Ledger(db, { csvDelayMs: 600_000, xlsxDelayMs: 600_000, xlsxMaxDelayMs: 600_000, onEvent: (e) => events.push(e), ...over });
  ledgers.push(l);
  return l;
}

function file(name: string, over: Partial<LedgerFileInput> = {}, entry = invoiceEntry({ number: name })): LedgerFileInput {
  return { sourcePath: path.join(folder, `${name}.pdf`), remotePath: `/Inbox/${name}.pdf`, status: 'exported',
    processedAt: '2026-02-01T10:00:05.000Z', documents: [entry], ...over };
}

const csvPath = (): string => path.join(folder, LEDGER_CSV_NAME);
const csvRows = (): string[][] => readCsvFile(csvPath());
const csvModes = (): string[] => events.flatMap((e) => (e.type === 'ledger.written' && e.file === 'csv' ? [e.mode] : []));

describe('ledger CSV', () => {
  it('marks a document the service typed as not an invoice in Note, its invoice columns empty', async () => {
    const ledger = manualLedger();
    const letter = invoiceEntry({ number: 'L', documentType: 'letter' });
    letter.fields = letter.fields.map((f) => ({ ...f, value: f.type === 'object' ? [] : null }));
    ledger.upsert(file('A', {}, invoiceEntry({ number: 'A', documentType: 'invoice' })));
    ledger.upsert(file('L', {}, letter));
    expect((await ledger.flush()).failed).toEqual([]);
    const rows = csvRows();
    expect(rows[1]!.slice(5, 8)).toEqual(['', 'A', '2026-01-31']);
    expect(rows[2]!.slice(0, 1)).toEqual(['L.pdf']);
    expect(rows[2]!.slice(5)).toEqual(['Not an invoice: letter', '', '', '', '', '0 line items']);
  });

  it('has one row per document and a column per field, BOM and CRLF', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A'));
    ledger.upsert(file('B'));
    expect((await ledger.flush()).failed).toEqual([]);
    const raw = fs.readFileSync(csvPath(), 'utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    expect(raw.split('\r\n').length).toBe(4); // header, 2 rows, final empty
    expect(csvRows()).toEqual([
      ['File', 'Document', 'Remote path', 'Status', 'Processed at', 'Note', 'Invoice number', 'Invoice date', 'Total', 'Paid', 'Line items'],
      ['A.pdf', 'A.pdf', '/Inbox/A.pdf', 'exported', '2026-02-01T10:00:05.000Z', '', 'A', '2026-01-31', '123.45', 'false', '2 line items'],
      ['B.pdf', 'B.pdf', '/Inbox/B.pdf', 'exported', '2026-02-01T10:00:05.000Z', '', 'B', '2026-01-31', '123.45', 'false', '2 line items'],
    ]);
  });

  it('appends new rows when the columns are unchanged, rewrites when they change', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A'));
    await ledger.flush();
    const before = fs.readFileSync(csvPath());
    ledger.upsert(file('B'));
    ledger.upsert(file('C'));
    await ledger.flush();
    const after = fs.readFileSync(csvPath());
    expect(csvModes()).toEqual(['rewritten', 'appended']);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(csvRows().map((r) => r[0])).toEqual(['File', 'A.pdf', 'B.pdf', 'C.pdf']);

    const extra = invoiceEntry({ number: 'D' });
    extra.fields.push({ title: 'IBAN', type: 'string', value: 'DE89 3704 0044 0532 0130 00' });
    ledger.upsert(file('D', {}, extra));
    await ledger.flush();
    expect(csvModes()).toEqual(['rewritten', 'appended', 'rewritten']);
    const rows = csvRows();
    expect(rows[0]!.at(-1)).toBe('IBAN');
    expect(rows.map((r) => r.at(-1))).toEqual(['IBAN', '', '', '', 'DE89 3704 0044 0532 0130 00']);
  });

  it('replaces a modified file in place, removes a deleted one, re-keys a renamed one', async () => {
    const ledger = manualLedger();
    for (const n of ['A', 'B', 'C']) ledger.upsert(file(n));
    await ledger.flush();
    ledger.upsert(file('B', { processedAt: '2026-03-01T00:00:00.000Z' }, invoiceEntry({ number: 'B', total: 999 })));
    await ledger.flush();
    expect(csvRows().map((r) => [r[0], r[8]])).toEqual([['File', 'Total'], ['A.pdf', '123.45'], ['B.pdf', '999'], ['C.pdf', '123.45']]);

    ledger.remove(path.join(folder, 'A.pdf'));
    ledger.rename(path.join(folder, 'B.pdf'), path.join(folder, 'B renamed.pdf'));
    await ledger.flush();
    expect(csvRows().map((r) => r[0])).toEqual(['File', 'B renamed.pdf', 'C.pdf']);
    expect(csvModes().slice(-1)).toEqual(['rewritten']);
  });

  it('drops a column no remaining document uses', async () => {
    const ledger = manualLedger();
    const extra = invoiceEntry({ number: 'X' });
    extra.fields.push({ title: 'IBAN', type: 'string', value: 'x' });
    ledger.upsert(file('X', {}, extra));
    ledger.upsert(file('Y'));
    await ledger.flush();
    expect(csvRows()[0]).toContain('IBAN');
    ledger.remove(path.join(folder, 'X.pdf'));
    await ledger.flush();
    expect(csvRows()[0]).not.toContain('IBAN');
  });

  it('gives a split upload one row per document', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('scan', { documents: [invoiceEntry({ number: 'P1' }), invoiceEntry({ number: 'P2' })] }));
    await ledger.flush();
    expect(csvRows().slice(1).map((r) => [r[0], r[1], r[6]])).toEqual([['scan.pdf', 'P1.pdf', 'P1'], ['scan.pdf', 'P2.pdf', 'P2']]);
    // Re-processed as one document: the second row goes.
    ledger.upsert(file('scan', { documents: [invoiceEntry({ number: 'P1' })] }));
    await ledger.flush();
    expect(csvRows().length).toBe(2);
  });

  it('lists a failed file with its reason and no values', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A'));
    ledger.upsert(file('broken', { status: 'failed', note: 'UNSUPPORTED_MEDIA_TYPE: not a PDF', documents: [] }));
    await ledger.flush();
    expect(csvRows()[2]!.slice(0, 7)).toEqual(['broken.pdf', 'broken.pdf', '/Inbox/broken.pdf', 'failed', '2026-02-01T10:00:05.000Z', 'UNSUPPORTED_MEDIA_TYPE: not a PDF', '']);
  });

  it('neutralises formulas in ledger cells', async () => {
    const ledger = manualLedger();
    const evil = invoiceEntry({ number: '=1+2', total: -5 });
    ledger.upsert(file('evil', {}, evil));
    await ledger.flush();
    const row = csvRows()[1]!;
    expect(row[6]).toBe("'=1+2");
    expect(row[8]).toBe('-5');
  });

  it('rewrites instead of appending when someone else changed the file', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A'));
    await ledger.flush();
    fs.appendFileSync(csvPath(), 'half a line'); // a torn append or a user's edit
    ledger.upsert(file('B'));
    await ledger.flush();
    expect(csvModes()).toEqual(['rewritten', 'rewritten']);
    expect(csvRows().map((r) => r[0])).toEqual(['File', 'A.pdf', 'B.pdf']);
  });

  it('normalises NFC and NFD spellings of one path to one row', async () => {
    const ledger = manualLedger();
    const nfd = path.join(folder, 'Me\u0301xico.pdf');
    const nfc = path.join(folder, 'M\u00e9xico.pdf');
    ledger.upsert(file('x', { sourcePath: nfd }));
    ledger.upsert(file('x', { sourcePath: nfc }));
    await ledger.flush();
    expect(csvRows().length).toBe(2);
    ledger.remove(nfd);
    await ledger.flush();
    expect(csvRows().length).toBe(1);
  });

  it('can keep one ledger per watched folder, sub-folders included', async () => {
    const ledger = manualLedger({ ledgerDirOf: () => folder });
    ledger.upsert(file('A', { sourcePath: path.join(folder, '2026', 'Jan', 'A.pdf') }));
    ledger.upsert(file('B'));
    await ledger.flush();
    expect(csvRows().slice(1).map((r) => r[0])).toEqual(['2026/Jan/A.pdf', 'B.pdf']);
    expect(fs.existsSync(path.join(folder, '2026', 'Jan', LEDGER_CSV_NAME))).toBe(false);
  });

  it('moves a row between ledgers when a file moves to another folder', async () => {
    const ledger = manualLedger();
    const processed = path.join(folder, 'Processed');
    fs.mkdirSync(processed);
    ledger.upsert(file('A'));
    ledger.upsert(file('B'));
    await ledger.flush();
    ledger.rename(path.join(folder, 'A.pdf'), path.join(processed, 'A.pdf'));
    await ledger.flush();
    expect(csvRows().slice(1).map((r) => r[0])).toEqual(['B.pdf']);
    expect(readCsvFile(path.join(processed, LEDGER_CSV_NAME)).slice(1).map((r) => r[0])).toEqual(['A.pdf']);
  });
});

describe('ledger xlsx', () => {
  it('has typed cells: numbers, dates, booleans; formulas stay text', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A', {}, invoiceEntry({ number: '=SUM(A1:A9)', total: -12.5 })));
    ledger.upsert(file('B', {}, invoiceEntry({ number: 'B', total: '42.10', date: 'not a date' })));
    await ledger.flush();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(folder, LEDGER_XLSX_NAME));
    const sheet = book.getWorksheet('Ledger')!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['File', 'Document', 'Remote path', 'Status', 'Processed at', 'Note', 'Invoice number', 'Invoice date', 'Total', 'Paid', 'Line items']);
    const a = sheet.getRow(2);
    expect(a.getCell(9).type).toBe(ExcelJS.ValueType.Number);
    expect(a.getCell(9).value).toBe(-12.5);
    expect(a.getCell(8).type).toBe(ExcelJS.ValueType.Date);
    expect((a.getCell(8).value as Date).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(a.getCell(8).numFmt).toBe('yyyy-mm-dd');
    expect(a.getCell(5).type).toBe(ExcelJS.ValueType.Date);
    expect((a.getCell(5).value as Date).toISOString()).toBe('2026-02-01T10:00:05.000Z');
    expect(a.getCell(10).type).toBe(ExcelJS.ValueType.Boolean);
    expect(a.getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(a.getCell(7).value).toBe('=SUM(A1:A9)');
    const b = sheet.getRow(3);
    expect(b.getCell(9).value).toBe(42.1);
    expect(b.getCell(8).value).toBe('not a date');
  });

  it('coalesces a burst of changes into one write', async () => {
    const ledger = new Ledger(db, { csvDelayMs: 5, xlsxDelayMs: 30, xlsxMaxDelayMs: 10_000, onEvent: (e) => events.push(e) });
    ledgers.push(ledger);
    for (let i = 0; i < 50; i += 1) ledger.upsert(file(`F${i}`));
    await new Promise<void>((resolve) => {
      const check = (): void => { if (events.some((e) => e.file === 'xlsx')) resolve(); else setTimeout(check, 10); };
      check();
    });
    const xlsxWrites = events.filter((e) => e.type === 'ledger.written' && e.file === 'xlsx');
    const csvWrites = events.filter((e) => e.type === 'ledger.written' && e.file === 'csv');
    expect(xlsxWrites.length).toBe(1);
    expect(csvWrites.length).toBe(1);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(folder, LEDGER_XLSX_NAME));
    expect(book.getWorksheet('Ledger')!.rowCount).toBe(51);
  });
});
