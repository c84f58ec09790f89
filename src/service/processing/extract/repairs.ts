import type { Line } from '../layout/model.js';
import { lostDecimalReading } from '../parse/amounts.js';
import type { DocContext } from './context.js';

// Conservative repairs of OCR damage a careful clerk would make, each only where
// the evidence is on the page: a decimal mark lost in a document whose amounts
// show cents, a digit read as a letter inside a number-with-unit.

/** True when the line was read by OCR (a text layer has no misread digits to repair). */
export function fromOcr(line: Line | undefined, ctx: DocContext): boolean {
  if (!line) return false;
  return ctx.pages.some((p) => p.number === line.page && p.source === 'ocr');
}

/** The amount `text` stands for if OCR lost its decimal mark; null when nothing suggests that. */
export function decimalRepair(text: string, line: Line | undefined, ctx: DocContext): number | null {
  if (!ctx.decimal || !fromOcr(line, ctx)) return null;
  return lostDecimalReading(text.replace(/\d+(?:[.,]\d+)?\s?%/g, ' '));
}
