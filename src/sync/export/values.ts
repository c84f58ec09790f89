// Turns formValues fields into flat rows for the CSV sidecar and the ledger.
// Hidden fields (spec 2.2: "hidden from display") are left out of the CSV and
// the ledger; the JSON sidecar keeps everything.
import type { FormField, FormValuesEntry } from './types.js';

export type ItemRow = Record<string, unknown>;
/** A line item: a record of columns, or a bare value (a list of strings, say). */
export type TableItem = { record: ItemRow } | { scalar: unknown };

/** A field as a table: its line items, or null when the field is a scalar. */
export function tableRows(field: FormField): TableItem[] | null {
  const isObjectType = String(field.type).toLowerCase() === 'object';
  const v = field.value;
  if (Array.isArray(v)) return v.map(toItem);
  if (isObjectType) return v === null || v === undefined ? [] : [toItem(v)];
  return null;
}

function toItem(v: unknown): TableItem {
  return isRecord(v) ? { record: v } : { scalar: v };
}

export function visibleFields(entry: FormValuesEntry): FormField[] {
  return (entry.fields ?? []).filter((f) => f && !f.hidden && typeof f.title === 'string');
}

/** Text form of a scalar value, as written into CSV cells. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return JSON.stringify(v);
}

/**
 * Display names of the documents of one upload: the service's file names,
 * with ` (2)`, ` (3)` added where a split gives several parts the same name.
 */
export function documentNames(docs: readonly FormValuesEntry[], fallback: string): string[] {
  const seen = new Map<string, number>();
  return docs.map((d) => {
    const base = d.fileName || fallback;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

function isRecord(v: unknown): v is ItemRow {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
