import type { Cell, Line } from '../layout/model.js';
import type { DocContext } from './context.js';
import { normLabel } from './context.js';
import { distance as levenshtein } from 'fastest-levenshtein';

// Finds label occurrences and the text that sits next to them: the rest of the
// label's cell, the next cell to the right, or the cell just below.

export interface LabelHit {
  line: Line;
  lineIndex: number;
  cell: Cell;
  cellIndex: number;
  label: string;
  /** Text before the label within its cell, lower-cased (used for exclusions). */
  prefix: string;
  /** Text after the label within the cell, stripped of separators. */
  rest: string;
  /** Matched with OCR tolerance, not exactly. */
  fuzzy?: boolean;
}

export interface ValueSpot {
  text: string;
  where: 'same' | 'right' | 'below' | 'above';
  line: Line;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const cache = new Map<string, RegExp>();
function labelRegex(labels: string[]): RegExp {
  const key = labels.join('\u0000');
  let re = cache.get(key);
  if (!re) {
    // OCR drops the space after an abbreviation's point ("No.Faktur", "No.PO"): a label's "no. faktur" reads "no.faktur" too.
    const alts = [...new Set(labels.map(normLabel))].sort((a, b) => b.length - a.length).map((l) => escape(l).replace(/\\\. (?=\p{L})/gu, '\\.\\s?'));
    // Word-ish boundaries that also work for CJK/Thai labels. A label ending in a point, a colon or a degree sign may have
    // its value glued to it by OCR when the value is a code of a few letters and digits ("/No.INV202505-2538",
    // "/No:RE202308-3010", "AVOIR N°A1970480"). A Latin label right after Han characters is a bilingual label's English
    // half ("發票號码Invoice No：").
    re = new RegExp(`(^|[^\\p{L}\\p{N}]|(?<=\\p{Script=Han})(?=\\p{Script=Latin}))(${alts.join('|')})(?=$|[^\\p{L}]|[\\p{Script=Han}\\p{Script=Thai}]|(?<=[.:°º])\\p{L}{1,4}\\d)`, 'giu');
    cache.set(key, re);
  }
  return re;
}

// An exclusion is matched against normalised cell text, so its letters are folded the same way;
// its escapes are kept as written (lower-casing `\D` would make it `\d`, `\S` `\s`).
const foldedNot = new Map<RegExp, RegExp>();
const foldLetters = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
function fold(not: RegExp | undefined): RegExp | undefined {
  if (!not) return undefined;
  let r = foldedNot.get(not);
  if (!r) foldedNot.set(not, (r = new RegExp(not.source.replace(/\\(?:[pPu]\{[^}]*\}|.)|[^\\]+/gu, (m) => (m.startsWith('\\') ? m : foldLetters(m))), not.flags)));
  return r;
}

// findLabels runs once per field and label list over every cell: each cell's text is
// normalised once per document, not once per call.
const normalisedCells = new WeakMap<Cell, string>();
function normCell(cell: Cell): string {
  let t = normalisedCells.get(cell);
  if (t === undefined) normalisedCells.set(cell, (t = normLabel(cell.text)));
  return t;
}

/**
 * A word then a colon after a label: the cell's label is a longer one ("Vendor selection: ..." holds no
 * vendor, "Invoice Date:" no invoice number); but for the number words that complete a label.
 */
function inLongerLabel(after: string): boolean {
  return /^\s+\p{L}{2,}[:：]/u.test(after) && !/^\s+(no|nr|n°|num|number|nummer|numero|número)[:：]/u.test(after);
}

export function findLabels(ctx: DocContext, labels: string[], notRaw?: RegExp): LabelHit[] {
  if (!labels.length) return [];
  const re = labelRegex(labels);
  const not = fold(notRaw);
  const hits: LabelHit[] = [];
  ctx.lines.forEach((line, lineIndex) => {
    line.cells.forEach((cell, cellIndex) => {
      const t = normCell(cell);
      re.lastIndex = 0;
      let m: RegExpExecArray | null;
      while ((m = re.exec(t))) {
        const start = m.index + m[1].length;
        const prefix = t.slice(0, start);
        const label = m[2];
        const after = t.slice(start + label.length);
        // Only the part of the cell text that belongs to this label: up to a following ':' label.
        const restRaw = cell.text.normalize('NFC').slice(cell.text.length - after.length);
        const rest = stripSeparators(restRaw.split(/\s{2,}|\s\|\s/)[0]);
        const labelAndRest = normLabel(prefix + label);
        if (not && not.test(labelAndRest + ' ' + after.slice(0, 12))) continue;
        if (inLongerLabel(after)) continue;
        // A possessive makes the label a word of a longer one ("Company's PAN", "Customer's order").
        if (/^['’]s\b/.test(after)) continue;
        if (prefix.trim().length > 0 && /[\p{L}]$/u.test(prefix.trim()) && prefix.trim().length > 25) continue;
        hits.push({ line, lineIndex, cell, cellIndex, label, prefix, rest });
        re.lastIndex = m.index + m[0].length;
      }
      // A generic label ("No:") after words that are a longer label OCR misread ("Receipc No:", "Bil1 No:"): that label.
      const last = hits[hits.length - 1];
      if (last?.cell === cell && last.prefix.trim() && !last.fuzzy) {
        const fuzzy = fuzzyLabel(t, labels);
        if (fuzzy && fuzzy.label.length > last.label.length && fuzzy.end >= last.prefix.length + last.label.length - 1 && !(not && not.test(`${fuzzy.label} ${t.slice(fuzzy.end, fuzzy.end + 12)}`))) {
          hits[hits.length - 1] = { ...last, label: fuzzy.label, prefix: '', fuzzy: true };
        }
      }
      if (!hits.length || hits[hits.length - 1].cell !== cell) {
        const split = splitLabel(line, cellIndex, t, labels, re, not);
        if (split) {
          hits.push({ ...split, line, lineIndex });
          return;
        }
        const fuzzy = fuzzyLabel(t, labels);
        // The exclusions read the words after the label too ("Total HT" is no "Totaal").
        if (fuzzy && !(not && not.test(`${fuzzy.label} ${t.slice(fuzzy.end, fuzzy.end + 12)}`)) && !inLongerLabel(t.slice(fuzzy.end))) {
          const rest = stripSeparators(cell.text.slice(cell.text.length - (t.length - fuzzy.end)));
          hits.push({ line, lineIndex, cell, cellIndex, label: fuzzy.label, prefix: '', rest, fuzzy: true });
        }
      }
    });
  });
  return hits;
}

interface NormLabel {
  label: string;
  /** Words in the label. */
  words: number;
}

// Every cell of every line asks for these: keyed by the array itself first (label lists are
// mostly constants), then by content, so a long document does not join the labels per cell.
const normByArray = new WeakMap<string[], NormLabel[]>();
const normCache = new Map<string, NormLabel[]>();
function normEntries(labels: string[]): NormLabel[] {
  let out = normByArray.get(labels);
  if (out) return out;
  const key = labels.join('\u0000');
  out = normCache.get(key);
  if (!out) normCache.set(key, (out = labels.map(normLabel).map((label) => ({ label, words: label.split(' ').length }))));
  normByArray.set(labels, out);
  return out;
}

/**
 * A label OCR cut into two cells ("Receipt" | "No:" | "955/2024"): a cell that starts a
 * label, read together with the next cell; the value sits after the label as usual.
 */
function splitLabel(line: Line, cellIndex: number, t: string, labels: string[], re: RegExp, not?: RegExp): Omit<LabelHit, 'line' | 'lineIndex'> | undefined {
  const next = line.cells[cellIndex + 1];
  const head = t.replace(/[:#.]+$/, '');
  if (!next || !head || head.length > 15 || !normEntries(labels).some((l) => l.label.startsWith(`${head} `))) return undefined;
  const joined = `${head} ${normLabel(next.text)}`;
  re.lastIndex = 0;
  const m = re.exec(joined);
  if (!m || m.index !== 0 || m[2].length <= head.length + 1) return undefined;
  const label = m[2];
  const after = joined.slice(label.length);
  if (not && not.test(`${label} ${after.slice(0, 12)}`)) return undefined;
  const rest = stripSeparators(next.text.normalize('NFC').slice(next.text.length - after.length).split(/\s{2,}|\s\|\s/)[0]);
  return { cell: next, cellIndex: cellIndex + 1, label, prefix: '', rest };
}

/** A label misread by OCR ("Niimero de factura") at the start of a cell: edit distance 1, or 2 for long labels. */
function fuzzyLabel(text: string, labels: string[]): { label: string; end: number } | undefined {
  const words = text.split(' ');
  // The first n words of the cell, joined, for each label length n (computed once per cell).
  const heads: Array<{ joined: string; head: string } | undefined> = [];
  for (const { label, words: n } of normEntries(labels)) {
    if (label.length < 6 || words.length < n) continue;
    const allowed = label.length >= 12 ? 2 : 1;
    let h = heads[n];
    if (!h) {
      // The value OCR glued to the label's colon ("Intemal ID:INV-2019-0417"): the head ends at the colon.
      const last = words[n - 1]!;
      const colon = last.indexOf(':');
      const whole = words.slice(0, n).join(' ');
      const joined = colon > 0 && colon < last.length - 1 ? whole.slice(0, whole.length - last.length + colon + 1) : whole;
      heads[n] = h = { joined, head: joined.replace(/[:#.]+$/, '') };
    }
    if (Math.abs(h.head.length - label.length) > allowed) continue;
    // OCR reads a printed "rn" as "m" ("Intemal ID"), and a printed "m" as "rn" ("Bill Nurnber"): the label so read is compared too.
    const near = levenshtein(h.head, label) <= allowed || levenshtein(lettered(h.head), label) <= allowed || (label.includes('rn') && levenshtein(h.head, label.replace(/rn/g, 'm')) <= allowed)
      || (h.head.includes('rn') && levenshtein(h.head.replace(/rn/g, 'm'), label) <= allowed);
    if (near && shortWordsExact(h.head, label)) return { label, end: h.joined.length };
  }
  return undefined;
}

/** A word's digits that OCR reads for letters inside it ("Bi11" for "Bill", "T0tal"): as the letters, in words with a letter. */
const lettered = (head: string) => head.replace(/\S+/g, (w) => (/\p{L}/u.test(w) ? w.replace(/0/g, 'o').replace(/1/g, 'l') : w));

// A misread long word is still recognisable; a short one changed is another word
// ("date de facture" is not "date due"), but for a digit OCR read for a letter ("Betalen v6or" for
// "vóór", "n0" for "no").
// In a label of three words or more, held by its long words read right, one letter of a short word
// may be misread too ("Nane of Registered Person").
function shortWordsExact(head: string, label: string): boolean {
  const hw = head.split(' ');
  const lw = label.split(' ');
  if (hw.length !== lw.length) return lw.length === 1;
  const exact = (w: string, i: number) => w.length >= 5 || w === hw[i] || w === hw[i]!.replace(/[06]/g, 'o').replace(/1/g, 'l');
  const long = lw.flatMap((w, i) => (w.length >= 5 ? [i] : []));
  const held = lw.length >= 3 && long.length >= 2 && long.every((i) => hw[i] === lw[i]);
  return lw.every((w, i) => exact(w, i) || (held && w.length >= 3 && w.length === hw[i]!.length && levenshtein(w, hw[i]!) === 1) || thinStroke(w, hw[i]!));
}

// A letter of thin strokes OCR takes for another ("Invoice Dale" for "Date", "Duc Date" for "Due"): one such letter
// changed in a word of three letters or more is that word still.
const THIN: Record<string, string> = { t: 'l', l: 't', e: 'c', c: 'e', i: 'l' };
function thinStroke(word: string, read: string): boolean {
  if (word.length < 3 || word.length !== read.length) return false;
  const diff = [...word].flatMap((c, k) => (c === read[k] ? [] : [k]));
  return diff.length === 1 && THIN[word[diff[0]!]!] === read[diff[0]!];
}

export function stripSeparators(s: string): string {
  // A degree sign left over from "N.°" counts as a separator.
  return s.replace(/^[\s:：#.°º\-–|)(]*(?:(?:no|nr|n°|nº|num)\b\.?)?[\s:：#.°º\-–|]*/i, '').trim();
}

/** Candidate value texts for a label, nearest first. */
export function valueSpots(ctx: DocContext, hit: LabelHit): ValueSpot[] {
  const out: ValueSpot[] = [];
  // A rate and "incl." after the label, its digits misread ("GST @1s& incl."), is no value.
  if (hit.rest && !(RATE_CELL.test(hit.rest.trim()) && /incl/i.test(hit.rest))) out.push({ text: hit.rest, where: 'same', line: hit.line });
  const right = hit.line.cells[hit.cellIndex + 1] ?? besideShifted(ctx, hit);
  // A rate in a cell of its own between the label and the amount ("GST | 18% incl. | 2,757.66", its % read "s" by OCR).
  const rate = !!right && RATE_CELL.test(right.text.trim());
  if (right && !rate) out.push({ text: right.text, where: 'right', line: hit.line });
  const further = rate ? hit.line.cells[hit.cellIndex + 2] : undefined;
  if (further) out.push({ text: further.text, where: 'right', line: hit.line });
  const below = cellNear(ctx, hit, 1);
  if (below) out.push(below);
  // Never from a document's title that starts with a label ("TAX INVOICE").
  const above = TITLE.test(normLabel(hit.cell.text)) ? undefined : cellNear(ctx, hit, -1);
  if (above) out.push(above);
  return out;
}

/**
 * The value right of a label that OCR put on a line of its own, a little lower or higher (a right-aligned figure beside a
 * label: "Bill Number" over "7417980761", "1,321,851.64" over "Total Venta Neta"). Such labels and values alternate, a
 * line each; the run's first line tells which way they pair: a label first, each takes the value under it.
 */
function besideShifted(ctx: DocContext, hit: LabelHit): Cell | undefined {
  if (hit.cellIndex !== hit.line.cells.length - 1) return undefined;
  const kind = (l: Line | undefined, i: number) => {
    if (i === hit.lineIndex) return 'label';
    if (!l || l.page !== hit.line.page) return undefined;
    // A figure or a code: one word with a digit, or digits grouped by spaces, a currency beside them ("Rs. 26,396.00");
    // not a name ("Szkola Podstawowa nr 12"), nor a label with its value ("C.U.I.T:30-31734327-7").
    const text = l.cells[0]!.text.trim();
    if (l.cells.length === 1 && l.cells[0]!.x0 > hit.cell.x1 && /\d/.test(text) && !/:/.test(text) && (!/\s/.test(text) || FIGURE.test(text))) return 'value';
    // Another label in the labels' column, a rate its only figure ("VAT @ 20% included"; not an item's "10. April 2025").
    return l.cells.every((c) => c.x0 <= hit.cell.x1 && !/\d/.test(c.text.replace(/\d+(?:[.,]\d+)?\s?%/g, ''))) ? 'label' : undefined;
  };
  // A totals block's run is short: a long document's lines are not walked back for each label.
  let first = hit.lineIndex;
  while (first > 0 && hit.lineIndex - first < 24) {
    const before = kind(ctx.lines[first - 1], first - 1);
    if (!before || before === kind(ctx.lines[first], first)) break;
    first--;
  }
  const at = hit.lineIndex + (kind(ctx.lines[first], first) === 'value' ? -1 : 1);
  const line = ctx.lines[at];
  const h = hit.line.y1 - hit.line.y0;
  const apart = line ? Math.max(line.y0 - hit.line.y1, hit.line.y0 - line.y1) : Infinity;
  return kind(line, at) === 'value' && apart < h / 4 ? line!.cells[0] : undefined;
}

// A currency before or after the digits ("Rs. 26,396.00", "J$ 2,500.00", "815,15 EUR"), not a phone's "TEL".
const FIGURE = /^(?:(?:Rs\.?|[A-Z]{0,2}\$|[€£¥₹]|(?!TEL|FAX|TLF)[A-Z]{3})\s?)?[-\d\s.,']+(?:\s?(?:[€£¥₹$]|[A-Z]{3}))?$/u;
// Its digits OCR may read as letters too, and its % as two marks ("@1s& incl.", "l8l incl.").
const RATE_CELL = /^[@(]?\s*(?:\d{1,2}(?:[.,]\d{1,2})?\s*(?:[%+&s]\s*\)?\s*(?:incl(?:\.|uded)?)?|\)?\s*incl(?:\.|uded)?)|[\dlo][\dlos]?\s*[%+&sl]{1,2}\s*incl(?:\.|uded)?)$/i;
const TITLE = /^(tax |vat |gst |commercial |pro ?forma )?(invoice|receipt|bill|credit note|debit note|statement|rechnung|gutschrift|quittung|facture|avoir|factura|fattura|factuur|nota kredit|invois)$/;


/**
 * The cell nearest a label in the next two lines below it (`step` 1) or above it (`step` -1),
 * aligned with it: on the left edge below it; above it, on the left, the right or the middle (a
 * box's figures often stand right-aligned over their labels).
 */
function cellNear(ctx: DocContext, hit: LabelHit, step: 1 | -1): ValueSpot | undefined {
  const h = hit.line.y1 - hit.line.y0 || 10;
  const c = hit.cell;
  const apart = (x: { x0: number; x1: number }) =>
    step === 1 ? Math.abs(x.x0 - c.x0) : Math.min(Math.abs(x.x0 - c.x0), Math.abs(x.x1 - c.x1), Math.abs(x.x0 + x.x1 - c.x0 - c.x1) / 2);
  for (let i = hit.lineIndex + step; i >= 0 && i < ctx.lines.length && Math.abs(i - hit.lineIndex) <= 2; i += step) {
    const line = ctx.lines[i];
    const gap = step === 1 ? line.y0 - hit.line.y1 : hit.line.y0 - line.y1;
    if (line.page !== hit.line.page || gap > h * 2.5) break;
    const cell = line.cells.find((x) => x.x0 < c.x1 + h && x.x1 > c.x0 - h && apart(x) < Math.max(c.x1 - c.x0, h * 3));
    if (cell) return { text: cell.text, where: step === 1 ? 'below' : 'above', line };
  }
  return undefined;
}
