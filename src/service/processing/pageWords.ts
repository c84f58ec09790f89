import type { Line, PageLayout } from './layout/model.js';

// The clickable words of a page for a reviewer (issue 16): each cell (a run of words with no
// wide gap: "1,234.56", "ACME GmbH") with its box as fractions of the page, so a client draws
// it over the page image at any zoom without knowing page units.

/** [x0, y0, x1, y1], each 0..1 of the page's width or height, origin top left. */
export type Box = [number, number, number, number];

export interface PageWord {
  text: string;
  box: Box;
}

const f4 = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10_000) / 10_000;

/** The box of a cell of a line, as fractions of its page as given (before OCR turned it). */
export function cellBox(page: Pick<PageLayout, 'width' | 'height' | 'turned'>, line: Line, cell: { x0: number; x1: number }): Box {
  const w = page.width || 1;
  const h = page.height || 1;
  const t = page.turned;
  if (!t) return [f4(cell.x0 / w), f4(line.y0 / h), f4(cell.x1 / w), f4(line.y1 / h)];
  // Turned back about the centre: the cell's corners give its left and right. Its top and bottom
  // are its whole line's, so the cells of a line still share them (the vendor memory groups words
  // into lines by them), unless the page lay on its side and a line now runs down the image.
  const rad = (t.degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const back = (x: number, y: number): [number, number] => {
    const dx = x - w / 2;
    const dy = y - h / 2;
    return [t.width / 2 + dx * cos + dy * sin, t.height / 2 - dx * sin + dy * cos];
  };
  const corners = (x0: number, x1: number) => [back(x0, line.y0), back(x1, line.y0), back(x0, line.y1), back(x1, line.y1)];
  const own = corners(cell.x0, cell.x1);
  const ys = (Math.abs(cos) > Math.SQRT1_2 ? corners(line.x0, line.x1) : own).map((p) => p[1]);
  const xs = own.map((p) => p[0]);
  return [f4(Math.min(...xs) / t.width), f4(Math.min(...ys) / t.height), f4(Math.max(...xs) / t.width), f4(Math.max(...ys) / t.height)];
}

/** Every cell of the page with its box; pages without a size (plain text) have none. */
export function pageWords(page: PageLayout): PageWord[] {
  if (!page.width || !page.height) return [];
  return page.lines.flatMap((line) => line.cells.filter((c) => c.text.trim()).map((cell) => ({ text: cell.text, box: cellBox(page, line, cell) })));
}
