import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../src/service/processing/extract/context.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { lostLeadReadings } from '../../../src/service/processing/extract/repairs.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';

// Failure classes of header fields on scans across the tuning sets (session 27). Pages made by hand, with other names
// and figures (linesFromText: cells two spaces apart, a line every 12 points).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] =>
  [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const read = (lines: string[], source: 'text' | 'ocr' = 'text') =>
  Object.fromEntries(extractFields(page(lines, source), EVAL_SCHEMA).map((f) => [f.title, { value: f.value, confidence: f.confidence }]));

describe('a summary figure whose leading digit OCR lost (",624.83", ".321.00", "03.83")', () => {
  const invoice = (foot: string[]) => ['Corrib Carpentry Ltd', 'Quay Street, Westport', 'VAT Reg.No.IE9876543K', 'VAT INVOICE',
    cells('Invoice No.', 'INV-7021'), cells('Date', '12 Mar 2021'), cells('Description', 'Qty', 'Unit Price', 'Net'),
    cells('Oak shelving', '3', '210.50', '631.50'), cells('Fitting (hours)', '8', '55.00', '440.00'), cells('Varnish and oil', '2', '124.75', '249.50'),
    ...foot, 'Payment terms 30 days'];
  it('the digit the arithmetic asks for is put back: the items add up to the net, net and tax to the total', () => {
    const f = read(invoice([cells('Net Total', '.321.00'), cells('VAT @ 23%', '03.83'), cells('Invoice Total', ',624.83')]), 'ocr');
    expect([f.Subtotal!.value, f.Tax!.value, f.Total!.value]).toEqual([1321, 303.83, 1624.83]);
  });
  it('a tax that lost its digit beside a net and a total read whole ("BTW 9%  .772,69")', () => {
    const f = read(['Van Rijn Installatie B.V.', 'Prinsengracht 88', '1015 DX Amsterdam', 'FACTUUR', cells('Factuurnummer', '2024/5512'),
      cells('Datum', '3 maart 2024'), cells('Omschrijving', 'Aantal', 'Prijs', 'Totaal'), cells('Onderhoud ketel', '10', '1.969,65', '19.696,50'),
      cells('Totaal excl. btw', '19.696,50'), cells('BTW 9%', '.772,69'), cells('Totaal incl. btw', '21.469,19')], 'ocr');
    expect([f.Subtotal!.value, f.Tax!.value, f.Total!.value]).toEqual([19696.5, 1772.69, 21469.19]);
  });
  it('only on OCR pages, and only figures no amount is printed as', () => {
    const ocr = buildContext(page(['x'], 'ocr'));
    const line = ocr.lines[0];
    expect(lostLeadReadings(',624.83', line, ocr).slice(0, 2)).toEqual([1624.83, 2624.83]);
    expect(lostLeadReadings('03.83', line, ocr)[2]).toBe(303.83);
    for (const t of ['624.83', '0.83', '1,624.83', '12:05']) expect(lostLeadReadings(t, line, ocr)).toEqual([]);
    const text = buildContext(page(['x']));
    expect(lostLeadReadings(',624.83', text.lines[0], text)).toEqual([]);
  });
});
