import type { Cell, Line, Word } from './model.js';

// Groups positioned words into lines (by vertical overlap) and each line into
// cells (by horizontal gaps wider than about two characters).
// Bounds are folded with loops, never `Math.max(...array)`: spreading an array of every word or
// line into a call overflows the stack past about 100,000 elements (issue 18).

/** Smallest and largest of `pick` over `items` (items non-empty). */
export function extent<T>(items: readonly T[], pickLow: (item: T) => number, pickHigh: (item: T) => number = pickLow): { low: number; high: number } {
  let low = Infinity;
  let high = -Infinity;
  for (const item of items) {
    const a = pickLow(item);
    const b = pickHigh(item);
    if (a < low) low = a;
    if (b > high) high = b;
  }
  return { low, high };
}

/** A row of words being gathered, with its vertical bounds kept as words join it. */
interface Row {
  words: Word[];
  top: number;
  bottom: number;
}

export function buildLines(words: Word[], page: number): Line[] {
  const sorted = words
    .filter((w) => w.text.trim() !== '')
    .sort((a, b) => (a.y0 + a.y1) / 2 - (b.y0 + b.y1) / 2);
  const rows: Row[] = [];
  for (const w of sorted) {
    const mid = (w.y0 + w.y1) / 2;
    const row = rows.find((r) => {
      const h = r.bottom - r.top;
      return mid > r.top + h * 0.15 && mid < r.bottom - h * 0.15;
    });
    if (row) {
      row.words.push(w);
      row.top = Math.min(row.top, w.y0);
      row.bottom = Math.max(row.bottom, w.y1);
    } else rows.push({ words: [w], top: w.y0, bottom: w.y1 });
  }
  const lines = rows.map((r) => toLine(r.words, page));
  return lines.sort((a, b) => a.y0 - b.y0);
}

function toLine(words: Word[], page: number): Line {
  words.sort((a, b) => a.x0 - b.x0);
  const heights = words.map((w) => w.y1 - w.y0).sort((a, b) => a - b);
  const h = heights[Math.floor(heights.length / 2)] || 10;
  const groups: Word[][] = [];
  for (const w of words) {
    const cur = groups[groups.length - 1];
    const prev = cur?.[cur.length - 1];
    if (cur && prev && w.x0 - prev.x1 < h * 1.1) cur.push(w);
    else groups.push([w]);
  }
  const realCells: Cell[] = groups.map((g) => ({
    text: joinWords(g, h),
    x0: g[0].x0,
    x1: extent(g, (w) => w.x1).high,
  }));
  const ys = extent(words, (w) => w.y0, (w) => w.y1);
  return {
    text: realCells.map((c) => c.text).join('   '),
    cells: realCells,
    x0: words[0].x0,
    x1: extent(words, (w) => w.x1).high,
    y0: ys.low,
    y1: ys.high,
    page,
  };
}

function joinWords(words: Word[], h: number): string {
  // Parts joined once: `endsWith` on a string grown by `+=` flattens it each time (quadratic).
  const parts: string[] = [];
  let endsWithSpace = false;
  let prev: Word | undefined;
  for (const w of words) {
    const t = w.text.trim();
    if (prev && w.x0 - prev.x1 > h * 0.12 && !endsWithSpace) {
      parts.push(' ');
      endsWithSpace = true;
    }
    parts.push(t);
    if (t !== '') endsWithSpace = false;
    prev = w;
  }
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Lines of plain text: cells split at runs of 2+ spaces or tabs, x in characters. */
export function linesFromText(text: string, page: number): Line[] {
  const out: Line[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const s = raw.replace(/\t/g, '    ');
    if (s.trim() === '') return;
    const cells: Cell[] = [];
    const re = /\S+(?: \S+)*/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(s))) cells.push({ text: m[0], x0: m.index * 6, x1: (m.index + m[0].length) * 6 });
    out.push({
      text: cells.map((c) => c.text).join('   '),
      cells,
      x0: cells[0].x0,
      x1: cells[cells.length - 1].x1,
      y0: i * 12,
      y1: i * 12 + 10,
      page,
    });
  });
  return out;
}
