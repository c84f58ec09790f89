import { classifyDocument, type DocumentType } from '../doctype.js';
import type { Line, PageLayout } from '../layout/model.js';
import { decimalStyleOf, type DecimalStyle } from '../parse/amounts.js';
import { documentOrder, type DayOrder, type DocumentOrder } from '../parse/dates.js';
import { rejoinedRows } from './rejoinedRows.js';

/** What the extractor knows about one document before reading any field. */
export interface DocContext {
  pages: PageLayout[];
  lines: Line[];
  text: string;
  decimal: DecimalStyle | undefined;
  order: DayOrder;
  /** What decided `order`: the document's dates, its country, or nothing (a default). */
  orderFrom: DocumentOrder['from'];
  /** Mean OCR quality of the pages (1 for text layers, and for OCR it was sure of). */
  quality: number;
  /** Some page was read by OCR, not from a text layer. */
  ocr: boolean;
  /** What the document is (doctype.ts): a credit note's minus figures are its amounts. */
  type: DocumentType;
}

/** `type` as the caller classified the document already; classified here otherwise. */
export function buildContext(pages: PageLayout[], type?: DocumentType): DocContext {
  const printed = pages.flatMap((p) => p.lines);
  const decimal = decimalStyleOf(printed.map((l) => l.text).join('\n'));
  const lines = rejoinedRows(printed, new Set(pages.filter((p) => p.source === 'ocr').map((p) => p.number)), decimal);
  const text = lines.map((l) => l.text).join('\n');
  const quality = pages.length ? pages.reduce((s, p) => s + p.quality, 0) / pages.length : 1;
  const { order, from } = documentOrder(text);
  return { pages, lines, text, decimal, order, orderFrom: from, quality, ocr: pages.some((p) => p.source === 'ocr'), type: type ?? classifyDocument(pages).type };
}

export { normLabel } from './normLabel.js';
