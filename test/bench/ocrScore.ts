// Scoring of OCR output against SROIE's line transcriptions (`ocr/NNN.csv`):
// character error rate over the page text in reading order, with and without
// spaces, as printed and case-folded, and truth lines found (an engine cell
// overlaps the line's box and its text contains the line's text, spaces and
// case aside, within an edit-distance ratio).

export interface TextBox {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** `x1,y1,...,x4,y4,text` per line; the text may itself contain commas. */
export function parseTruthCsv(csv: string): TextBox[] {
  const out: TextBox[] = [];
  for (const raw of csv.split(/\r?\n/)) {
    const parts = raw.split(',');
    if (parts.length < 9) continue;
    const nums = parts.slice(0, 8).map(Number);
    if (nums.some((n) => !Number.isFinite(n))) continue;
    const text = parts.slice(8).join(',').trim();
    if (!text) continue;
    const xs = [nums[0]!, nums[2]!, nums[4]!, nums[6]!];
    const ys = [nums[1]!, nums[3]!, nums[5]!, nums[7]!];
    out.push({ text, x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) });
  }
  return out;
}

/** Boxes grouped into rows (centres within half the median height), each row left to right. */
export function readingOrder(boxes: TextBox[]): string {
  const hs = boxes.map((b) => b.y1 - b.y0).sort((a, b) => a - b);
  const half = (hs[Math.floor(hs.length / 2)] ?? 10) / 2;
  const sorted = [...boxes].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: { mid: number; items: TextBox[] }[] = [];
  for (const b of sorted) {
    const mid = (b.y0 + b.y1) / 2;
    const row = rows[rows.length - 1];
    if (row && Math.abs(mid - row.mid) < half) row.items.push(b);
    else rows.push({ mid, items: [b] });
  }
  return rows.map((r) => r.items.sort((a, b) => a.x0 - b.x0).map((b) => b.text).join(' ')).join('\n');
}

export const normSpaces = (s: string): string => s.replace(/\s+/g, ' ').trim();
export const noSpaces = (s: string): string => s.replace(/\s+/g, '');

/** Levenshtein distance, two rows. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = new Uint32Array(b.length + 1).map((_, j) => j);
  let cur = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      cur[j] = Math.min(sub, prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length]!;
}

/** Smallest edit distance of `needle` against any substring of `hay` (free ends in hay). */
export function substringDistance(needle: string, hay: string): number {
  let prev = new Uint32Array(hay.length + 1);
  let cur = new Uint32Array(hay.length + 1);
  for (let i = 1; i <= needle.length; i++) {
    cur[0] = i;
    const c = needle.charCodeAt(i - 1);
    for (let j = 1; j <= hay.length; j++) {
      cur[j] = Math.min(prev[j - 1]! + (c === hay.charCodeAt(j - 1) ? 0 : 1), prev[j]! + 1, cur[j - 1]! + 1);
    }
    [prev, cur] = [cur, prev];
  }
  return needle.length ? Math.min(...prev) : 0;
}

/** A truth line is found within this share of its characters wrong. */
export const FOUND_RATIO = 0.2;

function overlaps(t: TextBox, c: TextBox): boolean {
  const v = Math.min(t.y1, c.y1) - Math.max(t.y0, c.y0);
  const h = Math.min(t.x1, c.x1) - Math.max(t.x0, c.x0);
  return v > 0.5 * Math.min(t.y1 - t.y0, c.y1 - c.y0) && h > 0;
}

export interface PageScore {
  chars: number;
  errors: number;
  charsNoSpace: number;
  errorsNoSpace: number;
  /** Case-folded: SROIE's annotators typed most receipts in capitals whatever the print. */
  errorsCaseless: number;
  errorsNoSpaceCaseless: number;
  lines: number;
  found: number;
}

export function scorePage(truth: TextBox[], cells: TextBox[]): PageScore {
  const ref = normSpaces(readingOrder(truth));
  const hyp = normSpaces(readingOrder(cells));
  let found = 0;
  for (const t of truth) {
    const near = cells.filter((c) => overlaps(t, c)).sort((a, b) => a.x0 - b.x0);
    if (!near.length) continue;
    const want = noSpaces(t.text).toUpperCase();
    const d = substringDistance(want, noSpaces(near.map((c) => c.text).join('')).toUpperCase());
    if (d <= FOUND_RATIO * want.length) found++;
  }
  return {
    chars: ref.length,
    errors: editDistance(hyp, ref),
    charsNoSpace: noSpaces(ref).length,
    errorsNoSpace: editDistance(noSpaces(hyp), noSpaces(ref)),
    errorsCaseless: editDistance(hyp.toUpperCase(), ref.toUpperCase()),
    errorsNoSpaceCaseless: editDistance(noSpaces(hyp).toUpperCase(), noSpaces(ref).toUpperCase()),
    lines: truth.length,
    found,
  };
}
