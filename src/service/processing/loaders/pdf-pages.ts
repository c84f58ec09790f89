import type { PageLayout } from '../layout/model.js';
import { buildLines } from '../layout/lines.js';
import { openPdf, pdfPageText } from './pdf.js';

// PDF pages from the text layer; pages without usable text are handed to `ocrPage`.

export type OcrPdfPage = (pageNo: number) => Promise<PageLayout>;

export interface PdfPagesOptions {
  signal?: AbortSignal;
  ocrPage?: (doc: Awaited<ReturnType<typeof openPdf>>, pageNo: number) => Promise<PageLayout>;
}

export async function pdfPages(bytes: Buffer, opts: PdfPagesOptions = {}): Promise<PageLayout[]> {
  const doc = await openPdf(bytes);
  try {
    const pages: PageLayout[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      const t = await pdfPageText(doc, n);
      const chars = t.words.reduce((s, w) => s + w.text.trim().length, 0);
      if (chars < 20 && opts.ocrPage) {
        pages.push(await opts.ocrPage(doc, n));
        continue;
      }
      pages.push({ number: n, width: t.width, height: t.height, lines: buildLines(t.words, n), source: 'text', quality: 1 });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}
