import type { Line, PageLayout } from '../layout/model.js';
import { decimalStyleOf, currencyOf, type DecimalStyle } from '../parse/amounts.js';
import { dayOrderOf, type DayOrder } from '../parse/dates.js';

/** What the extractor knows about one document before reading any field. */
export interface DocContext {
  pages: PageLayout[];
  lines: Line[];
  text: string;
  decimal: DecimalStyle | undefined;
  order: DayOrder;
  /** Mean OCR quality of the pages (1 for text layers, and for OCR it was sure of). */
  quality: number;
  /** Some page was read by OCR, not from a text layer. */
  ocr: boolean;
}

export function buildContext(pages: PageLayout[]): DocContext {
  const lines = pages.flatMap((p) => p.lines);
  const text = lines.map((l) => l.text).join('\n');
  const decimal = decimalStyleOf(text);
  const quality = pages.length ? pages.reduce((s, p) => s + p.quality, 0) / pages.length : 1;
  return { pages, lines, text, decimal, order: dayOrder(text), quality, ocr: pages.some((p) => p.source === 'ocr') };
}

// Undecided numeric dates: US style only when the document looks American
// (dollars and slashes); elsewhere day first, as in most of the world.
function dayOrder(text: string): DayOrder {
  const evidenced = dayOrderOf(text);
  if (evidenced) return evidenced;
  const slashDates = /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/.test(text);
  return slashDates && currencyOf(text) === 'USD' ? 'MDY' : 'DMY';
}

/** Lower case without accents: OCR without a language's data often loses them ("Fälligkeit" -> "Falligkeit"). */
export function normLabel(s: string): string {
  return s
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim()
    // "N°" (number) is often OCR'd as "N?".
    .replace(/(^|\s)n\?(?=\s|$)/g, '$1n°');
}
