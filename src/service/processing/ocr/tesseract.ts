import sharp from 'sharp';
import type Tesseract from 'tesseract.js';
import type { Word } from '../layout/model.js';
import { withWorker } from './pool.js';

// tesseract.js reading of one page image (the engine for Japanese and Thai, see
// docs/ocr.md), on the worker pool of pool.ts.

export interface Read {
  words: Word[];
  /** Mean confidence 0..1. */
  confidence: number;
  width: number;
  height: number;
  /** Degrees clockwise the reader turned the image before reading it (a tilted page straightened). */
  turned?: number;
}

/** Reads a grey page image prepared by tesseractImage(). */
export async function tesseractRead(image: Buffer, langs: string[]): Promise<Read> {
  const meta = await sharp(image).metadata();
  const data = await withWorker(langs, async (w) => (await w.recognize(image, {}, { blocks: true, text: false })).data);
  const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
  // Small skew is undone on the word boxes rather than the image (a second
  // recognition would double the cost): rotate coordinates by the median baseline slope.
  const angle = medianSlope(lines);
  const cos = Math.cos(-angle);
  const sin = Math.sin(-angle);
  const words: Word[] = [];
  for (const w of lines.flatMap((l) => l.words)) {
    const text = w.text.trim();
    // Isolated low-confidence specks are scanner noise, not text.
    if (!text || (w.confidence < 35 && !/[\p{L}\p{N}]{2}/u.test(text))) continue;
    const cx = (w.bbox.x0 + w.bbox.x1) / 2;
    const cy = (w.bbox.y0 + w.bbox.y1) / 2;
    const nx = cx * cos - cy * sin;
    const ny = cx * sin + cy * cos;
    const hw = (w.bbox.x1 - w.bbox.x0) / 2;
    const hh = (w.bbox.y1 - w.bbox.y0) / 2;
    words.push({ text, x0: nx - hw, x1: nx + hw, y0: ny - hh, y1: ny + hh });
  }
  return { words, confidence: data.confidence / 100, width: meta.width ?? 0, height: meta.height ?? 0 };
}

function medianSlope(lines: Tesseract.Line[]): number {
  const slopes = lines
    .filter((l) => l.baseline && l.baseline.x1 - l.baseline.x0 > 100 && l.words.length >= 2)
    .map((l) => Math.atan2(l.baseline.y1 - l.baseline.y0, l.baseline.x1 - l.baseline.x0))
    .filter((a) => Math.abs(a) < 0.1)
    .sort((a, b) => a - b);
  return slopes.length ? slopes[Math.floor(slopes.length / 2)] : 0;
}

/**
 * Enhancement for tesseract's global threshold, at a resolution it reads well.
 * A 3x3 median removes scanner speckle; normalise stretches faded print; the
 * steep linear map then whitens light-grey paper, shaded boxes and their noise
 * (tesseract's global threshold otherwise drops text printed on shaded bands).
 */
export async function tesseractImage(grey: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(grey)
    .grayscale()
    .median(3)
    .normalise()
    .linear(1.8, -108)
    .png()
    .toBuffer({ resolveWithObject: true });
  const long = Math.max(info.width, info.height);
  if (long > 3400) return sharp(data).resize({ width: 3400, height: 3400, fit: 'inside' }).png().toBuffer();
  if (long < 1200) return sharp(data).resize({ width: info.width * 2 }).png().toBuffer();
  return data;
}
