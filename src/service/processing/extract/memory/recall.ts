import type { PageLayout } from '../../layout/model.js';
import { amountsIn } from '../../parse/amounts.js';
import { parseDate } from '../../parse/dates.js';
import type { ExtractedField } from '../../types.js';
import { roleOf } from '../roles.js';
import { snapRows } from './items.js';
import { commonKeys, sameVendor, vendorKeys } from './keys.js';
import type { VendorMemory } from './vendor.js';
import { AFTER_COLON, CONSTANT_FIELD, labelInCell, readingOf, sameLabel, type FieldMemory, type Reading } from './learn.js';
import { linesOf, squash, wordsOfPages, type MemoryLine, type MemoryWord } from './words.js';

// The next document of a known vendor (issue 16): its remembered fields are read first where the
// corrections said they stand; a value found there is taken with high confidence.

export type { VendorMemory } from './vendor.js';

/** Confidence of a value read where the vendor's corrections said it stands. */
export const REMEMBERED = 0.95;
const MATCH = 0.5;
/** A value the extractor missed, read where a confirmed value of the vendor stood: below the review threshold. */
const FILLED = 0.8;
/** A remembered reading that is not printed as the vendor prints it, or that breaks the totals: to be checked. */
const FLAGGED = 0.6;

export function findVendor(words: MemoryWord[], vendorName: unknown, memories: VendorMemory[]): VendorMemory | undefined {
  const keys = vendorKeys(words, vendorName);
  const common = commonKeys(memories);
  let best: { m: VendorMemory; s: number } | undefined;
  for (const m of memories) {
    const s = sameVendor(keys, m.keys, common);
    if (s >= MATCH && (!best || s > best.s)) best = { m, s };
  }
  return best?.m;
}

export function recallFields(pages: PageLayout[], fields: ExtractedField[], memories: VendorMemory[]): ExtractedField[] {
  if (memories.length === 0) return fields;
  const words = wordsOfPages(pages);
  const vendor = fields.find((f) => CONSTANT_FIELD.test(f.title) && f.type === 'string')?.value;
  const memory = findVendor(words, vendor, memories);
  if (!memory) return fields;
  const lines = linesOf(words);
  const r = readingOf(lines);
  const recalled = fields.map((f) => {
    const newest = memory.fields[f.title];
    if (!newest) return f;
    if (newest.items) return Array.isArray(f.value) ? { ...f, value: snapRows(f.value, newest.items, newest.texted === true) } : f;
    // The field where the vendor's newest document had it, else where one of its other layouts had it.
    const layouts = [newest, ...(newest.others ?? [])];
    const read = layouts.map((m) => ({ m, found: m.value !== undefined ? { value: m.value, word: undefined, as: true } : readAt(lines, m, r) }))
      .find((x) => x.found && x.found.value !== null);
    if (!read) return layouts.reduce((g, m) => (g === f ? shapedNear(lines, m, f) : g), f);
    const { m, found } = read as { m: FieldMemory; found: NonNullable<typeof read.found> };
    const agrees = JSON.stringify(f.value) === JSON.stringify(found.value);
    const source = found.word ? { page: found.word.page, box: found.word.box } : f.source;
    const missing = f.value === null || f.value === undefined;
    // Beside the label cut otherwise than the vendor's document had it, or where another of the
    // vendor's layouts had it: it fills a value the extractor did not find, for a person to check,
    // and changes nothing else.
    if (!found.as || m !== newest) return missing ? { ...f, value: found.value, confidence: FILLED, ...(source ? { source } : {}) } : f;
    // A vendor may bill in several currencies: one printed on the document stands, for a person to check.
    if (m.value !== undefined && !agrees && !missing && /currency|währung|devise|moneda|valuta|通貨/i.test(f.title)) return { ...f, confidence: Math.min(f.confidence, FLAGGED) };
    // Where the extractor was confirmed right, the memory makes an agreeing value sure, and fills
    // one the extractor did not find, left for a person to check; it never overrules a reading.
    if (!agrees && !m.corrected && m.value === undefined) {
      return missing ? { ...f, value: found.value, confidence: FILLED, ...(source ? { source } : {}) } : f;
    }
    // Printed otherwise than the vendor prints it ("22.03" where it prints "22/03/2024"): the
    // label was found but what stands beside it may be something else.
    const printed = !found.word || !m.format || shapeOf(found.word.text, m.type) === shapeOf(m.format, m.type);
    const confidence = printed ? Math.max(REMEMBERED, agrees ? f.confidence : 0) : Math.min(FLAGGED, f.confidence);
    return { ...f, value: found.value, confidence, ...(source ? { source } : {}) };
  });
  return checkTotals(addUp(recalled, memory, lines, r), fields);
}

/** How far from the remembered place a code printed as the vendor prints it is looked for (of the page, rows counted half). */
const NEAR = 0.2;

/**
 * A code (an invoice number) whose label was not read: the one word near where the vendor's code
 * stood that is printed as the vendor prints its codes ("A-3166-11" for a remembered
 * "RE-3935-67": letters, a dash, four digits, a dash, two), taken for a person to check (0.8) when
 * the extractor found none or read one printed otherwise at low confidence (a "10" from a date).
 */
function shapedNear(lines: MemoryLine[], m: FieldMemory, f: ExtractedField): ExtractedField {
  if (m.type.toLowerCase() !== 'string' || !m.format || !m.place || !/\p{N}/u.test(m.format)) return f;
  const shape = codeShape(codeIn(m.format));
  const missing = f.value === null || f.value === undefined || f.value === '';
  if (!missing && (f.confidence >= 0.5 || codeShape(String(f.value)) === shape)) return f;
  const d = (w: MemoryWord) => Math.hypot(w.box[0] - m.place![0], (w.box[1] - m.place![1]) * 0.5);
  const near = lines.flatMap((l) => l.words).filter((w) => d(w) <= NEAR && codeShape(codeIn(w.text)) === shape);
  if (near.length !== 1) return f;
  return { ...f, value: codeIn(near[0]!.text), confidence: FILLED, source: { page: near[0]!.page, box: near[0]!.box } };
}

/** The code in a cell: after its label's colon, else its last word with a digit ("Documento n. 88276"). */
function codeIn(text: string): string {
  const after = AFTER_COLON.exec(text)?.[0].trim();
  if (after) return after;
  const words = text.trim().split(/\s+/);
  return [...words].reverse().find((w) => /\p{N}/u.test(w)) ?? text.trim();
}

/** How a code is printed: runs of letters as one, runs of digits by their length, the marks between as printed. */
const codeShape = (code: string) => code.replace(/\p{L}+/gu, 'a').replace(/\p{N}+/gu, (n) => `#${n.length}`).replace(/\s+/g, ' ');

const AMOUNT_ROLES = ['total', 'subtotal', 'tax'] as const;
const roleOfTitle = (title: string, description?: string) => roleOf({ title, description, type: 'NUMBER' });

/**
 * A vendor whose saved document had a subtotal, a tax and a total prints all three on its
 * documents, and they add up. Where the subtotal or the tax is missing or does not add up with the
 * others, the amount that makes them add up is taken when it is printed on the page and the other
 * part's is not in doubt: for a person to check (0.8), the total never changed. Read and still not
 * adding up, neither part is sure.
 */
function addUp(recalled: ExtractedField[], memory: VendorMemory, lines: MemoryLine[], r: Reading): ExtractedField[] {
  const known = new Set(Object.entries(memory.fields).filter(([, m]) => m.type.toLowerCase() === 'number' && !m.items).map(([title]) => roleOfTitle(title)));
  if (!AMOUNT_ROLES.every((role) => known.has(role))) return recalled;
  const at = (role: string) => recalled.findIndex((f) => f.type.toUpperCase() === 'NUMBER' && roleOfTitle(f.title, f.description) === role);
  const [t, s, x] = AMOUNT_ROLES.map(at);
  if (t! < 0 || s! < 0 || x! < 0) return recalled;
  const num = (i: number) => (typeof recalled[i]!.value === 'number' ? (recalled[i]!.value as number) : null);
  const [total, sub, tax] = [num(t!), num(s!), num(x!)];
  if (total === null || total === 0) return recalled;
  if (sub !== null && tax !== null && Math.abs(sub + tax - total) <= 0.011) return recalled;
  const printed = lines.flatMap((l) => l.words.flatMap((w) => amountsIn(w.text, r.style).map(Math.abs)));
  const shown = (n: number) => printed.some((p) => Math.abs(p - Math.abs(n)) <= 0.005);
  // Each part made from the total and the other part, where the other part was read.
  const fixes = [
    { i: s!, value: tax === null ? null : round2(total - tax) },
    { i: x!, value: sub === null ? null : round2(total - sub) },
  ].filter((c): c is { i: number; value: number } => c.value !== null && c.value !== 0 && Math.sign(c.value) === Math.sign(total) && c.value !== num(c.i) && shown(c.value));
  if (fixes.length !== 1) {
    // Read, and not adding up as the vendor's do: neither part is sure.
    return sub === null || tax === null ? recalled : recalled.map((f, k) => (k === s || k === x ? { ...f, confidence: Math.min(f.confidence, FLAGGED) } : f));
  }
  const { i, value } = fixes[0]!;
  return recalled.map((f, k) => (k === i ? { ...f, value, confidence: FILLED } : f));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * How a value is printed, with what varies between documents left out: runs of digits and of
 * letters as one, and of an amount only its decimal separator and decimals (the last cell's end).
 */
export function shapeOf(text: string, type: string): string {
  const tail = type === 'number' ? /[-(]?\d[\d.,' ]*\d\)?\s*\S*$/.exec(text)?.[0] : type === 'date' ? /\d[\d./\- \p{L}]*\d/u.exec(text)?.[0] : AFTER_COLON.exec(text)?.[0];
  const value = (tail ?? text).trim();
  if (type === 'number') return /([.,])(\d{1,2})\D*$/.exec(value)?.slice(1).map((x, i) => (i ? x.length : x)).join('') ?? 'whole';
  return value.replace(/\p{N}+/gu, '9').replace(/\p{L}+/gu, 'a').replace(/\s+/g, ' ');
}

/**
 * The totals cross-check: when subtotal and tax no longer add up to the total and the memory
 * changed one of them, none of the amounts it changed is sure; nor is a part signed otherwise than the total.
 */
function checkTotals(recalled: ExtractedField[], before: ExtractedField[]): ExtractedField[] {
  const pick = (role: string) => recalled.findIndex((f) => f.type.toUpperCase() === 'NUMBER' && roleOf({ title: f.title, description: f.description, type: 'NUMBER' }) === role);
  const [t, s, x] = [pick('total'), pick('subtotal'), pick('tax')];
  const num = (i: number) => (i >= 0 && typeof recalled[i]!.value === 'number' ? (recalled[i]!.value as number) : undefined);
  const [total, sub, tax] = [num(t), num(s), num(x)];
  // A part whose sign is not the total's (a folio's credits column read as its subtotal) is never sure.
  if (total !== undefined && total !== 0) {
    recalled = recalled.map((f, i) => ((i === s || i === x) && typeof f.value === 'number' && f.value !== 0 && Math.sign(f.value) !== Math.sign(total) ? { ...f, confidence: Math.min(f.confidence, FLAGGED) } : f));
  }
  if (total === undefined || sub === undefined || tax === undefined) return recalled;
  if (Math.abs(Math.abs(sub + tax) - Math.abs(total)) <= 0.011) return recalled;
  return recalled.map((f, i) => ([t, s, x].includes(i) && JSON.stringify(f.value) !== JSON.stringify(before[i]?.value) ? { ...f, confidence: Math.min(f.confidence, FLAGGED) } : f));
}

/**
 * The value beside the remembered label, nearest the remembered place. A label remembered with its
 * value in one cell ("Nº Factura: INV-1") may be read split from it, and one remembered in a cell of
 * its own may be read glued to the value ("N°Factura:INV205504"): OCR and a vendor's layouts cut
 * cells differently. Those readings count when the remembered arrangement is not found.
 */
function readAt(lines: MemoryLine[], m: FieldMemory, r: Reading): { value: unknown; word: MemoryWord; as: boolean } | undefined {
  if (!m.label || !m.where) return undefined;
  const hits: Array<{ value: unknown; word: MemoryWord; as: boolean }> = [];
  const ways = m.where === 'below' ? (['below'] as const) : (['same', 'right'] as const);
  lines.forEach((line, li) => {
    line.words.forEach((w, wi) => {
      for (const where of ways) {
        const target = where === 'same' ? w : where === 'right' ? line.words[wi + 1] : lines[li + 1]?.words.find((x) => x.box[0] < w.box[2] && x.box[2] > w.box[0]);
        if (!target) continue;
        // In its own cell the label is all that stands before the value ("TOTAL 12.00", not "TOTAL QTY 3").
        const labelText = where === 'same' ? labelInCell(w.text, m.type) : squash(w.text);
        if (!labelText || !sameLabel(labelText, m.label!)) continue;
        const value = parse(m.tail ? target.text.trim().split(/\s+/).slice(-m.tail).join(' ') : target.text, m.type, r);
        if (value !== null) hits.push({ value, word: target, as: where === m.where });
      }
    });
  });
  const found = hits.some((h) => h.as) ? hits.filter((h) => h.as) : hits;
  if (!m.place) return found[0];
  const d = (w: MemoryWord) => Math.hypot(w.box[0] - m.place![0], (w.box[1] - m.place![1]) * 0.5);
  return found.sort((a, b) => d(a.word) - d(b.word))[0];
}

function parse(text: string, type: string, r: Reading): unknown {
  if (type === 'number') {
    const amounts = amountsIn(text, r.style);
    return amounts.length ? amounts[amounts.length - 1]! : null;
  }
  if (type === 'date') return parseDate(text, r.order);
  // Text beside its label in one cell ("Invoice No: A-17", "請求番号：INV-86"): what follows the last colon.
  const after = AFTER_COLON.exec(text)?.[0] ?? text;
  return after.trim() || null;
}
