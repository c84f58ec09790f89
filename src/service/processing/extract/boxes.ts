import type { DocContext } from './context.js';
import type { LabelHit, ValueSpot } from './labels.js';

// Forms printed as rows of boxes (a Brazilian DANFE's tax calculation, an Italian invoice's totals
// band, a row of summary figures): a small label at the top left of each box and the value under it,
// right-aligned at the box's right edge, so neither beside the label nor under its left edge.

/** A figure, with a currency's mark or code at most: no other words. */
export function figure(text: string): boolean {
  const t = text.replace(/(?:\b[A-Z]{1,3})?[$€£¥]|\b(?:[A-Z]{3}|TL)\b/g, '');
  return /\d/.test(t) && !/\p{L}/u.test(t);
}

/**
 * The figure in the label's box on the next line or the one after, the label one of a row of cells:
 * the box runs from the label's left edge to the next cell of the label's line (or the page's edge),
 * and the figure is the only cell of that line within it. A line whose cell in the box holds words is
 * another row of labels: nothing is read past it.
 */
export function boxedValue(ctx: DocContext, hit: LabelHit): ValueSpot | undefined {
  // A row of boxes: the label beside others. A label alone on its line with a figure under it at the
  // right is a receipt's label printed under its value, or over the next row's.
  if (hit.rest || hit.line.cells.length < 2) return undefined;
  const h = hit.line.y1 - hit.line.y0 || 10;
  const left = hit.cell.x0 - h / 2;
  const right = hit.line.cells[hit.cellIndex + 1]?.x0 ?? Infinity;
  for (let i = hit.lineIndex + 1; i < ctx.lines.length && i <= hit.lineIndex + 2; i++) {
    const line = ctx.lines[i];
    if (line.page !== hit.line.page || line.y0 - hit.line.y1 > h * 2.5) break;
    const inBox = line.cells.filter((c) => c.x0 >= left && c.x1 <= right + h / 2);
    if (!inBox.length) continue;
    if (inBox.length !== 1 || !figure(inBox[0].text)) return undefined;
    return { text: inBox[0].text, where: 'below', line };
  }
  return undefined;
}

/**
 * The figure of a label alone on its line and ending in a colon, at the right end of the next line: a
 * scan's line of label and figure split in two where the figure stands a little lower ("Tiền thuế
 * GTGT:" over "2.113.350", the figure in the column of the other amounts, right of the label).
 */
export function nextLineFigure(ctx: DocContext, hit: LabelHit): ValueSpot | undefined {
  // Nothing after the label but words (its gloss in another language, "Tiền thuế GTGT (VAT amount):").
  if (/\d/.test(hit.rest) || hit.line.cells.length !== 1 || !/[:：]\s*$/.test(hit.cell.text)) return undefined;
  const line = ctx.lines[hit.lineIndex + 1];
  const h = hit.line.y1 - hit.line.y0 || 10;
  if (!line || line.page !== hit.line.page || line.y0 - hit.line.y1 > h * 1.5) return undefined;
  const last = line.cells.at(-1)!;
  return last.x0 > hit.cell.x1 && figure(last.text) ? { text: last.text, where: 'below', line } : undefined;
}
