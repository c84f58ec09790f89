import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { documentOrder } from '../../../src/service/processing/parse/dates.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';

// Failure classes of header fields (session 25): the order of an ambiguous numeric date, and heldout18's leftovers. Pages
// made by hand, with other names and figures (linesFromText: cells two spaces apart, a line every 12 points).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] =>
  [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const read = (lines: string[], source: 'text' | 'ocr' = 'text') =>
  Object.fromEntries(extractFields(page(lines, source), EVAL_SCHEMA).map((f) => [f.title, { value: f.value, confidence: f.confidence }]));

describe('the order of an ambiguous numeric date comes from the country the page is placed in', () => {
  const bill = (head: string[], date: string, money: (s: string) => string) => [...head, cells('INVOICE'), cells('Invoice No.', 'INV-30418'),
    cells('Date', date), cells('Description', 'Amount'), cells('Consulting hours', money('420.00')), cells('Subtotal', money('420.00')),
    cells('Tax', money('42.00')), cells('TOTAL', money('462.00'))];
  it('a bare dollar places the page nowhere: month first as a guess, never sure', () => {
    const f = read(bill(['Harbour Ridge Supplies', 'Unit 9, Dockside'], '04/06/2023', (s) => `$${s}`))['Invoice Date']!;
    expect(f.value).toBe('2023-04-06');
    expect(f.confidence).toBeLessThan(0.9);
    expect(documentOrder('Harbour Ridge Supplies\nDate 04/06/2023\nTOTAL $462.00')).toEqual({ order: 'MDY', from: 'default' });
  });
  it('an American address (a state and ZIP code after a town) places it in the US: month first, settled', () => {
    expect(documentOrder('Harbour Ridge Supplies\nPortland, OR 97201\nDate 04/06/2023\nTOTAL $462.00')).toEqual({ order: 'MDY', from: 'country' });
    expect(documentOrder('Harbour Ridge Supplies\nCustomer ID 97201\nDate 04/06/2023\nTOTAL $462.00').from).toBe('default');
  });
  it('a country that pays in dollars and writes the day first (Lebanon, Cambodia, Ecuador) reads it day first, from the one table', () => {
    expect(documentOrder('Cedar Print SAL\nHamra Street, Beirut\nDate 04/06/2023\nTOTAL $462.00')).toEqual({ order: 'DMY', from: 'country' });
    expect(documentOrder('Mekong Traders\nPhnom Penh\nDate 04/06/2023\nTOTAL $462.00 (1,895,000 riel)')).toEqual({ order: 'DMY', from: 'country' });
    expect(documentOrder('Andes Repuestos\nGuayaquil\nDate 04/06/2023\nTOTAL USD 462.00')).toEqual({ order: 'DMY', from: 'country' });
    const f = read(bill(['Cedar Print SAL', 'Hamra Street, Beirut'], '04/06/2023', (s) => `$${s}`))['Invoice Date']!;
    expect(f.value).toBe('2023-06-04');
  });
  it('a currency paid only where dates are written one way settles it (the pound, the euro); Canada writes both', () => {
    expect(documentOrder('Date 04/06/2023\nTOTAL £462.00')).toEqual({ order: 'DMY', from: 'country' });
    expect(documentOrder('Date 04/06/2023\nTOTAL 462,00 €')).toEqual({ order: 'DMY', from: 'country' });
    expect(documentOrder('Maple Hardware\nGST/HST 123456789 RT0001\nDate 04/06/2023\nTOTAL $462.00')).toEqual({ order: 'MDY', from: 'default' });
  });
  it('a page placed in one country that prints a currency whose countries write another way settles nothing', () => {
    // "Ltd" places the page in the UK (day first); a bare dollar is the US's month first too.
    expect(documentOrder('Harbour Ridge Supplies Ltd\nDate 04/06/2023\nTOTAL $462.00').from).toBe('default');
  });
  it('another date on the page that is unambiguous settles it', () => {
    expect(documentOrder('Date 04/06/2023\nDue 04/21/2023\nTOTAL $462.00')).toEqual({ order: 'MDY', from: 'dates' });
  });
});

describe('heldout18\'s leftovers', () => {
  const ticket = (no: string) => ['Quayside Phone Doctor', 'Shop 2, Harbour Mall, Cork', cells('REPAIR TICKET / INVOICE'), cells('Ticket No.', no),
    cells('Booked in', '14/09/2022'), cells('Device', 'Galaxy S21'), cells('Part / labour', 'Qty', 'Price', 'Total'),
    cells('Screen replacement', '88.40', '88.40'), cells('Total', '88.40'), cells('incl. VAT 23%', '16.53'), cells('Deposit paid', '-30.00'),
    cells('Balance due on collection', '58.40'), 'Devices not collected within 90 days will be disposed of.', 'Customer signature'];
  it('a repair ticket\'s "Ticket No." is its number, not sure', () => {
    const f = read(ticket('Q73120'), 'ocr')['Invoice Number']!;
    expect(f.value).toBe('Q73120');
    expect(f.confidence).toBeLessThan(0.9);
  });
  it('its total is the one the deposit is taken from, not the balance due', () => {
    expect(read(ticket('Q73120'), 'ocr').Total!.value).toBe(88.4);
  });
  it('a form\'s bilingual head ("ARITHMOS / No.") over its number', () => {
    const form = ['MAKEDONIKA ERGALEIA O.E.', 'ODOS TSIMISKI 12, 54624 THESSALONIKI', cells('TIMOLOGIO / INVOICE'),
      cells('SEIRA / SERIES', 'ARITHMOS / No.', 'HMEROMINIA / DATE'), ['TDA'.padEnd(20), '048812'.padEnd(20), '19/05/2023'].join(''),
      cells('PERIGRAFI / DESCRIPTION', 'AXIA / AMOUNT'), cells('KARFIA 5KG', '41,20'), cells('SYNOLO AXIAS / NET', '41,20'),
      cells('SYNOLO FPA / VAT', '9,89'), cells('PLIROTEO / TOTAL EUR', '51,09')];
    expect(read(form)['Invoice Number']!.value).toBe('048812');
  });
  it('a duplicate book\'s printed number after a bare "No" ("No 0457"), not an address\'s "No 12"', () => {
    const book = (head: string) => ['DUPLICATE', 'Savusavu General Store', head, cells('CASH SALE', 'No 0457'), cells('Date', '02/07/2022'),
      cells('QTY', 'PARTICULARS', 'RATE', 'AMOUNT'), cells('2', 'Rice 10kg', '24.10', '48.20'), cells('TOTAL', 'FJ$48.20')];
    expect(read(book('Main Street, Savusavu'), 'ocr')['Invoice Number']!.value).toBe('0457');
    const address = ['Kedai Runcit Ah Seng', cells('No 12, Jalan Mawar'), cells('Date', '02/07/2022'), cells('Rice 10kg', '48.20'), cells('TOTAL', 'RM48.20')];
    expect(read(address, 'ocr')['Invoice Number']!.value).not.toBe('12');
  });
  it('a fax machine\'s header line at the top of the page is not the vendor', () => {
    const fax = [cells('12/03/2024 10:15 FROM: +230 412 7781 BLUE LAGOON TRADING TO: 5583120 P.1/1'), 'Blue Lagoon Trading Ltd', 'Royal Road, Rose Hill',
      cells('Tel +230 467 2210', 'Fax +230 412 7781'), cells('VAT INVOICE'), cells('Invoice No.', 'INV20931'), cells('Date', '12/03/2024'),
      cells('Description', 'Amount'), cells('Printer paper A4', '1,450.00'), cells('Total excl. VAT', '1,450.00'), cells('VAT @ 15%', '217.50'),
      cells('Total incl. VAT', 'Rs 1,667.50')];
    const v = read(fax, 'ocr')['Vendor Name']!.value;
    expect(v).toBe('Blue Lagoon Trading Ltd');
  });
});
