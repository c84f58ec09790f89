import { describe, expect, it } from 'vitest';
import { candidatesFor } from '../../../src/service/processing/extract/candidates.js';
import { buildContext } from '../../../src/service/processing/extract/context.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { currencyOfCountry } from '../../../src/service/processing/parse/amounts.js';
import { EVAL_SCHEMA } from '../../eval/score.js';

// Failure classes of header fields across the tuning sets (session 26). Pages made by hand, with other names and figures
// (linesFromText: cells two spaces apart, a line every 12 points).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] =>
  [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const read = (lines: string[], source: 'text' | 'ocr' = 'text') =>
  Object.fromEntries(extractFields(page(lines, source), EVAL_SCHEMA).map((f) => [f.title, { value: f.value, confidence: f.confidence }]));

describe('a tax the prices include, named with its rate in brackets or on a line of its own', () => {
  const store = (tax: string) => ['Lantern Apps Ltd', 'Receipt', 'DATE', '14 Mar 2023', 'DOCUMENT NO.', '550912334871',
    cells('TaskBoard Pro - Annual plan', '24.99'), 'In-App Purchase', cells('Weather Live - Monthly', '4.99'), 'In-App Purchase',
    cells('Subtotal', '24.98'), cells(tax, '5.00'), cells('TOTAL', '29.98'), 'Billed to Visa', 'Prices include tax where applicable.'];
  it('"VAT 20% (included)" is the tax, and the subtotal beside it stays', () => {
    const ctx = buildContext(page(store('VAT 20% (included)'), 'ocr'));
    expect(candidatesFor({ title: 'Tax', type: 'NUMBER' }, 'tax', ctx, new Set()).map((c) => c.value)).toEqual([5]);
    const f = read(store('VAT 20% (included)'), 'ocr');
    expect(f.Tax!.value).toBe(5);
    expect(f.Subtotal!.value).toBe(24.98);
    expect(f.Total!.value).toBe(29.98);
  });
  const book = (tax: string[]) => ['DUPLICATE', 'Nausori Hardware', 'Main Street, Nausori', cells('CASH SALE', 'No 4418'), cells('Date', '21/06/2022'),
    cells('QTY', 'PARTICULARS', 'RATE', 'AMOUNT'), cells('2', 'Cement 40kg', '31.05', '62.10'), cells('1', 'Wheelbarrow', '168.95', '168.95'),
    cells('TOTAL', 'FJ$231.05'), ...tax, 'Goods once sold are not returnable'];
  it('"All prices VAT inclusive (15%)": the amount on its line that is the total\'s share at that rate, not sure', () => {
    const f = read(book([cells('All prices VAT inclusive (15%) VAT incl.', '30.14')]), 'ocr');
    expect(f.Tax!.value).toBe(30.14);
    expect(f.Tax!.confidence).toBeLessThan(0.9);
  });
  it('or alone on the line beside it; an amount that is no share at the rate is not taken', () => {
    expect(read(book(['30.14', 'All prices VAT inclusive (15%) VAT incl.']), 'ocr').Tax!.value).toBe(30.14);
    expect(read(book(['27.50', 'All prices VAT inclusive (15%) VAT incl.']), 'ocr').Tax!.value).toBeNull();
  });
});

describe('a currency no sign names: the VAT rate only one English-speaking country charges', () => {
  const ride = (vat: string) => ['Zippo Rides', cells('Total', '24.60'), cells('Base fare', '12.10'), cells('Distance', '8.40'), cells('Service fee', '4.10'),
    cells(vat, '4.10'), cells('Total charged', '24.60'), '14/05/2022 18:02', 'Receipt # R-5521-0931'];
  it('20% is the UK\'s, 23% Ireland\'s; a guess, never sure', () => {
    const uk = read(ride('Includes VAT 20%'), 'ocr').Currency!;
    expect(uk.value).toBe('GBP');
    expect(uk.confidence).toBeLessThan(0.9);
    expect(read(ride('incl. VAT 23%'), 'ocr').Currency!.value).toBe('EUR');
  });
  it('a rate several countries charge, or two countries\' rates, place nothing; the page\'s own words come first', () => {
    expect(currencyOfCountry('Total 24.60\nVAT 15% 3.21')).toBeNull();
    expect(currencyOfCountry('VAT 20% 4.10\nVAT 23% 1.20')).toBeNull();
    expect(currencyOfCountry('Kowalski Sp. z o.o.\nNIP 5261040828\nVAT 23% 4.60')).toBe('PLN');
  });
});

describe('a place under the name whose own name holds a kind of business is not the vendor', () => {
  it('a shop\'s street ("Unit 4, Market Arcade, Galway") under a name of three words', () => {
    const ticket = ['QuickFix Laptop Care', 'Unit 7, Market Square, Sligo', cells('REPAIR TICKET / INVOICE'), cells('Ticket No.', 'L20391'),
      cells('Booked in', '02/03/2022'), cells('Part / labour', 'Qty', 'Price', 'Total'), cells('Keyboard replacement', '1', '74.00', '74.00'),
      cells('Total', '74.00'), cells('incl. VAT 23%', '13.84')];
    expect(read(ticket, 'ocr')['Vendor Name']!.value).toBe('QuickFix Laptop Care');
  });
  it('a motorway\'s service area ("Aust Services, M48") under a fuel station\'s name', () => {
    const fuel = ['Wyvern Valley Motorfuels', 'Leigh Services, M5', 'Bristol BS48 3QP', 'Tel: 01275 404112', 'VAT NO. GB 381 2211 07',
      cells('11/02/2021 08:14', 'Rcpt 204117'), cells('PUMP 03 Unleaded', '52.40 A'), cells('TOTAL', '52.40'), cells('CARD', '52.40')];
    expect(read(fuel, 'ocr')['Vendor Name']!.value).toBe('Wyvern Valley Motorfuels');
  });
});

describe('a till\'s rate table (net, tax, gross by rate) with its sum row', () => {
  const till = (sum: string[]) => ['Buchhandlung Lindner', 'Marktstrasse 9', '80331 Munchen', 'EUR', cells('2', 'Kalender 2024', '12,50', '25,00 A'),
    cells('1', 'Kaffee 500 g', '8,56 B'), cells('SUMME', 'EUR 33,56'), cells('Bar', '40,00'), cells('Ruckgeld', '6,44'),
    cells('MwSt', 'Netto', 'Steuer', 'Brutto'), cells('A19%', '21,01', '3,99', '25,00'), cells('B7%', '8,00', '0,56', '8,56'), cells(...sum),
    '03.05.2022 11:02 Bon-Nr.48213 Kasse 1'];
  it('a full-width comma OCR put in a figure ("33，56") is its decimal mark', () => {
    const f = read(till(['Gesamt', '29,01', '4,55', '33，56']), 'ocr');
    expect([f.Subtotal!.value, f.Tax!.value, f.Total!.value]).toEqual([29.01, 4.55, 33.56]);
  });
  it('a sum row whose word OCR misread ("Gesam") is known by its arithmetic: the rows above add up to it', () => {
    const f = read(till(['Gesam', '29,01', '4,55', '33,56']), 'ocr');
    expect([f.Subtotal!.value, f.Tax!.value]).toEqual([29.01, 4.55]);
  });
});

describe('a French bill\'s tax the prices include, its rate without a % ("dont TVA 10")', () => {
  const bill = (foot: string[]) => ['Brasserie du Port', '4 quai Rambaud, 69002 Lyon', 'SIRET 51234987600018', cells('Table 12', 'Couverts: 2'),
    cells('Addition n° 40417', '14/03/2022 21:10'), cells('1', 'Entrecote', '24,00'), cells('1', 'Tarte Tatin', '8,00'), cells('2', 'Cafe', '@2,50', '5,00'), ...foot];
  it('the amount beside the rate is the tax, and the net under "Total HT" the subtotal, not the "Sous-total" equal to the total', () => {
    const f = read(bill([cells('Sous-total', '37,00'), cells('TOTAL', 'TTC', '37,00'), cells('dont TVA 10', '3,36'), cells('Total HT', '33,64')]), 'ocr');
    expect([f.Subtotal!.value, f.Tax!.value, f.Total!.value]).toEqual([33.64, 3.36, 37]);
  });
  it('also with each label over its figure', () => {
    const f = read(bill(['Sous-total', '37,00', 'TOTAL TTC', '37,00', 'dont TVA 10', '3,36', 'Total HT', '33,64']), 'ocr');
    expect([f.Subtotal!.value, f.Tax!.value, f.Total!.value]).toEqual([33.64, 3.36, 37]);
  });
});
