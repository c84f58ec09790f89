// PaddleOCR's post-processing on hand-made model outputs: CTC decoding with the
// space restored from the space class's probability, words and cells of a box,
// and text boxes from a detection map.
import { describe, expect, it } from 'vitest';
import { boxWords, decodeCtc } from '../../../src/service/processing/ocr/ctc.js';
import { findBoxes } from '../../../src/service/processing/ocr/dbBoxes.js';

// Classes: 0 blank, then the dictionary (A, B, space).
const DICT = ['A', 'B', ' '];

/** One column per entry: [class that wins, its probability, probability of the space class]. */
function output(cols: [number, number, number][]): Float32Array {
  const out = new Float32Array(cols.length * 4);
  cols.forEach(([c, p, space], t) => {
    out[t * 4 + 3] = space;
    out[t * 4 + c] = p;
  });
  return out;
}

describe('CTC decoding', () => {
  // A A _ _ B, the space class at 0.3 in a blank column between A and B, then a wide gap and A.
  const cols: [number, number, number][] = [
    [1, 0.9, 0], [1, 0.9, 0], [0, 0.6, 0.3], [2, 0.8, 0],
    [0, 0.9, 0], [0, 0.9, 0], [0, 0.9, 0], [0, 0.9, 0], [0, 0.9, 0], [0, 0.9, 0], [0, 0.9, 0], [1, 0.7, 0],
  ];
  const d = decodeCtc(output(cols), cols.length, 4, DICT);

  it('collapses repeats and blanks, and averages the characters probabilities', () => {
    expect(d.glyphs.map((g) => g.ch).join('')).toBe('ABA');
    expect(d.mean).toBeCloseTo((0.9 + 0.8 + 0.7) / 3);
  });

  it('restores a space the model nearly wrote, and parts cells at a wide gap', () => {
    const box = { x0: 100, y0: 10, x1: 220, y1: 30 };
    expect(boxWords(d, box, 0, 0).map((w) => w.text)).toEqual(['AB', 'A']);
    const words = boxWords(d, box, 0, 0.1);
    expect(words.map((w) => w.text)).toEqual(['A B', 'A']);
    expect(words[0]!.x1).toBeLessThan(words[1]!.x0);
    expect(boxWords(d, box, 0, 0.5).map((w) => w.text)).toEqual(['AB', 'A']);
  });
});

describe('detection boxes', () => {
  it('finds each text core and grows it back (unclip)', () => {
    const w = 60;
    const h = 30;
    const prob = new Float32Array(w * h);
    const fill = (x0: number, y0: number, x1: number, y1: number, p: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) prob[y * w + x] = p;
    };
    fill(5, 5, 45, 9, 0.9); // a line
    fill(5, 20, 25, 24, 0.9); // the line under it
    fill(50, 20, 52, 22, 0.9); // a speck, too small
    fill(30, 20, 45, 24, 0.4); // faint: above the pixel threshold, under the box score
    const boxes = findBoxes(prob, w, h);
    expect(boxes).toHaveLength(2);
    expect(boxes[0]!.y0).toBeLessThan(5);
    expect(boxes[0]!.x1).toBeGreaterThan(45);
    expect(boxes[1]!.y0).toBeGreaterThan(boxes[0]!.y0);
  });
});
