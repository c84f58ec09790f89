import type { Cell, Line } from '../layout/model.js';
import { parseDate, readingsOf } from '../parse/dates.js';
import type { FieldDefinition } from '../types.js';
import { candidatesFor, WEAK_LABELS, type Candidate } from './candidates.js';
import { normLabel, type DocContext } from './context.js';
import { findLabels, type LabelHit } from './labels.js';
import { roleSpec } from './roles.js';
import { termsDue } from './terms.js';

// Weak evidence for an issue date, where a reading should not be called sure
// however well its candidate ranked: the date stands between an issue-date and a
// due-date label at about the same distance from each (a skewed scan's summary
// box), OCR garbled the rest of its line, so its digits may be misread too, or
// it reads another way under another order and nothing on the page says which.
// A due date is read by rules and calibrated by its role alone, so on a layout never seen it is
// sure only with evidence of its own (dueUnproven).

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
  // Its own cell counts too when OCR ran the line's words into one ("inviceNo: S752318Tax point: 21/1/2023").
  return spots.length > 0 && spots.every((s) => ocr(s.line) && s.line.cells.some((c) => c.text.split(/\s+/).some((w) => GARBLED.test(w))));
}

/**
 * The issue date's own label ("Date of issue", not a bare "Date") stands beside a figure no date reads from
 * ("Date of issue  28FE324", OCR's for 28FEB24), and the date chosen is printed elsewhere: that other date may
 * be any of the page's (a flight's, a stay's), so it is not sure.
 */
export function issueLabelUnread(ctx: DocContext, iso: string): boolean {
  const spec = roleSpec('invoiceDate');
  // A label of several words or a long one ("date of issue", "rechnungsdatum"), not an abbreviation that is also
  // another word ("pvm": a Finnish date, Lithuania's VAT).
  const hits = findLabels(ctx, spec?.labels ?? [], spec?.not).filter((h) => !WEAK_LABELS.has(h.label) && !h.fuzzy && h.label.length >= 8);
  const spots = spotsOf(ctx, iso);
  return hits.some((h) => {
    const beside = h.rest.trim() || (h.line.cells[h.cellIndex + 1]?.text ?? '').trim();
    // A date's length, digits in it, no amount ("1,234.50") or time ("14:30").
    return beside.length <= 14 && /\d.*\d/.test(beside) && !/\d[.,]\d{2}$|^\d{1,2}[:.]\d{2}/.test(beside) && parseDate(beside, ctx.order) === null
      && !spots.some((s) => s.line === h.line);
  });
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

// Words of the document's other dates: a discount's deadline (Skonto), a delivery, a service period, an order,
// a tax's own due date ("Data de vencimento do ISS", "Fecha de vencimiento del impuesto").
const OTHER_DATE = /(?:\b(?:do|da|del|de la|de l|of the|of|der|des|du) ?(?:iss|issqn|imposto|impuesto|tributo|tax|steuer|impot|iva|vat|icms)\b)|skonto|discount|rabatt|escompte|descuento|sconto|korting|deliver|liefer|livraison|entrega|consegna|levering|leistung|service|period|zeitraum|periode|periodo|order|bestell|commande|pedido|ordine|shipp|versand|expedi/;

const DAY = 86_400_000;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);

/** The printed date agrees with what the terms give: within a few days, or the end of that month. */
function agrees(due: string, fromTerms: string): boolean {
  const [d, t] = [dayOf(due), dayOf(fromTerms)];
  const monthEnd = (x: number) => { const m = new Date(x); return Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 0); };
  return Math.abs(d - t) <= 3 * DAY || d === monthEnd(t);
}

// Every date beside a due-date label, table lines included: searched once per document for both checks below.
const dueSearched = new WeakMap<DocContext, Map<FieldDefinition, Candidate[]>>();
function dueCandidates(ctx: DocContext, field: FieldDefinition): Candidate[] {
  let byField = dueSearched.get(ctx);
  if (!byField) dueSearched.set(ctx, (byField = new Map()));
  let found = byField.get(field);
  if (!found) byField.set(field, (found = candidatesFor(field, 'dueDate', ctx, new Set())));
  return found;
}

/**
 * A due date without evidence of its own, however its reading was calibrated: it was not read beside
 * an explicit due-date label on its line or just above it (counted from terms, a bare "Due", a label
 * printed under the value), another date was read beside such a label too, it is not after the issue
 * date, the printed terms give another date, or it stands with the words of another date (a Skonto
 * deadline, a delivery, a service period, an order).
 */
export function dueUnproven(ctx: DocContext, field: FieldDefinition, due: string, issued: unknown): boolean {
  const explicit = dueCandidates(ctx, field)
    .filter((c) => c.score >= 0.3 && c.label && !WEAK_LABELS.has(c.label.label) && c.where !== 'above' && !OTHER_DATE.test(normLabel(c.label.cell.text)));
  if (!explicit.some((c) => c.value === due) || explicit.some((c) => c.value !== due)) return true;
  if (typeof issued === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(issued)) {
    if (due <= issued) return true;
    const terms = termsDue(ctx, issued);
    if (terms.length && !terms.some((t) => agrees(due, t))) return true;
  }
  return spotsOf(ctx, due).some((s) => [s.cell, s.line.cells[s.line.cells.indexOf(s.cell) - 1]].some((c) => c && OTHER_DATE.test(normLabel(c.text))));
}

/**
 * A due date per instalment: one row holds the same due label twice or more, beside different
 * dates ("Venc. 15/09/2024 | Venc. 15/10/2024" under a DANFE's duplicatas, "1st instalment due ...
 * | 2nd instalment due ..."). No one of them is the document's due date.
 */
export function instalments(ctx: DocContext, field: FieldDefinition): boolean {
  const byLine = new Map<Line, Set<unknown>>();
  for (const c of dueCandidates(ctx, field)) {
    if (!c.label || c.score < 0.3 || c.label.line !== c.line) continue;
    byLine.set(c.line, (byLine.get(c.line) ?? new Set()).add(c.value));
  }
  return [...byLine.values()].some((values) => values.size >= 2);
}
