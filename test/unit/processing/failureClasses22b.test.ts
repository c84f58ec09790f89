import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes found in session 22 by the lead (failureClasses22.test.ts: a helper's, of header and total fields).
// Pages made by hand (linesFromText: cells two spaces apart, a line every 12 points).

const page = (lines: string[]): PageLayout[] => [{ number: 1, width: 900, height: 1200, source: 'ocr', quality: 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const invoice = (numberCell: string[]) => ['Hillside Plumbing Pty Ltd', '4 Quarry Lane, Perth WA 6000', 'TAX INVOICE', cells('Mr J. Smith', 'Invoice Date', '12/03/2024'),
  cells('21 Oak Road', 'Invoice No', ...numberCell), cells('Labour', '100.00'), cells('Subtotal', '100.00'), cells('GST 10%', '10.00'), cells('Amount Due', '110.00')];
const field = (lines: string[], title: string) => extractFields(page(lines), EVAL_SCHEMA).find((f) => f.title === title)!;

describe('an invoice number label whose own value OCR lost', () => {
  it('takes no sum of money under or beside it for the number ("100.00" of the first item)', () => {
    expect(field(invoice([]), 'Invoice Number').value).toBeNull();
  });
  it('still reads its number when it is there, and a number with a point that is no sum', () => {
    expect(valuesOf(extractFields(page(invoice(['HP-2291'])), EVAL_SCHEMA))['Invoice Number']).toBe('HP-2291');
    expect(valuesOf(extractFields(page(invoice(['2024.01'])), EVAL_SCHEMA))['Invoice Number']).toBe('2024.01');
  });
});
