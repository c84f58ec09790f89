import type { Line } from '../layout/model.js';
import type { FieldDefinition } from '../types.js';
import { normLabel, type DocContext } from './context.js';
import { findLabels, valueSpots, type LabelHit, type ValueSpot } from './labels.js';
import { roleSpec, type Role } from './roles.js';
import { parseValue } from './values.js';
import { decimalRepair, lostLeadReadings } from './repairs.js';
import { namesNet } from './netLabels.js';
import { boxedValue, nextLineFigure } from './boxes.js';

// Scored candidate values for one field, from every label occurrence that has a
// parseable value nearby. The extractor (and the totals cross-check) choose among them.

export interface Candidate {
  value: unknown;
  score: number;
  line: Line;
  /** The label it was read beside, and where the value stood from it (due-date evidence, dateDoubts.ts). */
  label?: LabelHit;
  where?: ValueSpot['where'];
}

const AMOUNT_ROLES = new Set<Role>(['total', 'subtotal', 'tax']);

// Labels that are also ordinary words or document titles: only trusted when nothing better exists.
export const WEAK_LABELS = new Map<string, number>([
  // A ticket's number names the document less surely than an invoice's: a parking or airline ticket's beside its invoice's.
  ['ticket no', 0.6], ['ticket no.', 0.6], ['ticket number', 0.6], ['ticket #', 0.6], ['ticket nr', 0.6],
  ['invoice', 0.4], ['no.', 0.4], ['number', 0.45], ['nr.', 0.4], ['from', 0.45], ['company', 0.45],
  ['date', 0.7], ['data', 0.6], ['datum', 0.7], ['fecha', 0.7], ['due', 0.7], ['total', 0.8], ['summe', 0.7], ['gesamt', 0.7],
]);

/**
 * A printed book's or form's number after a bare "No" ("CASH SALE | No 0457", a duplicate book's red number): a cell of
 * nothing else, the number three digits or more (not "No 12, Jalan ...", an address), read as a "No." label would be.
 */
function bareNumberMarks(ctx: DocContext, hits: LabelHit[]): LabelHit[] {
  return ctx.lines.flatMap((line, lineIndex) => line.cells.flatMap((cell, cellIndex) => {
    const m = /^\s*N[oO]\s+(\d{3,8})\s*$/.exec(cell.text);
    return m && !hits.some((h) => h.cell === cell) ? [{ line, lineIndex, cell, cellIndex, label: 'no.', prefix: '', rest: m[1]! }] : [];
  }));
}

const WHERE_WEIGHT = { same: 1, right: 0.95, below: 0.8, above: 0.7 } as const;

/**
 * An item's number before its description ("5 | Tôm sú tươi loại 1"), which is no amount over a label
 * printed under it ("Cộng tiền hàng:" when OCR put the label's own figure on the next line).
 */
function itemNumber(spot: ValueSpot): boolean {
  const at = spot.line.cells.findIndex((c) => c.text === spot.text);
  return /^\d{1,3}$/.test(spot.text.trim()) && spot.line.cells.slice(at + 1).some((c) => /\p{L}{3}/u.test(c.text));
}

/**
 * A tax's rate glued to its label with the % sign misread by OCR ("USt 20$", "USt 208", "MwSt 10号" for "20%"), an
 * amount standing right of it: the rate, not the tax. Read as an 8 or a 9, only a whole number of two or three digits,
 * or one in brackets, where a rate stands after a tax's name ("VAT (12.59)" for "VAT (12.5%)").
 */
const misreadRate = (text: string): boolean =>
  /^\(?(?:\d{1,2}(?:[.,]\d{1,2})?\s?[$号%&+s]|[1-9]\d?[89])\)?$|^\(?\d{1,2}(?:[.,]\d{1,2})?[89]\)$/.test(text.trim());

// A heading for the documents this one refers to ("Referencias:", "References", "Documentos de referencia"), alone on its line.
const REFERENCES_HEADING = /^(?:referencias?|references?|referenze|riferimenti|r[ée]f[ée]rences?|referenzen|refer[êe]ncias?|documentos? (?:de )?referencia|documentos? referenciados?|reference documents?|documents? de r[ée]f[ée]rence)\s*[:：]?$/i;

/**
 * A number listed under a references heading is another document's (a Chilean nota de crédito's
 * "Referencias:" then "- Factura Electrónica N° 45523 del 10/07/2024"): the invoice it corrects, not its own.
 * The heading stands on one of the two lines above, or opens the label's own line.
 */
function citedDocument(ctx: DocContext, hit: LabelHit): boolean {
  if (hit.cellIndex === 0 && /^\W*(?:referencias?|references?|riferimenti|r[ée]f[ée]rences?)(?![\p{L}])/iu.test(hit.prefix)) return true;
  for (let i = hit.lineIndex - 1; i >= Math.max(0, hit.lineIndex - 2); i--) {
    const text = ctx.lines[i]!.text.trim();
    if (REFERENCES_HEADING.test(text)) return true;
    // Lines between the heading and the label are the list's other entries ("- Guía de Despacho N° 88 ...").
    if (!/^[-–•*·]\s/.test(text)) return false;
  }
  return false;
}

export function labelsFor(field: FieldDefinition, role: Role): string[] {
  const spec = roleSpec(role);
  const own = [field.title, ...(field.title ?? '').split(/\s*[/(),]\s*/)]
    .map((s) => (s ?? '').toLowerCase().trim())
    .filter((s) => s.length >= 2);
  return [...new Set([...(spec?.labels ?? []), ...own])];
}

export function candidatesFor(
  field: FieldDefinition,
  role: Role,
  ctx: DocContext,
  exclude: Set<Line>,
): Candidate[] {
  const spec = roleSpec(role);
  const labels = labelsFor(field, role);
  const hits = findLabels(ctx, labels, spec?.not);
  if (role === 'invoiceNumber') hits.push(...bareNumberMarks(ctx, hits));
  // A field named with a word its role otherwise excludes ("Order Date" reads as a date whose
  // labels must not say "order") still finds its own title.
  const title = (field.title ?? '').toLowerCase().trim();
  if (spec?.not && title.length >= 2 && spec.not.test(title)) {
    for (const h of findLabels(ctx, [title])) if (!hits.some((x) => x.cell === h.cell && x.label === h.label)) hits.push(h);
  }
  const out: Candidate[] = [];
  for (const hit of hits) {
    if (exclude.has(hit.line)) continue;
    if (role === 'invoiceNumber' && citedDocument(ctx, hit)) continue;
    // A net amount's label ("Total charges before VAT"): no tax, nor the total.
    if (namesNet(role, hit.prefix, normLabel(hit.rest), normLabel(hit.cell.text))) continue;
    // A line's own tax listed under the items ("Línea 2  IVA 4.71", a Guatemalan FEL's): no document's tax.
    if (role === 'tax' && hit.cellIndex > 0 && /^(?:l[ií]nea|line|item)\s*\d{1,3}$/i.test(hit.line.cells[0]!.text.trim())) continue;
    // Longer, more specific labels earn more trust than a bare "date" or "no.".
    // A form's bilingual head ("ARITHMOS / No.", "Data / Date"): the word before the slash glosses the label, no longer one.
    const glossed = /^\s*\p{L}+\s*\/\s*$/u.test(hit.prefix);
    const specificity =
      (WEAK_LABELS.get(hit.label) ?? Math.min(1, 0.55 + hit.label.length / 30)) - (hit.prefix.trim() && !glossed ? 0.1 : 0) - (hit.fuzzy ? 0.15 : 0);
    // Beside the label, or under it; a label printed under its value (a summary box) is read so
    // only when nothing stands beside it, and then the value above competes with the one below.
    // A form's boxes: the figure under the label at the box's right edge, when nothing stands beside it.
    const boxed = AMOUNT_ROLES.has(role) ? boxedValue(ctx, hit) ?? nextLineFigure(ctx, hit) : undefined;
    const spots = valueSpots(ctx, hit);
    if (boxed && !spots.some((s) => s.line === boxed.line && s.text === boxed.text)) {
      const above = spots.findIndex((s) => s.where === 'above');
      spots.splice(above < 0 ? spots.length : above, 0, boxed);
    }
    for (const spot of spots) {
      if (exclude.has(spot.line)) continue;
      if (AMOUNT_ROLES.has(role) && spot.where === 'above' && itemNumber(spot)) continue;
      // Its % lost altogether on a line that opens with "incl." ("incl. VAT 23  14.78"): the rate too. So is a bare whole
      // number after the tax's name with an amount in cents beside it, or under it where the label stands alone on its
      // line ("dont TVA 10 | 3,50", a French bill's tax the prices include).
      if (role === 'tax' && spot.where === 'same' && (misreadRate(spot.text) || (/^\d{1,2}$/.test(spot.text.trim()) && /^\W*incl/i.test(hit.line.text)))
        && spots.some((s) => s.where === 'right' && /\d/.test(s.text))) continue;
      if (role === 'tax' && spot.where === 'same' && /^\d{1,2}$/.test(spot.text.trim())
        && spots.some((s) => (s.where === 'right' || (s.where === 'below' && hit.line.cells.length === 1)) && CENTS.test(s.text.trim()))) continue;
      const value = parseValue(spot.text, field, role, ctx);
      if (value === null || value === undefined || value === '') continue;
      // A figure that lost its leading digit (`,656.66`, `09.78`): each digit put back competes well below the
      // figure as read, and a figure opening with a separator, which no printed amount does, is trusted less itself.
      const leads = AMOUNT_ROLES.has(role) ? lostLeadReadings(spot.text, spot.line, ctx) : [];
      const printed = specificity * WHERE_WEIGHT[spot.where];
      const score = leads.length && /^[.,]/.test(spot.text.trim()) ? printed * 0.45 : printed;
      // An amount whose decimal mark OCR lost: both readings compete, the repair first;
      // the totals cross-check keeps whichever makes the document add up.
      const repaired = AMOUNT_ROLES.has(role) ? decimalRepair(spot.text, spot.line, ctx) : null;
      if (repaired !== null && repaired !== value) {
        out.push({ value: repaired, score, line: spot.line });
        out.push({ value, score: score * 0.8, line: spot.line });
      } else out.push({ value, score, line: spot.line, label: hit, where: spot.where });
      leads.forEach((v, i) => out.push({ value: v, score: printed * 0.4 - i * 0.001, line: spot.line }));
      if (spot.where !== 'below') break;
    }
  }
  return out.sort((a, b) => b.score - a.score);
}

/** An amount in cents alone in its cell ("3,50", "€ 14.78"). */
const CENTS = /^\D{0,3}\d{1,3}(?:[ .,']\d{3})*[.,]\d{2}\D{0,3}$/;
