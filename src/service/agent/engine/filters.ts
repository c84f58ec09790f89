// A query's filters applied to the records: vendors, period (of the invoice date or the due
// date), currency, amount, review state. A month named without a year is resolved to the latest
// such month the documents cover, and the answer says which.
import { resolveMonth, type Period } from './dates.js';
import { findVendors, vendorsOf, type Vendor } from './entities.js';
import type { Query } from './question.js';
import { currencyOf, dateOf, numberOf, textOf, type DocRecord } from './records.js';

export interface Applied {
  records: DocRecord[];
  /** The vendors the query's names resolved to. */
  vendors: Vendor[];
  /** Vendor names that matched no document. */
  unknown: string[];
  period?: { from?: string; to?: string; label: string };
}

/** The vendors of the query's names (each name matched against the documents' vendors). */
export function resolveVendors(names: string[], records: DocRecord[]): { vendors: Vendor[]; unknown: string[] } {
  const all = vendorsOf(records);
  const vendors: Vendor[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const exact = all.find((v) => v.name === name);
    const found = exact ? [exact] : findVendors(name, records).vendors;
    if (found.length === 0) unknown.push(name);
    for (const v of found) if (!vendors.includes(v)) vendors.push(v);
  }
  return { vendors, unknown };
}

/** A period with its year-less month resolved against the records' dates. */
export function resolvePeriod(p: Period | undefined, records: DocRecord[], field: 'date' | 'due', nowMs: number): Applied['period'] {
  if (!p) return undefined;
  if (p.month === undefined) return { from: p.from, to: p.to, label: p.label };
  const dates = records.map((r) => dateOf(r.roles[field])).filter((d): d is string => d !== undefined);
  const r = resolveMonth(p.month, dates, nowMs);
  return { from: r.from, to: r.to, label: `${r.from.slice(0, 7)}` };
}

export function inPeriod(r: DocRecord, period: Applied['period'], field: 'date' | 'due'): boolean {
  if (!period) return true;
  const d = dateOf(r.roles[field]);
  if (!d) return false;
  return (!period.from || d >= period.from) && (!period.to || d <= period.to);
}

/** Every filter but the period (compare applies its own periods). */
export function filterBase(records: DocRecord[], q: Query, vendors: Vendor[]): DocRecord[] {
  const allowed = new Set(vendors.flatMap((v) => v.records));
  return records.filter((r) => {
    if (vendors.length > 0 && !allowed.has(r)) return false;
    if (q.currency && currencyOf(r) !== q.currency) return false;
    const total = numberOf(r.roles.total);
    if (q.minAmount !== undefined && !(total !== undefined && total >= q.minAmount)) return false;
    if (q.maxAmount !== undefined && !(total !== undefined && total <= q.maxAmount)) return false;
    if (q.review === 'needs_review' && r.review !== 'needs_review') return false;
    if (q.review === 'corrected' && r.review !== 'corrected') return false;
    return true;
  });
}

export function applyFilters(all: DocRecord[], q: Query, nowMs: number): Applied {
  const { vendors, unknown } = resolveVendors(q.vendors, all);
  const base = filterBase(all, q, vendors);
  const period = resolvePeriod(q.period, base.length ? base : all, q.dateField, nowMs);
  return { records: base.filter((r) => inPeriod(r, period, q.dateField)), vendors, unknown, period };
}

/** The label a document goes by in answers: its number, else its file name. */
export const labelOf = (r: DocRecord): string => textOf(r.roles.number) ?? r.doc.fileName;
