// Fixtures for the processing tests, made at test time: short invoice pages drawn with
// pdf-lib, rendered to pixels with pdfjs + @napi-rs/canvas (independently of the engine),
// then packed as the formats under test (scans, images, TIFF, BMP, ZIP, XLSX, encrypted PDF).
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import yazl from 'yazl';
import type { TestService } from '../../../src/service/testing.js';
import { renderPages as renderCorpusPages } from '../../fixtures/corpus/scan.js';
import { put, ticket, waitFor } from './uploadHelpers.js';

export interface InvoiceSpec {
  vendor: string;
  number: string;
  /** As printed, e.g. '14/03/2024'. */
  date: string;
  subtotal: string;
  tax: string;
  total: string;
  currency?: string;
  /** A line printed at the bottom, e.g. 'Page 1 of 1'. */
  footer?: string;
  /** Draw only the heading block (number, date) or only the totals block: one invoice over two pages. */
  part?: 'head' | 'totals';
}

/** An invoice with 20% VAT on `subtotal` (amounts printed with two decimals). */
export function invoice(number: string, subtotal: number, more: Partial<InvoiceSpec> = {}): InvoiceSpec {
  const tax = Math.round(subtotal * 20) / 100;
  return { ...NORTHWIND, number, subtotal: subtotal.toFixed(2), tax: tax.toFixed(2), total: (subtotal + tax).toFixed(2), ...more };
}

export const NORTHWIND: InvoiceSpec = {
  vendor: 'Northwind Supplies Ltd', number: 'NW-2024-0117', date: '14/03/2024', subtotal: '165.00', tax: '33.00', total: '198.00', currency: 'GBP',
};

/** A short (A4 width, 5 inch high) invoice page per spec, large type: few pixels to OCR. */
export async function invoicePdf(specs: InvoiceSpec[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const s of specs) {
    const H = 360;
    const page = doc.addPage([595, H]);
    const t = (text: string, x: number, y: number, size = 13, f = font) => page.drawText(text, { x, y: H - y, size, font: f });
    if (s.part !== 'totals') {
      t(s.vendor, 40, 50, 20, bold);
      t('INVOICE', 430, 50, 20, bold);
      t('Invoice No:', 40, 100); t(s.number, 170, 100);
      t('Invoice Date:', 40, 125); t(s.date, 170, 125);
      t('Bill To:', 40, 150); t('Acme Corp', 170, 150);
    }
    if (s.part !== 'head') {
      t('Payment terms: 30 days net', 40, 190);
      t('Subtotal', 330, 220); t(s.subtotal, 470, 220);
      t('VAT 20%', 330, 245); t(s.tax, 470, 245);
      t(`Total ${s.currency ?? 'GBP'}`, 330, 270, 13, bold); t(s.total, 470, 270, 13, bold);
    }
    if (s.footer) t(s.footer, 40, 330, 11);
  }
  return Buffer.from(await doc.save());
}

/** Each page of a PDF as a PNG at `dpi` (the corpus generator's renderer). */
export const renderPages = (pdf: Uint8Array, dpi = 150): Promise<Buffer[]> => renderCorpusPages(pdf, dpi);

/** A light scanner look: grey paper, slight blur, JPEG. */
export async function scanLook(png: Buffer, rotate = 0): Promise<Buffer> {
  let img = sharp(png).grayscale();
  if (rotate) img = img.rotate(rotate);
  return img.blur(0.5).linear(0.92, 8).jpeg({ quality: 70 }).toBuffer();
}

/** An image-only PDF: one picture per page, no text layer. */
export async function imagePdf(images: { jpeg?: Buffer; png?: Buffer }[], dpi = 150): Promise<Buffer> {
  const out = await PDFDocument.create();
  for (const im of images) {
    const img = im.jpeg ? await out.embedJpg(im.jpeg) : await out.embedPng(im.png!);
    const page = out.addPage([(img.width * 72) / dpi, (img.height * 72) / dpi]);
    page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return Buffer.from(await out.save());
}

/** A PDF of text pages and scanned pages in the given order (a scanned page's text is not in the file). */
export async function mixedPdf(textPage: Buffer, scannedJpeg: Buffer, dpi = 150): Promise<Buffer> {
  const out = await PDFDocument.create();
  const src = await PDFDocument.load(textPage);
  const [copied] = await out.copyPages(src, [0]);
  out.addPage(copied);
  const img = await out.embedJpg(scannedJpeg);
  const page = out.addPage([(img.width * 72) / dpi, (img.height * 72) / dpi]);
  page.drawImage(img, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  return Buffer.from(await out.save());
}

/** Uncompressed 24-bit bottom-up BMP, as scanners write (sharp cannot write BMP). */
export async function bmp(png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const stride = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(stride * height, 34);
  for (let y = 0; y < height; y++) {
    const row = 54 + (height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const s = (y * width + x) * channels;
      out[row + x * 3] = data[s + 2]!;
      out[row + x * 3 + 1] = data[s + 1]!;
      out[row + x * 3 + 2] = data[s]!;
    }
  }
  return out;
}

/**
 * A PDF whose trailer names a Standard security handler (RC4, 40 bit) with a user password
 * that is not empty: readers must ask for the password. pdf-lib cannot encrypt, so the file
 * is written by hand.
 */
export function encryptedPdf(): Buffer {
  const hex32 = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) & 0xff).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 360] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex32(11)}> /U <${hex32(93)}> /P -44 >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  const id = hex32(5).slice(0, 32);
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export interface ZipItem {
  name: string;
  bytes: Buffer | string;
  /** Store without compression (default: deflate). */
  store?: boolean;
}

/**
 * A ZIP built with yazl. yazl refuses '..' in names, so an entry meant to carry a traversal
 * name is written under a same-length stand-in and renamed in the bytes afterwards (names
 * are not covered by the CRC).
 */
export async function zip(items: ZipItem[], renames: Record<string, string> = {}): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const it of items) z.addBuffer(Buffer.isBuffer(it.bytes) ? it.bytes : Buffer.from(it.bytes), it.name, { compress: !it.store, mtime: new Date(2024, 0, 1) });
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream as AsyncIterable<Buffer>) chunks.push(c);
  let out = Buffer.concat(chunks);
  for (const [from, to] of Object.entries(renames)) {
    if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('a rename must keep the length');
    let at = out.indexOf(from);
    if (at < 0) throw new Error(`no entry ${from}`);
    while (at >= 0) {
      out.write(to, at, 'utf8');
      at = out.indexOf(from, at + 1);
    }
  }
  return out;
}

/** A workbook with one label/value worksheet per entry. */
export async function workbook(sheets: { name: string; rows: (string | number)[][] }[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    for (const r of s.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// --- through the HTTP API ---

export interface Uploaded {
  uploadId: string;
  status: number;
  body: any;
  files: any[];
}

/** Ticket, PUT the bytes, wait until the upload settles (OCR can take a while). */
export async function upload(svc: TestService, fileName: string, fileType: string, bytes: Buffer | string, extra: Record<string, unknown> = {}): Promise<Uploaded> {
  const t = await ticket(svc, { fileName, fileType, ...extra });
  const res = await put(t.presignedUploadURL, bytes, { 'content-type': fileType });
  if (res.status !== 200) throw new Error(`put ${fileName}: ${res.status} ${JSON.stringify(res.body)}`);
  const done = await waitFor(async () => {
    const r = await svc.request('GET', `/prod/v1/uploads/${t.uploadId}`);
    return r.body?.status !== 'waiting' ? r : undefined;
  }, `upload of ${fileName} to settle`, 110_000);
  return { uploadId: t.uploadId, status: done.status, body: done.body, files: done.body.files ?? [] };
}

/** The extracted values of a file by field title, and the values entry itself. */
export async function values(svc: TestService, fileId: string): Promise<{ v: Record<string, unknown>; entry: any }> {
  const res = await svc.request('GET', `/prod/v1/files/${fileId}/values`);
  if (res.status !== 200) throw new Error(`values ${fileId}: ${res.status}`);
  const entry = res.body.values.formValues[0];
  const v = Object.fromEntries((entry?.fields ?? []).map((f: { title: string; value: unknown }) => [f.title, f.value]));
  return { v, entry };
}

/** The page texts and their sources (text layer or OCR) stored for a file. */
export function pagesOf(svc: TestService, fileId: string): { page: number; source: string; text: string }[] {
  return svc.service.db
    .prepare('SELECT page, source, text FROM document_pages WHERE file_id = ? ORDER BY page')
    .all(fileId) as { page: number; source: string; text: string }[];
}
