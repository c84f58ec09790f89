import { describe, expect, it } from 'vitest';
import { languageOf } from '../../../src/service/agent/engine/language.js';
import { parseQuestion } from '../../../src/service/agent/engine/question.js';
import { normalizeName, roleOf, type DocRecord } from '../../../src/service/agent/engine/records.js';

const record = (vendor: string, number: string, fileName = `${number}.txt`): DocRecord => ({
  doc: { documentId: `d-${number}`, fileId: `f-${number}`, fileName, createdAt: '2024-01-01' },
  fields: [],
  roles: { vendor: { title: 'Vendor Name', type: 'string', value: vendor }, number: { title: 'Invoice Number', type: 'string', value: number } },
});
const RECORDS = [record('ACME Supplies Ltd', 'INV-1001'), record('Globex Corporation', 'GX-77', 'invoice.pdf')];
const NOW = Date.UTC(2025, 5, 15);
const parse = (q: string) => parseQuestion(q, RECORDS, NOW);

describe('parseQuestion', () => {
  it.each([
    ['How much did we pay ACME in March?', { kind: 'sum', vendor: 'ACME Supplies Ltd', month: 3 }],
    ['How many invoices from Globex in 2024?', { kind: 'count', vendor: 'Globex Corporation', year: 2024 }],
    ['Which invoices are overdue?', { kind: 'overdue' }],
    ['What is the total by vendor?', { kind: 'sum', groupBy: 'vendor' }],
    ['How many invoices per month?', { kind: 'count', groupBy: 'month' }],
    ['What is the latest invoice?', { kind: 'latest' }],
    ['What did we spend last month?', { kind: 'sum', year: 2025, month: 5 }],
    ['When is INV-1001 due?', { kind: 'lookup', field: 'due' }],
    ['Who issued GX-77?', { kind: 'lookup', field: 'vendor' }],
    ['What is the total of invoices due in April 2024?', { kind: 'sum', dateRole: 'due', year: 2024, month: 4 }],
    ['ACMEへの2024年3月の支払いの合計はいくらですか？', { kind: 'sum', vendor: 'ACME Supplies Ltd', year: 2024, month: 3 }],
    ['期限切れの請求書は何件ですか？', { kind: 'overdue' }],
    ['取引先別の合計は？', { kind: 'sum', groupBy: 'vendor' }],
    ['Tell me about the consulting work', { kind: 'search' }],
  ])('%s', (q, expected) => {
    expect(parse(q)).toMatchObject(expected);
  });

  it('does not take a generic word for a file name', () => {
    expect(parse('Which invoices are overdue?').named).toEqual([]);
    expect(parse('What is in invoice.pdf?').named.map((r) => r.doc.fileName)).toEqual(['invoice.pdf']);
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
    expect(parseQuestion('What is the total of invoice NO6714-87?', RECORDS, NOW).field).toBe('total');
    expect(parseQuestion('What is the invoice no. of the Globex bill?', RECORDS, NOW).field).toBe('number');
  });
});
