// Scoring rules of ../shared/corpora/README.md: vendor names equal after
// case-folding and removing punctuation and spaces (not containment), dates as
// ISO, amounts to the cent; line items row by row.

import type { SchemaForExtraction } from '../../src/service/processing/types.js';

/** The invoice schema every eval extracts with; truth keys map onto its titles. */
export const EVAL_SCHEMA: SchemaForExtraction = {
  id: 'eval-invoice',
  blueprintId: 'eval',
  name: 'Invoice',
  fields: [
    { title: 'Invoice Number', type: 'STRING' },
    { title: 'Invoice Date', type: 'DATE' },
    { title: 'Due Date', type: 'DATE' },
    { title: 'Vendor Name', type: 'STRING' },
    { title: 'Subtotal', type: 'NUMBER' },
    { title: 'Total', type: 'NUMBER' },
    { title: 'Tax', type: 'NUMBER' },
    { title: 'Currency', type: 'STRING' },
    { title: 'Line Items', type: 'OBJECT', items: [
      { title: 'Description', type: 'STRING' }, { title: 'Quantity', type: 'NUMBER' },
      { title: 'Unit Price', type: 'NUMBER' }, { title: 'Amount', type: 'NUMBER' },
    ] },
  ],
};

/** Truth key -> schema field title. */
export const TITLE_OF: Record<string, string> = {
  invoice_number: 'Invoice Number',
  invoice_date: 'Invoice Date',
  due_date: 'Due Date',
  vendor_name: 'Vendor Name',
  subtotal: 'Subtotal',
  total: 'Total',
  tax: 'Tax',
  currency: 'Currency',
  line_items: 'Line Items',
};

export const ITEM_KEY: Record<string, string> = { description: 'Description', quantity: 'Quantity', unit_price: 'Unit Price', amount: 'Amount' };

export function squash(v: unknown): string {
  return String(v ?? '').normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function text(v: unknown): string {
  return String(v ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ').replace(/^[\s.,:;#]+|[\s.,:;]+$/g, '');
}

const empty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Whether an extracted value counts as right for a truth key. */
export function same(key: string, expected: unknown, actual: unknown): boolean {
  if (empty(expected)) return empty(actual);
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(actual - expected) < 0.005;
  if (key === 'vendor_name') return squash(expected) === squash(actual);
  if (key === 'line_items') {
    const rows = expected as Record<string, unknown>[];
    if (!Array.isArray(actual) || actual.length !== rows.length) return false;
    return rows.every((row, i) => Object.entries(row).every(([k, v]) => {
      const got = (actual[i] as Record<string, unknown>)?.[ITEM_KEY[k] ?? k];
      return k === 'description' ? squash(v) === squash(got) : same(k, v, got);
    }));
  }
  return text(expected) === text(actual);
}

export function describe(expected: unknown, actual: unknown): string {
  const show = (v: unknown) => (Array.isArray(v) ? `${v.length} rows` : JSON.stringify(v ?? null)?.slice(0, 80));
  let extra = '';
  if (process.env.EVAL_ROWS && Array.isArray(expected) && Array.isArray(actual)) {
    const diffs: string[] = [];
    (expected as Record<string, unknown>[]).forEach((row, i) => {
      const got = (actual[i] ?? {}) as Record<string, unknown>;
      for (const [k, v] of Object.entries(row)) {
        const g = got[ITEM_KEY[k] ?? k];
        const ok = k === 'description' ? squash(v) === squash(g) : same(k, v, g);
        if (!ok) diffs.push(`r${i} ${k}: ${JSON.stringify(v)} vs ${JSON.stringify(g)}`);
      }
    });
    extra = ' || ' + diffs.slice(0, 30).join(' | ');
  }
  return `expected ${show(expected)}, got ${show(actual)}${extra}`;
}
