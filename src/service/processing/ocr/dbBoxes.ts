import type { Box } from './ctc.js';

// Text boxes from the DB detector's probability map, as PaddleOCR's DBPostProcess
// does it (threshold 0.3, box score 0.6, unclip ratio 1.5) but with upright
// rectangles from connected components instead of OpenCV's rotated contours:
// pages reach here upright (a tilted photo is turned straight first, by the slope
// each line's component gives: skewOf), and this avoids loading OpenCV's 10 MB
// WebAssembly build (about 3 s and 100 MB) for every service process.

const THRESH = 0.3;
const BOX_THRESH = 0.6;
const UNCLIP = 1.5;
const MIN_SIDE = 3;

/** A detected line with the slope of its text core (radians, y down) and its length. */
export interface DetectedBox extends Box { slope: number; length: number; thickness: number }

/** Boxes in map coordinates, top to bottom. */
export function findBoxes(prob: Float32Array, w: number, h: number): DetectedBox[] {
  const label = new Int32Array(w * h);
  const stack: number[] = [];
  const boxes: DetectedBox[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== 0 || prob[start]! <= THRESH) continue;
    next++;
    label[start] = next;
    stack.push(start);
    let x0 = w, y0 = h, x1 = 0, y1 = 0, sum = 0, count = 0;
    // First and second moments of the core's pixels: the axis of a line of text is its slope.
    let mx = 0, my = 0, mxx = 0, myy = 0, mxy = 0;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      sum += prob[i]!;
      count++;
      mx += x; my += y; mxx += x * x; myy += y * y; mxy += x * y;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      // 8-connected, like OpenCV's contours.
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (label[j] === 0 && prob[j]! > THRESH) {
            label[j] = next;
            stack.push(j);
          }
        }
      }
    }
    const cx = mx / count, cy = my / count;
    const cxx = mxx / count - cx * cx, cyy = myy / count - cy * cy, cxy = mxy / count - cx * cy;
    // The core's axes: a bar of length L has a variance of L^2 / 12 along it.
    const half = Math.sqrt(((cxx - cyy) / 2) ** 2 + cxy ** 2);
    const length = Math.sqrt(12 * ((cxx + cyy) / 2 + half));
    const thickness = Math.sqrt(12 * Math.max(0, (cxx + cyy) / 2 - half));
    const slope = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (Math.min(bw, bh) < MIN_SIDE || sum / count < BOX_THRESH) continue;
    // The detector marks a shrunk text core; grow it back by area * ratio / perimeter.
    const d = (bw * bh * UNCLIP) / (2 * (bw + bh));
    boxes.push({ x0: x0 - d, y0: y0 - d, x1: x1 + 1 + d, y1: y1 + 1 + d, slope, length, thickness });
  }
  return boxes.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}

/** Long, thin cores only: a word of two letters or a logo says nothing of the page's slope. */
const MIN_LENGTH = 40;
const MIN_SLOPE = (1.5 * Math.PI) / 180;
const MAX_SLOPE = (12 * Math.PI) / 180;

/**
 * The page's tilt (radians, y down; positive: lines fall to the right) from the cores of its
 * long lines, weighted by length; 0 when it is too small to matter or the lines disagree.
 */
export function skewOf(boxes: ReadonlyArray<DetectedBox>): number {
  const lines = boxes
    .filter((b) => b.length >= MIN_LENGTH && b.length >= 4 * b.thickness && Math.abs(b.slope) <= MAX_SLOPE)
    .sort((a, b) => a.slope - b.slope);
  if (lines.length < 3) return 0;
  // Weighted median: a stamp or a tilted signature cannot pull it.
  const total = lines.reduce((n, b) => n + b.length, 0);
  let acc = 0;
  const median = lines.find((b) => (acc += b.length) >= total / 2)!.slope;
  return Math.abs(median) >= MIN_SLOPE ? median : 0;
}
