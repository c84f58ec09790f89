// The ledger as a table (columns: ledger-layout.ts). Each cell has a text form (CSV, in
// the locale's way of writing dates and decimals) and a typed form (xlsx): amounts as
// numbers with their currency's format, dates as dates, "processed at" in local time.
import type { StoredField, StoredRow } from './ledger-store.js';
import { isPlainNumber } from './csv.js';
import { AMOUNT_ROLES, labelsFor, rolesOf, type ColumnKey, type Role } from './ledger-layout.js';
import { amountNumFmt, dateNumFmt, dateText, dateTimeText, localWallClock, numberText, type LedgerFormat } from './ledger-format.js';
import { valueText } from './values.js';

export type TypedValue = string | number | boolean | Date | null;
export interface LedgerCell {
  text: string;
  typed: TypedValue;
  kind: 'text' | 'number' | 'boolean' | 'date' | 'datetime';
  /** Excel number format of the xlsx cell (dates, amounts). */
  numFmt?: string;
  /** Relative address of the file the cell names (the xlsx makes it a link). */
  link?: string;
  /** The row's review state needs a person (issue 16): the xlsx highlights the row. */
  toReview?: boolean;
}

export function rowCells(row: StoredRow, columns: readonly ColumnKey[], f: LedgerFormat): LedgerCell[] {
  const roles = rolesOf(row.fields);
  const byTitle = new Map<string, StoredField>();
  for (const field of row.fields) if (!byTitle.has(field.t)) byTitle.set(field.t, field);
  const currency = currencyOf(roles.get('currency'));
  const label = labelsFor(f.locale);
  return columns.map((c) => {
    const [kind, ...rest] = c.split(':');
    const name = rest.join(':');
    if (kind === 'role') return roleCell(name as Role, roles.get(name as Role), currency, f);
    if (kind === 'field') return fieldCell(byTitle.get(name), f);
    switch (name) {
      case 'review': return { ...text(row.reviewState ? label(`review.${row.reviewState}`) : ''), ...(row.reviewState === 'needs review' ? { toReview: true } : {}) };
      case 'file': return { ...text(row.relPath), link: row.status === 'deleted' ? undefined : row.relPath };
      case 'document': return text(row.documentName);
      case 'status': return text(label(`status.${row.status}`));
      case 'processedAt': return instantCell(row.processedAt, f);
      case 'items': return itemsCell(row.fields);
      case 'remotePath': return text(row.remotePath);
      default: return text(row.note ?? '');
    }
  });
}

export function text(s: string): LedgerCell {
  return { text: s, typed: s === '' ? null : s, kind: 'text' };
}

export function currencyOf(f: StoredField | undefined): string | null {
  return typeof f?.v === 'string' && f.v.trim() !== '' ? f.v.trim() : null;
}

function roleCell(role: Role, field: StoredField | undefined, currency: string | null, f: LedgerFormat): LedgerCell {
  const cell = fieldCell(field, f);
  if (AMOUNT_ROLES.has(role) && cell.kind === 'number') return { ...cell, numFmt: amountNumFmt(f.locale, currency) };
  return cell;
}

function itemsCell(fields: readonly StoredField[]): LedgerCell {
  const n = fields.reduce((sum, x) => sum + (x.n ?? 0), 0);
  return { text: String(n), typed: n, kind: 'number' };
}

export function fieldCell(field: StoredField | undefined, f: LedgerFormat): LedgerCell {
  if (!field) return text('');
  if (field.n !== undefined) return { text: String(field.n), typed: field.n, kind: 'number' };
  return valueCell(field.v, field.y, f);
}

/** One value (a field's, or a line item's) as a cell. */
export function valueCell(v: unknown, type: string, f: LedgerFormat): LedgerCell {
  if (typeof v === 'number' && Number.isFinite(v)) return { text: numberText(v, f), typed: v, kind: 'number' };
  if (typeof v === 'boolean') return { text: valueText(v), typed: v, kind: 'boolean' };
  if (typeof v === 'string') {
    const t = type.toLowerCase();
    if (t === 'number' && isPlainNumber(v.trim())) return valueCell(Number(v.trim()), type, f);
    if (t === 'date') {
      const d = parseIsoDate(v);
      if (d && !d.withTime) return { text: dateText(d.date, f), typed: d.date, kind: 'date', numFmt: dateNumFmt(f.locale, false) };
      if (d) return instantCell(v, f);
    }
  }
  return text(valueText(v));
}

/** An instant (ISO with a zone, UTC when none) shown in local time. */
function instantCell(iso: string, f: LedgerFormat): LedgerCell {
  const d = parseIsoDate(iso);
  if (!d) return text(iso);
  if (!d.withTime) return { text: dateText(d.date, f), typed: d.date, kind: 'date', numFmt: dateNumFmt(f.locale, false) };
  return { text: dateTimeText(d.date, f), typed: localWallClock(d.date, f.timeZone), kind: 'datetime', numFmt: dateNumFmt(f.locale, true) };
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
    const date = new Date(/Z|[+-]\d{2}:\d{2}$/.test(s) ? s : `${s}Z`);
    return Number.isNaN(date.getTime()) ? null : { date, withTime: true };
  }
  return null;
}
