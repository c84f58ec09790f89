// What CTC decoding (ctc.ts) reads of the recogniser's output, taken from it where the model ran
// (ortWorker.mjs): per column the class that wins (the first of the highest), its probability and
// the space class's probability. The output is a distribution over 6,625 classes per column (about
// 6 MB for a line of 1,920 columns); sending it to the service's thread copied some 60 MB per A4
// page and left it to the garbage collector there, while the decoder only reads these three
// numbers. Plain JavaScript: the worker starts without the TypeScript loader.

/**
 * [winning class, its probability, space class's probability] per column, as float32 (class
 * indices are exact in float32 far beyond the dictionary's size).
 * @param {Float32Array} probs [steps x classes]
 * @param {number} steps
 * @param {number} classes
 * @param {number} spaceClass class index of the space (0: none)
 * @returns {Float32Array}
 */
export function ctcSteps(probs, steps, classes, spaceClass) {
  const out = new Float32Array(steps * 3);
  for (let t = 0; t < steps; t++) {
    const base = t * classes;
    let best = 0;
    let bestP = -Infinity;
    for (let c = 0; c < classes; c++) {
      const v = probs[base + c];
      if (v > bestP) {
        bestP = v;
        best = c;
      }
    }
    out[t * 3] = best;
    out[t * 3 + 1] = bestP;
    out[t * 3 + 2] = spaceClass > 0 ? probs[base + spaceClass] : 0;
  }
  return out;
}
