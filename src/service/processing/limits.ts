import { ProcessingError } from './types.js';

// What one uploaded document may hold. Past a limit the upload fails with a ProcessingError
// whose code and reason say which limit (issue 18: never a stack overflow or a run that cannot
// end). The figures leave room for any real invoice, receipt or statement: they bound the time
// and memory of one processing run (extraction reads every line once per field).

export const PROCESSING_LIMITS = {
  /** Pages of a PDF or a multi-page TIFF. */
  pages: 1000,
  /** Lines of text in one document (plain text, CSV, a spreadsheet, all pages of a PDF). */
  lines: 100_000,
  /** Pixels of one image (width x height); larger scans are refused before decoding. */
  imagePixels: 100_000_000,
} as const;

export function checkPageCount(pages: number, limits = PROCESSING_LIMITS): void {
  if (pages > limits.pages) {
    throw new ProcessingError('TOO_MANY_PAGES', `The document has ${pages} pages; at most ${limits.pages} are processed.`);
  }
}

export function checkLineCount(lines: number, limits = PROCESSING_LIMITS): void {
  if (lines > limits.lines) {
    throw new ProcessingError('TOO_MANY_LINES', `The document has ${lines} lines of text; at most ${limits.lines} are processed.`);
  }
}

export function checkImageSize(width: number, height: number, limits = PROCESSING_LIMITS): void {
  if (width * height > limits.imagePixels) {
    const mp = (n: number) => `${Math.round(n / 1e6)} megapixels`;
    throw new ProcessingError('IMAGE_TOO_LARGE', `The image is ${width} x ${height} (${mp(width * height)}); at most ${mp(limits.imagePixels)} are processed.`);
  }
}

/** Line breaks in a text, counted without splitting it (a cheap check before any layout work). */
export function countLines(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}
