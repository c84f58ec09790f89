import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Line, PageLayout } from '../layout/model.js';
import { buildLines } from '../layout/lines.js';
import { paddleRead, paddleTrace } from './paddle.js';
import { detectOrientation } from './pool.js';
import { tesseractImage, tesseractRead, type Read } from './tesseract.js';

// OCR of one page image, by the engine chosen for its languages (figures in
// docs/ocr.md): PaddleOCR PP-OCRv4 for Latin and Chinese text, tesseract.js for
// Japanese and Thai, which the PP-OCR Chinese/English model cannot read.
// A page turned by 90/180/270 degrees reads with low confidence, so then the
// orientation is detected (tesseract's OSD) and the page read again, upright.

export type OcrEngine = 'tesseract' | 'paddle';

export function engineFor(langs: string[]): OcrEngine {
  return langs.some((l) => l === 'jpn' || l === 'tha') ? 'tesseract' : 'paddle';
}

/** Below this mean confidence (0..1) the page may be turned. */
const LOW_CONFIDENCE: Record<OcrEngine, number> = { tesseract: 0.6, paddle: 0.8 };
/**
 * A page read as so few words may be turned too, however sure the reading: a sparse page upside
 * down leaves zeros, eights and brackets that read with confidence ("( ) 000 8 000 00'0"). Of 713
 * OCR'd pages of the eval's corpora two read fewer; the check costs one tesseract OSD.
 */
const FEW_WORDS = 20;

/**
 * The page images OCR passes around are PNG at zlib level 1: the same pixels as the default
 * level 6, encoded in about a quarter of the CPU (an A4 page at 200 dpi: 70 against 280 ms) and
 * decoded faster, for about 1.7x the bytes (4.2 against 2.4 MB).
 */
export const PNG_FAST = { compressionLevel: 1 } as const;

/**
 * Grey and upright (EXIF orientation applied), as PNG; each engine enhances its own way. One grey
 * channel (sharp writes greyscale as three equal sRGB channels unless told): the same grey levels
 * for every reader (PaddleOCR, tesseract's OSD, the accent pass's crops), in a third of the bytes
 * to encode, decode and keep, and tesseract's OSD holds the page at 8 instead of 32 bits a pixel
 * (its worker about 70 MB smaller after an A4 page, docs/ocr.md). `density` (dpi) is written into
 * the PNG for pixels that carry none (a PDF page drawn for OCR, render.ts).
 */
export async function prepareImage(input: Buffer | sharp.Sharp, opts: { density?: number } = {}): Promise<Buffer> {
  const img = Buffer.isBuffer(input) ? sharp(input) : input;
  // A large scan is brought down to the OCR size first: decoding, filtering and encoding
  // 50 megapixels as PNG costs seconds and hundreds of MB for nothing.
  const png = await img.rotate().resize({ width: 3400, height: 3400, fit: 'inside', withoutEnlargement: true }).grayscale().toColourspace('b-w').png(PNG_FAST).toBuffer();
  return opts.density ? withDensity(png, opts.density) : png;
}

/**
 * `png` saying `dpi` in its pHYs chunk. sharp writes raw pixels' PNG at 25.4 dpi, and sets another
 * resolution only with withMetadata, which also attaches an sRGB profile and so writes three
 * channels (or four) instead of one grey.
 */
export function withDensity(png: Buffer, dpi: number): Buffer {
  const ppm = Math.round(dpi / 0.0254);
  const chunk = Buffer.alloc(21);
  chunk.writeUInt32BE(9, 0);
  chunk.write('pHYs', 4, 'latin1');
  chunk.writeUInt32BE(ppm, 8);
  chunk.writeUInt32BE(ppm, 12);
  chunk[16] = 1;
  chunk.writeUInt32BE(zlib.crc32(chunk.subarray(4, 17)), 17);
  for (let p = 8; p + 8 <= png.length; ) {
    const length = png.readUInt32BE(p);
    const type = png.toString('latin1', p + 4, p + 8);
    if (type === 'pHYs') return Buffer.concat([png.subarray(0, p), chunk, png.subarray(p + 12 + length)]);
    if (type === 'IDAT') return Buffer.concat([png.subarray(0, p), chunk, png.subarray(p)]);
    p += 12 + length;
  }
  return png;
}

async function readWith(engine: OcrEngine, image: Buffer, langs: string[]): Promise<Read> {
  return engine === 'paddle' ? paddleRead(image) : tesseractRead(image, langs);
}

export async function ocrImage(image: Buffer, langs: string[], pageNo: number, engine = engineFor(langs)): Promise<PageLayout> {
  const page = engine === 'tesseract' ? await tesseractImage(image) : image;
  let best = await readWith(engine, page, langs);
  const given = { width: best.width, height: best.height };
  let degrees = best.turned ?? 0;
  if (best.confidence < LOW_CONFIDENCE[engine] || best.words.length < FEW_WORDS) {
    paddleTrace.osd++;
    const o = await detectOrientation(page).catch(() => ({ degrees: 0, confidence: 0 }));
    if (o.degrees && o.confidence > 0.5) {
      const turned = await sharp(page).rotate(o.degrees).png(PNG_FAST).toBuffer();
      const again = await readWith(engine, turned, langs);
      if (again.confidence > best.confidence) {
        best = again;
        degrees = o.degrees + (again.turned ?? 0);
      }
    }
  }
  return {
    ...(degrees ? { turned: { degrees, ...given } } : {}),
    number: pageNo,
    width: best.width,
    height: best.height,
    lines: buildLines(best.words, pageNo).map(composeThai),
    source: 'ocr',
    quality: Math.max(0.3, Math.min(1, best.confidence / 0.9)),
  };
}

/**
 * tesseract writes Thai SARA AM as NIKHAHIT + SARA AA, often as separate words
 * that buildLines joins; the precomposed letter is what people type and search.
 */
function composeThai(line: Line): Line {
  if (!line.text.includes('\u0E4D')) return line;
  const fix = (s: string) => s.replace(/\u0E4D\s?\u0E32/g, '\u0E33');
  return { ...line, text: fix(line.text), cells: line.cells.map((c) => ({ ...c, text: fix(c.text) })) };
}
