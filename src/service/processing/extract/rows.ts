import { parseAmount } from '../parse/amounts.js';
import type { DocContext } from './context.js';
import type { TableRow } from './table.js';

// Arithmetic a clerk checks on each line item: quantity x unit price = amount.
// When one of the three is missing or misread, the other two decide it.

export interface RowNumbers {
  quantity: number | null;
  unitPrice: number | null;
  amount: number | null;
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const digits = (s: string) => s.replace(/\D/g, '');

export function rowNumbers(row: TableRow, ctx: DocContext): RowNumbers {
  const raw = (c: 'quantity' | 'unitPrice' | 'amount') => row.cells.get(c) ?? '';
  let q = parseAmount(raw('quantity'), ctx.decimal);
  let p = parseAmount(raw('unitPrice'), ctx.decimal);
  let a = parseAmount(raw('amount'), ctx.decimal);
  if (q !== null && p !== null && a !== null && Math.abs(q * p - a) <= 0.011) return { quantity: q, unitPrice: p, amount: a };
  if (p && a !== null) {
    const ratio = a / p;
    if (Math.abs(ratio - Math.round(ratio)) < 0.002 && Math.round(ratio) >= 1 && Math.round(ratio) <= 100000) {
      return { quantity: Math.round(ratio), unitPrice: p, amount: a };
    }
  }
  if (q !== null && p !== null) {
    const qp = r2(q * p);
    // The amount's digits match the product: only the decimal mark was misread.
    if (a === null || digits(raw('amount')) === digits(qp.toFixed(2))) a = qp;
  } else if (q && a !== null && p === null) p = r2(a / q);
  else if (q === null && p !== null && a !== null && Math.abs(p - a) <= 0.011) q = 1;
  return { quantity: q, unitPrice: p, amount: a };
}

/** Amounts as quantity x price where that makes the items add up to `target` and the read amounts do not. */
export function reconcile(rows: RowNumbers[], target: number | null): RowNumbers[] {
  if (target === null || !rows.length) return rows;
  const sum = (rs: RowNumbers[]) => r2(rs.reduce((s, r) => s + (r.amount ?? 0), 0));
  if (Math.abs(sum(rows) - target) <= 0.011) return rows;
  const fixed = rows.map((r) => (r.quantity !== null && r.unitPrice !== null ? { ...r, amount: r2(r.quantity * r.unitPrice) } : r));
  return Math.abs(sum(fixed) - target) <= 0.011 ? fixed : rows;
}
