// A conditional logit over one document's candidates for a field: each candidate
// scores w·x, the scores are turned into probabilities with a softmax, and a value's
// probability is the sum over the places it was read. Trained by gradient descent
// on the log-probability of the right value, with L2 regularisation. A Platt
// calibrator then maps the chosen value's probability (and the page's OCR
// quality) to the chance it is right, fitted on predictions for documents the
// weights did not see.

export interface Sample {
  /** Feature vectors of the document's candidates. */
  xs: number[][];
  /** Which candidates carry the right value. */
  right: boolean[];
}

export interface Calibrator {
  a: number; b: number; c: number;
  /** The Platt value from which held-out values were right at least 99% of the time, and each 20 of them
   *  from there downwards 98% (sureThreshold): it maps to 0.9 ("sure"), and anything below it stays
   *  under 0.9. Absent or above 1: nothing is sure. */
  sure?: number;
}

const dot = (w: number[], x: number[]) => x.reduce((s, v, i) => s + v * w[i], 0);

export function softmax(scores: number[]): number[] {
  let max = -Infinity;
  for (const s of scores) if (s > max) max = s;
  const e = scores.map((s) => Math.exp(s - max));
  const z = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / z);
}

export function train(samples: Sample[], dims: number, opts: { l2?: number; epochs?: number; rate?: number } = {}): number[] {
  const l2 = opts.l2 ?? 0.01;
  const epochs = opts.epochs ?? 300;
  const rate = opts.rate ?? 0.5;
  // Flat typed arrays: training runs once per fold of every eval, so the loop must be tight.
  const usable = samples.filter((s) => s.xs.length > 0 && s.right.some(Boolean)).map((s) => ({
    x: Float64Array.from(s.xs.flat()), k: s.xs.length, right: s.right,
  }));
  const w = new Float64Array(dims);
  if (!usable.length) return [...w];
  // Adam keeps the step sizes sane across features of very different frequency.
  const m = new Float64Array(dims);
  const v = new Float64Array(dims);
  const g = new Float64Array(dims);
  const p = new Float64Array(usable.reduce((n, u) => Math.max(n, u.k), 0));
  for (let epoch = 1; epoch <= epochs; epoch++) {
    for (let d = 0; d < dims; d++) g[d] = l2 * w[d];
    for (const s of usable) {
      let max = -Infinity;
      for (let i = 0; i < s.k; i++) {
        let z = 0;
        for (let d = 0; d < dims; d++) z += w[d] * s.x[i * dims + d];
        p[i] = z;
        if (z > max) max = z;
      }
      let sum = 0;
      let sumRight = 0;
      for (let i = 0; i < s.k; i++) {
        p[i] = Math.exp(p[i] - max);
        sum += p[i];
        if (s.right[i]) sumRight += p[i];
      }
      for (let i = 0; i < s.k; i++) {
        const coef = (p[i] / sum - (s.right[i] ? p[i] / sumRight : 0)) / usable.length;
        if (coef !== 0) for (let d = 0; d < dims; d++) g[d] += coef * s.x[i * dims + d];
      }
    }
    const lr = rate / Math.sqrt(epoch);
    for (let d = 0; d < dims; d++) {
      m[d] = 0.9 * m[d] + 0.1 * g[d];
      v[d] = 0.999 * v[d] + 0.001 * g[d] * g[d];
      const mh = m[d] / (1 - 0.9 ** epoch);
      const vh = v[d] / (1 - 0.999 ** epoch);
      w[d] -= (lr * 0.1 * mh) / (Math.sqrt(vh) + 1e-8);
    }
  }
  return [...w];
}

export interface Choice<V> { value: V; p: number; index: number }

/** The value with the highest probability summed over its (at most three best) places: a total
 *  printed twice gains, a quantity "1" printed on every one of 400 lines does not win by count. */
export function choose<V>(w: number[], xs: number[][], values: V[], key: (v: V) => string | number = (v) => v as never): Choice<V> | null {
  if (!xs.length) return null;
  const p = softmax(xs.map((x) => dot(w, x)));
  const byValue = new Map<string | number, number[]>();
  p.forEach((_, i) => {
    const k = key(values[i]);
    byValue.set(k, [...(byValue.get(k) ?? []), i]);
  });
  let best: { p: number; index: number } | undefined;
  for (const idx of byValue.values()) {
    const top = idx.sort((a, b) => p[b] - p[a]).slice(0, 3);
    const sum = top.reduce((acc, i) => acc + p[i], 0);
    if (!best || sum > best.p) best = { p: sum, index: top[0] };
  }
  return best ? { value: values[best.index], p: Math.min(1, best.p), index: best.index } : null;
}

const logit = (p: number) => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function calibrated(cal: Calibrator | undefined, p: number, quality: number): number {
  if (!cal) return Math.min(p, 0.89);
  const x = sigmoid(cal.a * logit(p) + cal.b * quality + cal.c);
  return x >= (cal.sure ?? 2) ? Math.max(0.9, x) : Math.min(0.89, x);
}

/**
 * The lowest Platt value above which at least `precision` of the points were right (at least `min` of
 * them), and not below a point where the `window` points from it downwards (itself included) were right
 * less than `local` of the time: a reliable top must not vouch for a weak or thin tail. Too few points
 * left for a full window count as a weak one, so the threshold never reaches the lowest `window - 1`.
 */
export function sureThreshold(values: { x: number; right: boolean }[], precision = 0.99, min = 20, window = 20, local = 0.98): number {
  const sorted = [...values].sort((a, b) => b.x - a.x);
  // rightFrom[i]: how many of the points i.. were right (a window's count by difference).
  const rightFrom = new Array<number>(sorted.length + 1).fill(0);
  for (let i = sorted.length - 1; i >= 0; i--) rightFrom[i] = rightFrom[i + 1] + (sorted[i].right ? 1 : 0);
  let best = 2;
  for (let i = 0; i < sorted.length; i++) {
    if (rightFrom[i] - rightFrom[Math.min(sorted.length, i + window)] < local * window) break;
    const next = sorted[i + 1];
    // A threshold only between distinct values, so ties fall on one side.
    if (i + 1 >= min && (rightFrom[0] - rightFrom[i + 1]) / (i + 1) >= precision && (!next || next.x < sorted[i].x)) best = sorted[i].x;
  }
  return best;
}

/** Platt scaling by gradient descent on (probability, quality) -> right. */
export function fitCalibrator(points: { p: number; quality: number; right: boolean }[]): Calibrator {
  let a = 1, b = 0, c = 0;
  if (points.length < 5) return { a, b, c, sure: 2 };
  for (let it = 0; it < 2000; it++) {
    let ga = 0, gb = 0, gc = 0;
    for (const pt of points) {
      const z = logit(pt.p);
      const err = sigmoid(a * z + b * pt.quality + c) - (pt.right ? 1 : 0);
      ga += err * z; gb += err * pt.quality; gc += err;
    }
    const n = points.length;
    a -= (0.1 * ga) / n; b -= (0.1 * gb) / n; c -= (0.1 * gc) / n;
  }
  const sure = sureThreshold(points.map((pt) => ({ x: sigmoid(a * logit(pt.p) + b * pt.quality + c), right: pt.right })));
  return { a, b, c, sure };
}
