import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { lostDecimalReading } from '../../../src/service/processing/parse/amounts.js';
import { INVOICE_SCHEMA, valuesOf } from './helpers.js';

// The clerk's cross-checks on OCR'd pages: numbers whose decimal mark OCR lost are
// re-read where the document's arithmetic agrees (qty x price = amount, items add up
// to the subtotal, subtotal + tax = total). Pages are built as the OCR reader leaves
// them: lines of cells (cells split at runs of two or more spaces).

/** Rows of cells at fixed columns, as a scanned table reads (cells apart by runs of spaces). */
function table(rows: string[][]): string {
  const widths = [30, 12, 18, 16];
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('').trimEnd()).join('\n');
}

function page(text: string, source: 'ocr' | 'text' = 'ocr'): PageLayout[] {
  return [{ number: 1, width: 600, height: 800, lines: linesFromText(text, 1), source, quality: source === 'ocr' ? 0.8 : 1 }];
}

function extract(text: string, source: 'ocr' | 'text' = 'ocr') {
  return valuesOf(extractFields(page(text, source), INVOICE_SCHEMA));
}

const HEAD = `Boulangerie Dupont SARL      FACTURE
N° de facture      Date de facture
F-1201      2024-07-05
${table([['Description', 'Quantité', 'Prix unitaire', 'Montant HT']])}`;

describe('lost decimal marks', () => {
  it.each([
    ['32731', 327.31],
    ['589158 €', 5891.58],
    ['4.21731 EUR', 4217.31],
    ['17 55549 EUR', 17555.49],
    ['390,90', null],
    ['1,234', null],
    ['12', null],
  ])('%s reads as %s', (text, value) => {
    expect(lostDecimalReading(text)).toBe(value);
  });

  it('repairs a row whose price and amount lost their decimal marks, and the tax, by the document arithmetic', () => {
    const v = extract(`${HEAD}
${table([['Coffee beans 1kg', '9', '390,90 €', '3518,10 €']])}
${table([['Network cable 5m', '18', '32731€', '589158 €']])}
Sous-total      9409,68 €
TVA (20%)      188194 €
Total TTC      11 291,62 €`);
    const items = v['Line Items'] as Record<string, unknown>[];
    expect(items[1]).toMatchObject({ Quantity: 18, 'Unit Price': 327.31, Amount: 5891.58 });
    expect(items[0]).toMatchObject({ Quantity: 9, 'Unit Price': 390.9, Amount: 3518.1 });
    expect(v.Tax).toBe(1881.94);
    expect(v.Total).toBe(11291.62);
  });

  it('keeps the printed quantity when only the amount lost its decimal mark', () => {
    const v = extract(`${HEAD}
${table([['Desk lamp LED', '1', '465,51', '465,51']])}
${table([['Software licence', '11', '449,03', '493933']])}
Total HT      5404,84
TVA (10%)      540,48
Net à payer      5945,32`);
    const items = v['Line Items'] as Record<string, unknown>[];
    expect(items[1]).toMatchObject({ Quantity: 11, 'Unit Price': 449.03, Amount: 4939.33 });
  });

  it('reads a text layer as printed (there is no OCR damage to repair)', () => {
    const v = extract(`${HEAD}
${table([['Network cable 5m', '18', '32731', '589158']])}
Sous-total      589158
TVA (20%)      117832
Total TTC      706990`, 'text');
    const items = v['Line Items'] as Record<string, unknown>[];
    expect(items[0]).toMatchObject({ Quantity: 18, 'Unit Price': 32731, Amount: 589158 });
    expect(v.Total).toBe(706990);
  });
});

describe('consistent totals', () => {
  it('picks the total that equals subtotal + tax, reading a damaged total with two decimals', () => {
    const v = extract(`${HEAD}
${table([['Cleaning service', '4', '359,39', '1.437,56']])}
${table([['Stapler heavy duty', '9', '270,17', '2.431,53']])}
Totaal excl. BTW      3.869,09
BTW 9%      348,22
Totaal incl. BTW      4.21731 EUR`);
    expect(v.Total).toBe(4217.31);
    expect(v.Tax).toBe(348.22);
  });

  it('takes subtotal + tax for a total OCR dropped a digit from, once the items confirm the subtotal', () => {
    const v = extract(`${HEAD}
${table([['Delivery charge', '1', '22961 €', '229,61 €']])}
${table([['Stapler heavy duty', '7', '461,30 €', '3229,10 €']])}
Sous-total      345871 €
TVA (20%)      69174
Net à payer      150,45 €`);
    expect(v.Tax).toBe(691.74);
    expect(v.Total).toBe(4150.45);
    const items = v['Line Items'] as Record<string, unknown>[];
    expect(items[0]).toMatchObject({ Quantity: 1, 'Unit Price': 229.61, Amount: 229.61 });
  });

  it('leaves a total alone that differs from the sum otherwise (a changed digit may be shipping or rounding)', () => {
    const v = extract(`${HEAD}
${table([['Delivery charge', '1', '229,61 €', '229,61 €']])}
${table([['Stapler heavy duty', '7', '461,30 €', '3229,10 €']])}
Sous-total      3458,71 €
TVA (20%)      691,74
Net à payer      4160,45 €`);
    expect(v.Total).toBe(4160.45);
  });
});

describe('line items as OCR splits them', () => {
  it('gives a description read as a line of its own to the figures under it, and skips a carried-forward sum', () => {
    const v = extract(`${HEAD}
${table([['Coffee beans 1kg', '9', '390,90 €', '3518,10 €']])}
${table([['Network cable 5m']])}
${table([['', '18', '327,31 €', '5891,58 €']])}
${table([['À reporter', '', '', '9409,68 €']])}
${table([['Desk lamp', '1', '100,00 €', '100,00 €']])}
Sous-total      9509,68 €
TVA (20%)      1901,94 €
Total TTC      11 411,62 €`);
    const items = v['Line Items'] as Record<string, unknown>[];
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ Description: 'Coffee beans 1kg', Amount: 3518.1 });
    expect(items[1]).toMatchObject({ Description: 'Network cable 5m', Quantity: 18, Amount: 5891.58 });
    expect(items[2]).toMatchObject({ Description: 'Desk lamp', Amount: 100 });
  });
});

describe("a receipt's rate table", () => {
  const receipt = (head: string[], sum: string[]) => extract([
    'Hemköp Fältöversten', 'KVITTO', 'Kaffe Zoégas 450g      63,50', 'Diskmedel Yes 500ml      76,27', 'ATT BETALA      139,77',
    head.join('      '), ['12,00', '6,80', '56,70', '63,50'].join('      '), ['25,00', '15,25', '61,02', '76,27'].join('      '), sum.join('      '),
  ].join('\n'), 'text');

  it('takes the tax from the column the header names, tax before net or after it', () => {
    expect(receipt(['Moms %', 'Moms', 'Netto', 'Brutto'], ['Summa', '22,05', '117,72', '139,77']).Tax).toBe(22.05);
    expect(receipt(['MwSt', 'Netto', 'Steuer', 'Brutto'], ['Summe', '117,72', '22,05', '139,77']).Tax).toBe(22.05);
  });
});

describe('a rate table under an items table that names net and gross too', () => {
  /** A line of cells at x (6 units a character), 12 high. */
  const line = (y: number, cells: [number, string][]): Line => {
    const cs = cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 6 }));
    return { text: cells.map((c) => c[1]).join('   '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0: y, y1: y + 12, page: 1 };
  };
  const schema = { ...INVOICE_SCHEMA, fields: [...INVOICE_SCHEMA.fields, { id: 'f9', title: 'Subtotal', type: 'NUMBER' as const }] };
  const fields = (lines: Line[]) => valuesOf(extractFields([{ number: 1, width: 700, height: 900, source: 'text', quality: 1, lines }], schema));

  it("takes a Polish invoice's net and VAT from the rate table's sum row ('Razem'), not from a rate's row", () => {
    const lines = [line(20, [[40, 'Faktura VAT nr F/1201/21']]),
      line(100, [[40, 'Lp.'], [60, 'Nazwa towaru lub usługi'], [262, 'J.m.'], [296, 'Ilość'], [330, 'Cena netto'], [390, 'Wartość netto'], [470, 'VAT'], [500, 'Kwota VAT'], [560, 'Wartość brutto']]),
      line(118, [[40, '1.'], [60, 'Jabłka deserowe'], [262, 'kg'], [299, '103'], [340, '4,70'], [400, '484,10'], [470, '5%'], [510, '24,21'], [570, '508,31']]),
      line(136, [[40, '2.'], [60, 'Ziemia ogrodowa 50 l'], [262, 'worek'], [304, '39'], [336, '18,60'], [400, '725,40'], [470, '8%'], [510, '58,03'], [570, '783,43']]),
      line(154, [[40, '3.'], [60, 'Olej silnikowy 5W30'], [262, 'l'], [304, '13'], [336, '52,00'], [400, '676,00'], [466, '23%'], [504, '155,48'], [570, '831,48']]),
      line(180, [[300, 'Według stawki'], [390, 'Wartość netto'], [500, 'Kwota VAT'], [560, 'Wartość brutto']]),
      line(198, [[300, '23%'], [400, '676,00'], [504, '155,48'], [570, '831,48']]),
      line(216, [[300, '8%'], [400, '725,40'], [510, '58,03'], [570, '783,43']]),
      line(234, [[300, '5%'], [400, '484,10'], [510, '24,21'], [570, '508,31']]),
      line(252, [[300, 'Razem:'], [394, '1 885,50'], [504, '237,72'], [564, '2 123,22']]),
      line(280, [[40, 'Do zapłaty: 2 123,22 PLN']])];
    const got = fields(lines);
    expect([got.Subtotal, got.Tax, got.Total]).toEqual([1885.5, 237.72, 2123.22]);
  });

  it("takes a fapiao's amount and tax from its sum row ('合  计', its characters OCR'd apart)", () => {
    const lines = [line(20, [[200, '上海增值税电子普通发票']]), line(40, [[400, '发票号码： 45370332']]),
      line(100, [[40, '货物或应税劳务、服务名称'], [200, '规格型号'], [260, '单位'], [300, '数量'], [350, '单价'], [420, '金额'], [480, '税率'], [540, '税额']]),
      line(118, [[40, '*纸制品*复印纸A4'], [260, '箱'], [306, '2'], [344, '173.00'], [414, '346.00'], [480, '13%'], [540, '44.98']]),
      line(136, [[40, '餐饮服务*餐费'], [260, '次'], [306, '1'], [344, '454.00'], [414, '454.00'], [480, '6%'], [540, '27.24']]),
      line(160, [[40, '合'], [70, '计'], [408, '￥800.00'], [534, '￥72.22']]),
      line(180, [[40, '价税合计（大写）'], [150, '捌佰柒拾贰圆贰角贰分'], [400, '（小写） ￥872.22']])];
    const got = fields(lines);
    expect([got.Subtotal, got.Tax]).toEqual([800, 72.22]);
  });
});
