// Types of src/service/processing/ocr/ctcSteps.mjs.
export function ctcSteps(probs: Float32Array, steps: number, classes: number, spaceClass: number): Float32Array;
