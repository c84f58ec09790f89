import type { DocContext } from './context.js';

// The pound sign as OCR misreads it on a scan: an "E" or an "f" (its curl and its bar), at the end of an amount column's
// head ("Amount E", "Price f", "Net (E)") or glued before a figure with pence ("E1,250.00", "f 86.40"). A text layer
// keeps its "£", and a scan often keeps it nowhere else.
const HEAD_WORD = /^(?:amount|price|net|gross|total|value|cost|fee|rate|sum|balance|vat|tax|paid|due|charge|premium|subtotal)$/i;
const HEAD_SIGN = /^\(?[Ef]\)?$/;
const FIGURE = /(?:^|[\s:])[Ef] ?\d{1,3}(?:,\d{3})*\.\d{2}(?![\d.,])/;

/** Whether an OCR'd page shows a pound sign misread (a cell's last word after an amount word, or before a figure). */
export function misreadPound(ctx: DocContext): boolean {
  if (!ctx.ocr) return false;
  return ctx.lines.some((line) => line.cells.some((cell) => {
    const words = cell.text.trim().split(/\s+/);
    const last = words[words.length - 1]!;
    const before = words[words.length - 2]?.replace(/[(:]+$/, '');
    return (words.length >= 2 && HEAD_SIGN.test(last) && !!before && HEAD_WORD.test(before)) || FIGURE.test(cell.text);
  }));
}
