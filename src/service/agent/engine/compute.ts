// The query sub-agent: answers computed from the documents' values and line items, never
// guessed. One figure per currency; each figure cited (file, page, the line that shows it);
// "not found" with no figure when the question names something no document has; the candidates
// when a name is ambiguous.
import type { Citation } from '../../../contract/agent.js';
import type { DB } from '../../store/sql.js';
import { citeValue } from './citations.js';
import { findItems } from './entities.js';
import { applyFilters, filterBase, inPeriod, labelOf, resolvePeriod, resolveVendors, type Applied } from './filters.js';
import { averages, byCurrency, documentTables, itemTables, listFigures, money, round2, sums, taxOf, totalOf, type Figure, type Table } from './figures.js';
import { fieldName, formatAmount, formatMonth, phrases } from './phrases.js';
import type { Query } from './question.js';
import { dateOf, textOf, type DocRecord, type Role } from './records.js';
import type { AnswerLanguage } from './types.js';

export interface Finding {
  paragraphs: string[];
  citations: Citation[];
  tables: Table[];
  /** Every figure stated (what a model's phrasing is checked against). */
  figures: Figure[];
}

interface Ctx {
  db: DB;
  q: Query;
  lang: AnswerLanguage;
  nowMs: number;
}

const P = (lang: AnswerLanguage) => phrases[lang];
const say = (text: string, extra: Partial<Finding> = {}): Finding => ({ paragraphs: [text], citations: [], tables: [], figures: [], ...extra });
const cite = (c: Ctx, records: DocRecord[], roles: Role[]) => records.map((r) => citeValue(c.db, r, roles));

/** Whether the range is one whole calendar month ("2024-03-01" to "2024-03-31"). */
const wholeMonth = (p: NonNullable<Applied['period']>) =>
  Boolean(p.from && p.to && p.from.endsWith('-01') && p.to.slice(0, 7) === p.from.slice(0, 7) && new Date(Date.parse(`${p.to}T00:00:00Z`) + 86_400_000).getUTCDate() === 1);

function periodText(p: Applied['period'], lang: AnswerLanguage): string {
  if (!p) return '';
  if (/^\d{4}-\d{2}$/.test(p.label) || wholeMonth(p)) return formatMonth(Number(p.from!.slice(0, 4)), Number(p.from!.slice(5, 7)), lang);
  if (/^\d{4}$/.test(p.label) || (p.from?.endsWith('-01-01') && p.to === `${p.from.slice(0, 4)}-12-31`)) return lang === 'ja' ? `${p.from!.slice(0, 4)}年` : p.from!.slice(0, 4);
  const range = [p.from, p.to].every(Boolean) ? `${p.from}${lang === 'ja' ? '〜' : ' to '}${p.to}` : p.from ? `${p.from}${lang === 'ja' ? '以降' : ' onwards'}` : `${lang === 'ja' ? '' : 'up to '}${p.to}${lang === 'ja' ? 'まで' : ''}`;
  return `${p.label} (${range})`;
}

/** " in March 2024", " due before 1 May 2024 (up to 2024-04-30)". */
function periodPhrase(c: Ctx, period: NonNullable<Applied['period']>): string {
  const text = periodText(period, c.lang);
  const bound = /^(before|after|since|until|till|by|between|from|up to|earlier|later|prior|on or|no later)/i.test(period.label);
  if (c.lang === 'en' && bound) return c.q.dateField === 'due' ? ` due ${text}` : ` dated ${text}`;
  return c.q.dateField === 'due' ? P(c.lang).dueIn(text) : P(c.lang).inPeriod(text);
}

/** " from ACME in March 2024 in EUR over 1,000": the filters, as the answer restates them. */
function describe(c: Ctx, a: Pick<Applied, 'vendors' | 'period'>): string {
  const p = P(c.lang);
  const q = c.q;
  const parts = [
    a.vendors.length ? p.from(a.vendors.map((v) => v.name).join(c.lang === 'ja' ? '・' : ' and ')) : '',
    a.period ? periodPhrase(c, a.period) : '',
    q.currency ? p.inCurrency(q.currency) : '',
    q.minAmount !== undefined ? p.over(formatAmount(q.minAmount, undefined, c.lang)) : '',
    q.maxAmount !== undefined ? p.under(formatAmount(q.maxAmount, undefined, c.lang)) : '',
    q.review ? p.review[q.review] : '',
  ];
  return c.lang === 'ja' ? parts.join('') || '対象の' : parts.join('');
}

function valueText(r: DocRecord, role: Role, lang: AnswerLanguage): string | undefined {
  if (role === 'total' || role === 'tax') {
    const n = role === 'total' ? totalOf(r) : Number(textOf(r.roles.tax) ?? Number.NaN);
    return n === undefined || Number.isNaN(n) ? undefined : money(n, r.currency, lang);
  }
  return textOf(r.roles[role]);
}

function lookup(c: Ctx, records: DocRecord[]): Finding {
  const p = P(c.lang);
  const role: Role = c.q.field ?? 'total';
  // One number on several vendors' documents: each goes by its number and its vendor.
  const shared = new Set(records.map(labelOf)).size < records.length;
  const label = (r: DocRecord) => (shared && textOf(r.roles.vendor) ? `${labelOf(r)} (${textOf(r.roles.vendor)})` : labelOf(r));
  const lines = records.map((r) => {
    const v = valueText(r, role, c.lang);
    return v === undefined ? p.missing(label(r), fieldName(role, c.lang)) : p.lookup(label(r), fieldName(role, c.lang), v);
  });
  const figures = role === 'total' ? sums(records).map((f) => ({ ...f, kind: 'value' })) : [];
  return { paragraphs: [lines.join('\n')], citations: cite(c, records, [role]), tables: [], figures };
}

/** Sum, average, count, list: over the filtered documents, per currency, with their tables. */
function aggregate(c: Ctx, a: Applied): Finding {
  const p = P(c.lang);
  const what = describe(c, a);
  const rs = a.records;
  const tables = documentTables(rs, c.lang, { due: c.q.dateField === 'due' });
  const citations = cite(c, rs, ['total']);
  if (c.q.intent === 'count' || c.q.intent === 'list') {
    return { paragraphs: [p.count(what, rs.length)], citations, tables, figures: [{ kind: 'count', currency: '', value: rs.length, documents: rs.length }] };
  }
  // "How much VAT did we pay X": the tax of the documents, not their totals.
  const tax = c.q.field === 'tax';
  const figures = c.q.intent === 'average' ? averages(rs, tax ? taxOf : totalOf) : sums(rs, tax ? taxOf : totalOf);
  if (figures.length === 0) return say(p.noTax);
  const phrase = tax ? (c.q.intent === 'average' ? p.averageTax : p.sumTax) : c.q.intent === 'average' ? p.average : p.sum;
  const text = phrase(what, listFigures(figures, c.lang, p.docs));
  return { paragraphs: [text, ...notes(c, figures)], citations, tables, figures };
}

function notes(c: Ctx, figures: Figure[]): string[] {
  const p = P(c.lang);
  return [...(figures.length > 1 ? [p.separate] : []), ...(figures.some((f) => f.currency === '') && figures.length > 1 ? [p.noCurrency] : [])];
}

/** Largest, smallest, latest, earliest: per currency for amounts (a yen total is not "larger" than a euro one). */
function extreme(c: Ctx, a: Applied): Finding {
  const p = P(c.lang);
  const kind = c.q.intent as 'max' | 'min' | 'latest' | 'earliest';
  const asked = c.q.field && !['date', 'total'].includes(c.q.field) ? c.q.field : undefined;
  const detail = (r: DocRecord) =>
    asked ? `${fieldName(asked, c.lang)}: ${valueText(r, asked, c.lang) ?? '-'}` : [textOf(r.roles.vendor), dateOf(r.roles.date), valueText(r, 'total', c.lang)].filter(Boolean).join(', ');
  const byDate = (r: DocRecord) => dateOf(r.roles.date) ?? '';
  if (kind === 'latest' || kind === 'earliest') {
    const sorted = a.records.filter(byDate).sort((x, y) => byDate(x).localeCompare(byDate(y)));
    const chosen = kind === 'latest' ? sorted.at(-1) : sorted[0];
    if (!chosen) return say(p.noMatch);
    return { paragraphs: [p.extreme(p.labels[kind], labelOf(chosen), detail(chosen))], citations: cite(c, [chosen], asked ? [asked] : ['date']), tables: [], figures: [] };
  }
  const groups = byCurrency(a.records.filter((r) => totalOf(r) !== undefined));
  if (groups.length === 0) return say(p.noMatch);
  const chosen = groups.map(([cur, rs]) => [cur, [...rs].sort((x, y) => (kind === 'max' ? totalOf(y)! - totalOf(x)! : totalOf(x)! - totalOf(y)!))[0]!] as const);
  const lines = chosen.map(([cur, r]) => (groups.length > 1 ? p.extremeIn(p.labels[kind], cur || (c.lang === 'ja' ? '通貨なし' : 'no currency'), labelOf(r), detail(r)) : p.extreme(p.labels[kind], labelOf(r), detail(r))));
  const figures = chosen.map(([cur, r]) => ({ kind, currency: cur, value: totalOf(r)!, documents: 1 }));
  return { paragraphs: [lines.join('\n'), ...notes(c, figures)], citations: cite(c, chosen.map(([, r]) => r), asked ? [asked, 'total'] : ['total']), tables: [], figures };
}

function overdue(c: Ctx, a: Applied): Finding {
  const p = P(c.lang);
  const today = new Date(c.nowMs).toISOString().slice(0, 10);
  const due = a.records.filter((r) => (dateOf(r.roles.due) ?? '9999') < today).sort((x, y) => dateOf(x.roles.due)!.localeCompare(dateOf(y.roles.due)!));
  const figures = sums(due);
  const text = due.length ? `${p.overdue(due.length, today)} ${listFigures(figures, c.lang, p.docs)}` : p.overdue(0, today);
  return { paragraphs: [text, p.overdueNote], citations: cite(c, due, ['due']), tables: documentTables(due, c.lang, { due: true }), figures };
}

/** Two vendors or two periods side by side, a difference only within one currency. */
function compare(c: Ctx, all: DocRecord[]): Finding {
  const p = P(c.lang);
  const { vendors } = resolveVendors(c.q.vendors, all);
  type Side = { name: string; records: DocRecord[] };
  let sides: Side[];
  if (vendors.length >= 2) {
    const base = filterBase(all, { ...c.q, vendors: [] }, []);
    const period = resolvePeriod(c.q.period, base, c.q.dateField, c.nowMs);
    sides = vendors.slice(0, 2).map((v) => ({ name: v.name, records: base.filter((r) => v.records.includes(r) && inPeriod(r, period, c.q.dateField)) }));
  } else if (c.q.periods) {
    const base = filterBase(all, c.q, vendors);
    sides = c.q.periods.map((per) => {
      const resolved = resolvePeriod(per, base, c.q.dateField, c.nowMs);
      return { name: periodText(resolved, c.lang), records: base.filter((r) => inPeriod(r, resolved, c.q.dateField)) };
    });
  } else return say(p.noMatch);
  const [a, b] = sides as [Side, Side];
  const fa = sums(a.records);
  const fb = sums(b.records);
  const show = (f: Figure[]) => (f.length ? listFigures(f, c.lang, p.docs) : money(0, '', c.lang));
  const paragraphs = [p.compare(a.name, show(fa), b.name, show(fb))];
  if (fa.length === 1 && fb.length === 1 && fa[0]!.currency === fb[0]!.currency) {
    const d = round2(Math.abs(fa[0]!.value - fb[0]!.value));
    paragraphs.push(p.difference(money(d, fa[0]!.currency, c.lang), fa[0]!.value >= fb[0]!.value ? a.name : b.name));
  } else if (fa.length && fb.length) paragraphs.push(p.separate);
  const records = [...a.records, ...b.records];
  return { paragraphs, citations: cite(c, records, ['total']), tables: documentTables(records, c.lang), figures: [...fa, ...fb] };
}

function items(c: Ctx, a: Applied): Finding {
  const p = P(c.lang);
  const term = c.q.item ?? '';
  const lines = findItems(term, a.records).map(({ record, item }) => ({ record, description: item.description, quantity: item.quantity, amount: item.amount }));
  if (lines.length === 0) return say(p.noItem(term));
  const records = [...new Set(lines.map((l) => l.record))];
  const citations = records.map((r) => citeItem(c, r, lines.filter((l) => l.record === r).map((l) => l.description)));
  const tables = itemTables(lines, c.lang);
  if (c.q.measure === 'quantity') {
    const qty = round2(lines.reduce((s, l) => s + (l.quantity ?? 0), 0));
    return { paragraphs: [p.itemsQuantity(term, formatAmount(qty, undefined, c.lang), lines.length)], citations, tables, figures: [{ kind: 'quantity', currency: '', value: qty, documents: records.length }] };
  }
  const groups = new Map<string, { value: number; docs: Set<DocRecord> }>();
  for (const l of lines) {
    const cur = l.record.currency;
    const g = groups.get(cur) ?? { value: 0, docs: new Set() };
    g.value = round2(g.value + (l.amount ?? 0));
    g.docs.add(l.record);
    groups.set(cur, g);
  }
  const figures = [...groups].map(([currency, g]) => ({ kind: 'items', currency, value: g.value, documents: g.docs.size }));
  return { paragraphs: [p.itemsAmount(term, listFigures(figures, c.lang, p.docs)), ...notes(c, figures)], citations, tables, figures };
}

/** A line item's citation: the page line that shows its description. */
function citeItem(c: Ctx, r: DocRecord, descriptions: string[]): Citation {
  const pages = c.db.prepare('SELECT page, text FROM document_pages WHERE document_id = ? AND file_id = ? ORDER BY page').all(r.doc.documentId, r.doc.fileId) as { page: number; text: string }[];
  const head = (d: string) => d.slice(0, 24).toLowerCase();
  for (const { page, text } of pages) {
    const line = text.split(/\r?\n/).find((l) => descriptions.some((d) => l.toLowerCase().includes(head(d))));
    if (line) return { file_id: r.doc.fileId, document_id: r.doc.documentId, page, snippet: line.trim().slice(0, 200) };
  }
  return { ...citeValue(c.db, r, ['total']), snippet: descriptions.join('; ').slice(0, 200) };
}

function grouped(c: Ctx, a: Applied): Finding {
  const p = P(c.lang);
  const groups = new Map<string, DocRecord[]>();
  for (const r of a.records) {
    const key = c.q.groupBy === 'vendor' ? (textOf(r.roles.vendor) ?? '?') : c.q.groupBy === 'currency' ? r.currency || '?' : (dateOf(r.roles[c.q.dateField])?.slice(0, 7) ?? '?');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const figures: Figure[] = [];
  const lines = [...groups.keys()].sort().map((k) => {
    const rs = groups.get(k)!;
    const name = c.q.groupBy === 'month' && k !== '?' ? formatMonth(Number(k.slice(0, 4)), Number(k.slice(5, 7)), c.lang) : k;
    const fs = sums(rs);
    figures.push(...fs);
    return `- ${name}: ${c.q.intent === 'count' ? rs.length : fs.map((f) => `${money(f.value, f.currency, c.lang)} (${f.documents})`).join(', ')}`;
  });
  return { paragraphs: [[p.groupHeader(p.by[c.q.groupBy!]), ...lines].join('\n')], citations: cite(c, a.records, ['total']), tables: [], figures };
}

/** Answer a structured query; undefined when it is a plain search (retrieval answers it). */
export function answerQuery(db: DB, q: Query, all: DocRecord[], lang: AnswerLanguage, nowMs: number): Finding | undefined {
  const c: Ctx = { db, q, lang, nowMs };
  const p = P(lang);
  if (q.ambiguous) return say(p.ambiguous(q.ambiguous.term, q.ambiguous.candidates));
  if (q.unknownNumber && q.numbers.length === 0) return say(p.noNumber(q.unknownNumber));
  if (q.intent === 'lookup' && q.numbers.length > 0) return lookup(c, all.filter((r) => q.numbers.includes(r.doc.documentId)));
  if (q.intent === 'search') return undefined;
  if (q.unknownVendor && q.vendors.length === 0) return say(p.noVendor(q.unknownVendor));
  if (q.intent === 'compare') return compare(c, all);
  const a = applyFilters(all, q, nowMs);
  if (a.unknown.length > 0 && a.vendors.length === 0) return say(p.noVendor(a.unknown.join(', ')));
  if (q.intent === 'items') return items(c, a);
  if (q.groupBy) return grouped(c, a);
  if (q.intent === 'overdue') return overdue(c, a);
  if (a.records.length === 0) return say(q.intent === 'count' ? p.count(describe(c, a), 0) : p.noMatch);
  if (q.intent === 'lookup') return a.records.length <= 3 ? lookup(c, a.records) : aggregate(c, { ...a, records: a.records });
  if (['max', 'min', 'latest', 'earliest'].includes(q.intent)) return extreme(c, a);
  return aggregate(c, a);
}
