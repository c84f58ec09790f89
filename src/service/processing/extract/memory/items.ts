import { distance } from 'fastest-levenshtein';
import { squash } from './words.js';

// A vendor's items (issue 16): the texts of the line items a person corrected or confirmed on
// its documents ("Caffè in grani 1 kg"). A vendor sells the same things again, so a text of a
// later document's line items that is a known item read with OCR's slips ("Caffe in grani 1 kg",
// "Consuling services", a position number before it: "2 Monitor 27 inch") is that item. Digits
// must agree: "Monitor 24 inch" is another item than "Monitor 27 inch", however close.

const MAX_ITEMS = 500;
/** Letters an OCR slip may change: a fifth of the item's, at least one. */
const SLIP = 0.2;

type Row = Record<string, unknown>;
const isRow = (r: unknown): r is Row => typeof r === 'object' && r !== null && !Array.isArray(r);

/** The text cells of line items, each once. */
export function itemTexts(rows: unknown): string[] {
  if (!Array.isArray(rows)) return [];
  const texts = rows.filter(isRow).flatMap((r) => Object.values(r).filter((v): v is string => typeof v === 'string' && /\p{L}/u.test(v)));
  return [...new Set(texts.map((t) => t.trim()).filter(Boolean))];
}

/** Items known before and those just learned; the newest win when the list is full. */
export function mergeItems(known: readonly string[] | undefined, learned: readonly string[]): string[] {
  return [...new Set([...learned, ...(known ?? [])])].slice(0, MAX_ITEMS);
}

/** Whether every saved row had a text cell: the vendor's table has a text column. */
export function allTexted(rows: unknown): boolean {
  return Array.isArray(rows) && rows.length > 0 && rows.every((r) => isRow(r) && hasText(r));
}

const hasText = (r: Row) => Object.values(r).some((v) => typeof v === 'string' && /\p{L}/u.test(v));

/**
 * Line items with each text cell that is a known item read with slips given as that item. Where
 * each row the vendor's tables had carried a text (`texted`), a row read without any is no item
 * (an amount from beside the table taken for a row of it).
 */
export function snapRows(rows: unknown, items: readonly string[], texted = false): unknown {
  if (!Array.isArray(rows)) return rows;
  if (texted && rows.some((r) => isRow(r) && hasText(r))) rows = rows.filter((r) => !isRow(r) || hasText(r));
  if (!Array.isArray(rows) || items.length === 0) return rows;
  const known = items.map((item) => ({ item, ...partsOf(item) }));
  const accented = accentedWords(items);
  const positions = numbered(rows, items);
  const fix = (v: string) => {
    const text = positions ? v.replace(/^\d{1,3}\s+/, '') : v;
    return snap(text, known) ?? restoreAccents(text, accented);
  };
  return rows.map((r) => (isRow(r) ? Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' ? fix(v) : v])) : r));
}

/**
 * Whether the rows' texts start with their position (1, 2, 3, ...), a column of its own read into
 * the text, where none of the vendor's items starts with a number.
 */
function numbered(rows: unknown[], items: readonly string[]): boolean {
  if (rows.length < 2 || items.some((i) => /^\d/.test(i))) return false;
  return rows.every((r, i) => isRow(r) && Object.values(r).some((v) => typeof v === 'string' && new RegExp(`^0*${i + 1}\\s+\\p{L}`, 'u').test(v)));
}

interface Known { item: string; letters: string; digits: string }

/**
 * A word of OCR's look-alikes of digits standing where a number stands ("I kg" for "1 kg", "I0"
 * for "10"): read as those digits.
 */
const LOOKALIKE = /(?<![\p{L}\p{N}])[IlO|]*\d*[IlO|][IlO|\d]*(?![\p{L}\p{N}])/gu;
const DIGIT_OF: Record<string, string> = { I: '1', l: '1', '|': '1', O: '0' };

function partsOf(text: string): { letters: string; digits: string } {
  const s = squash(text.replace(LOOKALIKE, (w) => (w.length <= 3 ? [...w].map((c) => DIGIT_OF[c] ?? c).join('') : w)));
  return { letters: s.replace(/\p{N}+/gu, ''), digits: s.replace(/[^\p{N}]+/gu, '') };
}

function snap(text: string, known: Known[]): string | undefined {
  // A position number before the text ("3 Desk lamp LED") belongs to a column of its own.
  const readings = [text, ...(/^\d{1,3}\s+\S/.test(text) ? [text.replace(/^\d{1,3}\s+/, '')] : [])];
  const near = new Map<string, number>();
  for (const reading of readings) {
    const p = partsOf(reading);
    if (!p.letters) continue;
    for (const k of known) {
      if (k.digits !== p.digits) continue;
      const d = distance(p.letters, k.letters);
      if (d <= Math.max(1, Math.floor(k.letters.length * SLIP))) near.set(k.item, Math.min(d, near.get(k.item) ?? d));
    }
  }
  const [best, second] = [...near].sort((a, b) => a[1] - b[1]);
  // Two known items as near as each other: the reading says neither.
  if (best) return !second || best[1] < second[1] ? best[0] : undefined;
  return withoutKana(text, known);
}

/** Katakana and hiragana (with the long vowel mark): the scripts an OCR engine for Latin and Chinese drops. */
const KANA = /[\p{Script=Katakana}\p{Script=Hiragana}ー]+/gu;
const HAS_KANA = /[\p{Script=Katakana}\p{Script=Hiragana}]/u;

/**
 * The one known item that, its kana dropped, is what was read ("保守" for "ウェブサイト保守",
 * "豆1kg" for "コーヒー豆 1kg"); at least two letters or digits must be left.
 */
function withoutKana(text: string, known: Known[]): string | undefined {
  const read = squash(text);
  if (read.length < 2) return undefined;
  const hits = known.filter((k) => HAS_KANA.test(k.item) && squash(k.item.replace(KANA, '')) === read);
  return hits.length === 1 ? hits[0]!.item : undefined;
}

/**
 * The vendor's words that carry accents ("Caffè", "Formación"), by their form without: OCR often
 * loses an accent, and an item text that is no known item may still be made of known words
 * ("Caffe in grani 1 kg rif. ordine 4471").
 */
function accentedWords(items: readonly string[]): Map<string, string> {
  const words = new Map<string, string>();
  for (const w of items.flatMap((i) => i.split(/\s+/))) {
    const key = squash(w);
    if (key && w.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') !== key) words.set(key, w);
  }
  return words;
}

function restoreAccents(text: string, words: Map<string, string>): string {
  if (words.size === 0) return text;
  return text.replace(/[\p{L}\p{M}]+/gu, (w) => {
    const known = words.get(squash(w));
    // Keep the reading's case where it differs only in case from the known word's letters.
    return known && known.replace(/[^\p{L}\p{M}]+/gu, '') !== w ? known.replace(/[^\p{L}\p{M}]+/gu, '') : w;
  });
}
