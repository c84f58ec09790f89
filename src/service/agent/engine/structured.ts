// The query sub-agent: exact answers computed over the extracted values of the documents in
// scope (sums, counts, averages, extremes, latest, overdue, groups by vendor or month).
import type { Citation } from '../../../contract/agent.js';
import type { DB } from '../../../sqlite.js';
import { citeValue } from './citations.js';
import { fieldName, formatAmount, formatMonth, phrases } from './phrases.js';
import type { Question } from './question.js';
import { dateOf, numberOf, sameVendor, textOf, type DocRecord, type Role } from './records.js';
import type { AnswerLanguage } from './types.js';

export interface Finding {
  text: string;
  citations: Citation[];
}

/** Records that pass the question's vendor and period filters. */
export function filterRecords(records: DocRecord[], q: Question): DocRecord[] {
  return records.filter((r) => {
    if (q.vendor && !sameVendor(textOf(r.roles.vendor) ?? '', q.vendor)) return false;
    if (q.year === undefined && q.month === undefined) return true;
    const date = dateOf(r.roles[q.dateRole]);
    if (!date) return false;
    if (q.year !== undefined && Number(date.slice(0, 4)) !== q.year) return false;
    return q.month === undefined || Number(date.slice(5, 7)) === q.month;
  });
}

/** Sum of totals per currency, e.g. "USD 1,200 and EUR 300". */
function sumByCurrency(records: DocRecord[], lang: AnswerLanguage): string {
  const sums = new Map<string, number>();
  for (const r of records) {
    const n = numberOf(r.roles.total);
    if (n === undefined) continue;
    const cur = textOf(r.roles.currency) ?? '';
    sums.set(cur, Math.round(((sums.get(cur) ?? 0) + n) * 100) / 100);
  }
  if (sums.size === 0) return formatAmount(0, undefined, lang);
  return [...sums].map(([cur, n]) => formatAmount(n, cur || undefined, lang)).join(lang === 'ja' ? '、' : ' and ');
}

function describe(q: Question, lang: AnswerLanguage): string {
  const p = phrases[lang];
  const period = q.year !== undefined || q.month !== undefined ? formatMonth(q.year, q.month, lang) : '';
  const parts = [q.vendor ? p.from(q.vendor) : '', period ? (q.dateRole === 'due' ? p.dueIn(period) : p.inPeriod(period)) : ''];
  return lang === 'ja' ? parts.join('') || '対象の' : parts.join('');
}

function amountOf(r: DocRecord, lang: AnswerLanguage): string {
  const n = numberOf(r.roles.total);
  return n === undefined ? '-' : formatAmount(n, textOf(r.roles.currency), lang);
}

/** "INV-1 (ACME, 2025-03-01, USD 1,200)". */
function line(r: DocRecord, lang: AnswerLanguage): string {
  const facts = [textOf(r.roles.vendor), dateOf(r.roles.date), amountOf(r, lang)].filter((x) => x && x !== '-');
  return `${label(r)} (${facts.join(', ')})`;
}

const label = (r: DocRecord) => textOf(r.roles.number) ?? r.doc.fileName;

function valueText(r: DocRecord, role: Role, lang: AnswerLanguage): string | undefined {
  if (role === 'total' || role === 'tax') {
    const n = numberOf(r.roles[role]);
    return n === undefined ? undefined : formatAmount(n, textOf(r.roles.currency), lang);
  }
  return textOf(r.roles[role]);
}

function lookup(db: DB, q: Question, lang: AnswerLanguage): Finding {
  const p = phrases[lang];
  const role: Role = q.field ?? 'total';
  const lines = q.named.map((r) => {
    const v = valueText(r, role, lang);
    return v === undefined ? p.missing(label(r), fieldName(role, lang)) : p.lookup(label(r), fieldName(role, lang), v);
  });
  return { text: lines.join('\n'), citations: q.named.map((r) => citeValue(db, r, [role])) };
}

function grouped(db: DB, q: Question, records: DocRecord[], lang: AnswerLanguage): Finding {
  const p = phrases[lang];
  const groups = new Map<string, DocRecord[]>();
  for (const r of records) {
    const date = dateOf(r.roles[q.dateRole]);
    const key = q.groupBy === 'vendor' ? (textOf(r.roles.vendor) ?? '?') : date ? date.slice(0, 7) : '?';
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const keys = [...groups.keys()].sort();
  const lines = keys.map((k) => {
    const rs = groups.get(k)!;
    const name = q.groupBy === 'month' && k !== '?' ? formatMonth(Number(k.slice(0, 4)), Number(k.slice(5, 7)), lang) : k;
    const value = q.kind === 'count' ? String(rs.length) : `${sumByCurrency(rs, lang)} (${rs.length})`;
    return `- ${name}: ${value}`;
  });
  return { text: [p.groupHeader(p.by[q.groupBy!]), ...lines].join('\n'), citations: records.map((r) => citeValue(db, r, ['total'])) };
}

/** Answer a structured question; undefined when it is not one. */
export function answerStructured(db: DB, q: Question, all: DocRecord[], lang: AnswerLanguage, nowMs: number): Finding | undefined {
  const p = phrases[lang];
  if (q.kind === 'lookup') return lookup(db, q, lang);
  if (q.kind === 'search') return undefined;
  const records = filterRecords(all, q);
  const what = describe(q, lang);
  if (q.groupBy) return grouped(db, q, records, lang);
  if (q.kind === 'overdue') {
    const today = new Date(nowMs).toISOString().slice(0, 10);
    const due = records.filter((r) => (dateOf(r.roles.due) ?? '9999') < today).sort((a, b) => dateOf(a.roles.due)!.localeCompare(dateOf(b.roles.due)!));
    const lines = due.map((r) => `- ${line(r, lang)}, ${fieldName('due', lang)} ${dateOf(r.roles.due)}`);
    return { text: [p.overdue(due.length, today), ...lines, p.overdueNote].join('\n'), citations: due.map((r) => citeValue(db, r, ['due'])) };
  }
  if (records.length === 0) return { text: p.noMatch, citations: [] };
  if (q.kind === 'count') return { text: p.count(what, records.length), citations: records.map((r) => citeValue(db, r, ['number', 'vendor'])) };
  if (q.kind === 'sum' || q.kind === 'list') {
    const lines = records.map((r) => `- ${line(r, lang)}`);
    const head = q.kind === 'sum' ? p.sum(what, sumByCurrency(records, lang), records.length) : p.count(what, records.length);
    return { text: [head, ...lines].join('\n'), citations: records.map((r) => citeValue(db, r, ['total'])) };
  }
  if (q.kind === 'average') {
    const nums = records.map((r) => numberOf(r.roles.total)).filter((n): n is number => n !== undefined);
    const avg = nums.length ? Math.round((nums.reduce((a, b) => a + b, 0) / nums.length) * 100) / 100 : 0;
    return { text: p.average(what, formatAmount(avg, textOf(records[0]!.roles.currency), lang), nums.length), citations: records.map((r) => citeValue(db, r, ['total'])) };
  }
  const byDate = (r: DocRecord) => dateOf(r.roles.date) ?? '';
  const byTotal = (r: DocRecord) => numberOf(r.roles.total) ?? Number.NaN;
  const pick = {
    latest: () => records.filter(byDate).sort((a, b) => byDate(b).localeCompare(byDate(a)))[0],
    earliest: () => records.filter(byDate).sort((a, b) => byDate(a).localeCompare(byDate(b)))[0],
    max: () => records.filter((r) => !Number.isNaN(byTotal(r))).sort((a, b) => byTotal(b) - byTotal(a))[0],
    min: () => records.filter((r) => !Number.isNaN(byTotal(r))).sort((a, b) => byTotal(a) - byTotal(b))[0],
  }[q.kind];
  const chosen = pick();
  if (!chosen) return { text: p.noMatch, citations: [] };
  const asked = q.field && q.field !== 'date' && q.field !== 'total' ? q.field : undefined;
  const detail = asked ? `${fieldName(asked, lang)}: ${valueText(chosen, asked, lang) ?? '-'}` : line(chosen, lang);
  const roles: Role[] = asked ? [asked] : q.kind === 'latest' || q.kind === 'earliest' ? ['date'] : ['total'];
  return { text: p.extreme(p.labels[q.kind], label(chosen), detail), citations: [citeValue(db, chosen, roles)] };
}
