import sharp from 'sharp';
import type Tesseract from 'tesseract.js';
import type { PageLayout, Word } from '../layout/model.js';
import { buildLines } from '../layout/lines.js';
import { detectOrientation, withWorker } from './pool.js';

// OCR of one page image. Small skew is straightened by tesseract (rotateAuto);
// a page turned by 90/180/270 degrees reads with low confidence, so then the
// orientation is detected (OSD) and the page recognised again, turned upright.

const LOW_CONFIDENCE = 60;

interface Read {
  words: Word[];
  confidence: number;
  width: number;
  height: number;
}

async function read(image: Buffer, langs: string[]): Promise<Read> {
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
  return { words, confidence: data.confidence, width: meta.width ?? 0, height: meta.height ?? 0 };
}

function medianSlope(lines: Tesseract.Line[]): number {
  const slopes = lines
    .filter((l) => l.baseline && l.baseline.x1 - l.baseline.x0 > 100 && l.words.length >= 2)
    .map((l) => Math.atan2(l.baseline.y1 - l.baseline.y0, l.baseline.x1 - l.baseline.x0))
    .filter((a) => Math.abs(a) < 0.1)
    .sort((a, b) => a - b);
  return slopes.length ? slopes[Math.floor(slopes.length / 2)] : 0;
}

/** Grey, upright (EXIF), at a resolution tesseract reads well. */
export async function prepareImage(input: Buffer | sharp.Sharp): Promise<Buffer> {
  const img = Buffer.isBuffer(input) ? sharp(input) : input;
  // A 3x3 median removes scanner speckle; normalise stretches faded print; the
  // steep linear map then whitens light-grey paper, shaded boxes and their noise
  // (tesseract's global threshold otherwise drops text printed on shaded bands).
  // A large scan is brought down to the OCR size first: filtering 50 megapixels and encoding
  // them as PNG costs seconds and hundreds of MB for nothing (the result is resized anyway).
  const { data, info } = await img
    .rotate()
    .resize({ width: 3400, height: 3400, fit: 'inside', withoutEnlargement: true })
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

export async function ocrImage(image: Buffer, langs: string[], pageNo: number): Promise<PageLayout> {
  let best = await read(image, langs);
  if (best.confidence < LOW_CONFIDENCE || best.words.length < 5) {
    const o = await detectOrientation(image).catch(() => ({ degrees: 0, confidence: 0 }));
    if (o.degrees && o.confidence > 0.5) {
      const turned = await sharp(image).rotate(o.degrees).png().toBuffer();
      const again = await read(turned, langs);
      if (again.confidence > best.confidence) best = again;
    }
  }
  return {
    number: pageNo,
    width: best.width,
    height: best.height,
    lines: buildLines(best.words, pageNo),
    source: 'ocr',
    quality: Math.max(0.3, Math.min(1, best.confidence / 90)),
  };
}
