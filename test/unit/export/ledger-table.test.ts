import { describe, expect, it } from 'vitest';
import { amountNumFmt, dateNumFmt, resolveFormat } from '../../../src/sync/export/ledger-format.js';
import { headerLabels, ledgerColumns, rolesOf } from '../../../src/sync/export/ledger-layout.js';
import { fieldCell, parseIsoDate } from '../../../src/sync/export/ledger-table.js';

const en = resolveFormat({ locale: 'en-GB', timeZone: 'Europe/London', csvSeparator: 'auto' });
const de = resolveFormat({ locale: 'de-DE', timeZone: 'Europe/Berlin' });

describe('ledger cells', () => {
  it('types numbers, booleans and ISO dates; anything else stays text', () => {
    expect(fieldCell({ t: 'Total', y: 'number', v: -12.5 }, en)).toMatchObject({ typed: -12.5, kind: 'number', text: '-12.5' });
    expect(fieldCell({ t: 'Total', y: 'number', v: '42.10' }, en)).toMatchObject({ typed: 42.1, kind: 'number' });
    expect(fieldCell({ t: 'Total', y: 'number', v: '1,234.50' }, en)).toMatchObject({ typed: '1,234.50', kind: 'text' });
    expect(fieldCell({ t: 'Paid', y: 'boolean', v: true }, en)).toMatchObject({ typed: true, kind: 'boolean', text: 'true' });
    const d = fieldCell({ t: 'Date', y: 'date', v: '2026-01-31' }, en);
    expect(d).toMatchObject({ kind: 'date', text: '31/01/2026', numFmt: 'dd/mm/yyyy' });
    expect((d.typed as Date).toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(fieldCell({ t: 'Date', y: 'date', v: '31/01/2026' }, en)).toMatchObject({ kind: 'text', typed: '31/01/2026' });
    expect(fieldCell({ t: 'Ref', y: 'string', v: '2026-01-31' }, en)).toMatchObject({ kind: 'text' });
    expect(fieldCell({ t: 'Items', y: 'object', v: null, n: 3 }, en)).toMatchObject({ typed: 3, kind: 'number' });
    expect(fieldCell(undefined, en)).toMatchObject({ text: '', typed: null });
  });

  it('writes decimals with a comma and `;` between cells where the locale does (de-DE)', () => {
    expect(de.csvSeparator).toBe(';');
    expect(en.csvSeparator).toBe(',');
    expect(fieldCell({ t: 'Total', y: 'number', v: 1234.5 }, de).text).toBe('1234,5');
    expect(fieldCell({ t: 'Date', y: 'date', v: '2026-01-31' }, de).text).toBe('31.01.2026');
    expect(resolveFormat({ locale: 'de-DE', csvSeparator: ',' }).csvSeparator).toBe(',');
  });

  it('checks the calendar of ISO dates', () => {
    expect(parseIsoDate('2026-02-30')).toBeNull();
    expect(parseIsoDate('2026-02-28')).not.toBeNull();
    expect(parseIsoDate('2026-02-01T10:00:05.000Z')?.withTime).toBe(true);
  });
});

describe('ledger formats', () => {
  it('builds Excel date formats in the locale order', () => {
    expect(dateNumFmt('en-US', false)).toBe('mm/dd/yyyy');
    expect(dateNumFmt('de-DE', true)).toBe('dd.mm.yyyy hh:mm');
    expect(dateNumFmt('ja-JP', false)).toBe('yyyy/mm/dd');
  });

  it('builds currency formats with the symbol where the locale puts it and its decimals', () => {
    expect(amountNumFmt('en-US', 'USD')).toBe('"$"#,##0.00');
    expect(amountNumFmt('de-DE', 'EUR')).toBe('#,##0.00\\ "€"');
    expect(amountNumFmt('ja-JP', 'JPY')).toBe('"￥"#,##0');
    expect(amountNumFmt('en-GB', 'RM')).toBe('#,##0.00\\ "RM"');
    expect(amountNumFmt('en-GB', null)).toBe('#,##0.00');
  });
});

describe('ledger columns', () => {
  const row = (fields: Array<{ t: string; y: string; v: unknown; n?: number }>, over = {}) => ({
    sourcePath: '/x/a.pdf', docIndex: 0, ledgerDir: '/x', relPath: 'a.pdf', documentName: 'a.pdf', remotePath: 'a.pdf',
    status: 'exported', processedAt: '2026-01-01T00:00:00Z', note: null, reviewState: null, fields, seq: 1, inCsv: false, ...over,
  });

  it('puts what an accountant reads first, each value once, other fields last', () => {
    const fields = [
      { t: 'Invoice Number', y: 'string', v: 'A' }, { t: 'Invoice Date', y: 'date', v: '2026-01-31' },
      { t: 'Due Date', y: 'date', v: '2026-02-28' }, { t: 'Vendor Name', y: 'string', v: 'ACME' },
      { t: 'Total', y: 'number', v: 10 }, { t: 'Tax', y: 'number', v: 1 }, { t: 'Subtotal', y: 'number', v: 9 },
      { t: 'Currency', y: 'string', v: 'EUR' }, { t: 'PO', y: 'string', v: 'P-1' }, { t: 'Line Items', y: 'object', v: null, n: 2 },
    ];
    expect([...rolesOf(fields).entries()].map(([r, f]) => `${r}=${f.t}`).sort()).toEqual([
      'currency=Currency', 'date=Invoice Date', 'dueDate=Due Date', 'net=Subtotal', 'number=Invoice Number', 'tax=Tax', 'total=Total', 'vendor=Vendor Name',
    ]);
    const columns = ledgerColumns([row(fields)], fields.map((f) => f.t));
    expect(headerLabels(columns, 'en-GB')).toEqual([
      'Date', 'Vendor', 'Number', 'Net', 'Tax', 'Total', 'Currency', 'Due date', 'Review', 'File', 'Status', 'Processed at',
      'Line items', 'Remote path', 'Note', 'PO',
    ]);
    expect(headerLabels(columns, 'ja-JP').slice(0, 9)).toEqual(['日付', '取引先', '番号', '税抜金額', '税額', '合計', '通貨', '支払期日', '確認']);
  });

  it('shows a Document column only where a split gives a file several documents', () => {
    expect(ledgerColumns([row([])], [])).not.toContain('fixed:document');
    expect(ledgerColumns([row([], { documentName: 'a.pdf (2)' })], [])).toContain('fixed:document');
  });
});
