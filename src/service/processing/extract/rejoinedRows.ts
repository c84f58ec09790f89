import type { Cell, Line } from '../layout/model.js';
import { parseAmount, type DecimalStyle } from '../parse/amounts.js';
import { summaryLabel } from './summaryWords.js';

// A scan or photo a little tilted, or a row whose label and figure are set in different sizes: OCR reads
// the label and the figure printed beside it on one row as two lines, the figure's a little above or
// below the label's ("Total Excluding Tax" at 716-756, "976.50" at 735-766; a fapiao's "合 计" and its
// "￥5830.98 ￥507.34"). Read apart, the figure stands under or over the next label and is taken for
// that one's. Such a line of figures alone is read back into the row of its totals label.
//
// Which label is its own: on a tilted page every figure sits lower than its label (or every one higher),
// by up to half a row, so a figure overlaps two labels. The page's rows say which way it leans: the
// way that pairs more lines of figures alone with lines of words that wait for one wins (the item rows
// count too: their names and figures were parted the same way), and each figure goes to the nearest
// label that way. Only the totals block's labels are joined: the item table has its own realignment
// (skew.ts), which reads the rows apart.

/** A figure and nothing else: an amount with perhaps its currency ("Tk 75,793.05", "HK$11,734.33", "￥507.34"), not a rate or a phone number. */
const FIGURE = /^(?:[A-Z]{1,3}|[A-Z][a-z]{1,2})?\s*[$€£¥₹￥₩฿]?\s*[-(]?\d[\d.,' ]*\)?-?(?:\s*[A-Z]{3})?$/;
const figure = (cell: Cell, decimal: DecimalStyle | undefined) => FIGURE.test(cell.text.trim()) && parseAmount(cell.text, decimal) !== null;

/** A row of words with no figure in it: a label waiting for its value. */
const waiting = (line: Line, decimal: DecimalStyle | undefined) => /\p{L}/u.test(line.text) && !line.cells.some((c) => figure(c, decimal));

const overlap = (a: Line, b: Line) => Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);

/**
 * The lines of one OCR'd page with each line of figures alone joined to the totals label whose row it was printed on;
 * `items`: to any line of words waiting for a figure (an item's name, for the line items read without a header).
 */
function pageRejoined(lines: Line[], decimal: DecimalStyle | undefined, items = false): Line[] {
  const figures = lines.filter((l) => l.cells.length > 0 && l.cells.every((c) => figure(c, decimal)));
  if (!figures.length) return lines;
  const labels = lines.filter((l) => waiting(l, decimal));
  // The label a line of figures shares at least a quarter of its height with, left of it, above it (lean 1) or below (-1).
  const labelOf = (f: Line, lean: 1 | -1) => labels
    .filter((l) => l.x1 < f.x0 && overlap(l, f) > 0.25 * Math.min(f.y1 - f.y0, l.y1 - l.y0) && Math.sign(f.y0 + f.y1 - l.y0 - l.y1) === lean)
    .sort((a, b) => overlap(b, f) - overlap(a, f))[0];
  const paired = (lean: 1 | -1) => figures.filter((f) => labelOf(f, lean)).length;
  const down = paired(1);
  const up = paired(-1);
  if (down === up) return lines;
  const lean = down > up ? 1 : -1;
  const joined = new Map<Line, Line>();
  const gone = new Set<Line>();
  for (const f of figures) {
    const label = labelOf(f, lean);
    if (!label || joined.has(label) || !(items || summaryLabel(label.text))) continue;
    const cells = [...label.cells, ...f.cells];
    joined.set(label, { ...label, cells, text: cells.map((c) => c.text).join('   '), x1: f.x1 });
    gone.add(f);
  }
  return gone.size ? lines.filter((l) => !gone.has(l)).map((l) => joined.get(l) ?? l) : lines;
}

/** The lines of the document, those of its OCR'd pages with their totals rows (`items`: every row) rejoined. */
export function rejoinedRows(lines: Line[], ocrPages: Set<number>, decimal: DecimalStyle | undefined, items = false): Line[] {
  if (!ocrPages.size) return lines;
  const pages = [...new Set(lines.map((l) => l.page))];
  return pages.flatMap((p) => {
    const on = lines.filter((l) => l.page === p);
    return ocrPages.has(p) ? pageRejoined(on, decimal, items) : on;
  });
}
