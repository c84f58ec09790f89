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
}

export async function pdfPages(bytes: Buffer, opts: PdfPagesOptions = {}): Promise<PageLayout[]> {
  const doc = await openPdf(bytes);
  try {
    checkPageCount(doc.numPages);
    const counted = countPages(doc.numPages, opts.onPage);
    await opts.onPage?.(0, doc.numPages);
    let lines = 0;
    // Text pages are read in order; pages needing OCR run in parallel on the pool.
    const pages: Promise<PageLayout>[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      const t = await pdfPageText(doc, n);
      const chars = t.words.reduce((s, w) => s + w.text.trim().length, 0);
      if (chars < 20 && opts.ocrPage) {
        pages.push(opts.ocrPage(doc, n).then(counted));
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
