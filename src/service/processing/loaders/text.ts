import type { Line, PageLayout } from '../layout/model.js';
import { extent, linesFromText } from '../layout/lines.js';
import { checkLineCount, countLines } from '../limits.js';

// Plain text and CSV become one page each; CSV cells keep their columns so the
// table reader and label finder see the same structure as in a PDF.

export function textPages(bytes: Buffer): PageLayout[] {
  const text = decode(bytes);
  checkLineCount(countLines(text));
  const pages = text.split('\f');
  return pages.map((t, i) => layout(linesFromText(t, i + 1), i + 1));
}

export function csvPages(bytes: Buffer): PageLayout[] {
  const text = decode(bytes);
  checkLineCount(countLines(text));
  const rows = parseCsv(text);
  return [layout(rowsToLines(rows, 1), 1)];
}

export function layout(lines: Line[], number: number): PageLayout {
  const width = Math.max(600, extent(lines, (l) => l.x1).high);
  const height = Math.max(800, extent(lines, (l) => l.y1).high);
  return { number, width, height, lines, source: 'text', quality: 1 };
}

function decode(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  const s = bytes.toString('utf8');
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/** Rows of cells as lines; each column gets a fixed x band. */
export function rowsToLines(rows: string[][], page: number): Line[] {
  const widths: number[] = [];
  for (const r of rows) r.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, Math.min(60, c.length) + 2)));
  const starts = widths.map((_, i) => widths.slice(0, i).reduce((s, w) => s + w, 0) * 6);
  const out: Line[] = [];
  rows.forEach((r, y) => {
    const cells = r
      .map((text, i) => ({ text: text.trim(), x0: starts[i], x1: starts[i] + Math.max(1, text.trim().length) * 6 }))
      .filter((c) => c.text !== '');
    if (!cells.length) return;
    out.push({
      text: cells.map((c) => c.text).join('   '),
      cells,
      x0: cells[0].x0,
      x1: cells[cells.length - 1].x1,
      y0: y * 12,
      y1: y * 12 + 10,
      page,
    });
  });
  return out;
}

export function parseCsv(text: string): string[][] {
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const delim = [',', ';', '\t', '|'].sort((a, b) => first.split(b).length - first.split(a).length)[0];
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delim) { row.push(cell); cell = ''; }
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell); rows.push(row); row = []; cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) { row.push(cell); rows.push(row); }
  return rows;
}
