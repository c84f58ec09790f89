// Figures as an accountant signs them: one per currency (never a sum across currencies), each
// with the documents it was computed from, shown as a table per currency. Every number an answer
// states is one of these figures; the model backend's text is checked against them.
import { formatAmount } from './phrases.js';
import { labelOf } from './filters.js';
import { currencyOf, dateOf, numberOf, textOf, type DocRecord } from './records.js';
import type { AnswerLanguage } from './types.js';

export interface Figure {
  /** What the figure is (sum, average, max, count, quantity...). */
  kind: string;
  /** ISO code; '' when no currency was read (kept apart, never merged). */
  currency: string;
  value: number;
  documents: number;
}

export interface Table {
  currency: string;
  columns: string[];
  rows: string[][];
  /** The closing row (the total), when there is one. */
  total?: string[];
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** Records by currency, in the order currencies first appear (largest group first). */
export function byCurrency(records: DocRecord[]): Array<[string, DocRecord[]]> {
  const groups = new Map<string, DocRecord[]>();
  for (const r of records) groups.set(currencyOf(r), [...(groups.get(currencyOf(r)) ?? []), r]);
  return [...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]));
}

export const totalOf = (r: DocRecord) => numberOf(r.roles.total);

export const taxOf = (r: DocRecord) => numberOf(r.roles.tax);

/** Sum of totals (or another amount: the tax) per currency; records without it are left out of the sum. */
export function sums(records: DocRecord[], amountOf: (r: DocRecord) => number | undefined = totalOf): Figure[] {
  return byCurrency(records).flatMap(([currency, rs]) => {
    const withAmount = rs.filter((r) => amountOf(r) !== undefined);
    // A currency none of whose documents has the amount (no tax printed on receipts) has no figure, not a zero.
    if (withAmount.length === 0 && amountOf !== totalOf) return [];
    return [{ kind: 'sum', currency, value: round2(withAmount.reduce((s, r) => s + amountOf(r)!, 0)), documents: withAmount.length }];
  });
}

export function averages(records: DocRecord[], amountOf: (r: DocRecord) => number | undefined = totalOf): Figure[] {
  return sums(records, amountOf).map((f) => ({ ...f, kind: 'average', value: f.documents ? round2(f.value / f.documents) : 0 }));
}

const HEAD = {
  en: { doc: 'Invoice', vendor: 'Vendor', date: 'Date', due: 'Due', amount: 'Amount', total: 'Total', item: 'Item', qty: 'Quantity', none: 'no currency' },
  ja: { doc: '請求書', vendor: '取引先', date: '発行日', due: '支払期限', amount: '金額', total: '合計', item: '品目', qty: '数量', none: '通貨なし' },
} as const;

export const money = (n: number, currency: string, lang: AnswerLanguage) => formatAmount(n, currency || undefined, lang);
const plain = (n: number | undefined) => (n === undefined ? '-' : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** One table per currency of the documents behind a figure, closed by their total. */
export function documentTables(records: DocRecord[], lang: AnswerLanguage, opts: { due?: boolean; total?: boolean } = {}): Table[] {
  const h = HEAD[lang];
  return byCurrency(records).map(([currency, rs]) => {
    const columns = [h.doc, h.vendor, opts.due ? h.due : h.date, `${h.amount}${currency ? ` (${currency})` : ''}`];
    const rows = rs.map((r) => [labelOf(r), textOf(r.roles.vendor) ?? '-', dateOf(r.roles[opts.due ? 'due' : 'date']) ?? '-', plain(totalOf(r))]);
    const sum = round2(rs.reduce((s, r) => s + (totalOf(r) ?? 0), 0));
    return { currency, columns, rows, ...(opts.total === false ? {} : { total: [`${h.total} (${rs.length})`, '', '', plain(sum)] }) };
  });
}

export interface ItemRow {
  record: DocRecord;
  description: string;
  quantity?: number;
  amount?: number;
}

export function itemTables(rows: ItemRow[], lang: AnswerLanguage): Table[] {
  const h = HEAD[lang];
  const groups = new Map<string, ItemRow[]>();
  for (const r of rows) groups.set(currencyOf(r.record), [...(groups.get(currencyOf(r.record)) ?? []), r]);
  return [...groups].map(([currency, rs]) => ({
    currency,
    columns: [h.doc, h.item, h.qty, `${h.amount}${currency ? ` (${currency})` : ''}`],
    rows: rs.map((r) => [labelOf(r.record), r.description, r.quantity === undefined ? '-' : String(r.quantity), plain(r.amount)]),
    total: [`${h.total} (${rs.length})`, '', String(round2(rs.reduce((s, r) => s + (r.quantity ?? 0), 0))), plain(round2(rs.reduce((s, r) => s + (r.amount ?? 0), 0)))],
  }));
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A table as Markdown (what the API's answer text carries; the Ask page draws it as a table). */
export function markdown(t: Table, lang: AnswerLanguage): string {
  const title = t.currency || HEAD[lang].none;
  const lines = [`**${title}**`, '', `| ${t.columns.map(cell).join(' | ')} |`, `|${t.columns.map((_, i) => (i === t.columns.length - 1 ? ' ---: ' : ' --- ')).join('|')}|`];
  for (const r of t.rows) lines.push(`| ${r.map(cell).join(' | ')} |`);
  if (t.total) lines.push(`| ${t.total.map((c) => (c ? `**${cell(c)}**` : '')).join(' | ')} |`);
  return lines.join('\n');
}

/** "EUR 1,200.00 (3 documents) and GBP 80 (1 document)". */
export function listFigures(figures: Figure[], lang: AnswerLanguage, docs: (n: number) => string): string {
  const parts = figures.map((f) => `${money(f.value, f.currency, lang)}${lang === 'ja' ? `（${docs(f.documents)}）` : ` (${docs(f.documents)})`}`);
  return parts.join(lang === 'ja' ? '、' : parts.length > 2 ? ', ' : ' and ');
}
