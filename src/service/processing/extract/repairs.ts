import type { Line } from '../layout/model.js';
import { currencyOf, lostDecimalReading } from '../parse/amounts.js';
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
  if (!ctx.decimal || !fromOcr(line, ctx) || wholeCurrency(ctx)) return null;
  return lostDecimalReading(text.replace(/\d+(?:[.,]\d+)?\s?%/g, ' '));
}

/**
 * The amounts `text` may stand for if OCR lost its leading digit: a figure that opens with a group separator
 * (`,408.00`, `.346.88`, `.772,69`) or with a zero before another digit (`09.78`) lost what stood before it. Read
 * with each digit 1-9 put back, the likelier first; empty for any other figure. Only the arithmetic can say
 * which one was printed (chooseTotals), so these readings compete below the figure as read.
 */
export function lostLeadReadings(text: string, line: Line | undefined, ctx: DocContext): number[] {
  const t = text.trim();
  if (!fromOcr(line, ctx) || !/^(?:[.,]\d{3}(?:[.,]\d{3})*|0\d{1,2})[.,]\d{2}$/.test(t)) return [];
  const digits = t.replace(/\D/g, '');
  const whole = digits.slice(0, -2);
  const cents = Number(digits.slice(-2)) / 100;
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => Number(`${d}${whole}`) + cents);
}

// Currencies whose amounts show no cents (the Rwandan franc of an EBM receipt, "TOTAL TAX  374"; the yen, the won): a
// figure without decimals lost no decimal mark, whatever else on the page shows two (its quantities, "1.00x").
const WHOLE = new Set(['RWF', 'BIF', 'JPY', 'KRW', 'ISK']);
const whole = new WeakMap<DocContext, boolean>();
function wholeCurrency(ctx: DocContext): boolean {
  let w = whole.get(ctx);
  if (w === undefined) whole.set(ctx, (w = WHOLE.has(currencyOf(ctx.text) ?? '')));
  return w;
}

// A quantity with a unit ("500 sheets", "5m", "1kg") where OCR read a digit as a look-alike letter.
const UNIT = '(?:kg|g|mm|cm|km|ml|m|l)';
const LOOKALIKE: Record<string, string> = { S: '5', O: '0', o: '0', I: '1', l: '1' };
const TOKEN = new RegExp(`(?<![\\p{L}\\p{N}])([SOoIl\\d]+?)(${UNIT})?(?![\\p{L}\\p{N}])(?=(\\s+\\p{Ll}+)?)`, 'gu');

/**
 * Digit look-alikes repaired inside tokens that are clearly numbers with a unit; words are
 * never rewritten. Two shapes qualify: one look-alike among two or more digits followed by a
 * unit or a counted word ("S00 sheets" -> "500 sheets"), and a single look-alike right before
 * a unit ("Sm" -> "5m", "Ikg" -> "1kg"; I and l not before a bare m or l, where they spell words).
 * A one read as a word of its own before a unit ("I kg", "! kg") or a French ordinal ("du ler au 31")
 * is a one too: neither is a word.
 */
export function repairNumberTokens(text: string): string {
  return text
    .replace(/(?<![\p{L}\p{N}])[Il!|](?=( (kg|g|mm|cm|km|ml)|er)(?![\p{L}\p{N}]))/gu, '1')
    .replace(TOKEN, (tok, num: string, unit: string | undefined, counted: string | undefined) => {
      const letters = num.replace(/\d/g, '');
      if (letters.length !== 1) return tok;
      if (num.length === 1) {
        if (!unit || letters === 'o' || letters === 'O') return tok;
        if ((letters === 'I' || letters === 'l') && (unit === 'm' || unit === 'l')) return tok;
      } else if (num.length < 3 || !(unit || counted)) return tok;
      return num.replace(/[SOoIl]/g, (c) => LOOKALIKE[c]) + (unit ?? '');
    });
}
