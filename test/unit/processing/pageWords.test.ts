// The words a reviewer clicks on (pageWords.ts): boxes as fractions of the page as given, also
// when OCR read it turned (on its side, or straightened).
import { describe, expect, it } from 'vitest';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { pageWords } from '../../../src/service/processing/pageWords.js';

const line = (y0: number, y1: number, cells: Array<[string, number, number]>): Line => ({
  text: cells.map((c) => c[0]).join(' '), cells: cells.map(([text, x0, x1]) => ({ text, x0, x1 })),
  x0: Math.min(...cells.map((c) => c[1])), x1: Math.max(...cells.map((c) => c[2])), y0, y1, page: 1,
});

const page = (lines: Line[], turned?: PageLayout['turned']): PageLayout => ({ number: 1, width: 200, height: 100, lines, source: 'ocr', quality: 1, turned });

describe('pageWords', () => {
  it('gives boxes as fractions of the page as read', () => {
    expect(pageWords(page([line(0, 10, [['Total', 10, 30], ['9.90', 150, 190]])]))).toEqual([
      { text: 'Total', box: [0.05, 0, 0.15, 0.1] },
      { text: '9.90', box: [0.75, 0, 0.95, 0.1] },
    ]);
  });

  it('turns boxes back onto a page OCR read turned a quarter clockwise', () => {
    // The page as given is 100 wide and 200 tall; read turned, its top left came from the bottom left.
    const [word] = pageWords(page([line(0, 10, [['Total', 10, 30]])], { degrees: 90, width: 100, height: 200 }));
    expect(word!.box).toEqual([0, 0.85, 0.1, 0.95]);
  });

  it('keeps a straightened line\'s cells on one top and bottom, so they still read as one line', () => {
    const words = pageWords(page([line(40, 50, [['Total', 10, 30], ['9.90', 150, 190]])], { degrees: -3, width: 200, height: 100 }));
    expect(words[0]!.box[1]).toBe(words[1]!.box[1]);
    expect(words[0]!.box[3]).toBe(words[1]!.box[3]);
    // On the page as given the line runs 3 degrees downhill over its 180 units: 9.4 units of drift
    // on top of its own 10.
    expect(words[0]!.box[3] - words[0]!.box[1]).toBeCloseTo(0.194, 2);
  });
});
