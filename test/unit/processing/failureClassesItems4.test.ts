import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Line-item failure classes of the held-out sets (session 23, issue 15): how tables are printed where nobody's
// template is ours. Pages made by hand, with other names and figures (linesFromText: cells two spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'ocr'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const items = (lines: string[], source: 'text' | 'ocr' = 'ocr') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA))['Line Items'];
/** Cells in columns: the first 44 wide, the others 14. */
const row = (...c: string[]) => c.map((x, k) => x.padEnd(k === 0 ? 44 : 14)).join('').trimEnd();

describe('"Particulars" over the goods', () => {
  it('an Indian tax invoice\'s "Sl. No.  Particulars  Qty  Rate  Amount": the description\'s column', () => {
    const bill = ['Shree Ganesh Hardware Stores', 'GSTIN: 27AAPFS1234K1Z5', 'TAX INVOICE', cells('Bill No.: 1187', 'Date: 12-09-2023'),
      row('Sl. No.   Particulars', 'Qty', 'Rate', 'Amount'), row('1         PVC pipe 1 inch (6 m)', '12', '310.00', '3,720.00'),
      row('2         Ball valve brass 25 mm', '4', '455.00', '1,820.00'), cells('Total', '5,540.00'), cells('CGST 9%', '498.60'), cells('SGST 9%', '498.60'),
      cells('Grand Total', '6,537.20')];
    expect(items(bill)).toEqual([
      { Description: 'PVC pipe 1 inch (6 m)', Quantity: 12, 'Unit Price': 310, Amount: 3720 },
      { Description: 'Ball valve brass 25 mm', Quantity: 4, 'Unit Price': 455, Amount: 1820 },
    ]);
  });
});
