import type { Cell, Line } from '../layout/model.js';
import { parseDate, readingsOf } from '../parse/dates.js';
import type { DocContext } from './context.js';
import { findLabels, type LabelHit } from './labels.js';
import { roleSpec } from './roles.js';

// Weak evidence for an issue date, where a reading should not be called sure
// however well its candidate ranked: the date stands between an issue-date and a
// due-date label at about the same distance from each (a skewed scan's summary
// box), OCR garbled the rest of its line, so its digits may be misread too, or
// it reads another way under another order and nothing on the page says which.

// "Amount due", "Balance due" name a total, not a date.
const AMOUNT_WORD = /amount|balance|total|montant|betrag|importe|bedrag|jumlah/;

interface Spot { line: Line; cell: Cell }

function spotsOf(ctx: DocContext, iso: string): Spot[] {
  return ctx.lines.flatMap((line) => line.cells.filter((cell) => parseDate(cell.text, ctx.order) === iso).map((cell) => ({ line, cell })));
}

const centre = (cell: Cell, line: Line) => [(cell.x0 + cell.x1) / 2, (line.y0 + line.y1) / 2] as const;

function nearest(spot: Spot, hits: LabelHit[]): number {
  const [x, y] = centre(spot.cell, spot.line);
  let best = Infinity;
  for (const h of hits) {
    if (h.line.page !== spot.line.page) continue;
    const [hx, hy] = centre(h.cell, h.line);
    best = Math.min(best, Math.hypot(hx - x, hy - y));
  }
  return best;
}

/** Every place the date is printed lies as near a due-date label as an issue-date one, with neither on its line. */
export function betweenDateLabels(ctx: DocContext, iso: string): boolean {
  const spots = spotsOf(ctx, iso);
  if (!spots.length) return false;
  const [issueSpec, dueSpec] = [roleSpec('invoiceDate'), roleSpec('dueDate')];
  const issue = findLabels(ctx, issueSpec?.labels ?? [], issueSpec?.not);
  const due = findLabels(ctx, dueSpec?.labels ?? [], dueSpec?.not).filter((h) => !AMOUNT_WORD.test(h.prefix) && !AMOUNT_WORD.test(h.rest));
  if (!issue.length || !due.length) return false;
  return spots.every((s) => {
    if ([...issue, ...due].some((h) => h.line === s.line)) return false;
    const [a, b] = [nearest(s, issue), nearest(s, due)];
    return Number.isFinite(a) && Number.isFinite(b) && Math.max(a, b) < 1.5 * Math.min(a, b);
  });
}

// A token OCR garbled: letters with a digit inside ("nr2Kas", "Vie1en"), not a code of capitals and digits.
const GARBLED = /^(?=.*\p{Ll})\p{L}+\d+\p{L}+$/u;

/** Every place the date is printed was read by OCR on a line whose other words came out garbled. */
export function onGarbledLine(ctx: DocContext, iso: string): boolean {
  const spots = spotsOf(ctx, iso);
  const ocr = (line: Line) => ctx.pages.some((p) => p.number === line.page && p.source === 'ocr');
  return spots.length > 0 && spots.every((s) => ocr(s.line) && s.line.cells.some((c) => c !== s.cell && c.text.split(/\s+/).some((w) => GARBLED.test(w))));
}

/**
 * Every place the date is printed could mean another date under another order ("05/03/2021",
 * "21-02-05"), and neither the document's other dates nor its country decided the order.
 */
export function orderUndecided(ctx: DocContext, iso: string): boolean {
  if (ctx.orderFrom !== 'default') return false;
  const spots = spotsOf(ctx, iso);
  return spots.length > 0 && spots.every((s) => readingsOf(s.cell.text).size > 1);
}
