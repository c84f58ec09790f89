import type { PageLayout } from '../layout/model.js';
import type { ExtractedField } from '../types.js';
import { fieldRole } from './roles.js';

// A scan's long table prints the same words in many rows ("Kerusi pejabat", "offerte O-118"), and OCR misreads one of
// them now and then: a letter dropped ("Kerus"), one for another ("Penyeienggaraan", "0-118"), one added (issue 15).
// Within one document the word the page shows many times is taken for the one it shows once or twice and differs from
// by one letter. Only on OCR'd pages (a text layer prints what it means), only in line-item descriptions.

/** The tokens of a text as printed (spaces apart), without the punctuation around them. */
const tokens = (s: string): string[] => s.split(/\s+/).map(core).filter(Boolean);
const core = (t: string) => t.replace(/^[,.;:()"'[\]]+|[,.;:()"'[\]]+$/g, '');
const LETTER = /\p{L}/u;
const DIGIT = /\p{N}/u;

/**
 * Whether `to` is `from` with one letter put in, taken out or changed: the letter `to` has in its place must be a letter
 * (a digit read for a letter, "0-118" for "O-118", is mended; a figure is never changed into another), a letter taken
 * out is not a digit, a plural's s is no misreading, and a letter is put in or taken out after the first only.
 */
export function oneLetterOff(from: string, to: string): boolean {
  const a = [...from];
  const b = [...to];
  if (Math.abs(a.length - b.length) > 1 || from === to) return false;
  // A plural and its singular ("Cables", "Cable") are two words.
  if (`${from}s` === to || `${to}s` === from || `${from}S` === to || `${to}S` === from) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    return a.slice(i + 1).join('') === b.slice(i + 1).join('') && LETTER.test(b[i]!);
  }
  // A letter before a word makes another word ("mount", "Amount"): a word keeps its first letter.
  if (i === 0) return false;
  if (b.length > a.length) return a.slice(i).join('') === b.slice(i + 1).join('') && LETTER.test(b[i]!);
  return a.slice(i + 1).join('') === b.slice(i).join('') && !DIGIT.test(a[i]!);
}

/** How often each token is printed on the document's OCR'd pages. */
function counts(pages: PageLayout[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of pages) {
    if (p.source !== 'ocr') continue;
    for (const l of p.lines) for (const t of tokens(l.text)) out.set(t, (out.get(t) ?? 0) + 1);
  }
  return out;
}

/**
 * `text` with each word the page prints rarely replaced by the one word, one letter off, that it prints at least three
 * times and at least twice as often (both five characters or more, the frequent one with a letter; not "tien" for
 * Vietnamese "trien").
 */
export function agreedText(text: string, seen: Map<string, number>): string {
  const frequent = [...seen].filter(([w, n]) => n >= 3 && [...w].length >= 5 && LETTER.test(w));
  return text.replace(/\S+/g, (raw) => {
    const word = core(raw);
    if ([...word].length < 5) return raw;
    const mine = seen.get(word) ?? 0;
    const better = frequent.filter(([w, n]) => n >= 2 * mine && oneLetterOff(word, w));
    if (better.length !== 1) return raw;
    return raw.replace(word, better[0]![0]);
  });
}

/** Line-item descriptions of an OCR'd document with its rare misreadings of its own frequent words mended. */
export function agreeWords(fields: ExtractedField[], pages: PageLayout[]): ExtractedField[] {
  if (!pages.some((p) => p.source === 'ocr')) return fields;
  const seen = counts(pages);
  return fields.map((f) => {
    const role = fieldRole(f);
    if (role !== 'lineItems' || !Array.isArray(f.value)) return f;
    let changed = false;
    const rows = (f.value as Record<string, unknown>[]).map((row) => {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) {
        const fixed = typeof v === 'string' && !/^[\d\s.,%-]*$/.test(v) ? agreedText(v, seen) : v;
        if (fixed !== v) changed = true;
        out[k] = fixed;
      }
      return out;
    });
    return changed ? { ...f, value: rows } : f;
  });
}
