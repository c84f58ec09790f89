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

/** The box of a cell of a line, as fractions of its page. */
export function cellBox(page: Pick<PageLayout, 'width' | 'height'>, line: Line, cell: { x0: number; x1: number }): Box {
  const w = page.width || 1;
  const h = page.height || 1;
  return [f4(cell.x0 / w), f4(line.y0 / h), f4(cell.x1 / w), f4(line.y1 / h)];
}

/** Every cell of the page with its box; pages without a size (plain text) have none. */
export function pageWords(page: PageLayout): PageWord[] {
  if (!page.width || !page.height) return [];
  return page.lines.flatMap((line) => line.cells.filter((c) => c.text.trim()).map((cell) => ({ text: cell.text, box: cellBox(page, line, cell) })));
}
