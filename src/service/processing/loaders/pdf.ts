import { createRequire } from 'node:module';
import path from 'node:path';
import { ProcessingError } from '../types.js';
import type { Word } from '../layout/model.js';

// pdfjs-dist's legacy build is the one that runs on Node 20; fonts and cmaps come
// from the package folder so nothing is fetched.
type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PDFDocumentProxy = import('pdfjs-dist/legacy/build/pdf.mjs').PDFDocumentProxy;
let pdfjsPromise: Promise<PdfJs> | undefined;

function pdfjs(): Promise<PdfJs> {
  pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return pdfjsPromise;
}

const pkgDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl: path.join(pkgDir, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pkgDir, 'cmaps') + path.sep,
    cMapPacked: true,
    isEvalSupported: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (err) {
    const name = (err as { name?: string }).name ?? '';
    if (name === 'PasswordException') {
      throw new ProcessingError('PDF_ENCRYPTED', 'The PDF is password-protected and cannot be read.');
    }
    throw new ProcessingError('PDF_CORRUPT', `The PDF is damaged or not a PDF (${(err as Error).message}).`);
  }
}

export interface PdfPageText {
  width: number;
  height: number;
  words: Word[];
}

/** Positioned text of one page (1-based), top-left origin in PDF points. */
export async function pdfPageText(doc: PDFDocumentProxy, pageNo: number): Promise<PdfPageText> {
  const page = await doc.getPage(pageNo);
  const vp = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const words: Word[] = [];
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim() === '') continue;
    const [a, b, , , e, f] = item.transform as number[];
    const size = Math.hypot(a, b) || item.height || 10;
    // Map through the viewport so rotated pages still read top to bottom.
    const [x, y] = vp.convertToViewportPoint(e, f);
    const [x2] = vp.convertToViewportPoint(e + item.width, f);
    words.push({ text: item.str, x0: Math.min(x, x2), x1: Math.max(x, x2), y0: y - size, y1: y });
  }
  page.cleanup();
  return { width: vp.width, height: vp.height, words };
}
