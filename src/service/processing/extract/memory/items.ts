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

/** Line items with each text cell that is a known item read with slips given as that item. */
export function snapRows(rows: unknown, items: readonly string[]): unknown {
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

function partsOf(text: string): { letters: string; digits: string } {
  const s = squash(text);
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
  return best && (!second || best[1] < second[1]) ? best[0] : undefined;
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
