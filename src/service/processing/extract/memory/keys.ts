import { distance } from 'fastest-levenshtein';
import { linesOf, squash, type MemoryWord } from './words.js';

// How a vendor is recognised on its next document: a tax or registration number printed beside
// its label, its name, or the words of its letterhead (the top lines of the first page).

export interface VendorKeys {
  taxIds: string[];
  names: string[];
  /** Words of the header lines, squashed. */
  header: string[];
  /** The header lines squashed into one text (a new document's; where a known vendor's name is looked for). */
  headerText?: string;
  /** The top lines of a new document's first page, squashed, one text per line: where a name with letters lost is looked for. */
  topText?: string;
}

const TAX_LABEL = /\b(gst|vat|tax|abn|acn|tin|uid|ust|reg|registration|company|co\.?|roc|siret|siren|steuer|nif|cif|kvk|btw)\b/i;
const HEADER_LINES = 5;
/** A letterhead set beside the buyer's block, below a title and the document's numbers. */
const TOP_LINES = 12;

export function vendorKeys(words: MemoryWord[], name?: unknown): VendorKeys {
  const lines = linesOf(words);
  const taxIds = new Set<string>();
  for (const line of lines) {
    if (!TAX_LABEL.test(line.text)) continue;
    for (const token of line.text.split(/[\s:;,]+/)) {
      const t = squash(token);
      if (t.length >= 6 && (t.match(/\d/g)?.length ?? 0) >= 5) taxIds.add(t);
    }
  }
  const firstPage = lines.filter((l) => l.page === (lines[0]?.page ?? 1));
  const first = firstPage.slice(0, HEADER_LINES);
  const header = [...new Set(first.flatMap((l) => l.text.split(/\s+/)).map(squash).filter((t) => t.length >= 3 && /\p{L}/u.test(t)))];
  const n = typeof name === 'string' ? squash(name) : '';
  return { taxIds: [...taxIds], names: n ? [n] : [], header, headerText: first.map((l) => squash(l.text)).join(' ').slice(0, 1000),
    topText: firstPage.slice(0, TOP_LINES).map((l) => squash(l.text)).join(' ').slice(0, 2000) };
}

/**
 * How surely `keys` are the vendor of `known`: 1 for a shared tax id, less for a name or a letterhead
 * alike. `common` holds what more than one known vendor printed (commonKeys), which tells none apart.
 */
export function sameVendor(keys: VendorKeys, known: VendorKeys, common?: ReadonlySet<string>): number {
  if (keys.taxIds.some((t) => known.taxIds.includes(t) && !common?.has(t))) return 1;
  // Its name printed in the letterhead, whatever the extractor made of it; the earlier, the surer
  // (a customer's name printed below the vendor's is a known vendor's name too).
  if (keys.headerText) {
    const at = Math.min(...known.names.filter((n) => n.length >= 5).map((n) => keys.headerText!.indexOf(n)).filter((i) => i >= 0));
    if (Number.isFinite(at)) return 0.95 - (0.04 * at) / Math.max(1, keys.headerText.length);
  }
  // The extractor's reading of the name: it may have taken the customer's for the vendor's.
  if (keys.names.some((n) => known.names.includes(n))) return 0.9;
  // ... or that name with an OCR slip or two ("Birobedarf" for "Bürobedarf").
  const slip = (n: string, k: string) => n.length >= 6 && distance(n, k) <= Math.max(1, Math.floor(k.length / 8));
  if (keys.names.some((n) => known.names.some((k) => slip(n, k)))) return 0.85;
  // ... or with one run of its letters lost: OCR drops a script it does not read (the katakana of
  // "合同会社ミドリ技研", read "合同会社 技研"), in the extractor's name or a letterhead line.
  const readings = [...keys.names, ...(keys.topText?.split(' ') ?? [])];
  if (readings.some((n) => known.names.some((k) => k.length >= 6 && gapped(n, k)))) return 0.8;
  const mine = keys.header.filter((w) => !common?.has(w));
  const theirs = known.header.filter((w) => !common?.has(w));
  if (mine.length === 0 || theirs.length === 0) return 0;
  // OCR reads a letterhead a little differently each time ("SPEED" as "SFEED"): a word within an edit counts.
  const near = (w: string) => theirs.some((k) => k === w || (w.length >= 4 && Math.abs(k.length - w.length) <= 1 && distance(k, w) <= 1));
  return mine.filter(near).length / Math.max(mine.length, theirs.length);
}

/**
 * Whether `text` holds `name` with one run of its letters missing, the rest as printed: the name's
 * start and end both read side by side, at most a third of it lost, and at least five letters left.
 */
export function gapped(text: string, name: string): boolean {
  // The longest start and end of the name read as printed bound where the gap can be.
  let heads = 0;
  while (heads < name.length - 2 && text.includes(name.slice(0, heads + 1))) heads++;
  let tails = 0;
  while (tails < name.length - 2 && text.includes(name.slice(name.length - tails - 1))) tails++;
  for (let head = 1; head <= heads; head++) {
    for (let tail = Math.min(tails, name.length - head - 1); tail >= 1; tail--) {
      const kept = head + tail;
      if (kept < 5 || kept * 3 < name.length * 2) break;
      if (text.includes(name.slice(0, head) + name.slice(name.length - tail))) return true;
    }
  }
  return false;
}

/**
 * Tax ids and letterhead words that more than one remembered vendor printed: the buyer's own (its
 * VAT number and name in the "bill to" block of every invoice it receives) and words like
 * "invoice", which tell no vendor apart.
 */
export function commonKeys(memories: ReadonlyArray<{ keys: VendorKeys }>): Set<string> {
  const seen = new Map<string, number>();
  for (const m of memories) for (const t of new Set([...m.keys.taxIds, ...m.keys.header])) seen.set(t, (seen.get(t) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n > 1).map(([t]) => t));
}

/** Keys of one vendor over several documents (a memory learns from each correction). */
export function mergeKeys(a: VendorKeys, b: VendorKeys): VendorKeys {
  const union = (x: string[], y: string[]) => [...new Set([...x, ...y])].slice(0, 50);
  return { taxIds: union(a.taxIds, b.taxIds), names: union(a.names, b.names), header: a.header.length ? a.header : b.header };
}

/** What a memory keeps of a document's keys: not the document's own header text. */
export function storedKeys(k: VendorKeys): VendorKeys {
  return { taxIds: k.taxIds, names: k.names, header: k.header };
}
