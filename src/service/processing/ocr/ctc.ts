import type { Word } from '../layout/model.js';
import { ctcSteps } from './ctcSteps.mjs';

// Decoding of the PP-OCR recognition output (CTC: one class distribution per
// column of the line image, class 0 = blank) into words with positions.
// The Chinese/English model often drops the space between English words: the
// blank class wins the columns between them even where the space class came
// close. A space is put back where the space class's probability between two
// characters reaches a threshold (or, optionally, where their columns are much
// further apart than the line's character pitch).

export interface Glyph {
  ch: string;
  /** Column (time step) where the character peaks. */
  t: number;
  p: number;
  /** Highest probability of the space class in the columns since the previous character. */
  space: number;
}

export interface Decoded {
  glyphs: Glyph[];
  steps: number;
  mean: number;
}

/** The class index of the space in a dictionary (dict[k-1] is class k), 0 when it has none. */
export const spaceClassOf = (dict: string[]): number => dict.lastIndexOf(' ') + 1;

/** Greedy CTC decode of one [steps x classes] output; dict[k-1] is class k. */
export function decodeCtc(probs: Float32Array, steps: number, classes: number, dict: string[]): Decoded {
  return decodeSteps(ctcSteps(probs, steps, classes, spaceClassOf(dict)), steps, dict);
}

/** Greedy CTC decode of the columns' winners (ctcSteps: class, its probability, the space class's probability). */
export function decodeSteps(cols: Float32Array, steps: number, dict: string[]): Decoded {
  const glyphs: Glyph[] = [];
  const spaced = spaceClassOf(dict) > 0;
  let prev = 0;
  let space = 0;
  for (let t = 0; t < steps; t++) {
    const best = cols[t * 3]!;
    const bestP = cols[t * 3 + 1]!;
    if (spaced) space = Math.max(space, cols[t * 3 + 2]!);
    if (best !== 0 && best !== prev) {
      glyphs.push({ ch: dict[best - 1] ?? '', t, p: bestP, space });
      space = 0;
    }
    prev = best;
  }
  const mean = glyphs.length ? glyphs.reduce((s, g) => s + g.p, 0) / glyphs.length : 0;
  return { glyphs, steps, mean };
}

/** A gap of this many columns (about 1.1 text heights at the 48 px input) parts cells, as buildLines does. */
const CELL_GAP = 6;

/**
 * Splits the glyphs into words at the model's own spaces, where the model gave
 * a space at least `spaceProb` between two characters (it often hesitates on a
 * narrow space and the blank wins), at gaps wide enough to part cells, and at
 * gaps of `spaceGap` pitches.
 */
export function splitWords(glyphs: Glyph[], spaceGap: number, spaceProb = 0): Glyph[][] {
  const gaps: number[] = [];
  for (let i = 1; i < glyphs.length; i++) {
    if (glyphs[i]!.ch !== ' ' && glyphs[i - 1]!.ch !== ' ') gaps.push(glyphs[i]!.t - glyphs[i - 1]!.t);
  }
  const sorted = gaps.sort((a, b) => a - b);
  // The median gap is the character pitch; for short runs (under 4 gaps) the pitch
  // is unreliable, so only a clearly wide gap splits them.
  const pitch = sorted.length >= 4 ? sorted[Math.floor(sorted.length / 2)]! : 3;
  const words: Glyph[][] = [];
  let cur: Glyph[] = [];
  for (const g of glyphs) {
    if (g.ch === ' ' || /\s/.test(g.ch)) {
      if (cur.length) words.push(cur);
      cur = [];
      continue;
    }
    const last = cur[cur.length - 1];
    const hinted = spaceProb > 0 && g.space >= spaceProb;
    const gap = last ? g.t - last.t : 0;
    if (last && (hinted || gap > CELL_GAP || (spaceGap > 0 && gap >= Math.max(pitch * spaceGap, pitch + 2)))) {
      words.push(cur);
      cur = [];
    }
    cur.push(g);
  }
  if (cur.length) words.push(cur);
  return words;
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}


/**
 * Words of one detected text box. Words a normal space apart stay one Word with
 * the space in its text (their column extents would not leave buildLines a gap
 * to see); a gap wide enough to part cells makes a new Word, placed by its
 * characters' columns.
 */
export function boxWords(d: Decoded, box: Box, spaceGap: number, spaceProb = 0): Word[] {
  const scale = (box.x1 - box.x0) / d.steps;
  const out: Word[] = [];
  let run: Glyph[][] = [];
  const flush = () => {
    if (!run.length) return;
    const first = run[0]![0]!;
    const last = run[run.length - 1]!.at(-1)!;
    out.push({
      text: run.map((w) => w.map((g) => g.ch).join('')).join(' '),
      x0: box.x0 + Math.max(0, first.t - 0.5) * scale,
      x1: box.x0 + Math.min(d.steps, last.t + 1.5) * scale,
      y0: box.y0,
      y1: box.y1,
    });
    run = [];
  };
  for (const w of splitWords(d.glyphs, spaceGap, spaceProb)) {
    const prev = run[run.length - 1]?.at(-1);
    if (prev && w[0]!.t - prev.t > CELL_GAP) flush();
    run.push(w);
  }
  flush();
  return out;
}
