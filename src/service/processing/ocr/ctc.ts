import type { Word } from '../layout/model.js';

// Decoding of the PP-OCR recognition output (CTC: one class distribution per
// column of the line image, class 0 = blank) into words with positions.
// The Chinese/English model rarely emits a space between English words, so a
// space is put back where the gap between two characters' columns is clearly
// wider than the line's usual character pitch.

export interface Glyph {
  ch: string;
  /** Column (time step) where the character peaks. */
  t: number;
  p: number;
}

export interface Decoded {
  glyphs: Glyph[];
  steps: number;
  mean: number;
}

/** Greedy CTC decode of one [steps x classes] output; dict[k-1] is class k. */
export function decodeCtc(probs: Float32Array, steps: number, classes: number, dict: string[]): Decoded {
  const glyphs: Glyph[] = [];
  let prev = 0;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    const base = t * classes;
    for (let c = 0; c < classes; c++) {
      const v = probs[base + c]!;
      if (v > bestP) {
        bestP = v;
        best = c;
      }
    }
    if (best !== 0 && best !== prev) glyphs.push({ ch: dict[best - 1] ?? '', t, p: bestP });
    prev = best;
  }
  const mean = glyphs.length ? glyphs.reduce((s, g) => s + g.p, 0) / glyphs.length : 0;
  return { glyphs, steps, mean };
}

/** Splits the glyphs into words at the model's own spaces and at wide gaps. */
export function splitWords(glyphs: Glyph[], spaceGap: number): Glyph[][] {
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
    if (spaceGap > 0 && last && g.t - last.t >= Math.max(pitch * spaceGap, pitch + 2)) {
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
 * Words of one detected text box: each word's x range from its characters'
 * columns (half a pitch either side), so buildLines sees real gaps between words.
 */
export function boxWords(d: Decoded, box: Box, spaceGap: number): Word[] {
  const scale = (box.x1 - box.x0) / d.steps;
  return splitWords(d.glyphs, spaceGap).map((w) => ({
    text: w.map((g) => g.ch).join(''),
    x0: box.x0 + Math.max(0, w[0]!.t - 0.5) * scale,
    x1: box.x0 + Math.min(d.steps, w[w.length - 1]!.t + 1.5) * scale,
    y0: box.y0,
    y1: box.y1,
  }));
}
