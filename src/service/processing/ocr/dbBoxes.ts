import type { Box } from './ctc.js';

// Text boxes from the DB detector's probability map, as PaddleOCR's DBPostProcess
// does it (threshold 0.3, box score 0.6, unclip ratio 1.5) but with upright
// rectangles from connected components instead of OpenCV's rotated contours:
// pages reach here upright and deskewed, and this avoids loading OpenCV's 10 MB
// WebAssembly build (about 3 s and 100 MB) for every service process.

const THRESH = 0.3;
const BOX_THRESH = 0.6;
const UNCLIP = 1.5;
const MIN_SIDE = 3;

/** Boxes in map coordinates, top to bottom. */
export function findBoxes(prob: Float32Array, w: number, h: number): Box[] {
  const label = new Int32Array(w * h);
  const stack: number[] = [];
  const boxes: Box[] = [];
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (label[start] !== 0 || prob[start]! <= THRESH) continue;
    next++;
    label[start] = next;
    stack.push(start);
    let x0 = w, y0 = h, x1 = 0, y1 = 0, sum = 0, count = 0;
    while (stack.length) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      sum += prob[i]!;
      count++;
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
    const bw = x1 - x0 + 1;
    const bh = y1 - y0 + 1;
    if (Math.min(bw, bh) < MIN_SIDE || sum / count < BOX_THRESH) continue;
    // The detector marks a shrunk text core; grow it back by area * ratio / perimeter.
    const d = (bw * bh * UNCLIP) / (2 * (bw + bh));
    boxes.push({ x0: x0 - d, y0: y0 - d, x1: x1 + 1 + d, y1: y1 + 1 + d });
  }
  return boxes.sort((a, b) => a.y0 - b.y0 || a.x0 - b.x0);
}
