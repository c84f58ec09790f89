import type { Line, PageLayout } from '../layout/model.js';
import type { ExtractedField, FieldDefinition, SchemaForExtraction } from '../types.js';
import { currencyOf, currencyOfCountry, localSign } from '../parse/amounts.js';
import { buildContext, normLabel, type DocContext } from './context.js';
import { candidatesFor, type Candidate } from './candidates.js';
import { roleOf, type Role } from './roles.js';
import { vendorUnproven } from './vendorDoubts.js';
import { betweenDateLabels, dueUnproven, instalments, issueLabelUnread, onGarbledLine, orderUndecided } from './dateDoubts.js';
import { readTableRows, rowsToItems, type TableRow } from './table.js';
import { reconcile, rowReadings, type RowNumbers, type RowReadings } from './rows.js';
import { amountsIn } from '../parse/amounts.js';
import { chooseTotals, fapiaoTotals, footTotals, printedSum, rateTableTotals, summedTaxes, taxTableParts, unlabelledParts, withheldAmounts, type TotalsChoice } from './totals.js';
import { danfeTotals } from './danfe.js';
import { misreadPound } from './misreadPound.js';
import { settledTotal } from './settledTotal.js';
import { companyUnderName, footerIssuer, fullChineseName, guessVendor, sellerBoxName, tidyVendorName } from './vendor.js';
import { decimalRepair, fromOcr } from './repairs.js';
import { monthGlued, withIssueMonth } from './romanMonths.js';
import { dueFromTerms, dueInSentence } from './terms.js';
import { parseDate } from '../parse/dates.js';
import { RANKED_ROLES, type RankedRole, type RuleChoice } from './rank/features.js';
import { calibrated } from './rank/model.js';
import { committedWeights, modelFor, rank, type RankerWeights } from './rank/ranker.js';
import type { VendorMemory } from './memory/index.js';
import type { DocumentType } from '../doctype.js';

// Schema-driven extraction: every field is read by its role's label synonyms,
// then totals are settled together by the cross-checks. For the fields the
// learned ranker knows (vendor, invoice date, total), the rules' choice becomes
// one feature among the candidates' layout features and the ranker decides;
// confidences are calibrated to the chance that the value is right.

const AMOUNT_ROLES: Role[] = ['total', 'subtotal', 'tax'];

export interface ExtractOptions {
  /** Ranker weights; default the committed ones; null: rules only (training, comparisons). */
  ranker?: RankerWeights | null;
  /** What the workspace's corrections taught about its vendors (extract/memory/), tried first. */
  memory?: VendorMemory[];
  /** The document's type when the caller classified it already. */
  type?: DocumentType;
}

export function extractFields(pages: PageLayout[], schema: SchemaForExtraction, opts: ExtractOptions = {}): ExtractedField[] {
  const read = readByRules(pages, schema, opts.type);
  const { ctx, fields, choice, roles } = read;
  const weights = opts.ranker === undefined ? committedWeights() : opts.ranker;
  if (!weights) return vendorCurrency(ctx, read.currencyGuessed, roles, tidyVendor(ctx, roles, fields, choice.vendorLabelled));
  return vendorCurrency(ctx, read.currencyGuessed, roles, tidyVendor(ctx, roles, idDoubts(ctx, roles, checkDates(ctx, schema, roles, bareParts(ctx, roles, settledTotal(ctx, roles, roundedTotal(ctx, roles, fields.map((field, i) => {
    const role = roles[i];
    const path = calibrationKey(read, i);
    const model = path === role && (RANKED_ROLES as Role[]).includes(role) ? modelFor(weights, role as RankedRole) : undefined;
    if (model) {
      const ranked = rank(role as RankedRole, ctx, choice, model);
      // A vendor without evidence of its own is not sure, whatever its probability (vendorDoubts.ts).
      const unproven = role === 'vendor' && ranked && vendorUnproven(String(ranked.value), ranked.choices);
      if (ranked) return { ...field, value: ranked.value, confidence: unproven ? Math.min(ranked.confidence, UNSURE) : ranked.confidence };
    }
    // Read by the rules alone: calibrated on held-out documents where a calibrator was fitted for
    // this kind of reading; otherwise never "sure" (calibrated() caps an unknown one below 0.9).
    if (field.value === null) return field;
    return { ...field, confidence: Math.round(calibrated(weights.ruleCalibration?.[path], field.confidence, 1) * 100) / 100 };
  })))))), choice.vendorLabelled));
}

// Characters OCR takes for one another in ids.
const LOOKALIKE: Record<string, string> = { O: '0', o: '0', D: '0', Q: '0', I: '1', l: '1', '|': '1', S: '5', B: '8', Z: '2', G: '6' };
const lookalike = (s: string) => [...s].map((c) => LOOKALIKE[c] ?? c).join('');

/**
 * An invoice number OCR read that a person should check, whatever the ranker thought of it:
 * - printed twice in two readings that differ only by look-alike characters ("Document No
 *   INO99458", "Reference: IN099458"): one of them is misread, and which one the page does not say;
 * - with a part in Roman numerals between its separators (a month, "INV/2018/VI/0147"): OCR merges,
 *   drops or adds the strokes of I, V and X ("VI" read "V", "VIII" read "VIIV"; read as the issue month
 *   where it is a stroke from it, romanMonths.ts), or glues the numeral to the part before it ("SAEV/2019");
 * - opening with what is left of a label OCR misread ("N0.FAC-24235": "0.FAC-24235"), or printed after it;
 * - with a zero between two letters or an O between two digits ("123/P0S1/3" for "POS1"): the two
 *   look alike and which one was printed the page does not say (a part in capitals but for its zero is read
 *   with an O: "POS1").
 */
function idDoubts(ctx: DocContext, roles: Role[], fields: ExtractedField[]): ExtractedField[] {
  const at = roles.indexOf('invoiceNumber');
  const id = fields[at]?.value;
  if (at < 0 || !ctx.ocr || typeof id !== 'string' || id.length < 4) return fields;
  const key = lookalike(id);
  const twin = ctx.text.split(/[\s:#|]+/).some((w) => w.length === id.length && w !== id && lookalike(w) === key);
  // The label's "No." read "N0." before it, left out of the id by parseId: the label misread, the id may be too.
  const afterMisread = new RegExp(`N0[.:]\\s*${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(ctx.text);
  const issued = fields[roles.indexOf('invoiceDate')]?.value;
  // "N° 7310" whose degree sign OCR lost, its N glued to the digits ("N7310", "N001-001-7442889"): the digits, unsure.
  const degreeLost = DEGREE_LOST.test(id);
  const doubt = twin || ROMAN_PART.test(id) || LABEL_LEFT.test(id) || ZERO_OR_O.test(id) || afterMisread || monthGlued(id, issued) || degreeLost;
  // A part spelt in capitals but for one zero ("P0S1", a till's "POS1") was more likely printed with an O; still unsure.
  const value = withIssueMonth(degreeLost ? id.slice(1) : id, issued).replace(/(?<=^|[/.\s-])[A-Z]+0[A-Z]+(?=\d*(?:$|[/.\s-]))/g, (part) => part.replace(/0/g, 'O'));
  return doubt ? fields.map((f, i) => (i === at ? { ...f, value, confidence: Math.min(f.confidence, UNSURE) } : f)) : fields;
}
const ROMAN_PART = /(?:^|[/.-])[IVX]{1,4}(?=$|[/.-])/;
const LABEL_LEFT = /^N?[0oO°º][.:]\s*\p{L}/u;
const ZERO_OR_O = /\p{L}0\p{L}|\d[Oo]\d/u;
const DEGREE_LOST = /^N\d[\d/.-]*$/;

/**
 * A document whose subtotal and tax were not read at all, their labels lost (an OCR without
 * Hangul): net and tax printed as bare figures that add up to the total (unlabelledParts), below
 * "sure", for a person to check; where none add up to a total that is not sure, three bare figures
 * (net, tax and their sum) give the total too (a receipt's tendered cash was taken for it).
 */
function bareParts(ctx: DocContext, roles: Role[], fields: ExtractedField[]): ExtractedField[] {
  const [t, s, x] = (['total', 'subtotal', 'tax'] as const).map((r) => roles.indexOf(r));
  if (t < 0 || s < 0 || x < 0 || fields[s].value !== null || fields[x].value !== null) return fields;
  const total = typeof fields[t].value === 'number' && (fields[t].value as number) > 0 ? (fields[t].value as number) : null;
  const parts = (total !== null ? unlabelledParts(ctx, total) : null) ?? (fields[t].confidence < 0.9 ? unlabelledParts(ctx, null) : null);
  if (!parts) return fields;
  const confidence = Math.round(parts.subtotal.score * ctx.quality * 100) / 100;
  const value = (i: number) => (i === s ? parts.subtotal.value : i === x ? parts.tax.value : parts.total.value);
  return fields.map((f, i) => (i === s || i === x || (i === t && parts.total.value !== total) ? { ...f, value: value(i), confidence } : f));
}

const ROUNDING = /\b(round(ing|ed)?|rnd)\b/i;

/**
 * Cash rounding (to 0.05, as on Malaysian, Swiss or Australian receipts): a document with a
 * rounding line whose total was read before the adjustment takes the rounded figure, printed
 * after it ("Rounding Adjustment 0.02 / Net Total 87.10") or, when only the adjustment is
 * printed, the total plus that adjustment.
 */
function roundedTotal(ctx: DocContext, roles: Role[], fields: ExtractedField[]): ExtractedField[] {
  const at = roles.indexOf('total');
  const total = fields[at]?.value;
  if (at < 0 || typeof total !== 'number' || total <= 0) return fields;
  const cents = Math.round(total * 100);
  const rounded = Math.round(cents / 5) * 5;
  if (rounded === cents) return fields;
  const roundingLine = ctx.lines.findIndex((l) => ROUNDING.test(l.text));
  if (roundingLine < 0) return fields;
  const after = ctx.lines.slice(roundingLine).flatMap((l) => amountsIn(l.text, ctx.decimal));
  const adjustment = amountsIn(ctx.lines[roundingLine].text, ctx.decimal).map((a) => Math.round(Math.abs(a) * 100));
  const printedRounded = after.some((a) => Math.round(a * 100) === rounded);
  if (!printedRounded && !adjustment.includes(Math.abs(rounded - cents))) return fields;
  return fields.map((f, i) => (i === at ? { ...f, value: rounded / 100 } : f));
}

/** The vendor's name as printed: no registration number after it, OCR's slips in it mended. */
function tidyVendor(ctx: DocContext, roles: Role[], fields: ExtractedField[], labelled = false): ExtractedField[] {
  return fields.map((f, i) => {
    if (roles[i] !== 'vendor' || typeof f.value !== 'string') return f;
    // A person's name over the company's, or a bill whose issuer signs its foot with its
    // registration while another name heads it: the company, left for a person to check.
    const footer = labelled ? undefined : footerIssuer(ctx);
    const company = footer && normLabel(footer) !== normLabel(f.value) ? footer : companyUnderName(ctx, f.value);
    if (company) return { ...f, value: tidyVendorName(company, ctx.ocr), confidence: Math.min(f.confidence, UNSURE) };
    return { ...f, value: fullChineseName(ctx, f.value) ?? tidyVendorName(f.value, ctx.ocr) };
  });
}

/** Below the review threshold: a reading a person should look at. */
const UNSURE = 0.85;

/** Below this a value is flagged for review whatever else was said of it. */
const DOUBTFUL = 0.5;

/**
 * Checks between dates: a due date before the issue date means one of the two was misread, so
 * both are flagged, and so is an issue date that is the due date read beside its label; a date far
 * from any plausible issue date (before 1990, or more than a year ahead) is flagged too. A date
 * that reads another way under another day order, on a page that does not decide the order, is
 * left for a person to check, and so is a due date without evidence of its own (dateDoubts.ts).
 */
function checkDates(ctx: DocContext, schema: SchemaForExtraction, roles: Role[], read: ExtractedField[]): ExtractedField[] {
  const at = (role: Role) => roles.indexOf(role);
  const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : NaN);
  const doubt = new Set<number>();
  const issued = at('invoiceDate');
  const due = at('dueDate');
  // The due date read beside its label taken for the issue date too, while the page prints another date
  // no later on a line of its own (an issue date printed without a label, under the title): that other
  // date, for review.
  const other = issued >= 0 && due >= 0 && read[due].confidence >= 0.5 && day(read[due].value) === day(read[issued].value)
    ? ctx.lines.filter((l) => l.cells.length === 1 && !/[:：]/.test(l.text)).map((l) => parseDate(l.text, ctx.order)).find((d) => d !== null && day(d) < day(read[due].value))
    : undefined;
  const fields = other ? read.map((f, i) => (i === issued ? { ...f, value: other, confidence: Math.min(f.confidence, UNSURE) } : f)) : read;
  if (issued >= 0 && due >= 0 && day(fields[due].value) < day(fields[issued].value)) doubt.add(issued).add(due);
  // The date read beside a due-date label ("Pay before 25 May") taken for the issue date too: one
  // of the two is another date of the document, so the issue date is flagged.
  if (issued >= 0 && due >= 0 && fields[due].confidence >= 0.5 && day(fields[due].value) === day(fields[issued].value)) doubt.add(issued);
  const latest = Date.now() + 366 * 86_400_000;
  const calendar = new Set<number>();
  for (const i of [issued, due]) {
    const t = day(fields[i]?.value);
    if (i >= 0 && (t < Date.UTC(1990, 0, 1) || t > latest)) doubt.add(i);
    // Decades ahead is another calendar's year (Nepal's Bikram Sambat runs 56 to 57 years ahead: "Miti: 2081/06/25"),
    // no date of ours: none is read where the page prints no other.
    if (i >= 0 && t > Date.now() + 30 * 366 * 86_400_000) calendar.add(i);
  }
  // Weak evidence (dateDoubts.ts): not sure, whatever the ranker thought of the candidate.
  const weak = new Set<number>();
  if (issued >= 0 && typeof fields[issued].value === 'string'
    && (betweenDateLabels(ctx, fields[issued].value as string) || onGarbledLine(ctx, fields[issued].value as string)
      || issueLabelUnread(ctx, fields[issued].value as string))) weak.add(issued);
  for (const i of [issued, due]) if (i >= 0 && typeof fields[i].value === 'string' && orderUndecided(ctx, fields[i].value as string)) weak.add(i);
  if (due >= 0 && typeof fields[due].value === 'string' && dueUnproven(ctx, schema.fields[due], fields[due].value as string, fields[issued]?.value)) weak.add(due);
  return fields.map((f, i) => (calendar.has(i) ? { ...f, value: null, confidence: 0 }
    : doubt.has(i) ? { ...f, confidence: Math.min(f.confidence, DOUBTFUL) } : weak.has(i) ? { ...f, confidence: Math.min(f.confidence, UNSURE) } : f));
}

/**
 * Which calibration a field's confidence takes: its role (the ranker's, for the ranked roles),
 * or for the two readings that bypass the ranker their own. A vendor read beside the field's own
 * label ("Supplier: Fabrikam") is what the document says it is; a total the cross-checks rebuilt
 * from subtotal + tax (its printed digits damaged) is printed nowhere, so no candidate carries it.
 */
export function calibrationKey(read: Pick<ReturnType<typeof readByRules>, 'ctx' | 'fields' | 'roles' | 'vendorNamed'>, i: number): string {
  const role = read.roles[i];
  const value = read.fields[i].value;
  if (role === 'vendor' && read.vendorNamed) return 'vendorLabelled';
  if (role === 'total' && typeof value === 'number' && !printed(read.ctx, value)) return 'totalRebuilt';
  return role ?? 'custom';
}

/** The rules' reading of a document, and what they chose for the ranked fields (a feature of the ranker). */
export function readByRules(pages: PageLayout[], schema: SchemaForExtraction, type?: DocumentType) {
  const ctx = buildContext(pages, type);
  const read = ruleFields(ctx, schema);
  const fields = withTermsDue(ctx, schema, read.fields);
  const roles = schema.fields.map((f) => roleOf(f));
  const choice: RuleChoice = { totalsConsistent: read.consistent, vendorLabelled: read.vendorLabelled };
  roles.forEach((role, i) => { if ((RANKED_ROLES as Role[]).includes(role)) choice[role as RankedRole] = fields[i].value ?? undefined; });
  return { ctx, fields, choice, roles, vendorNamed: read.vendorNamed, currencyGuessed: read.currencyGuessed };
}

function printed(ctx: DocContext, value: number): boolean {
  return ctx.lines.some((l) => amountsIn(l.text, ctx.decimal).some((a) => Math.abs(a - value) <= 0.011));
}

/**
 * A due date left empty is read from payment terms ("Net 30") counted from the invoice date, or
 * from a sentence that asks for the amount by a date; so is one read as the invoice date itself
 * (the date above a terms line taken for its value). Instalments' dates give none.
 */
function withTermsDue(ctx: DocContext, schema: SchemaForExtraction, fields: ExtractedField[]): ExtractedField[] {
  const roles = schema.fields.map((f) => roleOf(f));
  const due = roles.indexOf('dueDate');
  const issued = fields[roles.indexOf('invoiceDate')]?.value;
  if (due >= 0 && fields[due].value !== null && instalments(ctx, schema.fields[due])) {
    return fields.map((f, i) => (i === due ? { ...f, value: null, confidence: 0 } : f));
  }
  if (due < 0 || (fields[due].value !== null && fields[due].value !== issued) || typeof issued !== 'string') return fields;
  const value = dueFromTerms(ctx, issued) ?? dueInSentence(ctx);
  if (!value || value < issued) return fields;
  return fields.map((f, i) => (i === due ? { ...f, value, confidence: Math.round(0.7 * ctx.quality * 100) / 100 } : f));
}

interface RuleRead { fields: ExtractedField[]; consistent: boolean; vendorLabelled: boolean; vendorNamed: boolean; currencyGuessed: boolean }

function ruleFields(ctx: DocContext, schema: SchemaForExtraction): RuleRead {
  const { rows, headerLines } = readTableRows(ctx);
  const tableLines = new Set<Line>([...headerLines, ...rows.flatMap((r) => r.lines)]);
  const roles = schema.fields.map((f) => roleOf(f));

  const amountCands = new Map<Role, Candidate[]>();
  for (const role of AMOUNT_ROLES) {
    const idx = roles.indexOf(role);
    const field = idx >= 0 ? schema.fields[idx] : { title: role, type: 'NUMBER' as const };
    amountCands.set(role, candidatesFor(field, role, ctx, tableLines).map(preferLower(ctx)));
  }
  // Tax charged in several rows: their sum competes among the tax's candidates.
  const taxes = amountCands.get('tax')!;
  amountCands.set('tax', [...taxes, ...summedTaxes(taxes, ctx)].sort((a, b) => b.score - a.score));
  // A rate table's sum row (net, tax, gross that add up) is read before any other figure.
  const parts = taxTableParts(ctx);
  if (parts) for (const role of ['subtotal', 'tax'] as const) amountCands.get(role)!.unshift(parts[role]);
  // That table has no gross column: its sum row ("Ukupno | 14,39 | 2,41") adds up the nets and the taxes, no total.
  if (parts) amountCands.set('total', amountCands.get('total')!.filter((c) => c.line !== parts.subtotal.line));
  const rated = rateTableTotals(ctx) ?? fapiaoTotals(ctx) ?? danfeTotals(ctx) ?? footTotals(ctx);
  if (rated) for (const role of ['subtotal', 'tax', 'total'] as const) if (rated[role]) amountCands.get(role)!.unshift(rated[role]);
  const withheld = withheldAmounts(ctx, tableLines);
  const readings = rows.map((r) => rowReadings(r, ctx));
  let numbers = readings.map((r) => r.best);
  const cands = (role: Role) => amountCands.get(role)!;
  let totals = chooseTotals(cands('total'), cands('subtotal'), cands('tax'), itemsMatcher(numbers, readings), ctx, withheld);
  const target = (totals.subtotal?.value as number | undefined) ?? (totals.tax ? undefined : (totals.total?.value as number | undefined));
  const reconciled = reconcile(numbers, target ?? null, readings);
  if (reconciled !== numbers) {
    numbers = reconciled;
    totals = chooseTotals(cands('total'), cands('subtotal'), cands('tax'), itemsMatcher(numbers, readings), ctx, withheld);
  }
  if (!totals.tax && totals.total && totals.subtotal) totals = { ...totals, tax: taxFromDifference(totals.total, totals.subtotal, ctx) };
  if (!totals.total && totals.subtotal && totals.tax) totals = { ...totals, total: printedSum(totals.subtotal, totals.tax, ctx) };
  totals = totalFromParts(totals, cands('total'), itemsMatcher(numbers, readings), ctx);
  totals = withoutNilNet(includedTax(totals, ctx, cands('subtotal')));

  let vendorLabelled = false;
  let vendorNamed = false;
  let currencyGuessed = false;
  const fields = schema.fields.map((field, i) => {
    const role = roles[i];
    let cand: Candidate | null;
    if (role === 'lineItems') return lineItemsField(field, rows, numbers, ctx, totals.consistent);
    if (role === 'total' || role === 'subtotal' || role === 'tax') {
      cand = totals[role];
      if (cand && totals.consistent) cand = { ...cand, score: Math.min(1, cand.score + 0.2) };
    } else if (role === 'currency') {
      cand = currencyCandidate(field, ctx);
      currencyGuessed = cand?.score === GUESSED_CURRENCY;
    }
    else if (role === 'vendor') {
      cand = sellerBoxName(ctx) ?? candidatesFor(field, role, ctx, tableLines)[0] ?? null;
      vendorLabelled = cand !== null;
      // A specific label ("Supplier", "Vendor", "Lieferant"), not a weak one ("From", "Company").
      vendorNamed = cand !== null && cand.score >= 0.6;
      cand ??= guessVendor(ctx, tableLines);
    }
    else cand = candidatesFor(field, role, ctx, tableLines)[0] ?? (role === 'invoiceNumber' ? hashNumber(ctx) : null);
    return toField(field, cand, ctx);
  });
  return { fields, consistent: totals.consistent, vendorLabelled, vendorNamed, currencyGuessed };
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const INCLUDED = /\b(?:incl(?:uded|usive)?|inkl(?:usive)?|enth(?:alten)?|davon|dont|incluido|incluso|inclus)\b/i;

/**
 * A subtotal of nothing under a total above nothing is no net before tax: the first figure of a row of sums by tax class
 * (a Paraguayan factura's "SUBTOTAL | 0 | 0 | 1.164.400", its tax-exempt and 5% sales before its 10% ones).
 */
function withoutNilNet<T extends { total: Candidate | null; subtotal: Candidate | null }>(totals: T): T {
  return totals.subtotal?.value === 0 && totals.total && (totals.total.value as number) > 0 ? { ...totals, subtotal: null } : totals;
}

/**
 * A "net" the tax line says the prices include ("NET TOTAL 12,919.00" over "VAT 18% included 1,970.69", a till's): that
 * figure is the total, no net before tax, where the total is the same figure or none was read and net plus tax is
 * printed nowhere. Where a net is printed under its own label too, the total less the tax ("Sous-total 38,50", "TOTAL TTC
 * 38,50", "dont TVA 10 | 3,50", "Total HT 35,00"), that is the subtotal.
 */
function includedTax<T extends { total: Candidate | null; subtotal: Candidate | null; tax: Candidate | null }>(totals: T, ctx: DocContext, nets: Candidate[] = []): T {
  const { total, subtotal, tax } = totals;
  if (!subtotal || !tax || !INCLUDED.test(tax.line.text) || (total && total.value !== subtotal.value)) return totals;
  const net = nets.find((c) => c.line !== subtotal.line && Math.abs((subtotal.value as number) - (tax.value as number) - (c.value as number)) <= 0.011);
  if (net) return { ...totals, total: total ?? subtotal, subtotal: net };
  const sum = r2((subtotal.value as number) + (tax.value as number));
  if (!total && ctx.lines.some((l) => amountsIn(l.text, ctx.decimal).some((v) => Math.abs(v - sum) <= 0.011))) return totals;
  return { ...totals, total: total ?? subtotal, subtotal: null };
}

/** Tells whether the items add up to a value as read, or once re-read by their own arithmetic. */
function itemsMatcher(numbers: RowNumbers[], readings: RowReadings[]): ((value: number) => boolean) | null {
  if (!numbers.length || !numbers.every((n) => n.amount !== null)) return null;
  const sum = r2(numbers.reduce((s, n) => s + (n.amount as number), 0));
  const memo = new Map<number, boolean>();
  return (value) => {
    if (Math.abs(sum - value) <= Math.max(0.011, Math.abs(value) * 0.0005)) return true;
    let hit = memo.get(value);
    if (hit === undefined) memo.set(value, (hit = reconcile(numbers, value, readings) !== numbers));
    return hit;
  };
}

function preferLower(ctx: DocContext) {
  // Grand totals sit at the end of a document: nudge later occurrences up.
  const n = ctx.lines.length || 1;
  return (c: Candidate): Candidate => ({ ...c, score: c.score + 0.1 * (ctx.lines.indexOf(c.line) / n) });
}

const GUESSED_CURRENCY = 0.45;
const MISREAD_SIGN = 0.5;

// A Taiwanese uniform invoice's number, two letters and eight digits ("AB-12345678"), printed alone under its period.
const UNIFORM_NUMBER = /^[A-Z]{2}-\d{8}$/;

/**
 * No label names the invoice number, but a cell at the head of the first page is only a number
 * after "#" ("TAX INVOICE" over "# INV-008608", as invoicing services print it), or a Portuguese
 * document's id, its type's code, series and number ("FS A2020/94180" under "FATURA SIMPLIFICADA";
 * FT, FS, FR, NC and ND are the invoices and credit and debit notes), or a Taiwanese uniform invoice's number
 * alone on its line: a weak candidate.
 */
function hashNumber(ctx: DocContext): Candidate | null {
  const first = ctx.pages[0];
  if (!first) return null;
  const uniform = /發票|发票/.test(ctx.text);
  for (const line of first.lines) {
    if (line.y0 > first.height * 0.4) continue;
    const cell = line.cells.find((c) => /^#\s?[A-Z]{0,6}[-/]?\d[\w\-/]*$/i.test(c.text.trim()) || /^(?:FT|FS|FR|NC|ND) ?[A-Z0-9]{1,10}\/\d{1,10}$/.test(c.text.trim())
      || (uniform && line.cells.length === 1 && UNIFORM_NUMBER.test(c.text.trim())));
    if (cell) return { value: cell.text.trim().replace(/^#\s?/, ''), score: 0.4, line };
  }
  // An app's or web shop's receipt numbered by its order alone ("Order #154-3596", "Order # 345-4259064-6757571").
  for (const line of first.lines) {
    const order = line.y0 <= first.height * 0.4 ? line.cells.map((c) => ORDER_NUMBER.exec(c.text.trim())).find((m) => m) : undefined;
    if (order) return { value: order[1], score: 0.4, line };
  }
  return null;
}
const ORDER_NUMBER = /^order\s?(?:#|no\.?|number)\s?:?\s?([A-Z0-9][\w\-/]*\d[\w\-/]*)$/i;

/**
 * A currency guessed from the country (none printed) is the vendor's country's, once the vendor is
 * known: the customer's address, VAT number or legal form may be from abroad.
 */
function vendorCurrency(ctx: DocContext, guessed: boolean, roles: Role[], fields: ExtractedField[]): ExtractedField[] {
  const [cur, ven] = [roles.indexOf('currency'), roles.indexOf('vendor')];
  const vendor = fields[ven]?.value;
  if (cur < 0 || typeof vendor !== 'string' || !guessed) return fields;
  const value = currencyOfCountry(ctx.text, vendor);
  return value === fields[cur].value ? fields : fields.map((f, i) => (i === cur ? { ...f, value } : f));
}

function currencyCandidate(field: FieldDefinition, ctx: DocContext): Candidate | null {
  const labelled = candidatesFor(field, 'currency', ctx, new Set())[0];
  if (labelled) return labelled;
  const code = currencyOf(ctx.text);
  if (code) return { value: localSign(code, ctx.text), score: 0.8, line: ctx.lines[0] };
  // None printed (or OCR lost the sign): the currency of the country the document comes from, to review.
  const guessed = currencyOfCountry(ctx.text);
  if (guessed) return { value: guessed, score: GUESSED_CURRENCY, line: ctx.lines[0] };
  // A pound sign OCR read as a letter ("Amount E"), where the page's words place it in no country: to review too.
  return misreadPound(ctx) ? { value: 'GBP', score: MISREAD_SIGN, line: ctx.lines[0] } : null;
}

// A tax line whose label OCR garbled still shows the amount: the one printed
// value equal to total minus subtotal (also when OCR lost its decimal mark).
function taxFromDifference(total: Candidate, subtotal: Candidate, ctx: DocContext): Candidate | null {
  const diff = Math.round(((total.value as number) - (subtotal.value as number)) * 100) / 100;
  if (!(diff > 0)) return null;
  const shows = (text: string, line: Line) =>
    amountsIn(text, ctx.decimal).some((a) => Math.abs(a - diff) <= 0.011) || decimalRepair(text, line, ctx) === diff;
  // Not a date's or a time's numbers ("11/05/19 16:24").
  const at = ctx.lines.findIndex((l) => l.cells.some((c) => shows(c.text, l) && !parseDate(c.text, ctx.order)));
  const line = ctx.lines[at];
  // A tip or a service charge between the two ("Mancia  5,00", "Discretionary service 10%"), its label on its line or
  // alone on the line over its figure, is no tax.
  const label = line && !/\p{L}{2}/u.test(line.text) ? ctx.lines[at - 1]?.text ?? '' : line?.text ?? '';
  return line && !TIP.test(normLabel(label)) ? { value: diff, score: 0.6, line } : null;
}

const TIP = /\b(?:tips?|gratuity|service charge|discretionary service|servizio|mancia|pourboire|trinkgeld|propina|fooi|dricks|drikkepenge|napiwek)\b/;

// A total OCR dropped a digit from ("429,13" under a subtotal of 5357.61 and tax of
// 1071.52): when the items confirm the subtotal, the total is subtotal + tax if the
// scanned total reads as that sum with one digit lost. A digit that differs is left
// alone: printed totals may add shipping or rounding the clerk cannot see.
function totalFromParts(totals: TotalsChoice, totalCands: Candidate[], itemsMatch: ((v: number) => boolean) | null, ctx: DocContext): TotalsChoice {
  const { total, subtotal, tax } = totals;
  if (!subtotal || !tax || !itemsMatch || !itemsMatch(subtotal.value as number)) return totals;
  const sum = r2((subtotal.value as number) + (tax.value as number));
  if (total && Math.abs(sum - (total.value as number)) <= 0.011) return totals;
  const damaged = totalCands.find((c) => fromOcr(c.line, ctx) && oneDigitLost((c.value as number).toFixed(2), sum.toFixed(2)));
  if (!damaged) return totals;
  return { ...totals, total: { ...damaged, value: sum, score: Math.min(damaged.score, 0.8) }, consistent: true };
}

/** `read` is `sum` with one digit dropped (digits only). */
function oneDigitLost(read: string, sum: string): boolean {
  const a = read.replace(/\D/g, '');
  const b = sum.replace(/\D/g, '');
  if (a.length + 1 !== b.length) return false;
  return [...b].some((_, i) => b.slice(0, i) + b.slice(i + 1) === a);
}

function lineItemsField(field: FieldDefinition, rows: TableRow[], numbers: RowNumbers[], ctx: DocContext, consistent: boolean): ExtractedField {
  const items = field.items?.length
    ? field.items
    : [{ title: 'Description', type: 'STRING' as const }, { title: 'Quantity', type: 'NUMBER' as const },
       { title: 'Unit Price', type: 'NUMBER' as const }, { title: 'Amount', type: 'NUMBER' as const }];
  const value = rows.length ? rowsToItems(rows, numbers, items, ctx) : null;
  const confidence = rows.length ? (consistent ? 0.9 : 0.7) * ctx.quality : 0;
  return base(field, value, confidence);
}

function toField(field: FieldDefinition, cand: Candidate | null, ctx: DocContext): ExtractedField {
  if (!cand || cand.score < 0.3) return base(field, null, 0);
  return base(field, cand.value, Math.round(Math.min(1, cand.score) * ctx.quality * 100) / 100);
}

function base(field: FieldDefinition, value: unknown, confidence: number): ExtractedField {
  return {
    fieldId: field.id,
    title: field.title ?? field.id ?? '',
    type: (field.type ?? 'STRING').toLowerCase(),
    description: field.description ?? '',
    hidden: field.hidden ?? false,
    value,
    confidence,
  };
}
