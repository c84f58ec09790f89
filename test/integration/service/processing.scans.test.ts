// Scanned inputs end to end through the HTTP API: ticket, PUT the bytes, wait for the upload,
// read the values. Pages are rendered at 150 dpi from generated invoices, so every value is
// known; each upload carries its own invoice number and total so no test can pass on
// another's document. OCR takes seconds per page here: one service for the file.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import {
  bmp, imagePdf, invoice, invoicePdf, mixedPdf, pagesOf, renderPages, scanLook, upload, values, type InvoiceSpec,
} from './processingFixtures.js';

const OCR_TIMEOUT = 120_000;
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc.close();
  await closeProcessing();
});

/** One 150 dpi PNG per invoice page. */
async function pngs(specs: InvoiceSpec[]): Promise<Buffer[]> {
  return renderPages(await invoicePdf(specs), 150);
}

/** Uploads, expects one processed file and returns its values and stored pages. */
async function readOne(fileName: string, fileType: string, bytes: Buffer) {
  const up = await upload(svc, fileName, fileType, bytes);
  expect(up.body.errorReason ?? null).toBeNull();
  expect(up.body.status).toBe('completed');
  expect(up.files).toHaveLength(1);
  expect(up.files[0].status).toBe('processed');
  const { v, entry } = await values(svc, up.files[0].fileId);
  return { file: up.files[0], v, entry, pages: pagesOf(svc, up.files[0].fileId) };
}

/** The header, date and the three amounts of `spec` were read. */
function expectInvoice(v: Record<string, unknown>, spec: InvoiceSpec) {
  expect(v['Invoice Number']).toBe(spec.number);
  expect(v['Invoice Date']).toBe('2024-03-14');
  expect(v['Vendor Name']).toBe('Northwind Supplies Ltd');
  expect(v['Total']).toBe(Number(spec.total));
  expect(v['Tax']).toBe(Number(spec.tax));
  expect(v['Currency']).toBe('GBP');
}

describe('scanned PDFs', () => {
  it('reads an image-only PDF page by OCR', { timeout: OCR_TIMEOUT }, async () => {
    const spec = invoice('SCAN-3301', 410);
    const [page] = await pngs([spec]);
    const { v, pages, file } = await readOne('scan.pdf', 'application/pdf', await imagePdf([{ jpeg: await scanLook(page!) }]));
    expectInvoice(v, spec);
    expect(file.pageCount).toBe(1);
    expect(pages.map((p) => p.source)).toEqual(['ocr']);
  });

  it('reads both pages of a mixed PDF: the text layer of one, OCR of the other', { timeout: OCR_TIMEOUT }, async () => {
    // The number and date are only on the text page; the amounts only on the scanned page.
    const spec = invoice('MIX-4402', 250);
    const textPage = await invoicePdf([{ ...spec, part: 'head' }]);
    const [scanned] = await pngs([{ ...spec, part: 'totals' }]);
    const { v, pages, file } = await readOne('mixed.pdf', 'application/pdf', await mixedPdf(textPage, await scanLook(scanned!)));
    expectInvoice(v, spec);
    expect(file.pageCount).toBe(2);
    expect(pages.map((p) => p.source)).toEqual(['text', 'ocr']);
    expect(pages[0]!.text).toContain('MIX-4402');
    expect(pages[1]!.text).toContain(spec.total);
  });
});

describe('images', () => {
  it('reads a PNG', { timeout: OCR_TIMEOUT }, async () => {
    const spec = invoice('PNG-5501', 120);
    const [page] = await pngs([spec]);
    const { v, file } = await readOne('invoice.png', 'image/png', page!);
    expectInvoice(v, spec);
    expect(file.fileType).toBe('image/png');
  });

  // Stored a quarter turn anticlockwise, Orientation 6 tells viewers to turn it clockwise.
  // Orientation 5 adds a mirror: OSD could turn a page upright but never unmirror it, so
  // only the EXIF tag can make that one readable.
  const exif = [
    [6, 'JPG-6602', (img: sharp.Sharp) => img.rotate(270)],
    [5, 'JPG-5503', (img: sharp.Sharp) => img.rotate(270).flop()],
  ] as const;
  for (const [orientation, number, store] of exif) {
    it(`reads a JPEG stored with EXIF Orientation ${orientation} upright`, { timeout: OCR_TIMEOUT }, async () => {
      const spec = invoice(number, 75.5);
      const [page] = await pngs([spec]);
      const jpeg = await store(sharp(page!)).withMetadata({ orientation }).jpeg({ quality: 85 }).toBuffer();
      const meta = await sharp(jpeg).metadata();
      expect([meta.orientation, meta.width! < meta.height!]).toEqual([orientation, true]);
      const { v } = await readOne(`phone-photo-${orientation}.jpg`, 'image/jpeg', jpeg);
      expectInvoice(v, spec);
    });
  }

  it('reads every page of a multi-page TIFF', { timeout: OCR_TIMEOUT }, async () => {
    const spec = invoice('TIF-7703', 900);
    const pages = await pngs([{ ...spec, part: 'head' }, { ...spec, part: 'totals' }]);
    const tiff = await sharp(pages, { join: { animated: true } }).grayscale().tiff({ compression: 'lzw' }).toBuffer();
    expect((await sharp(tiff).metadata()).pages).toBe(2);
    const { v, file, pages: stored } = await readOne('fax.tiff', 'image/tiff', tiff);
    expectInvoice(v, spec);
    expect(file.pageCount).toBe(2);
    expect(stored.map((p) => p.source)).toEqual(['ocr', 'ocr']);
  });

  it('reads a WebP', { timeout: OCR_TIMEOUT }, async () => {
    const spec = invoice('WEBP-8804', 333);
    const [page] = await pngs([spec]);
    const { v } = await readOne('invoice.webp', 'image/webp', await sharp(page!).webp({ quality: 90 }).toBuffer());
    expectInvoice(v, spec);
  });

  it('reads a 24-bit BMP (decoded by the engine, sharp has no BMP reader)', { timeout: OCR_TIMEOUT }, async () => {
    const spec = invoice('BMP-9905', 64);
    const [page] = await pngs([spec]);
    const { v } = await readOne('scanner.bmp', 'image/bmp', await bmp(page!));
    expectInvoice(v, spec);
  });
});

describe('turned scans', () => {
  // A page fed sideways or upside down reads with low confidence; the engine detects the
  // orientation and reads the page again upright.
  for (const [degrees, number] of [[90, 'ROT-0090'], [180, 'ROT-0180'], [270, 'ROT-0270']] as const) {
    it(`reads a scan turned by ${degrees} degrees`, { timeout: OCR_TIMEOUT }, async () => {
      const spec = invoice(number, 100 + degrees);
      const [page] = await pngs([spec]);
      const { v } = await readOne(`turned-${degrees}.jpg`, 'image/jpeg', await scanLook(page!, degrees));
      expectInvoice(v, spec);
    });
  }
});
