import { createCanvas, type Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

// Renders a PDF page for OCR: about 200 dpi, capped so a poster-sized page
// cannot exhaust memory.

const DPI = 200;
const MAX_SIDE = 3400;

async function drawPage(doc: PDFDocumentProxy, pageNo: number): Promise<Canvas> {
  const page = await doc.getPage(pageNo);
  const base = page.getViewport({ scale: 1 });
  const scale = Math.min(DPI / 72, MAX_SIDE / Math.max(base.width, base.height));
  const viewport = page.getViewport({ scale });
  const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({
    canvasContext: ctx as unknown as CanvasRenderingContext2D,
    canvas: canvas as unknown as HTMLCanvasElement,
    viewport,
  }).promise;
  page.cleanup();
  return canvas;
}

/** The page as PNG (the control API's page view). */
export async function renderPdfPage(doc: PDFDocumentProxy, pageNo: number): Promise<Buffer> {
  return encodePng(await drawPage(doc, pageNo));
}

const encoding = new Set<Canvas>();

/**
 * canvas.encode('png'), with the canvas kept reachable until it resolves: @napi-rs/canvas before
 * 1.0.6 encodes on the thread pool from a pointer to the canvas's memory without holding the
 * canvas, so a canvas collected meanwhile (nothing else refers to it once encode is called) is
 * freed under the encoder, a segfault (Brooooooklyn/canvas#1312; a test worker died of it in CI).
 * 1.x fixes it, but draws text a little differently, and every OCR figure was measured on 0.1.
 */
export async function encodePng(canvas: Canvas): Promise<Buffer> {
  encoding.add(canvas);
  try {
    return await canvas.encode('png');
  } finally {
    encoding.delete(canvas);
  }
}

/**
 * The resolution a page drawn for OCR says it has, as its PNG said: raw pixels carry none, and
 * tesseract (the accent pass reads the page image) takes a page without one for 25 dpi. Give it
 * to prepareImage with the pixels.
 */
export const PIXELS_DPI = 72;

/**
 * The page's pixels for OCR (prepareImage), without the PNG: encoding an A4 page at 200 dpi
 * only for prepareImage to decode it again cost about 0.2 CPU s. The canvas is opaque (white
 * first), so its RGBA pixels are the PNG's, and flattened they are the same colours: prepareImage
 * then writes one grey channel, as for a scan (not RGBA, which sharp wrote when the resolution
 * came from withMetadata and its sRGB profile).
 */
export async function renderPdfPixels(doc: PDFDocumentProxy, pageNo: number): Promise<sharp.Sharp> {
  const canvas = await drawPage(doc, pageNo);
  // A copy: canvas.data() is a view of the canvas's own memory, freed when the canvas is
  // collected, which can happen before sharp reads it (prepareImage runs later): a segfault on a
  // 12-page scan.
  const pixels = Buffer.from(canvas.data());
  const { width, height } = canvas;
  // The canvas's own pixels (25 MB for an A4 page at 200 dpi, more for a larger page) are freed
  // when the canvas is resized, at once, rather than whenever V8 collects it: with two documents
  // and two pages of each in flight, dead canvases stood beside the pages being read.
  canvas.width = 1;
  canvas.height = 1;
  return sharp(pixels, { raw: { width, height, channels: 4 } }).flatten({ background: '#ffffff' });
}
