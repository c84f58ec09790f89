// The ledger as a table: fixed columns, then one column per field (union over
// the ledger's documents, in order of first appearance). Each cell has a text
// form (CSV) and a typed form (xlsx): numbers as numbers, ISO dates as dates.
//
// A table field (line items) shows its row count ("3 line items") in the
// ledger; the items themselves are in the file's .values.csv sidecar.
import type { StoredField, StoredRow } from './ledger-store.js';
import { isPlainNumber } from './csv.js';
import { valueText } from './values.js';
import { REVIEW_TYPE } from '../review/columns.js';

export const LEDGER_FIXED = ['File', 'Document', 'Remote path', 'Status', 'Processed at', 'Note'] as const;

export type TypedValue = string | number | boolean | Date | null;
export interface LedgerCell {
  text: string;
  typed: TypedValue;
  kind: 'text' | 'number' | 'boolean' | 'date' | 'datetime';
  /** The row's review state needs a person (issue 16): the xlsx highlights the row. */
  toReview?: boolean;
}

/** Header labels; a field titled like a fixed column gets " (field)" so the two stay apart. */
export function headerFor(fieldTitles: readonly string[]): string[] {
  const fixed = new Set(LEDGER_FIXED.map((f) => f.toLowerCase()));
  return [...LEDGER_FIXED, ...fieldTitles.map((t) => (fixed.has(t.toLowerCase()) ? `${t} (field)` : t))];
}

/** Field titles used by the rows, ordered by the ledger's stable column order. */
export function usedColumns(order: readonly string[], rows: readonly StoredRow[]): string[] {
  const used = new Set<string>();
  for (const r of rows) for (const f of r.fields) used.add(f.t);
  return order.filter((t) => used.has(t));
}

export function rowCells(row: StoredRow, fieldTitles: readonly string[]): LedgerCell[] {
  const byTitle = new Map<string, StoredField>();
  for (const f of row.fields) if (!byTitle.has(f.t)) byTitle.set(f.t, f);
  return [
    text(row.relPath), text(row.documentName), text(row.remotePath), text(row.status),
    dateTimeCell(row.processedAt), text(row.note ?? ''),
    ...fieldTitles.map((t) => fieldCell(byTitle.get(t))),
  ];
}

function text(s: string): LedgerCell {
  return { text: s, typed: s === '' ? null : s, kind: 'text' };
}

export function fieldCell(f: StoredField | undefined): LedgerCell {
  if (!f) return text('');
  if (f.y === REVIEW_TYPE) return { ...text(valueText(f.v)), ...(f.v === 'needs review' ? { toReview: true } : {}) };
  if (f.n !== undefined) return text(`${f.n} line item${f.n === 1 ? '' : 's'}`);
  const v = f.v;
  if (typeof v === 'number' && Number.isFinite(v)) return { text: String(v), typed: v, kind: 'number' };
  if (typeof v === 'boolean') return { text: valueText(v), typed: v, kind: 'boolean' };
  if (typeof v === 'string') {
    const type = f.y.toLowerCase();
    if (type === 'number' && isPlainNumber(v.trim())) return { text: v, typed: Number(v.trim()), kind: 'number' };
    if (type === 'date') {
      const d = parseIsoDate(v);
      if (d) return { text: v, typed: d.date, kind: d.withTime ? 'datetime' : 'date' };
    }
  }
  return text(valueText(v));
}

function dateTimeCell(iso: string): LedgerCell {
  const d = parseIsoDate(iso);
  return d ? { text: iso, typed: d.date, kind: d.withTime ? 'datetime' : 'date' } : text(iso);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** ISO dates only (2026-01-31, or with a time); anything else stays text. Calendar-checked. */
export function parseIsoDate(s: string): { date: Date; withTime: boolean } | null {
  const m = ISO_DATE.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    const ok = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
    return ok ? { date, withTime: false } : null;
  }
  if (ISO_DATE_TIME.test(s)) {
    // No zone means UTC here: the ledger shows every time in UTC.
    const date = new Date(/Z|[+-]\d{2}:\d{2}$/.test(s) ? s : `${s}Z`);
    return Number.isNaN(date.getTime()) ? null : { date, withTime: true };
  }
  return null;
}
