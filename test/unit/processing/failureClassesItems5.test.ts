import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import type { Line } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Line-item failure classes of the tuning sets (session 24, issue 15; found on generated-heldout17). Pages made by
// hand, with other names and figures, as the text layer or OCR leaves them (cells where they stand).

/** A line of cells at x (page units), 30 high. */
const at = (y: number, cells: [number, string][]): Line => {
  const cs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 12 }));
  return { text: cells.map((c) => c[1]).join(' '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0: y, y1: y + 30, page: 1 };
};
const items = (lines: Line[], source: 'text' | 'ocr' = 'ocr') =>
  valuesOf(extractFields([{ number: 1, width: 1600, height: 2200, source, quality: source === 'text' ? 1 : 0.9, lines }], EVAL_SCHEMA))['Line Items'];

describe('a unit price\'s column named "Unit" and its currency, no brackets ("Unit £", "Unit USD", OCR\'s "Unit&")', () => {
  const note = (unit: string) => [at(60, [[80, 'Severn Valve Engineering Ltd']]), at(100, [[80, 'VAT Reg No: GB 318 4472 90']]), at(160, [[900, 'CREDIT NOTE']]),
    at(220, [[700, 'Credit Note No.'], [1000, 'CN-20417']]), at(250, [[700, 'Date'], [1000, '14/03/2024']]),
    at(330, [[80, 'Description'], [720, 'Qty'], [880, unit], [1060, 'Net £']]),
    at(370, [[80, 'Pressure relief valves returned'], [735, '4'], [876, '188.15'], [1056, '752.60']]),
    at(405, [[80, 'Flange gaskets 50 mm'], [735, '2'], [876, '140.40'], [1056, '280.80']]),
    at(470, [[680, 'Net'], [1044, '1,033.40']]), at(500, [[680, 'VAT 20%'], [1056, '206.68']]), at(530, [[680, 'Total'], [1032, '£1,240.08']])];
  const want = [
    { Description: 'Pressure relief valves returned', Quantity: 4, 'Unit Price': 188.15, Amount: 752.6 },
    { Description: 'Flange gaskets 50 mm', Quantity: 2, 'Unit Price': 140.4, Amount: 280.8 },
  ];

  it('is the price, not a second count joined to the quantity ("4 188.15" read as 4,188.15)', () => {
    expect(items(note('Unit £'), 'text')).toEqual(want);
    expect(items(note('Unit USD'), 'text')).toEqual(want);
    expect(items(note('Unit&'))).toEqual(want);
  });
});

describe('a till\'s amount with its tax-class letter glued after it, as OCR reads them', () => {
  // A Rwandan EBM receipt: the name, then "1.00x  500  500B" (count, price, amount and its tax class).
  const receipt = (figures: [string, string, string][]) => {
    const names = ['Sunflower Oil 2L', 'Bottled Water 500ml', 'Wheat Flour 2kg', 'Laundry Soap 1kg'];
    const lines = [at(100, [[300, 'KIGALI HEIGHTS MINIMART']]), at(130, [[320, 'TIN: 104558213']]), at(190, [[200, 'Welcome to our shop']]),
      at(250, [[195, 'Description'], [670, 'Total Frw']])];
    figures.forEach(([q, p, a], k) => {
      lines.push(at(285 + k * 64, [[195, names[k]!]]));
      lines.push(at(315 + k * 64, [[220, q], [430, p], [700, a]]));
    });
    const y = 300 + figures.length * 64;
    return [...lines, at(y, [[190, 'TOTAL'], [700, '13,650']]), at(y + 30, [[190, 'TOTAL A-EX'], [700, '3,300']]), at(y + 60, [[190, 'TOTAL B-18.00%'], [700, '10,350']]),
      at(y + 90, [[190, 'TOTAL TAX B'], [720, '1,579']]), at(y + 150, [[190, 'ITEMS NUMBER'], [770, '4']])];
  };

  it('reads the amount without the letter: a B read as an 8 ("850B" as 8508), zeros read as C or O ("5COB", "1,10CA-EX")', () => {
    expect(items(receipt([['1.00x', '7,500', '7,500B'], ['1.00x', '850', '850B'], ['2.00x', '500', '1,0COB'], ['3.00x', '1,100', '3,30CA-EX']]))).toEqual([
      { Description: 'Sunflower Oil 2L', Quantity: 1, 'Unit Price': 7500, Amount: 7500 },
      { Description: 'Bottled Water 500ml', Quantity: 1, 'Unit Price': 850, Amount: 850 },
      { Description: 'Wheat Flour 2kg', Quantity: 2, 'Unit Price': 500, Amount: 1000 },
      { Description: 'Laundry Soap 1kg', Quantity: 3, 'Unit Price': 1100, Amount: 3300 },
    ]);
  });
});

describe('a restaurant check printed count first, the price of one under the row ("@ 14.65")', () => {
  it('reads each row\'s count, name and amount, and its price from the line under it', () => {
    const check = [at(200, [[420, 'Quayside Oyster Bar']]), at(240, [[430, '18 Wharf St, Mystic, CT']]), at(290, [[260, 'Check #40718'], [800, 'Table 12']]),
      at(320, [[260, 'Server: Dana'], [800, 'Guests: 3']]), at(350, [[260, '04/22/2023 7:41 PM']]),
      at(395, [[260, '2'], [320, 'Clam Chowder Bowl'], [840, '19.90']]), at(425, [[320, '@9.95']]),
      at(455, [[260, '1'], [320, 'Lobster Roll'], [840, '31.50']]),
      at(485, [[260, '3'], [320, 'Lemonade'], [850, '11.85']]), at(515, [[320, '@3.95']]),
      at(560, [[500, 'Subtotal'], [740, '63.25']]), at(600, [[500, 'Tax 6.35%'], [750, '4.02']]), at(640, [[500, 'Total'], [730, '$67.27']]),
      at(690, [[470, 'Suggested gratuity']]), at(720, [[390, '18% = 11.39']]), at(770, [[250, 'Tip:'], [410, '12.00']]), at(810, [[250, 'Total:'], [410, '$79.27']])];
    expect(items(check)).toEqual([
      { Description: 'Clam Chowder Bowl', Quantity: 2, 'Unit Price': 9.95, Amount: 19.9 },
      { Description: 'Lobster Roll', Quantity: 1, 'Unit Price': 31.5, Amount: 31.5 },
      { Description: 'Lemonade', Quantity: 3, 'Unit Price': 3.95, Amount: 11.85 },
    ]);
  });
});

describe('a tilted scan\'s list with no header, each amount OCR set on a line of its own a little below its name', () => {
  it('joins each amount to its name the way the page leans, where they add up to the printed total', () => {
    const bill = [at(90, [[640, 'Mount Kenya Academy']]), at(135, [[690, 'P.O. Box 1180-10100, Nyeri']]), at(220, [[730, 'FEES INVOICE']]),
      at(270, [[140, 'Pupil: Achieng Otieno Adm. No: 2214']]), at(305, [[140, 'Invoice No: FEE/2022/3107']]), at(320, [[1380, 'Date: 11/01/2022']]),
      // Each amount overlaps the next name more than its own: only the page's lean (every amount below its name) pairs them.
      at(400, [[140, 'Boarding fee']]), at(420, [[1450, '64,500.00']]), at(432, [[140, 'Swimming lessons']]), at(452, [[1460, '4,200.00']]),
      at(464, [[140, 'Activity fund']]), at(484, [[1460, '2,750.00']]),
      at(570, [[900, 'Total fees this term'], [1370, 'KES 71,450.00']]), at(620, [[130, 'Fees once paid are not refundable.']])];
    expect(items(bill)).toEqual([
      { Description: 'Boarding fee', Quantity: 1, 'Unit Price': 64500, Amount: 64500 },
      { Description: 'Swimming lessons', Quantity: 1, 'Unit Price': 4200, Amount: 4200 },
      { Description: 'Activity fund', Quantity: 1, 'Unit Price': 2750, Amount: 2750 },
    ]);
  });
});
