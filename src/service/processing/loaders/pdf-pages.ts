import PQueue from 'p-queue';
import type { PageLayout } from '../layout/model.js';
import { buildLines } from '../layout/lines.js';
import { checkLineCount, checkPageCount } from '../limits.js';
import type { PageReport } from '../types.js';
import { openPdf, pdfPageText } from './pdf.js';

// PDF pages from the text layer; pages without usable text are handed to `ocrPage`.

export interface PdfPagesOptions {
  signal?: AbortSignal;
  ocrPage?: (doc: Awaited<ReturnType<typeof openPdf>>, pageNo: number) => Promise<PageLayout>;
  onPage?: PageReport;
  /** Pages of this document being rendered and read at once (OCR_PAGES_AHEAD by default). */
  ocrAhead?: number;
}

/**
 * Pages of one document rendered and OCR'd at once. Each page in flight holds its rendered
 * canvas, its PNG, its grey pixels and pdf.js's decoded image: a 12-page scan started all its
 * pages together and peaked about 100 MB higher (1,240 against 1,142 MB, docs/ocr.md). Two keep
 * the OCR workers busy (one page's recognition runs while the next is rendered and detected),
 * and the service reads two documents at a time.
 */
export const OCR_PAGES_AHEAD = 2;

export async function pdfPages(bytes: Buffer, opts: PdfPagesOptions = {}): Promise<PageLayout[]> {
  const doc = await openPdf(bytes);
  try {
    checkPageCount(doc.numPages);
    const counted = countPages(doc.numPages, opts.onPage);
    await opts.onPage?.(0, doc.numPages);
    let lines = 0;
    // Text pages are read in order; pages needing OCR run OCR_PAGES_AHEAD at a time.
    const ahead = new PQueue({ concurrency: opts.ocrAhead ?? OCR_PAGES_AHEAD });
    const pages: Promise<PageLayout>[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      const t = await pdfPageText(doc, n);
      const chars = t.words.reduce((s, w) => s + w.text.trim().length, 0);
      if (chars < 20 && opts.ocrPage) {
        const ocrPage = opts.ocrPage;
        pages.push(ahead.add(() => (opts.signal?.throwIfAborted(), ocrPage(doc, n))).then(counted));
        continue;
      }
      const layout: PageLayout = { number: n, width: t.width, height: t.height, lines: buildLines(t.words, n), source: 'text', quality: 1 };
      lines += layout.lines.length;
      checkLineCount(lines);
      pages.push(counted(layout));
    }
    return await Promise.all(pages);
  } finally {
    await doc.destroy();
  }
}

/** Passes each page through, reporting how many of `total` are read once it is. */
export function countPages(total: number, report: PageReport | undefined): (page: PageLayout) => Promise<PageLayout> {
  let done = 0;
  return async (page) => {
    await report?.(++done, total);
    return page;
  };
}
