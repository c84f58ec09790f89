import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../src/service/processing/extract/context.js';
import { findLabels } from '../../../src/service/processing/extract/labels.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';

// A label's exclusion (`not`) is matched against cell text folded like the labels (accents off,
// lower case); its own letters are folded the same way, its escapes kept as written.

const ctx = (...lines: string[]) => buildContext([{ number: 1, width: 900, height: 1200, source: 'text', quality: 1, lines: linesFromText(lines.join('\n'), 1) }]);
const labelled = (not: RegExp, ...lines: string[]) => findLabels(ctx(...lines), ['vat'], not).map((h) => h.line.text);

describe('a label exclusion', () => {
  it('keeps an upper-case escape: \\D is "not a digit", not "a digit"', () => {
    // Excluded: "vat" followed by a word; kept: "vat" followed by a figure.
    expect(labelled(/vat\s+(?=\S)\D/, 'VAT number GB123', 'VAT 20.00')).toEqual(['VAT 20.00']);
  });

  it('folds its accented letters as the cells are folded', () => {
    expect(labelled(/récapitulatif/, 'Récapitulatif VAT 12.00', 'VAT 20.00')).toEqual(['VAT 20.00']);
  });
});
