// The overview's picture: totals per month and the top vendors, per currency, from the
// ledgers' rows (each document once: the watched folders' roll-ups only). Documents without
// a total, deleted or failed ones, and letters (no total) are left out.
import type { Db } from '../sync/state/db.js';
import { exportedLedgerFields } from '../sync/state/queries.js';
import { rolesOf } from '../sync/export/ledger-layout.js';
import type { StoredField } from '../sync/export/ledger-store.js';

export interface CurrencyTotals {
  /** ISO code as the documents give it, or '' when they name none. */
  currency: string;
  documents: number;
  /** The last 12 months that have documents, oldest first (`2026-03`). */
  months: Array<{ month: string; total: number }>;
  /** The five vendors with the largest sums. */
  vendors: Array<{ vendor: string; total: number }>;
}

const asNumber = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

export function totalsByCurrency(db: Db, roots: readonly string[]): CurrencyTotals[] {
  if (roots.length === 0) return [];
  const rows = exportedLedgerFields(db, roots);
  const by = new Map<string, { documents: number; months: Map<string, number>; vendors: Map<string, number> }>();
  for (const json of rows) {
    const roles = rolesOf(JSON.parse(json) as StoredField[]);
    const total = asNumber(roles.get('total')?.v);
    if (total === null) continue;
    const currency = typeof roles.get('currency')?.v === 'string' ? (roles.get('currency')!.v as string).trim().toUpperCase() : '';
    const entry = by.get(currency) ?? { documents: 0, months: new Map(), vendors: new Map() };
    by.set(currency, entry);
    entry.documents += 1;
    const date = roles.get('date')?.v;
    if (typeof date === 'string' && /^\d{4}-\d{2}/.test(date)) entry.months.set(date.slice(0, 7), (entry.months.get(date.slice(0, 7)) ?? 0) + total);
    const vendor = typeof roles.get('vendor')?.v === 'string' ? (roles.get('vendor')!.v as string).trim() : '';
    if (vendor) entry.vendors.set(vendor, (entry.vendors.get(vendor) ?? 0) + total);
  }
  const round = (n: number) => Math.round(n * 100) / 100;
  return [...by.entries()]
    .sort((a, b) => b[1].documents - a[1].documents)
    .map(([currency, e]) => ({
      currency,
      documents: e.documents,
      months: [...e.months.entries()].sort(([a], [b]) => a.localeCompare(b)).slice(-12).map(([month, total]) => ({ month, total: round(total) })),
      vendors: [...e.vendors.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([vendor, total]) => ({ vendor, total: round(total) })),
    }));
}
