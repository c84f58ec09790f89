// A scanned PDF's pages are rendered and read a few at a time (OCR_PAGES_AHEAD), not all at
// once: each page in flight holds its canvas, PNG and pdf.js's decoded image (issue 15's memory
// target). Real pdf.js and real rendering; the OCR step is replaced by one that counts the pages
// it holds.
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { OCR_PAGES_AHEAD, pdfPages } from '../../../src/service/processing/loaders/pdf-pages.js';
import { openPdf } from '../../../src/service/processing/loaders/pdf.js';
import { PIXELS_DPI, renderPdfPage, renderPdfPixels } from '../../../src/service/processing/loaders/render.js';
import { prepareImage } from '../../../src/service/processing/ocr/recognize.js';

/** A PDF of `n` A4 pages, each one JPEG and no text layer, as a scanner writes it. */
async function scannedPdf(n: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < n; i++) {
    const jpg = await sharp({ create: { width: 400, height: 566, channels: 3, background: { r: 255 - i * 10, g: 250, b: 245 } } }).jpeg().toBuffer();
    const img = await pdf.embedJpg(jpg);
    const page = pdf.addPage([595, 842]);
    page.drawImage(img, { x: 0, y: 0, width: 595, height: 842 });
  }
  return Buffer.from(await pdf.save());
}

describe('scanned PDF pages', () => {
  it(`renders and reads at most ${OCR_PAGES_AHEAD} pages of a 7-page scan at once, and returns every page in order`, async () => {
    let held = 0;
    let most = 0;
    const rendered: number[] = [];
    const pages = await pdfPages(await scannedPdf(7), {
      ocrPage: async (doc, n) => {
        held++;
        most = Math.max(most, held);
        try {
          const png = await renderPdfPage(doc, n);
          rendered.push(n);
          // The OCR of a page takes a while: the next pages must wait, not render meanwhile.
          await new Promise((r) => setTimeout(r, 20));
          const meta = await sharp(png).metadata();
          return { number: n, width: meta.width ?? 0, height: meta.height ?? 0, lines: [], source: 'ocr', quality: 1 };
        } finally {
          held--;
        }
      },
    });
    expect(pages.map((p) => p.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pages.every((p) => p.width > 1000)).toBe(true);
    expect(rendered.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(OCR_PAGES_AHEAD);
  });

  it('reads one page at a time when asked to, and stops at an aborted signal', async () => {
    const bytes = await scannedPdf(4);
    let held = 0;
    let most = 0;
    const ac = new AbortController();
    const read: number[] = [];
    const run = pdfPages(bytes, {
      signal: ac.signal,
      ocrAhead: 1,
      ocrPage: async (_doc, n) => {
        held++;
        most = Math.max(most, held);
        read.push(n);
        await new Promise((r) => setTimeout(r, 10));
        if (n === 2) ac.abort();
        held--;
        return { number: n, width: 1, height: 1, lines: [], source: 'ocr', quality: 1 };
      },
    });
    await expect(run).rejects.toThrow();
    expect(most).toBe(1);
    expect(read).toEqual([1, 2]);
  });

  it('gives OCR the same grey pixels from the raw canvas as from its PNG', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const font = await pdf.embedFont('Helvetica');
    page.drawText('Rechnung 2024-117  Summe 1.234,50 EUR', { x: 40, y: 760, size: 14, font });
    page.drawRectangle({ x: 40, y: 600, width: 300, height: 80, color: { type: 'RGB', red: 0.8, green: 0.3, blue: 0.2 } as never, opacity: 0.6 });
    const doc = await openPdf(Buffer.from(await pdf.save()));
    try {
      // What OCR reads of it (paddle.ts paddleRead): opaque white paper, one grey channel.
      const grey = async (img: Buffer) => sharp(img).flatten({ background: '#ffffff' }).grayscale().raw().toBuffer({ resolveWithObject: true });
      const pngPrepared = await prepareImage(await renderPdfPage(doc, 1));
      const pixelsPrepared = await prepareImage(await renderPdfPixels(doc, 1), { density: PIXELS_DPI });
      // The same resolution too: tesseract (the accent pass) reads it from the PNG.
      expect((await sharp(pixelsPrepared).metadata()).density).toBe((await sharp(pngPrepared).metadata()).density);
      // One grey channel, as a scan's page image (recognize.ts prepareImage): a third of the bytes of sRGB.
      expect((await sharp(pixelsPrepared).metadata()).channels).toBe(1);
      const viaPng = await grey(pngPrepared);
      const viaPixels = await grey(pixelsPrepared);
      expect(viaPixels.info).toEqual(viaPng.info);
      expect(viaPixels.info.width).toBeGreaterThan(1600);
      expect(viaPixels.data.equals(viaPng.data)).toBe(true);
      // Not a blank page: the text and the box are there.
      expect(viaPixels.data.some((v) => v < 100)).toBe(true);
    } finally {
      await doc.destroy();
    }
  });
});
