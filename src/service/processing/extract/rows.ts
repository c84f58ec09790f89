import { amountsIn, parseAmount } from '../parse/amounts.js';
import type { DocContext } from './context.js';
import { decimalRepair } from './repairs.js';
import type { Line } from '../layout/model.js';

// Arithmetic a clerk checks on each line item: quantity x unit price = amount.
// When one of the three is missing or misread, the other two decide it. A price
// or amount whose decimal mark OCR lost ("32731" in a document of "390,90") is
// read with two decimals when the row's arithmetic agrees; the items' sum against
// the subtotal settles rows the row alone cannot (see reconcile).

/** What the arithmetic reads of a table row (extract/table.ts's TableRow): its cells by column, its lines. */
export interface RowCells {
  cells: ReadonlyMap<string, string>;
  lines: readonly Line[];
}

export interface RowNumbers {
  quantity: number | null;
  unitPrice: number | null;
  amount: number | null;
}

/** A row's preferred reading and the other consistent readings, best first. */
export interface RowReadings {
  best: RowNumbers;
  others: RowNumbers[];
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const digits = (s: string) => s.replace(/\D/g, '');
// Signs as printed: a credit note may print only its amounts negative ("1 x 55.28 = (55.28)").
const fits = (q: number | null, p: number | null, a: number | null) =>
  q !== null && p !== null && a !== null && Math.abs(Math.abs(q * p) - Math.abs(a)) <= 0.011;

/**
 * A price to four decimals or more, one mark and no grouping ("0.27833", "0,1547"): a rate per kWh or per unit
 * of a bill, read whole (amounts are read to three decimals at most). Null for anything else.
 */
function finePrice(text: string): number | null {
  const m = /^\s*(?:[€$£]|EUR|GBP|USD)?\s*(-?\d{1,6})[.,](\d{4,6})\s*$/.exec(text);
  return m ? Number(`${m[1]}.${m[2]}`) : null;
}

/**
 * An amount with a till's tax-class letter glued after it ("850B", "8,600A-EX"), the letter OCR may read as a digit
 * ("850B" as 8508) and its zeros as letters ("5COB" for 500B, "1,40CA-EX" for 1,400A-EX): the amount's text without
 * the letter, its O and C between figures read as zeros. Null where the text ends in no such letter. A reading
 * only: the row's arithmetic decides whether it is the amount.
 */
export function withoutTaxMark(text: string): string | null {
  const m = /^\s*(-?\d(?:[\d.,]|[OoC](?=[\d.,OoC]*[A-Z]))*)\s?([A-Z]{1,2}(?:-[A-Z]{1,3})?)\s*$/.exec(text);
  return m ? m[1]!.replace(/[OoC]/g, '0') : null;
}

export function rowNumbers(row: RowCells, ctx: DocContext): RowNumbers {
  return rowReadings(row, ctx).best;
}

export function rowReadings(row: RowCells, ctx: DocContext): RowReadings {
  const raw = (c: 'quantity' | 'unitPrice' | 'amount' | 'discount') => row.cells.get(c) ?? '';
  const line = row.lines[0];
  // Readings of a money cell, most credible first: a damaged-looking number's repair leads.
  const money = (c: 'unitPrice' | 'amount') => {
    const read = finePrice(raw(c)) ?? parseAmount(raw(c), ctx.decimal);
    const fixed = decimalRepair(raw(c), line, ctx);
    const marked = c === 'amount' ? withoutTaxMark(raw(c)) : null;
    const unmarked = marked === null ? null : parseAmount(marked, ctx.decimal);
    const readings = fixed !== null && fixed !== read ? [fixed, read] : [read];
    return unmarked !== null && !readings.includes(unmarked) ? [...readings, unmarked] : readings;
  };
  const q = parseAmount(raw('quantity'), ctx.decimal);
  // Two price columns under one name (before and after tax, "£117.35  £123.22"): each is a reading,
  // the one that times the quantity gives the amount first.
  const prices = /\p{L}{2}/u.test(raw('unitPrice').replace(/\b[A-Z]{3}\b/g, '')) ? [] : amountsIn(raw('unitPrice'), ctx.decimal).slice(1);
  const ps = [...new Set([...money('unitPrice'), ...prices])];
  const as = money('amount');
  const consistent: RowNumbers[] = [];
  // A column left empty and two figures under its neighbour's name (a right-aligned figure standing nearer
  // the next column's name than its own: "9,0000  114,0000" under the price, "32,00  1.216,00" under the
  // amount): the left one is the empty column's where the three agree.
  const two = (c: 'unitPrice' | 'amount') => {
    const words = raw(c).trim().split(/\s+/);
    const got = words.length === 2 ? words.map((w) => parseAmount(w, ctx.decimal)) : [];
    return got.length === 2 && got.every((n) => n !== null) ? (got as number[]) : undefined;
  };
  const pq = q === null ? two('unitPrice') : undefined;
  if (pq) for (const a of as) if (fits(pq[0]!, pq[1]!, a)) consistent.push({ quantity: pq[0]!, unitPrice: pq[1]!, amount: a });
  const pa = q !== null && !raw('unitPrice').trim() ? two('amount') : undefined;
  if (pa && fits(q, pa[0]!, pa[1]!)) consistent.push({ quantity: q, unitPrice: pa[0]!, amount: pa[1]! });
  for (const p of ps) for (const a of as) if (fits(q, p, a)) consistent.push({ quantity: q, unitPrice: p, amount: a });
  if (consistent.length) return { best: consistent[0], others: consistent.slice(1) };
  // A discount column ("Desc. %  15,00"): the amount is quantity x price less that share, to the cent.
  const off = row.cells.has('discount') ? parseAmount(raw('discount'), ctx.decimal) : null;
  if (off !== null && off > 0 && off < 100) {
    for (const p of ps) for (const a of as) if (fits(q, p === null ? null : p * (1 - off / 100), a)) return { best: { quantity: q, unitPrice: p, amount: a }, others: [] };
  }
  const best = derive(q, ps, as, raw('amount'));
  // All three read but they disagree: a misread price is told by the amount divided
  // by the quantity coming out to the cent; the items' sum may still prefer the product.
  const [p, a] = [ps[0], as[0]];
  if (best.quantity === q && best.unitPrice === p && best.amount === a && q && p !== null && a !== null) {
    const byAmount = r2(a / q);
    if (Math.abs(byAmount * q - a) <= 0.005) return { best: { quantity: q, unitPrice: byAmount, amount: a }, others: [{ quantity: q, unitPrice: p, amount: r2(q * p) }] };
  }
  return { best, others: [] };
}

// No reading fits as printed: derive the missing or misread member from the other two.
function derive(q: number | null, ps: (number | null)[], as: (number | null)[], rawAmount: string): RowNumbers {
  for (const p of ps) {
    for (const a of as) {
      if (!p || a === null) continue;
      // Signs as printed (a credit note's negative amount beside its positive price): the count is the ratio's size.
      const ratio = Math.abs(a / p);
      if (Math.abs(ratio - Math.round(ratio)) < 0.002 && Math.round(ratio) >= 1 && Math.round(ratio) <= 100000) {
        return { quantity: Math.round(ratio), unitPrice: p, amount: a };
      }
    }
  }
  let p = ps[0];
  let a = as[0];
  if (q !== null && p !== null) {
    const qp = r2(q * p);
    // The amount's digits match the product: only the decimal mark was misread.
    if (a === null || digits(rawAmount) === digits(qp.toFixed(2))) a = qp;
  } else if (q && a !== null && p === null) p = r2(a / q);
  else if (q === null && p !== null && a !== null && Math.abs(Math.abs(p) - Math.abs(a)) <= 0.011) q = 1;
  return { quantity: q, unitPrice: p, amount: a };
}

/**
 * Rows re-read so the items add up to `target` (the subtotal) where the preferred
 * readings do not: amounts as quantity x price, or one or two rows' other consistent readings.
 */
export function reconcile(rows: RowNumbers[], target: number | null, readings?: RowReadings[]): RowNumbers[] {
  if (target === null || !rows.length) return rows;
  const sum = (rs: RowNumbers[]) => r2(rs.reduce((s, r) => s + (r.amount ?? 0), 0));
  const hits = (rs: RowNumbers[]) => Math.abs(sum(rs) - target) <= 0.011;
  if (hits(rows)) return rows;
  const fixed = rows.map((r) => (r.quantity !== null && r.unitPrice !== null ? { ...r, amount: r2(r.quantity * r.unitPrice) } : r));
  if (hits(fixed)) return fixed;
  if (!readings) return rows;
  const alts = readings.flatMap((r, i) => r.others.map((o) => ({ i, o })));
  for (const x of alts) {
    const one = rows.map((r, i) => (i === x.i ? x.o : r));
    if (hits(one)) return one;
  }
  for (const [k, x] of alts.entries()) {
    for (const y of alts.slice(k + 1)) {
      if (y.i === x.i) continue;
      const two = rows.map((r, i) => (i === x.i ? x.o : i === y.i ? y.o : r));
      if (hits(two)) return two;
    }
  }
  return rows;
}

/**
 * A credit note's rows where the table prints the counts negative ("-2  94,87  -189,74"): a row with a negative
 * amount whose count reads positive lost its minus to OCR ("3  16,75  -50,25"). Tables that print only their
 * amounts negative ("1 x 55.28 = (55.28)") keep their counts.
 */
export function signedCounts(rows: RowNumbers[]): RowNumbers[] {
  const negative = (n: number | null) => n !== null && n < 0;
  if (!rows.some((r) => negative(r.quantity) && negative(r.amount))) return rows;
  return rows.map((r) => (negative(r.amount) && r.quantity !== null && r.quantity > 0 && r.unitPrice !== null && r.unitPrice > 0 ? { ...r, quantity: -r.quantity } : r));
}
