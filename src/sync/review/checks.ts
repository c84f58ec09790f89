// Checks between fields that tell a misread value even when each looks sure (issue 16):
// subtotal + tax = total, and line items that add up to the subtotal or the total. Fields are
// found by title, the way the service's schema names them (and a workspace's own names).
import type { FormField } from '../export/types.js';

export interface FailedCheck { fields: string[]; detail: string }

const TOTAL = /^(total|grand total|amount due|total amount|invoice total)$/i;
const SUBTOTAL = /^(subtotal|sub total|net|net amount|net total)$/i;
const TAX = /^(tax|vat|gst|sales tax|tax amount)$/i;
const ITEMS = /line ?items?|items|positions/i;
const AMOUNT = /^(amount|line total|total|net amount)$/i;

const num = (f: FormField | undefined) => (f && typeof f.value === 'number' && Number.isFinite(f.value) ? f.value : null);
const near = (a: number, b: number) => Math.abs(a - b) <= Math.max(0.011, Math.abs(b) * 0.0005);

export function crossChecks(fields: FormField[]): FailedCheck[] {
  const find = (re: RegExp) => fields.find((f) => re.test(f.title.trim()));
  const total = find(TOTAL);
  const subtotal = find(SUBTOTAL);
  const tax = find(TAX);
  const out: FailedCheck[] = [];
  const [t, s, x] = [num(total), num(subtotal), num(tax)];
  if (t !== null && s !== null && x !== null && !near(s + x, t)) {
    out.push({ fields: [total!.title, subtotal!.title, tax!.title], detail: `${subtotal!.title} ${s} + ${tax!.title} ${x} is not ${total!.title} ${t}` });
  }
  const items = fields.find((f) => ITEMS.test(f.title) && Array.isArray(f.value) && f.value.length > 0);
  const sum = items ? itemsSum(items.value as unknown[]) : null;
  const target = s ?? t;
  // Items with tax on top add up to the subtotal, or to the total less tax.
  if (sum !== null && target !== null && !near(sum, target) && !(t !== null && near(sum, t)) && !(t !== null && x !== null && near(sum, t - x))) {
    out.push({ fields: [items!.title, (subtotal ?? total)!.title], detail: `${items!.title} add up to ${round(sum)}, not ${target}` });
  }
  return out;
}

function itemsSum(rows: unknown[]): number | null {
  let sum = 0;
  for (const row of rows) {
    if (!row || typeof row !== 'object') return null;
    const key = Object.keys(row).find((k) => AMOUNT.test(k));
    const v = key ? (row as Record<string, unknown>)[key] : null;
    if (typeof v !== 'number' || !Number.isFinite(v)) return null;
    sum += v;
  }
  return sum;
}

const round = (n: number) => Math.round(n * 100) / 100;
