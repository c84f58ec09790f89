import type { Cell, Line } from '../layout/model.js';
import { parseAmount } from '../parse/amounts.js';
import type { DocContext } from './context.js';
import { normLabel } from './context.js';

// A table on a scan skewed by about a row's height across the page: OCR's lines
// join the left-hand cells of one row (reference, description) with the
// right-hand cells (figures) of the row above. It shows in the header: the
// figures' column names stand on a line of their own, and the description's
// name shares a line with the first row's figures. Such a table is read from
// lines rebuilt by moving each line's left-hand cells up one line.

/** Column-name words of a header's right-hand part and of its description column (table.ts's columnOf). */
export type ColumnOf = (text: string) => string | undefined;

export interface Realigned {
  /** The document's lines with the table's rows rebuilt. */
  lines: Line[];
  /** The printed lines each rebuilt line was made from. */
  sources: Map<Line, Line[]>;
}

const figures = (cells: Cell[], ctx: DocContext) => cells.some((c) => parseAmount(c.text, ctx.decimal) !== null && !/\p{L}{2}/u.test(c.text));

/** The rebuilt lines when the document holds such a table; null otherwise. */
export function realignSkewedTable(ctx: DocContext, columnOf: ColumnOf, stop: (text: string) => boolean = () => false): Realigned | null {
  const lines = ctx.lines;
  for (let h = 0; h < lines.length; h++) {
    const head = lines[h]!;
    const kinds = new Set(head.cells.map((c) => columnOf(c.text)).filter((k) => k && k !== 'description'));
    if (kinds.size < 2 || head.cells.some((c) => columnOf(c.text) === 'description')) continue;
    const split = Math.min(...head.cells.map((c) => c.x0)) - (head.y1 - head.y0);
    const left = (l: Line) => l.cells.filter((c) => c.x1 < split);
    const right = (l: Line) => l.cells.filter((c) => c.x1 >= split);
    // The description's name within two lines, left of the figures' names, with figures on its right;
    // or alone on its line, over the first row's figures alone on theirs, whose name is on the line after.
    const named = (l: Line | undefined) => !!l && l.page === head.page && left(l).some((c) => columnOf(c.text) === 'description');
    const d = [h + 1, h + 2].find((i) => named(lines[i]) && figures(right(lines[i]!), ctx));
    const alone = d === undefined ? [h + 1, h + 2].find((i) => {
      const [l, first, after] = [lines[i], lines[i + 1], lines[i + 2]];
      return named(l) && right(l!).length === 0 && first?.page === head.page && first.cells.every((c) => c.x0 >= split) && figures(right(first), ctx)
        && after?.page === head.page && left(after).some((c) => /\p{L}{2}/u.test(c.text));
    }) : undefined;
    if (d === undefined && alone === undefined) continue;
    const header: Line = d !== undefined ? merged([...lines.slice(h, d).flatMap((l) => l.cells), ...left(lines[d]!)], head)
      : merged(lines.slice(h, alone! + 1).flatMap((l) => l.cells), head);
    const sources = new Map<Line, Line[]>([[header, lines.slice(h, (d ?? alone!) + 1)]]);
    const rebuilt: Line[] = [header];
    const onPage = (i: number) => lines[i]?.page === head.page;
    // The totals block's figures ("TOTAL  $2,020.00") end the rows: the name under them is no item's.
    const isFigures = (i: number) => onPage(i) && figures(right(lines[i]!), ctx) && !right(lines[i]!).some((c) => stop(normLabel(c.text)));
    const tight = (a: Line, b: Line) => b.y0 - a.y1 < 0.8 * (a.y1 - a.y0);
    const nameOnly = (i: number) => onPage(i) && right(lines[i]!).length === 0 && left(lines[i]!).length > 0;
    let j = d ?? alone! + 1;
    while (isFigures(j)) {
      // The row's name is on the line under its figures; a name's second line stands alone on the line
      // after that, beside the next row's figures, whose own name is on the line under them (a row
      // printed whole beside its figures, the table's last, is no second line).
      let k = j + 1;
      // A name whose lines all stand alone, the next row's figures (a line higher than its name) under its last
      // line: the lines packed tight under its first are its own, not the next row's.
      while (nameOnly(k) && nameOnly(k + 1) && tight(lines[k]!, lines[k + 1]!)) k++;
      while (nameOnly(k) && isFigures(k + 1) && onPage(k + 2) && left(lines[k + 2]!).length > 0) k++;
      const below = onPage(j + 1) ? lines.slice(j + 1, k + 1) : [];
      const row = merged([...stacked(below.map(left)), ...right(lines[j]!)], lines[j]!);
      sources.set(row, [lines[j]!, ...below]);
      rebuilt.push(row);
      j = k;
    }
    // The last row's left-hand cells came from line j, which holds nothing else of the table.
    const next = lines[j] && right(lines[j]!).length === 0 ? j + 1 : j;
    return { lines: [...lines.slice(0, h), ...rebuilt, ...lines.slice(next)], sources };
  }
  return null;
}

/**
 * The other way round: a scan whose right-hand side sank by about a row's height. The description's name stands a
 * line above the figures' names, the first row's name alone on the line under them, and each line after it joins
 * the next row's name with the figures of the row above (the last figures alone on their line). Rebuilt by moving
 * each line's right-hand cells up one line. A row's name that OCR left as its number alone ("3") takes the letters
 * left beside the last figures. `namesOf` gives the columns a cell names, several where it names them one space apart.
 */
export function realignSunkTable(ctx: DocContext, columnOf: ColumnOf, stop: (text: string) => boolean = () => false,
  namesOf: (text: string) => (string | undefined)[] = (text) => [columnOf(text)]): Realigned | null {
  const lines = ctx.lines;
  const tight = (a: Line, b: Line | undefined) => !!b && b.page === a.page && b.y0 - a.y1 < 0.8 * (a.y1 - a.y0);
  for (let h = 0; h + 3 < lines.length; h++) {
    const [head, names] = [lines[h]!, lines[h + 1]!];
    const desc = head.cells.find((c) => columnOf(c.text) === 'description');
    // The figures' names: two kinds of figure at least, a name no column takes ("Fee") among them, no figure.
    const kinds = new Set(names.cells.flatMap((c) => namesOf(c.text)).filter((k) => k && k !== 'other'));
    if (!desc || !tight(head, names) || kinds.size < 2 || kinds.has('description') || figures(names.cells, ctx)) continue;
    if (head.cells.some((c) => c.x0 > desc.x1 && columnOf(c.text) !== undefined) || names.cells.some((c) => c.x0 <= desc.x1)) continue;
    const split = Math.min(...names.cells.map((c) => c.x0)) - (names.y1 - names.y0);
    const left = (l: Line) => l.cells.filter((c) => c.x1 < split);
    const right = (l: Line) => l.cells.filter((c) => c.x1 >= split);
    const lettered = (cells: Cell[]) => cells.some((c) => /\p{L}{2}/u.test(c.text));
    const onPage = (i: number) => lines[i]?.page === head.page;
    const isFigures = (i: number) => onPage(i) && figures(right(lines[i]!), ctx) && !right(lines[i]!).some((c) => stop(normLabel(c.text)));
    // The first row's name alone, the line under it joining the second row's name to the first row's figures; a
    // section's heading alone above it ("TREATMENT") names no row.
    const nameOnly = (i: number) => onPage(i) && right(lines[i]!).length === 0 && lettered(left(lines[i]!));
    let f = h + 2;
    while (nameOnly(f) && nameOnly(f + 1) && f < h + 4) f++;
    const first = lines[f]!;
    if (!nameOnly(f) || !isFigures(f + 1) || !lettered(left(lines[f + 1]!))) continue;
    const header = merged([...head.cells, ...names.cells], head);
    const sources = new Map<Line, Line[]>([[header, [head, names]]]);
    const rebuilt: Line[] = [header];
    let name = left(first);
    let j = f + 1;
    for (; isFigures(j); j++) {
      const row = merged([...name, ...right(lines[j]!)], lines[j - 1]!);
      sources.set(row, [lines[j - 1]!, lines[j]!]);
      rebuilt.push(row);
      name = left(lines[j]!);
    }
    if (lettered(name)) {
      const last = rebuilt[rebuilt.length - 1]!;
      if (lettered(last.cells.filter((c) => c.x1 < split))) return null;
      const row = merged([...last.cells, ...name], last);
      sources.set(row, [...sources.get(last)!]);
      rebuilt[rebuilt.length - 1] = row;
    }
    return { lines: [...lines.slice(0, h), ...rebuilt, ...lines.slice(j)], sources };
  }
  return null;
}

/**
 * A till row's amount OCR set on a line of its own, a little above or below the row's count times price ("3,20" at
 * 296-324 beside "2×1,60" at 308-334): joined to that line when they overlap by more than half, it stands wholly on
 * their left, and neither line overlaps its other neighbour as much. Null when no line was joined.
 */
export function joinSplitRows(ctx: DocContext, stop: (text: string) => boolean = () => false): Realigned | null {
  const lines = ctx.lines;
  const overlap = (a: Line | undefined, b: Line | undefined) => (a && b && a.page === b.page ? Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) : 0);
  const figuresOnly = (l: Line) => l.cells.every((c) => !/\p{L}/u.test(c.text)) && figures(l.cells, ctx);
  // Only a till's count times price under the item's name takes the figures (a folio's names and figures a little
  // apart are read by their columns); the totals block's labels keep their lines.
  const counted = (l: Line) => /^\s*\d{1,4}(?:[.,]\d{1,3})?\s*[x×*]\s*\d/u.test(l.text) && !l.cells.some((c) => stop(normLabel(c.text)));
  const out: Line[] = [];
  const sources = new Map<Line, Line[]>();
  for (let i = 0; i < lines.length; i++) {
    const [a, b] = [lines[i]!, lines[i + 1]];
    const o = overlap(a, b);
    const joins = !!b && o >= 0.5 * Math.min(a.y1 - a.y0, b.y1 - b.y0) && o > overlap(lines[i - 1], a) && o > overlap(b, lines[i + 2])
      && ((figuresOnly(a) && b.x1 < a.x0 && counted(b)) || (figuresOnly(b) && a.x1 < b.x0 && counted(a)));
    if (!joins) {
      out.push(a);
      continue;
    }
    const line = { ...merged([...a.cells, ...b!.cells], a), y0: Math.min(a.y0, b!.y0), y1: Math.max(a.y1, b!.y1) };
    sources.set(line, [a, b!]);
    out.push(line);
    i++;
  }
  return sources.size ? { lines: out, sources } : null;
}

/** Cells of lines printed one under the other, a cell's text continued by the cell under it that it overlaps. */
function stacked(rows: Cell[][]): Cell[] {
  const out: Cell[] = [];
  for (const cells of rows) {
    for (const c of cells) {
      const over = out.findIndex((o) => Math.min(o.x1, c.x1) > Math.max(o.x0, c.x0));
      if (over < 0) out.push(c);
      else out[over] = { ...out[over]!, text: `${out[over]!.text} ${c.text}`, x0: Math.min(out[over]!.x0, c.x0), x1: Math.max(out[over]!.x1, c.x1) };
    }
  }
  return out;
}

function merged(cells: Cell[], at: Line): Line {
  const sorted = [...cells].sort((a, b) => a.x0 - b.x0);
  if (!sorted.length) return { ...at, cells: [], text: '' };
  return { text: sorted.map((c) => c.text).join(' '), cells: sorted, x0: sorted[0]!.x0, x1: sorted[sorted.length - 1]!.x1, y0: at.y0, y1: at.y1, page: at.page };
}
