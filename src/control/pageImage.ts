// A page of the original file as a PNG for the review page (issue 16): PDFs rendered with the same
// engine the local service reads them with, images converted (TIFF, BMP) or passed through.
// The last few renderings are kept: a reviewer moves between fields of the same page.
import fs from 'node:fs';
import { ControlError } from './daemonControl.js';

const cache = new Map<string, { png: Buffer; pages: number }>();
const CACHE_SIZE = 6;

export async function renderPage(file: string, page: number): Promise<{ png: Buffer; pages: number }> {
  const st = fs.statSync(file, { throwIfNoEntry: false });
  if (!st) throw new ControlError(404, 'NOT_FOUND', 'The file is no longer there.');
  const key = `${file}\u0000${st.mtimeMs}\u0000${st.size}\u0000${page}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const bytes = await fs.promises.readFile(file);
  const out = bytes.subarray(0, 5).toString('latin1') === '%PDF-' ? await pdfPage(bytes, page) : await imagePage(bytes, page);
  cache.set(key, out);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return out;
}

async function pdfPage(bytes: Buffer, page: number): Promise<{ png: Buffer; pages: number }> {
  const { openPdf } = await import('../service/processing/loaders/pdf.js');
  const { renderPdfPage } = await import('../service/processing/loaders/render.js');
  const doc = await openPdf(bytes);
  try {
    if (page < 1 || page > doc.numPages) throw new ControlError(404, 'NOT_FOUND', `The file has ${doc.numPages} page(s).`);
    return { png: await renderPdfPage(doc, page), pages: doc.numPages };
  } finally {
    await doc.destroy();
  }
}

async function imagePage(bytes: Buffer, page: number): Promise<{ png: Buffer; pages: number }> {
  const { default: sharp } = await import('sharp');
  try {
    const meta = await sharp(bytes).metadata();
    const pages = meta.pages ?? 1;
    if (page < 1 || page > pages) throw new ControlError(404, 'NOT_FOUND', `The file has ${pages} page(s).`);
    return { png: await sharp(bytes, { page: page - 1 }).rotate().png().toBuffer(), pages };
  } catch (err) {
    if (err instanceof ControlError) throw err;
    throw new ControlError(415, 'NO_IMAGE', 'This file has no page image to show.');
  }
}
