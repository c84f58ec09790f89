import { amountsIn } from '../parse/amounts.js';
import type { Candidate } from './candidates.js';
import type { DocContext } from './context.js';
import { boxedValue, figure } from './boxes.js';
import { findLabels } from './labels.js';

// A Brazilian DANFE (the printout of an NF-e) prints its totals in the boxes of its tax calculation
// (CÁLCULO DO IMPOSTO), each figure under its box's label: the products' value, the freight, insurance,
// discount and other charges, the ICMS and its base, the IPI, and the note's total. The ICMS is included
// in the products' prices; the IPI is the tax added on top of them. Without IPI no tax was added: the
// products' value is then no subtotal of a tax, and neither is read.

// Abbreviated "V." or "VL.", with or without a space after the point (OCR drops it).
const short = (words: string[]) => words.flatMap((w) => [`valor total ${w}`, `v. total ${w}`, `v.total ${w}`, `vl. total ${w}`, `vl.total ${w}`]);
const TOTAL = [...short(['da nota', 'da nf-e']), 'total da nota'];
const PRODUCTS = [...short(['dos produtos', 'produtos']), 'total dos produtos'];
const IPI = short(['do ipi', 'ipi']);

/**
 * The figure in the box under the first of these labels that has one, or beside it where a scan's
 * line joined the label's row to the figures' ("0,00 V.TOTAL DA NOTA | 927,50").
 */
function boxed(ctx: DocContext, labels: string[]): Candidate | undefined {
  for (const hit of findLabels(ctx, labels)) {
    const right = hit.line.cells[hit.cellIndex + 1];
    const spot = boxedValue(ctx, hit) ?? (!hit.rest && right && figure(right.text) ? { text: right.text, line: hit.line } : undefined);
    const value = spot && amountsIn(spot.text, ctx.decimal)[0];
    if (spot && value !== undefined && value >= 0) return { value, score: 0.95, line: spot.line };
  }
  return undefined;
}

/** The note's total, and where IPI was charged the products' value and the IPI as subtotal and tax. */
export function danfeTotals(ctx: DocContext): { total: Candidate; subtotal?: Candidate; tax?: Candidate } | null {
  const total = boxed(ctx, TOTAL);
  if (!total) return null;
  const subtotal = boxed(ctx, PRODUCTS);
  const tax = boxed(ctx, IPI);
  // Freight, insurance and other charges come on top, a discount off: products and IPI are within the total.
  const within = subtotal && tax && (tax.value as number) > 0 && (subtotal.value as number) + (tax.value as number) <= (total.value as number) + 0.011;
  return within ? { total, subtotal, tax } : { total };
}
