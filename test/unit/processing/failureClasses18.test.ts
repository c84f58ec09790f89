import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes of the eighteenth held-out set (session 24). Pages made by hand, with other names and figures
// (linesFromText: cells two spaces apart, a line every 12 points).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] =>
  [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const values = (lines: string[], source: 'text' | 'ocr' = 'text') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA));

describe('the currencies of Mauritius, Botswana, Namibia, Fiji and Papua New Guinea', () => {
  const faxed = (vendor: string, town: string, ids: string, total: string) => [vendor, town, ids, 'TAX INVOICE', cells('Invoice No.', 'TI204518'),
    cells('Date', '21/06/2023'), cells('Description', 'Qty', 'Unit price', 'Amount'), cells('Diesel filter element', '4', '250.00', '1,000.00'),
    cells('Total excl. VAT', '1,000.00'), cells('VAT @ 15%', '150.00'), cells('Total incl. VAT', total)];
  it('a Mauritian "Rs" is the Mauritian rupee (its VAT number "VAT" + digits places it nowhere)', () => {
    expect(values(faxed('Rose Hill Stationers Ltd', 'Vandermeersch St, Rose Hill, Mauritius', 'BRN: C09876543   VAT Reg. No.: VAT27654321', 'Rs 1,150.00'), 'ocr').Currency).toBe('MUR');
    expect(values(faxed('Flacq Builders Ltd', 'Royal Road, Curepipe', 'BRN: C09876543', 'Rs 1,150.00'), 'ocr').Currency).toBe('MUR');
  });
  it('a Botswana "(Pty) Ltd" printing "P" is in pula, not rand', () => {
    expect(values(faxed('Mahalapye Traders (Pty) Ltd', 'Plot 77, Francistown', 'VAT No: P04123456789', 'P 1,150.00'), 'ocr').Currency).toBe('BWP');
  });
  it('"N$" and "FJ$" are the Namibian and Fijian dollars', () => {
    expect(values(faxed('Otjiwarongo Hardware CC', 'Hage Geingob St, Otjiwarongo', 'VAT Reg No: 1234567-01-5', 'N$ 1,150.00'), 'ocr').Currency).toBe('NAD');
    expect(values(faxed('Sigatoka Motor Spares', 'Market Road, Sigatoka', 'TIN 50-12345-0-1', 'FJ$ 1,150.00'), 'ocr').Currency).toBe('FJD');
  });
  it('a Papua New Guinea trade store printing "K" is in kina', () => {
    expect(values(faxed('Goroka Coffee Traders Ltd', 'Lot 9, Goroka', 'TIN 501234567', 'K 1,150.00'), 'ocr').Currency).toBe('PGK');
  });
  it('a ticket number after an R ("R48461") is no rand', () => {
    // OCR lost the euro sign; the Irish VAT number places the shop.
    const ticket = ['Galway Phone Fix', 'Shop Street, Galway', 'VAT No. IE 6388047V', 'REPAIR TICKET / INVOICE', cells('Ticket No.', 'R48461'), cells('Booked in', '23/10/2021'),
      cells('Part / labour', 'Qty', 'Price', 'Total'), cells('Battery replacement', '1', '59.00', '59.00'), cells('Total', '59.00'), cells('incl. VAT 23%', '11.03')];
    expect(values(ticket, 'ocr').Currency).toBe('EUR');
  });
});

describe('a dollar invoice from Lebanon or Cambodia dates the day first', () => {
  it('a Lebanese invoice in USD with its VAT restated in LBP', () => {
    const inv = ['Zahle Printing S.A.L.', 'Main Road, Zahle', 'VAT No. 654321-601', 'INVOICE', cells('Invoice No.', 'B40217'), cells('Date', '09/04/2025'),
      cells('Item', 'Qty', 'Unit USD', 'Total USD'), cells('Brochures A5 (500)', '2', '90.00', '180.00'), cells('Subtotal USD', '180.00'), cells('VAT 11% USD', '19.80'),
      cells('Total USD', '$199.80'), cells('VAT in LBP at 89,500', 'LBP 1,772,100')];
    expect(values(inv)['Invoice Date']).toBe('2025-04-09');
  });
  it('a Cambodian till receipt with its total in riel', () => {
    const receipt = ['KAMPOT CORNER MART', 'Riverside Road, Kampot', 'TAX INVOICE / RECEIPT', 'Receipt No: 31-204518', 'Date: 05/01/2022 18:20',
      'Kampot pepper 100g', cells('1 x 4.50', '4.50'), cells('Subtotal', '4.09'), cells('VAT 10%', '0.41'), cells('TOTAL USD', '4.50'), cells('TOTAL RIEL', '18,500'),
      cells('Rate', '1 USD = 4,100 KHR')];
    expect(values(receipt, 'ocr')['Invoice Date']).toBe('2022-01-05');
  });
});

describe('a Jordanian invoice\'s three decimals', () => {
  it('"37.500" is 37.5 dinars on a page in JOD, with no "0.000" on it', () => {
    const inv = ['Madaba Olive Press Co.', 'King Talal St., Madaba', 'Tax No.: 12345678', 'TAX INVOICE', cells('Invoice No.', '2024/0123'), cells('Date', '12/03/2024'),
      cells('Description', 'Qty', 'Unit price JOD', 'Total JOD'), cells('Olive oil tin 16 L', '3', '12.500', '37.500'), cells('Total before tax', '37.500'),
      cells('General sales tax 16%', '6.000'), cells('Net amount JOD', '43.500')];
    const v = values(inv);
    expect([v.Subtotal, v.Tax, v.Total]).toEqual([37.5, 6, 43.5]);
  });
});

describe('a vet\'s next vaccination', () => {
  it('"Next vaccination due" is no due date', () => {
    const inv = ['Sliema Animal Clinic', 'Tower Road, Sliema', 'VAT No. MT12345678', 'INVOICE', cells('Invoice No.', 'V-2041'), cells('Date', '11.10.2024'),
      cells('Patient', 'Bella (canine)'), cells('Description', 'Qty', 'Price', 'Amount'), cells('Annual vaccination', '1', '45.00', '45.00'),
      cells('Subtotal', '€ 45.00'), cells('VAT 18%', '€ 8.10'), cells('Total', '€ 53.10'), 'Next vaccination due: 11.10.2025. Thank you for trusting us with your pet.'];
    expect(values(inv)['Due Date']).toBeNull();
  });
});

describe('the VAT a repair ticket\'s prices include, printed under its total', () => {
  const ticket = (label: string) => ['Oban Mobile Doctor', '12 George Street, Oban', 'REPAIR TICKET / INVOICE', cells('Ticket No.', 'R20931'), cells('Booked in', '14/02/2023'),
    cells('Part / labour', 'Qty', 'Price', 'Total'), cells('Charging port flex', '1', '45.00', '45.00'), cells('Labour', '1', '27.00', '27.00'),
    cells('Total', '£72.00'), cells(label, '£12.00'), cells('Deposit paid', '-£20.00'), cells('Balance due on collection', '£52.00')];
  it('"incl. VAT 20%" and "VAT included" are the tax, the total the prices\' sum', () => {
    for (const label of ['incl. VAT 20%', 'VAT included']) {
      const v = values(ticket(label), 'ocr');
      expect([v.Tax, v.Total, v.Subtotal]).toEqual([12, 72, null]);
    }
  });
});

describe('the rate of an "incl. VAT" line whose % OCR lost', () => {
  it('"incl. VAT 23" beside 14.78: the tax is 14.78', () => {
    const ticket = ['Claddagh Phone Repairs', 'Quay Street, Galway', 'VAT No. IE 6388047V', 'REPAIR TICKET / INVOICE', cells('Ticket No.', 'R31877'), cells('Booked in', '04/09/2021'),
      cells('Part / labour', 'Qty', 'Price', 'Total'), cells('Charging port flex', '1', '54.39', '54.39'), cells('Ultrasonic clean', '1', '24.63', '24.63'),
      cells('Total', '79.02'), cells('incl. VAT 23', '14.78'), cells('Deposit paid', '-25.00'), cells('Balance due on collection', '54.02')];
    expect(values(ticket, 'ocr').Tax).toBe(14.78);
  });
});
