import type { Cell, Line, PageLayout } from '../layout/model.js';
import { cellBox, type Box } from '../pageWords.js';
import { amountsIn, decimalStyleOf } from '../parse/amounts.js';
import { documentOrder, parseDate, type DayOrder } from '../parse/dates.js';
import type { ExtractedField, FieldSource } from '../types.js';

// Where each extracted value was read (issue 16): the page and the box of the cell that shows
// it, so a reviewer sees the value on the page. Found after extraction by looking for the value
// itself, so every way of reading a field (labels, ranker, cross-checks) gets a source without
// each carrying one. A value printed nowhere (a total rebuilt from its parts, a due date from
// payment terms) has none.

export function locateFields(pages: PageLayout[], fields: ExtractedField[]): ExtractedField[] {
  const text = pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
  const style = decimalStyleOf(text);
  const { order } = documentOrder(text);
  return fields.map((f) => {
    if (f.value === null || f.value === undefined || typeof f.value === 'object') return f;
    const source = locateValue(pages, f.type, (t) => matches(t, f.type, f.value, style, order))
      ?? (typeof f.value === 'string' && pages.some((p) => p.source === 'ocr') ? locateValue(pages, f.type, (t) => misreadOf(t, String(f.value))) : undefined);
    return source ? { ...f, source } : f;
  });
}

// OCR's digits for letters, which a vendor's name is mended of (tidyVendorName: "HU1" -> "HUI", "Kiad6" -> "Kiadó"),
// and the marks it lost: a name printed nowhere as mended is still found in the cell it was read from.
const DIGIT_LETTER: Record<string, string> = { 0: 'o', 1: 'i', 5: 's', 6: 'o', 8: 'b' };
const folded = (s: string) => squash(s).normalize('NFD').replace(/\p{M}+/gu, '').replace(/[01568]/g, (d) => DIGIT_LETTER[d]!).replace(/l/g, 'i');
const misreadOf = (cellText: string, value: string): boolean => {
  const want = folded(value);
  return want.length >= 6 && folded(cellText).includes(want);
};

type Test = (cellText: string) => boolean;

/** The first cell showing the value; for amounts the last one (a grand total sits below its parts). */
export function locateValue(pages: PageLayout[], type: string, test: Test): FieldSource | undefined {
  let found: { page: PageLayout; line: Line; cell: Cell } | undefined;
  for (const page of pages) {
    for (const line of page.lines) {
      for (const cell of line.cells) {
        if (!test(cell.text)) continue;
        found = { page, line, cell };
        if (type !== 'number') return sourceOf(found);
      }
    }
  }
  return found && sourceOf(found);
}

function sourceOf(at: { page: PageLayout; line: Line; cell: Cell }): FieldSource | undefined {
  if (!at.page.width || !at.page.height) return undefined;
  const box: Box = cellBox(at.page, at.line, at.cell);
  return { page: at.page.number, box };
}

const squash = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function matches(text: string, type: string, value: unknown, style: ReturnType<typeof decimalStyleOf>, order: DayOrder): boolean {
  if (type === 'number' && typeof value === 'number') return amountsIn(text, style).some((a) => Math.abs(Math.abs(a) - Math.abs(value)) <= 0.005);
  if (type === 'date' && typeof value === 'string') return parseDate(text, order) === value.slice(0, 10);
  const want = squash(String(value));
  return want.length > 0 && squash(text).includes(want);
}
