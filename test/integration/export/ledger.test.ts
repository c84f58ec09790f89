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
  const l = new Ledger(db, {
    csvDelayMs: 600_000, xlsxDelayMs: 600_000, xlsxMaxDelayMs: 600_000, onEvent: (e) => events.push(e),
    format: { locale: 'en-GB', timeZone: 'UTC' }, ...over,
  });
  ledgers.push(l);
  return l;
}

function file(name: string, over: Partial<LedgerFileInput> = {}, entry = invoiceEntry({ number: name })): LedgerFileInput {
  return { sourcePath: path.join(folder, `${name}.pdf`), remotePath: `/Inbox/${name}.pdf`, status: 'exported',
    processedAt: '2026-02-01T10:00:05.000Z', documents: [entry], ...over };
}

const csvPath = (): string => path.join(folder, LEDGER_CSV_NAME);
const csvRows = (): string[][] => readCsvFile(csvPath());
/** The cells of the named columns, header row first. */
const cols = (rows: string[][], ...names: string[]): string[][] => {
  const at = names.map((n) => rows[0]!.indexOf(n));
  if (at.includes(-1)) throw new Error(`no column ${names[at.indexOf(-1)]} in ${rows[0]!.join(', ')}`);
  return rows.map((r) => at.map((i) => r[i]!));
};
const col = (rows: string[][], name: string): string[] => cols(rows, name).map((r) => r[0]!);
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
    expect(cols(rows, 'File', 'Note', 'Number', 'Date', 'Total', 'Line items')).toEqual([
      ['File', 'Note', 'Number', 'Date', 'Total', 'Line items'],
      ['A.pdf', '', 'A', '31/01/2026', '123.45', '2'],
      ['L.pdf', 'Not an invoice: letter', '', '', '', '0'],
    ]);
  });

  it('has one row per document and a column per field, BOM and CRLF', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A'));
    ledger.upsert(file('B'));
    expect((await ledger.flush()).failed).toEqual([]);
    const raw = fs.readFileSync(csvPath(), 'utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    expect(raw.split('\r\n').length).toBe(4); // header, 2 rows, final empty
    // The accountant's columns first, each value once; then the file and how it was processed; other fields last.
    expect(csvRows()).toEqual([
      ['Date', 'Vendor', 'Number', 'Net', 'Tax', 'Total', 'Currency', 'Due date', 'Review', 'File', 'Status', 'Processed at',
        'Line items', 'Remote path', 'Note', 'Paid'],
      ['31/01/2026', '', 'A', '', '', '123.45', '', '', '', 'A.pdf', 'Done', '01/02/2026, 10:00', '2', '/Inbox/A.pdf', '', 'false'],
      ['31/01/2026', '', 'B', '', '', '123.45', '', '', '', 'B.pdf', 'Done', '01/02/2026, 10:00', '2', '/Inbox/B.pdf', '', 'false'],
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
    expect(col(csvRows(), 'File')).toEqual(['File', 'A.pdf', 'B.pdf', 'C.pdf']);

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
    expect(cols(csvRows(), 'File', 'Total')).toEqual([['File', 'Total'], ['A.pdf', '123.45'], ['B.pdf', '999'], ['C.pdf', '123.45']]);

    ledger.remove(path.join(folder, 'A.pdf'));
    ledger.rename(path.join(folder, 'B.pdf'), path.join(folder, 'B renamed.pdf'));
    await ledger.flush();
    expect(col(csvRows(), 'File')).toEqual(['File', 'B renamed.pdf', 'C.pdf']);
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
    expect(cols(csvRows(), 'File', 'Document', 'Number').slice(1)).toEqual([['scan.pdf', 'P1.pdf', 'P1'], ['scan.pdf', 'P2.pdf', 'P2']]);
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
    expect(cols(csvRows(), 'File', 'Remote path', 'Status', 'Processed at', 'Note', 'Number')[2]).toEqual(
      ['broken.pdf', '/Inbox/broken.pdf', 'Failed', '01/02/2026, 10:00', 'UNSUPPORTED_MEDIA_TYPE: not a PDF', '']);
  });

  it('neutralises formulas in ledger cells', async () => {
    const ledger = manualLedger();
    const evil = invoiceEntry({ number: '=1+2', total: -5 });
    ledger.upsert(file('evil', {}, evil));
    await ledger.flush();
    expect(cols(csvRows(), 'Number', 'Total')[1]).toEqual(["'=1+2", '-5']);
  });

  it('rewrites instead of appending when someone else changed the file', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A'));
    await ledger.flush();
    fs.appendFileSync(csvPath(), 'half a line'); // a torn append or a user's edit
    ledger.upsert(file('B'));
    await ledger.flush();
    expect(csvModes()).toEqual(['rewritten', 'rewritten']);
    expect(col(csvRows(), 'File')).toEqual(['File', 'A.pdf', 'B.pdf']);
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

  it("lists a file in its sub-folder's ledger and in the watched folder's roll-up", async () => {
    const jan = path.join(folder, '2026', 'Jan');
    fs.mkdirSync(jan, { recursive: true });
    const ledger = manualLedger({ ledgersOf: (p) => (path.dirname(p) === folder ? [folder] : [folder, path.dirname(p)]) });
    ledger.upsert(file('A', { sourcePath: path.join(jan, 'A.pdf') }));
    ledger.upsert(file('B'));
    await ledger.flush();
    expect(col(csvRows(), 'File').slice(1)).toEqual(['2026/Jan/A.pdf', 'B.pdf']);
    expect(col(readCsvFile(path.join(jan, LEDGER_CSV_NAME)), 'File').slice(1)).toEqual(['A.pdf']);
    ledger.remove(path.join(jan, 'A.pdf'));
    await ledger.flush();
    expect(col(csvRows(), 'File').slice(1)).toEqual(['B.pdf']);
    expect(readCsvFile(path.join(jan, LEDGER_CSV_NAME))).toHaveLength(1);
  });

  it('writes `;` between cells and decimal commas for a locale that writes 12,50', async () => {
    const ledger = manualLedger({ format: { locale: 'de-DE', timeZone: 'Europe/Berlin' } });
    ledger.upsert(file('A'));
    await ledger.flush();
    const raw = fs.readFileSync(csvPath(), 'utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    const [header, row] = raw.slice(1).split('\r\n').map((l) => l.split(';'));
    expect(row![header!.indexOf('Total')]).toBe('123,45');
    expect(row![header!.indexOf('Date')]).toBe('31.01.2026');
  });

  it('can keep one ledger per watched folder, sub-folders included', async () => {
    const ledger = manualLedger({ ledgerDirOf: () => folder });
    ledger.upsert(file('A', { sourcePath: path.join(folder, '2026', 'Jan', 'A.pdf') }));
    ledger.upsert(file('B'));
    await ledger.flush();
    expect(col(csvRows(), 'File').slice(1)).toEqual(['2026/Jan/A.pdf', 'B.pdf']);
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
    expect(col(csvRows(), 'File').slice(1)).toEqual(['B.pdf']);
    expect(col(readCsvFile(path.join(processed, LEDGER_CSV_NAME)), 'File').slice(1)).toEqual(['A.pdf']);
  });
});

describe('ledger xlsx', () => {
  /** The sheet's rows as plain values by header name (a link cell as { text, hyperlink }). */
  async function readSheet(name: string): Promise<{ header: string[]; rows: Array<Record<string, ExcelJS.Cell>>; sheet: ExcelJS.Worksheet }> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(folder, LEDGER_XLSX_NAME));
    const sheet = book.getWorksheet(name)!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const rows: Array<Record<string, ExcelJS.Cell>> = [];
    for (let r = 2; r <= sheet.rowCount; r += 1) {
      rows.push(Object.fromEntries(header.map((h, i) => [h, sheet.getRow(r).getCell(i + 1)])));
    }
    return { header, rows, sheet };
  }

  it('has typed cells: numbers, dates, booleans; formulas stay text', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A', {}, invoiceEntry({ number: '=SUM(A1:A9)', total: -12.5 })));
    ledger.upsert(file('B', {}, invoiceEntry({ number: 'B', total: '42.10', date: 'not a date' })));
    await ledger.flush();
    const { header, rows: [a, b] } = await readSheet('Ledger');
    // The service named these documents after their numbers, not their files: a Document column says so.
    expect(header).toEqual(['Date', 'Vendor', 'Number', 'Net', 'Tax', 'Total', 'Currency', 'Due date', 'Review', 'File', 'Document',
      'Status', 'Processed at', 'Line items', 'Remote path', 'Note', 'Paid']);
    expect(a!.Total!.type).toBe(ExcelJS.ValueType.Number);
    expect(a!.Total!.value).toBe(-12.5);
    expect(a!.Total!.numFmt).toBe('#,##0.00');
    expect(a!.Date!.type).toBe(ExcelJS.ValueType.Date);
    expect((a!.Date!.value as Date).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(a!.Date!.numFmt).toBe('dd/mm/yyyy');
    expect(a!['Processed at']!.type).toBe(ExcelJS.ValueType.Date);
    expect(a!['Processed at']!.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(a!.Paid!.type).toBe(ExcelJS.ValueType.Boolean);
    expect(a!.Number!.type).toBe(ExcelJS.ValueType.String);
    expect(a!.Number!.value).toBe('=SUM(A1:A9)');
    expect(a!['Line items']!.value).toBe(2);
    expect(b!.Total!.value).toBe(42.1);
    expect(b!.Date!.value).toBe('not a date');
  });

  it('shows amounts in their currency, processing times in local time, the file as a link', async () => {
    const ledger = manualLedger({ format: { locale: 'en-US', timeZone: 'Asia/Tokyo' } });
    const eur = invoiceEntry({ number: 'E', total: 1190 });
    eur.fields.push({ title: 'Currency', type: 'string', value: 'EUR' }, { title: 'Vendor Name', type: 'string', value: 'Müller GmbH' },
      { title: 'Tax', type: 'number', value: 190 }, { title: 'Subtotal', type: 'number', value: 1000 }, { title: 'Due Date', type: 'date', value: '2026-02-28' });
    const jpy = invoiceEntry({ number: 'J', total: 5500 });
    jpy.fields.push({ title: 'Currency', type: 'string', value: 'JPY' });
    ledger.upsert(file('E', { sourcePath: path.join(folder, 'E #1.pdf') }, eur));
    ledger.upsert(file('J', { reviewState: 'needs review' }, jpy));
    await ledger.flush();
    const { rows: [e, j], sheet } = await readSheet('Ledger');
    expect([e!.Vendor!.value, e!.Net!.value, e!.Tax!.value, e!.Total!.value, e!.Currency!.value]).toEqual(['Müller GmbH', 1000, 190, 1190, 'EUR']);
    expect(e!.Total!.numFmt).toBe('"€"#,##0.00');
    expect(e!.Net!.numFmt).toBe('"€"#,##0.00');
    expect(j!.Total!.numFmt).toBe('"¥"#,##0');
    expect(e!['Due date']!.numFmt).toBe('mm/dd/yyyy');
    expect(j!.Review!.value).toBe('To review');
    // 10:00:05 UTC is 19:00 in Tokyo: the cell holds the wall-clock time a reader there expects.
    expect((e!['Processed at']!.value as Date).toISOString()).toBe('2026-02-01T19:00:05.000Z');
    expect(e!.File!.value).toEqual({ text: 'E #1.pdf', hyperlink: 'E%20%231.pdf' });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(2).width).toBeGreaterThanOrEqual('Müller GmbH'.length);
    const csv = csvRows();
    expect(cols(csv, 'Processed at', 'Review')[2]).toEqual(['02/01/2026, 19:00', 'To review']);
  });

  it('lists line items on a second sheet, one row per item, linked to its document', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A'));
    ledger.upsert(file('B', {}, invoiceEntry({ number: 'B' })));
    await ledger.flush();
    const { header, rows } = await readSheet('Line items');
    expect(header).toEqual(['Number', 'Date', 'Vendor', 'File', 'Line', 'Description', 'Quantity', 'Amount']);
    expect(rows.map((r) => [r.Number!.value, r.Line!.value, r.Description!.value, r.Quantity!.value, r.Amount!.value])).toEqual([
      ['A', 1, 'Widget, "large"', 2, 100], ['A', 2, 'Gadget\nsecond line', 1, 23.45],
      ['B', 1, 'Widget, "large"', 2, 100], ['B', 2, 'Gadget\nsecond line', 1, 23.45],
    ]);
    expect(rows[0]!.File!.value).toEqual({ text: 'A.pdf', hyperlink: 'A.pdf' });
    expect(rows[0]!.Amount!.numFmt).toBe('#,##0.00');
    expect((rows[0]!.Date!.value as Date).toISOString()).toBe('2026-01-31T00:00:00.000Z');
  });

  it('writes its headers and sheet names in Japanese for a Japanese locale', async () => {
    const ledger = manualLedger({ format: { locale: 'ja-JP', timeZone: 'Asia/Tokyo' } });
    ledger.upsert(file('A'));
    await ledger.flush();
    const { header, rows } = await readSheet('台帳');
    expect(header.slice(0, 12)).toEqual(['日付', '取引先', '番号', '税抜金額', '税額', '合計', '通貨', '支払期日', '確認', 'ファイル', '状態', '処理日時']);
    expect(rows[0]!['日付']!.numFmt).toBe('yyyy/mm/dd');
    expect(rows[0]!['状態']!.value).toBe('完了');
    expect((await readSheet('明細')).rows).toHaveLength(2);
  });

  it('keeps a deleted file marked "deleted" when asked to, without a link', async () => {
    const ledger = manualLedger();
    ledger.upsert(file('A'));
    ledger.upsert(file('B'));
    await ledger.flush();
    ledger.markDeleted(path.join(folder, 'A.pdf'));
    await ledger.flush();
    expect(cols(csvRows(), 'File', 'Status')).toEqual([['File', 'Status'], ['A.pdf', 'Deleted'], ['B.pdf', 'Done']]);
    const { rows } = await readSheet('Ledger');
    expect(rows[0]!.File!.value).toBe('A.pdf');
    expect((await readSheet('Line items')).rows.map((r) => r.Number!.value)).toEqual(['B', 'B']);
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

describe('ledger of a shared folder (docs/shared-folder.md)', () => {
  it('is not written while another desktop writes it; its rows wait, and become this desktop\'s whole rewrite once it writes', async () => {
    let writer = false;
    const ledger = manualLedger({ writes: () => writer });
    ledger.upsert(file('A1'));
    ledger.upsert(file('A2'));
    await ledger.flush();
    expect(fs.existsSync(csvPath())).toBe(false);
    expect(fs.existsSync(path.join(folder, LEDGER_XLSX_NAME))).toBe(false);
    // Another desktop's ledger is there; this one becomes the writer and replaces it whole.
    fs.writeFileSync(csvPath(), 'written,by,another,desktop\r\nx,y,z,w\r\n');
    writer = true;
    ledger.writeAllUnder(folder);
    await ledger.flush();
    expect(col(csvRows(), 'Number').slice(1).sort()).toEqual(['A1', 'A2']);
    expect(csvModes()).toEqual(['rewritten']);
    expect(fs.existsSync(path.join(folder, LEDGER_XLSX_NAME))).toBe(true);
  });

  it('is not rewritten when this desktop becomes its writer again and finds it as it left it; it is when another desktop wrote either file', async () => {
    let writer = true;
    const ledger = manualLedger({ writes: () => writer });
    ledger.upsert(file('A1'));
    await ledger.flush();
    const written = () => events.filter((e) => e.type === 'ledger.written').map((e) => (e as { file: string }).file).sort();
    expect(written()).toEqual(['csv', 'xlsx']);
    // A restart, or a claim lost and won back with nobody writing meanwhile: nothing to do.
    writer = false;
    writer = true;
    events.length = 0;
    ledger.writeAllUnder(folder);
    await ledger.flush();
    expect(written()).toEqual([]);
    // Another desktop rewrote the spreadsheet meanwhile: both files are this desktop's rows again.
    const xlsx = path.join(folder, LEDGER_XLSX_NAME);
    fs.appendFileSync(xlsx, Buffer.from('another desktop'));
    ledger.writeAllUnder(folder);
    await ledger.flush();
    expect(written()).toEqual(['csv', 'xlsx']);
    expect(csvModes()).toContain('rewritten');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    expect(book.getWorksheet('Ledger')!.rowCount).toBe(2);
    // Rows that arrived while another desktop wrote are written once this one writes again.
    events.length = 0;
    writer = false;
    ledger.upsert(file('A2'));
    await ledger.flush();
    expect(written()).toEqual([]);
    writer = true;
    ledger.writeAllUnder(folder);
    await ledger.flush();
    expect(written()).toEqual(['csv', 'xlsx']);
    expect(col(csvRows(), 'Number').slice(1).sort()).toEqual(['A1', 'A2']);
  });
});
