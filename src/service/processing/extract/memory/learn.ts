import { distance } from 'fastest-levenshtein';
import { amountsIn, decimalStyleOf, type DecimalStyle } from '../../parse/amounts.js';
import { documentOrder, parseDate, type DayOrder } from '../../parse/dates.js';
import type { Box } from '../../pageWords.js';
import { linesOf, squash, type MemoryLine, type MemoryWord } from './words.js';

// What a correction teaches about one field of a vendor's documents: the label beside the value
// (the start of its cell, the cell to its left, or the cell above), where the value stands from
// that label, its place on the page and how it is printed. A value printed nowhere (a vendor's
// name typed by the person) is remembered as the value itself.

export interface FieldMemory {
  type: string;
  /** Squashed label text; null when the value stood with no label. */
  label: string | null;
  where: 'same' | 'right' | 'below' | null;
  /** Top left of the value's box. */
  place: [number, number] | null;
  /** Digits as 9, letters as a: how a date or an amount was printed. */
  format: string | null;
  /**
   * Of a text value that was the end of its cell after words that are no label ("Documento n.
   * 72519"): how many words it had. Read again, the cell's last words are the value.
   */
  tail?: number;
  /** The value itself, for fields that do not change between a vendor's documents. */
  value?: unknown;
  /** Of line items: the texts of the vendor's items (items.ts). */
  items?: string[];
  /** Of line items: every row the person saved had a text (the table has a text column). */
  texted?: boolean;
  /**
   * Learned from a correction (the extractor was wrong here): its reading then replaces the
   * extractor's. Learned from a confirmation, it only makes an agreeing value sure.
   */
  corrected: boolean;
  /**
   * Where the field stood on the vendor's documents of other layouts (another label, or none):
   * a vendor sends invoices, credit notes and receipts, or changes its template. Newest first.
   */
  others?: FieldMemory[];
}

/** Layouts of a field remembered besides the newest. */
const OTHER_LAYOUTS = 4;

/**
 * The field's memory after a document of the vendor taught `learned`: where it stood before is
 * kept too when it was another label (another layout of the vendor's).
 */
export function withOthers(learned: FieldMemory, before: FieldMemory | undefined): FieldMemory {
  if (!before || learned.value !== undefined) return learned;
  const { others = [], ...previous } = before;
  const kept = [...(previous.label !== learned.label && (previous.label || previous.format) ? [previous] : []), ...others];
  const distinct = kept.filter((o, i) => o.label !== learned.label && kept.findIndex((k) => k.label === o.label && k.format === o.format) === i);
  return distinct.length ? { ...learned, others: distinct.slice(0, OTHER_LAYOUTS) } : learned;
}

/** Fields that are the same on every document of a vendor. */
export const CONSTANT_FIELD = /vendor|supplier|seller|merchant|company|issuer|lieferant|currency/i;

export interface Reading { style: DecimalStyle | undefined; order: DayOrder }

export function readingOf(lines: MemoryLine[]): Reading {
  const text = lines.map((l) => l.text).join('\n');
  return { style: decimalStyleOf(text), order: documentOrder(text).order };
}

/** Whether a cell's text shows the value (amounts to the cent, dates as ISO, text squashed). */
export function shows(text: string, type: string, value: unknown, r: Reading): boolean {
  if (type === 'number' && typeof value === 'number') return amountsIn(text, r.style).some((a) => Math.abs(a - value) <= 0.005);
  if (type === 'date' && typeof value === 'string') return parseDate(text, r.order) === value.slice(0, 10);
  const want = squash(String(value ?? ''));
  return want.length > 0 && squash(text).includes(want);
}

export function learnField(words: MemoryWord[], title: string, type: string, value: unknown, corrected: boolean): FieldMemory {
  const lines = linesOf(words);
  const r = readingOf(lines);
  const constant = { corrected, ...(CONSTANT_FIELD.test(title) && type === 'string' ? { value } : {}) };
  // The last place for amounts (a grand total sits below its parts), the first for anything else.
  const spots = lines.flatMap((line, li) => line.words.map((w, wi) => ({ line, li, w, wi }))).filter((s) => shows(s.w.text, type, value, r));
  const spot = type === 'number' ? spots[spots.length - 1] : spots[0];
  if (!spot) return { type, label: null, where: null, place: null, format: null, ...constant };
  const { line, li, w, wi } = spot;
  const format = w.text.replace(/\p{N}/gu, '9').replace(/\p{L}/gu, 'a');
  const place: [number, number] = [w.box[0], w.box[1]];
  const before = labelInCell(w.text, type);
  if (before) return { type, label: before, where: 'same', place, format, ...constant };
  const tail = tailOf(w.text, type, value);
  const left = line.words[wi - 1];
  if (left && isLabel(squash(left.text))) return { type, label: squash(left.text), where: 'right', place, format, ...tail, ...constant };
  const above = lines[li - 1]?.words.find((x) => overlaps(x.box, w.box));
  if (above && isLabel(squash(above.text))) return { type, label: squash(above.text), where: 'below', place, format, ...tail, ...constant };
  return { type, label: null, where: null, place, format, ...tail, ...constant };
}

/** A text value at the end of a longer cell: its number of words. */
function tailOf(text: string, type: string, value: unknown): { tail?: number } {
  if (type.toLowerCase() !== 'string' || typeof value !== 'string' || AFTER_COLON.test(text)) return {};
  const words = text.trim().split(/\s+/);
  const n = value.trim().split(/\s+/).length;
  return words.length > n && squash(words.slice(-n).join(' ')) === squash(value) ? { tail: n } : {};
}

/**
 * The words before the value in its own cell ("TOTAL RM 12.00" -> "totalrm", "請求番号：INV-86"
 * -> "請求番号"): before an amount or a date at the cell's end (a Japanese date with its 年月日),
 * before the colon of a text value.
 */
export function labelInCell(text: string, type: string): string | null {
  const m = type === 'number' ? /[-(]?[\d][\d.,' ]*\d\)?\s*$/.exec(text) : type === 'date' ? /\d[\d./\- a-z年月]*\d日?\s*$/i.exec(text) : AFTER_COLON.exec(text);
  if (!m || m.index === 0) return null;
  const head = squash(text.slice(0, m.index)).replace(CURRENCY, '');
  return isLabel(head) ? head : null;
}

/** A text value after its label's colon (ASCII or full width), in one cell. */
export const AFTER_COLON = /(?<=[:：])\s*[^:：\s][^:：]*$/;

/** A currency beside an amount ("RM 12.00", "USD 9") is no label. */
const CURRENCY = /(rm|myr|usd|sgd|eur|gbp|aud|jpy|chf|idr|thb|php|inr|hkd|cny|rp|s|us)$/;

/** At least three letters: OCR's stray marks ("z", "s") beside amounts are no labels. */
const isLabel = (s: string) => (s.match(/\p{L}/gu)?.length ?? 0) >= 3;

const overlaps = (a: Box, b: Box) => a[0] < b[2] && a[2] > b[0];

/** A label read again with OCR's slips: equal, or within an edit or two for longer labels. */
export function sameLabel(seen: string, label: string): boolean {
  if (seen === label) return true;
  if (label.length < 4) return false;
  return distance(seen, label) <= Math.max(1, Math.floor(label.length / 6));
}
