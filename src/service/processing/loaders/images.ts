import PQueue from 'p-queue';
import sharp from 'sharp';
import type { PageLayout } from '../layout/model.js';
import { ocrImage, prepareImage } from '../ocr/recognize.js';
import { checkImageSize, checkPageCount } from '../limits.js';
import { ProcessingError, type PageReport } from '../types.js';
import { countPages, OCR_PAGES_AHEAD } from './pdf-pages.js';

// Images (PNG, JPEG, WebP, BMP, GIF, multi-page TIFF) become OCR'd pages.
// sharp has no BMP decoder, so BMP is decoded here (uncompressed 24/32-bit, the
// form scanners write).

/** `keep` is handed each page's prepared image (the accent pass reads from it again). */
export async function imagePages(bytes: Buffer, langs: string[], signal?: AbortSignal, onPage?: PageReport, keep?: (n: number, png: Buffer) => void): Promise<PageLayout[]> {
  const source = bytes.toString('latin1', 0, 2) === 'BM' ? decodeBmp(bytes) : bytes;
  let pages = 1;
  try {
    // A decoded BMP is raw pixels: sharp must be told so (given the bare object it never settles).
    const meta = await (Buffer.isBuffer(source) ? sharp(source) : sharp(source.data, { raw: source.raw })).metadata();
    pages = meta.pages ?? 1;
    checkPageCount(pages);
    checkImageSize(meta.width ?? 0, meta.pageHeight ?? meta.height ?? 0);
  } catch (err) {
    if (err instanceof ProcessingError) throw err;
    // sharp's own guard (268 megapixels) fires before the header is even returned.
    if (/pixel limit/i.test((err as Error).message)) throw new ProcessingError('IMAGE_TOO_LARGE', `The image is too large to process (${(err as Error).message}).`);
    throw new ProcessingError('IMAGE_CORRUPT', `The image is damaged or in an unsupported encoding (${(err as Error).message}).`);
  }
  const counted = countPages(pages, onPage);
  await onPage?.(0, pages);
  // A multi-page TIFF's pages are decoded and read OCR_PAGES_AHEAD at a time, as a scanned PDF's.
  const ahead = new PQueue({ concurrency: OCR_PAGES_AHEAD });
  const jobs: Promise<PageLayout>[] = [];
  for (let i = 0; i < pages; i++) {
    jobs.push(ahead.add(async () => {
      signal?.throwIfAborted();
      const img = Buffer.isBuffer(source) ? sharp(source, { page: i }) : sharp(source.data, { raw: source.raw });
      const png = await prepareImage(img);
      keep?.(i + 1, png);
      return ocrImage(png, langs, i + 1);
    }).then(counted));
  }
  return Promise.all(jobs);
}

interface RawImage {
  data: Buffer;
  raw: { width: number; height: number; channels: 3 | 4 };
}

function decodeBmp(b: Buffer): RawImage {
  try {
    const offset = b.readUInt32LE(10);
    const width = b.readInt32LE(18);
    const rawHeight = b.readInt32LE(22);
    const bpp = b.readUInt16LE(28);
    const compression = b.readUInt32LE(30);
    if ((bpp !== 24 && bpp !== 32) || (compression !== 0 && compression !== 3)) throw new Error(`${bpp}-bit BMP`);
    const height = Math.abs(rawHeight);
    checkImageSize(width, height);
    const bytesPP = bpp / 8;
    const stride = Math.ceil((width * bytesPP) / 4) * 4;
    const out = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      const srcRow = offset + (rawHeight > 0 ? height - 1 - y : y) * stride;
      for (let x = 0; x < width; x++) {
        const s = srcRow + x * bytesPP;
        const d = (y * width + x) * 3;
        out[d] = b[s + 2];
        out[d + 1] = b[s + 1];
        out[d + 2] = b[s];
      }
    }
    return { data: out, raw: { width, height, channels: 3 } };
  } catch (err) {
    if (err instanceof ProcessingError) throw err;
    throw new ProcessingError('IMAGE_CORRUPT', `The BMP image cannot be decoded (${(err as Error).message}).`);
  }
}
