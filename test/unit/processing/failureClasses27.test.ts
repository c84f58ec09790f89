import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { fieldsOf } from '../../../src/service/processing/engine.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';

// Sure but wrong on the twentieth held-out set's first read (session 27): a design tool's quote whose banner prints the
// seller and the title on one line ("BRIGHT IDEAS CREATIVE QUOTE"), so no title was read, and its totals made it an
// invoice at 0.9: its date and total came out sure. Pages made by hand, with other names and figures.

const page = (banner: string): PageLayout[] => [{
  number: 1, width: 900, height: 1200, source: 'text', quality: 1, lines: linesFromText([
    banner, 'studio@harbourlight.example', '+44 117 496 0311', '',
    'NO.      DATE', '#2291      12/05/2025', '', 'BILL TO', 'Marlow Bakery Ltd', '',
    'DESCRIPTION      QTY      UNIT PRICE      AMOUNT',
    'Logo refresh      1      640.00      640.00',
    'Menu board design      2      85.50      171.00',
    '', 'Subtotal      811.00', 'VAT 20%      162.20', 'TOTAL DUE      £973.20', '', 'Thank you for your business!',
  ].join('\n'), 1),
}];

describe('a quote whose title ends the seller\'s banner line', () => {
  it('is read as an invoice for want of a title, but not surely: none of its values is sure', () => {
    const pages = page('HARBOUR LIGHT DESIGN QUOTE');
    const kind = classifyDocument(pages);
    expect(kind.type).toBe('invoice');
    expect(kind.confidence).toBeLessThan(0.7);
    expect(fieldsOf(pages, EVAL_SCHEMA, kind).filter((f) => f.confidence >= 0.9).map((f) => f.title)).toEqual([]);
  });
  it('an estimate or a pro forma likewise; the same banner without such a word keeps its sure values', () => {
    for (const word of ['ESTIMATE', 'PRO FORMA INVOICE']) expect(classifyDocument(page(`HARBOUR LIGHT DESIGN ${word}`)).confidence).toBeLessThan(0.7);
    const pages = page('HARBOUR LIGHT DESIGN');
    const kind = classifyDocument(pages);
    expect(kind.confidence).toBeGreaterThanOrEqual(0.7);
    expect(fieldsOf(pages, EVAL_SCHEMA, kind).some((f) => f.confidence >= 0.9)).toBe(true);
  });
  it('an item of the table is no title ("preventive maintenance" is not the Italian "preventivo")', () => {
    const pages = page('HARBOUR LIGHT DESIGN');
    pages[0]!.lines = linesFromText(['HARBOUR LIGHT DESIGN', 'DESCRIPTION      QTY      UNIT PRICE      AMOUNT',
      'Mantenimiento preventivo      1      640.00      640.00', 'Subtotal      640.00', 'VAT 20%      128.00', 'TOTAL DUE      £768.00'].join('\n'), 1);
    expect(classifyDocument(pages).confidence).toBeGreaterThanOrEqual(0.7);
  });
});
