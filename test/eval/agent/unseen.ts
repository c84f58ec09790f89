// Two question sets on documents the engine was never tuned on (issue 17): `fresh-tune` (its
// failures may guide fixes) and `fresh-holdout` (run before any fix and once after; its failures
// are never looked at). Each set has its own corpus: the project's generator with a seed of its own
// (UNSEEN_CORPUS), not the seed the engine was developed against, so the documents, figures,
// dates, invoice numbers and vendor/period combinations are new (the layouts and the pools of
// vendor and item names are the generator's). Written before reading the engine's code.
//
// Expected answers come from the corpus truth alone. Conventions, as in questions.ts: figures are
// about invoices, receipts and credit notes (a credit note counts with its negative total); one
// figure per currency; a question about something no document has must be answered "not found"
// with no figure; a name two vendors share must be answered with both names and no figure.
import { formatAmount } from '../../../src/service/agent/engine/phrases.js';
import type { EvalDoc } from './corpus.js';
import type { Lang } from './phrasings.js';
import type { EvalQuestion, Expect, Setup } from './questions.js';
import { CURRENCY_EN, CURRENCY_JA, dayEn, dayJa, monthEn, monthJa, quarterEn, quarterJa, thresholdEn, thresholdJa, WORDINGS } from './unseenWording.js';
import { itemQuestions, unknownItems } from './unseenItems.js';

export type UnseenSet = 'fresh-tune' | 'fresh-holdout';
export const UNSEEN_SETS: UnseenSet[] = ['fresh-tune', 'fresh-holdout'];
/** Each set's corpus: same generator, its own seed (the other sets use 168 documents of seed 20251125). */
export const UNSEEN_CORPUS: Record<UnseenSet, { count: number; seed: number }> = {
  'fresh-tune': { count: 126, seed: 20261126 },
  'fresh-holdout': { count: 126, seed: 20261127 },
};

const r2 = (n: number) => Math.round(n * 100) / 100;
export const money = (n: number, cur: string, lang: Lang) => formatAmount(r2(n), cur || undefined, lang);
const cur = (d: EvalDoc) => d.truth.currency ?? '';
const ids = (docs: EvalDoc[]) => docs.map((d) => d.documentId);
const uniq = <T>(xs: T[]) => [...new Set(xs)];
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
const between = (docs: EvalDoc[], from: string, to: string) => docs.filter((d) => d.truth.invoice_date !== null && d.truth.invoice_date >= from && d.truth.invoice_date <= to);

/** Sum of a value per currency, documents without it left out. */
function perCurrency(docs: EvalDoc[], value: (d: EvalDoc) => number | null) {
  const m = new Map<string, { sum: number; n: number }>();
  for (const d of docs) {
    const v = value(d);
    if (v === null) continue;
    const e = m.get(cur(d)) ?? { sum: 0, n: 0 };
    m.set(cur(d), { sum: e.sum + v, n: e.n + 1 });
  }
  return m;
}
export const sums = (docs: EvalDoc[], lang: Lang, value: (d: EvalDoc) => number | null = (d) => d.truth.total) =>
  [...perCurrency(docs, value)].map(([c, e]) => money(e.sum, c, lang));
const averages = (docs: EvalDoc[], lang: Lang) => [...perCurrency(docs, (d) => d.truth.total)].map(([c, e]) => money(r2(e.sum) / e.n, c, lang));

/** Deterministic choices (mulberry32), so a set always asks the same questions. */
export class Dice {
  constructor(private s: number) {}
  next(): number {
    this.s = (this.s + 0x6d2b79f5) | 0;
    let t = Math.imul(this.s ^ (this.s >>> 15), 1 | this.s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  some<T>(xs: T[], n: number): T[] {
    const copy = [...xs];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(this.int(copy.length), 1)[0]!);
    return out;
  }
}

/** Adds questions: every fourth of a kind in Japanese; the wording from this set's half of the wordings. */
export class Asker {
  readonly out: EvalQuestion[] = [];
  private perKind = new Map<string, number>();
  constructor(readonly dice: Dice, private half: 0 | 1) {}
  ask(kind: string, key: string, args: (lang: Lang) => string[], expect: (lang: Lang) => Expect): void {
    const n = this.perKind.get(kind) ?? 0;
    this.perKind.set(kind, n + 1);
    const lang: Lang = n % 4 === 2 ? 'ja' : 'en';
    const all = WORDINGS[key]![lang];
    const h = all.length / 2;
    const say = all[this.half * h + this.dice.int(h)]!;
    this.out.push({ kind, lang, prompt: say(...args(lang)), expect: expect(lang) });
  }
}

const LEGAL = /[\s,]+(GmbH|Ltd\.?|Limited|Inc\.?|Corp\.?|LLC|LLP|S\.A\.|S\.L\.|SARL|SAS|SA|AG|KG|B\.V\.|plc|S\.p\.A\.|S\.r\.l\.|Sdn\.? Bhd\.?)\s*$/i;
const JA_LEGAL = /^(株式会社|合同会社|有限会社)|(株式会社|合同会社|有限会社)$/g;
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
/** Words too common in company names to name one company by. */
const GENERIC = /^(supplies|supply|services|service|trading|enterprise|international|consulting|logistics|digital|software|catering|print|office|limited|facilities|technik|creative|studio|central|perniagaan|syarikat|restoran|restaurant|hardware|associes|transports|distribuciones|talleres|imprimerie|boulangerie|atelier|conseil|baeckerei|backerei)$/;
export const bare = (v: string) => v.replace(JA_LEGAL, '').replace(LEGAL, '').replace(LEGAL, '').trim() || v;
const near = (a: string, b: string) => {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
};

/** A vendor as someone would type it: in full, without its legal form, lower-cased, or by its one distinctive word. */
export function spokenVendor(v: string, all: string[], dice: Dice): string {
  const forms = [v, bare(v), bare(v).toLowerCase()];
  const first = bare(v).split(/\s+/)[0]!;
  const f = fold(first);
  const others = all.filter((o) => o !== v).flatMap((o) => fold(o).split(/[\s.,&]+/));
  if (first.length >= 5 && !GENERIC.test(f) && /^\p{Script=Latin}/u.test(first) && !others.some((w) => near(w, f))) forms.push(first);
  return forms[dice.int(forms.length)]!;
}

function groupBy<K>(docs: EvalDoc[], key: (d: EvalDoc) => K | null): Map<K, EvalDoc[]> {
  const m = new Map<K, EvalDoc[]>();
  for (const d of docs) {
    const k = key(d);
    if (k !== null) m.set(k, [...(m.get(k) ?? []), d]);
  }
  return m;
}

export function unseenQuestions(setup: Setup, set: UnseenSet): EvalQuestion[] {
  const dice = new Dice(set === 'fresh-tune' ? 1126 : 1127);
  const a = new Asker(dice, set === 'fresh-tune' ? 0 : 1);
  const docs = setup.docs.filter((d) => d.invoice);
  const ctx = { a, dice, docs, setup, vendors: uniq(docs.map((d) => d.truth.vendor_name).filter((v): v is string => !!v)) };
  lookups(ctx);
  aggregates(ctx);
  periods(ctx);
  countsAndLists(ctx);
  compares(ctx);
  itemQuestions(ctx);
  notInDocuments(ctx);
  unknownItems(ctx);
  ambiguous(ctx);
  return a.out;
}

export type Ctx = { a: Asker; dice: Dice; docs: EvalDoc[]; setup: Setup; vendors: string[] };
const say = (ctx: Ctx, v: string) => spokenVendor(v, ctx.vendors, ctx.dice);
const period = (y: number, m: number | null, q: number | null, style: number) => (lang: Lang) =>
  m !== null ? (lang === 'ja' ? monthJa(y, m, style) : monthEn(y, m, style)) : q !== null ? (lang === 'ja' ? quarterJa(y, q, style) : quarterEn(y, q, style)) : lang === 'ja' ? `${y}年` : String(y);
/** A period as the one argument of a wording. */
const spoken = (y: number, m: number | null, q: number | null, style: number) => (lang: Lang) => [period(y, m, q, style)(lang)];
const curName = (c: string, lang: Lang, style: number) => (lang === 'ja' ? CURRENCY_JA[c] ?? c : CURRENCY_EN[c]?.[style % 3] ?? c);
/** A currency before "invoice": "a euro invoice", "a USD invoice". */
const curAdj = (c: string, lang: Lang, style: number) => (lang === 'ja' ? CURRENCY_JA[c] ?? c : style % 2 ? c : CURRENCY_ADJ[c] ?? c);
const CURRENCY_ADJ: Record<string, string> = { EUR: 'euro', GBP: 'sterling', USD: 'dollar', CHF: 'Swiss franc', JPY: 'yen', MYR: 'ringgit' };

function lookups(ctx: Ctx) {
  const { a, dice, docs } = ctx;
  const numbers = groupBy(docs, (d) => d.truth.invoice_number);
  const single = docs.filter((d) => d.truth.invoice_number && numbers.get(d.truth.invoice_number)!.length === 1 && d.truth.total !== null);
  for (const d of dice.some(single, 10)) {
    const t = d.truth;
    const fields = (['total', 'date', 'vendor', 'currency', ...(t.due_date ? ['due'] : []), ...(t.tax !== null ? ['tax'] : [])]);
    for (const f of dice.some(fields, 3)) {
      const want = (lang: Lang) => ({ total: money(t.total!, cur(d), lang), date: t.invoice_date!, due: t.due_date!, vendor: t.vendor_name!, tax: money(t.tax ?? 0, cur(d), lang), currency: cur(d) })[f]!;
      a.ask('lookup', f, () => [t.invoice_number!], (lang) => ({ texts: [want(lang)], cites: [d.documentId] }));
    }
  }
  const byVendorDay = groupBy(docs, (d) => (d.truth.vendor_name && d.truth.invoice_date ? `${d.truth.vendor_name}|${d.truth.invoice_date}` : null));
  for (const d of dice.some(docs.filter((x) => byVendorDay.get(`${x.truth.vendor_name}|${x.truth.invoice_date}`)?.length === 1 && x.truth.total !== null), 4)) {
    const style = dice.int(4);
    const v = say(ctx, d.truth.vendor_name!);
    a.ask('lookup', 'totalByVendorDay', (lang) => [v, lang === 'ja' ? dayJa(d.truth.invoice_date!, style) : dayEn(d.truth.invoice_date!, style)], (lang) => ({ texts: [money(d.truth.total!, cur(d), lang)], cites: [d.documentId] }));
  }
}

/** The largest or smallest document per currency: its number and its total. */
function extreme(ds: EvalDoc[], lang: Lang, sign: 1 | -1): Expect {
  const picks = [...groupBy(ds.filter((d) => d.truth.total !== null), cur).values()].map((g) => g.sort((x, y) => sign * (y.truth.total! - x.truth.total!))[0]!);
  return { texts: picks.flatMap((d) => [d.truth.invoice_number ?? '', money(d.truth.total!, cur(d), lang)]), cites: ids(picks) };
}

function aggregates(ctx: Ctx) {
  const { a, dice, docs } = ctx;
  const groups = [...groupBy(docs, (d) => d.truth.vendor_name)].filter(([, ds]) => ds.length >= 2);
  for (const [v, ds] of dice.some(groups, 5)) a.ask('sum', 'sumVendor', () => [say(ctx, v)], (lang) => ({ texts: sums(ds, lang), cites: ids(ds), only: true }));
  for (const [v, ds] of dice.some(groups, 3)) a.ask('average', 'avgVendor', () => [say(ctx, v)], (lang) => ({ texts: averages(ds, lang), cites: ids(ds) }));
  for (const [v, ds] of dice.some(groups, 3)) {
    const y = ds[dice.int(ds.length)]!.truth.invoice_date!.slice(0, 4);
    const inYear = ds.filter((d) => d.truth.invoice_date!.startsWith(y));
    a.ask('sum', 'sumVendorYear', () => [say(ctx, v), y], (lang) => ({ texts: sums(inYear, lang), cites: ids(inYear), only: true }));
  }
  const taxed = groups.filter(([, ds]) => ds.some((d) => d.truth.tax !== null));
  for (const [v, ds] of dice.some(taxed, 2)) {
    const withTax = ds.filter((d) => d.truth.tax !== null);
    a.ask('sum', 'taxVendor', () => [say(ctx, v)], (lang) => ({ texts: sums(withTax, lang, (d) => d.truth.tax), cites: ids(withTax) }));
  }
  // Smallest and largest of a vendor's: one currency, no credit note (whether a credit note is "the smallest invoice" is moot).
  const oneCurrency = groups.filter(([, ds]) => uniq(ds.map(cur)).length === 1 && ds.every((d) => d.truth.doc_type !== 'credit_note'));
  for (const [v, ds] of dice.some(oneCurrency, 2)) a.ask('min', 'minVendor', () => [say(ctx, v)], (lang) => extreme(ds, lang, -1));
  for (const [v, ds] of dice.some(oneCurrency, 2)) a.ask('max', 'maxVendor', () => [say(ctx, v)], (lang) => extreme(ds, lang, 1));
  const curYears = [...groupBy(docs, (d) => (d.truth.currency && d.truth.invoice_date ? `${d.truth.currency}|${d.truth.invoice_date.slice(0, 4)}` : null))].filter(([, ds]) => ds.length >= 2);
  for (const [k, ds] of dice.some(curYears, 2)) {
    const [c, y] = k.split('|') as [string, string];
    const style = dice.int(3);
    a.ask('average', 'avgCurrencyYear', (lang) => [curAdj(c, lang, style), y], (lang) => ({ texts: averages(ds, lang), cites: ids(ds) }));
  }
  for (const [k, ds] of dice.some(curYears, 2)) {
    const [c, y] = k.split('|') as [string, string];
    const style = dice.int(3);
    a.ask('max', 'maxCurrencyYear', (lang) => [curAdj(c, lang, style), y], (lang) => extreme(ds, lang, 1));
  }
  for (const c of dice.some(uniq(docs.map(cur).filter(Boolean)), 2)) {
    const ds = docs.filter((d) => cur(d) === c);
    const style = dice.int(3);
    a.ask('sum', 'sumCurrency', (lang) => [curName(c, lang, style)], (lang) => ({ texts: sums(ds, lang), cites: ids(ds), only: true }));
  }
}

function periods(ctx: Ctx) {
  const { a, dice, docs, setup } = ctx;
  const dated = docs.filter((d) => d.truth.invoice_date);
  const months = uniq(dated.map((d) => d.truth.invoice_date!.slice(0, 7)));
  for (const ym of dice.some(months, 2)) {
    const [y, m] = ym.split('-').map(Number) as [number, number];
    const ds = between(docs, `${ym}-01`, lastDay(y, m));
    a.ask('sum', 'sumPeriod', spoken(y, m, null, dice.int(4)), (lang) => ({ texts: sums(ds, lang), cites: ids(ds), only: true }));
  }
  const quarters = uniq(dated.map((d) => `${d.truth.invoice_date!.slice(0, 4)}-${1 + Math.floor((+d.truth.invoice_date!.slice(5, 7) - 1) / 3)}`));
  for (const yq of dice.some(quarters, 2)) {
    const [y, q] = yq.split('-').map(Number) as [number, number];
    const ds = between(docs, `${y}-${pad(q * 3 - 2)}-01`, lastDay(y, q * 3));
    a.ask('sum', 'sumPeriod', spoken(y, null, q, dice.int(4)), (lang) => ({ texts: sums(ds, lang), cites: ids(ds), only: true }));
  }
  const years = uniq(dated.map((d) => +d.truth.invoice_date!.slice(0, 4)));
  for (const y of dice.some(years, 1)) {
    const ds = between(docs, `${y}-01-01`, `${y}-12-31`);
    a.ask('sum', 'sumPeriod', spoken(y, null, null, 0), (lang) => ({ texts: sums(ds, lang), cites: ids(ds), only: true }));
  }
  // "Last quarter": the calendar quarter before the one the service's today is in.
  const cq = Math.floor(setup.now.getUTCMonth() / 3);
  const [ly, lq] = cq === 0 ? [setup.now.getUTCFullYear() - 1, 4] : [setup.now.getUTCFullYear(), cq];
  const last = between(docs, `${ly}-${pad(lq * 3 - 2)}-01`, lastDay(ly, lq * 3));
  a.ask('sum', 'sumLastQuarter', () => [], (lang) => (last.length ? { texts: sums(last, lang), cites: ids(last), only: true } : { refuse: true }));
  // A fiscal year starting in the month of the service's setting, named by the year it starts in.
  const fy = years[dice.int(years.length)]!;
  const fyDocs = between(docs, `${fy}-${pad(setup.fiscalYearStart)}-01`, lastDay(fy + 1, setup.fiscalYearStart - 1));
  a.ask('sum', 'sumFiscal', () => [String(fy), String(fy + 1)], (lang) => (fyDocs.length ? { texts: sums(fyDocs, lang), cites: ids(fyDocs), only: true } : { refuse: true }));
  // "In <year> before <day>".
  const y = years[dice.int(years.length)]!;
  const cut = `${y}-${pad(3 + dice.int(8))}-15`;
  const before = between(docs, `${y}-01-01`, cut).filter((d) => d.truth.invoice_date! < cut);
  const style = dice.int(4);
  a.ask('sum', 'sumBefore', (lang) => [lang === 'ja' ? dayJa(cut, style).replace(/^\d{4}年/, '') : dayEn(cut, style).replace(/,? \d{4}$/, ''), String(y)], (lang) => (before.length ? { texts: sums(before, lang), cites: ids(before), only: true } : { refuse: true }));
}

function countsAndLists(ctx: Ctx) {
  const { a, dice, docs } = ctx;
  const groups = [...groupBy(docs, (d) => d.truth.vendor_name)];
  for (const [v, ds] of dice.some(groups, 4)) a.ask('count', 'countVendor', () => [say(ctx, v)], () => ({ count: ds.length, cites: ids(ds), only: true }));
  const months = [...groupBy(docs, (d) => d.truth.invoice_date?.slice(0, 7) ?? null)];
  for (const [ym, ds] of dice.some(months, 2)) a.ask('count', 'countPeriod', spoken(+ym.slice(0, 4), +ym.slice(5, 7), null, dice.int(4)), () => ({ count: ds.length, cites: ids(ds), only: true }));
  const years = [...groupBy(docs, (d) => d.truth.invoice_date?.slice(0, 4) ?? null)];
  for (const [y, ds] of dice.some(years, 1)) a.ask('count', 'countPeriod', spoken(+y, null, null, 0), () => ({ count: ds.length, cites: ids(ds), only: true }));
  const currencies = [...groupBy(docs, (d) => d.truth.currency)];
  for (const [c, ds] of dice.some(currencies, 2)) {
    const style = dice.int(3);
    a.ask('count', 'countCurrency', (lang) => [curName(c, lang, style)], () => ({ count: ds.length, cites: ids(ds), only: true }));
  }
  // Over a round threshold within one currency (totals exactly on it are left out of the pick).
  for (const [c, ds] of dice.some(currencies.filter(([, ds]) => ds.length >= 3), 4)) {
    const totals = ds.map((d) => d.truth.total!).filter((t) => t !== null).sort((x, y) => x - y);
    const unit = c === 'JPY' ? 100000 : 1000;
    const threshold = Math.max(unit, Math.round(totals[Math.floor(totals.length * (0.4 + 0.4 * dice.next()))]! / unit) * unit);
    const over = ds.filter((d) => d.truth.total !== null && d.truth.total > threshold);
    const style = dice.int(3);
    a.ask('list', 'listOver', (lang) => [lang === 'ja' ? thresholdJa(threshold, c) : thresholdEn(threshold, c, style)], () => ({ count: over.length, cites: ids(over), only: true }));
  }
  const dues = docs.map((d) => d.truth.due_date).filter((x): x is string => !!x).sort();
  for (let i = 0; i < 2; i++) {
    const k = 2 + dice.int(Math.min(10, dues.length - 3));
    const next = new Date(Date.parse(dues[k - 1]!) + 86400000).toISOString().slice(0, 10);
    if (next > dues[k]!) continue;
    const due = docs.filter((d) => d.truth.due_date !== null && d.truth.due_date < next);
    const style = dice.int(4);
    a.ask('list', 'listDueBefore', (lang) => [lang === 'ja' ? dayJa(next, style) : dayEn(next, style)], () => ({ count: due.length, cites: ids(due), only: true }));
  }
  const dueMonths = [...groupBy(docs, (d) => d.truth.due_date?.slice(0, 7) ?? null)];
  for (const [ym, ds] of dice.some(dueMonths, 2)) a.ask('list', 'listDueIn', spoken(+ym.slice(0, 4), +ym.slice(5, 7), null, dice.int(4)), () => ({ count: ds.length, cites: ids(ds), only: true }));
  const vendorYears = [...groupBy(docs, (d) => (d.truth.vendor_name && d.truth.invoice_date ? `${d.truth.vendor_name}|${d.truth.invoice_date.slice(0, 4)}` : null))];
  for (const [k, ds] of dice.some(vendorYears.filter(([, ds]) => ds.length >= 2).concat(dice.some(vendorYears, 1)), 2)) {
    const [v, y] = k.split('|') as [string, string];
    a.ask('list', 'listVendorYear', () => [say(ctx, v), y], () => ({ count: ds.length, cites: ids(ds), only: true }));
  }
}

function compares(ctx: Ctx) {
  const { a, dice, docs } = ctx;
  const groups = [...groupBy(docs, (d) => d.truth.vendor_name)].filter(([, ds]) => ds.length >= 2);
  for (let i = 0; i < 4; i++) {
    const [[va, da], [vb, db]] = dice.some(groups, 2) as [[string, EvalDoc[]], [string, EvalDoc[]]];
    a.ask('compare', 'compareVendors', () => [say(ctx, va), say(ctx, vb)], (lang) => ({ texts: [...sums(da, lang), ...sums(db, lang)], cites: ids([...da, ...db]), only: true }));
  }
  const dated = docs.filter((d) => d.truth.invoice_date);
  const years = uniq(dated.map((d) => +d.truth.invoice_date!.slice(0, 4))).sort();
  for (let i = 0; i < 2; i++) {
    const [y1, y2] = dice.some(years, 2).sort() as [number, number];
    const d1 = between(docs, `${y1}-01-01`, `${y1}-12-31`);
    const d2 = between(docs, `${y2}-01-01`, `${y2}-12-31`);
    a.ask('compare', 'comparePeriods', (lang) => [period(y1, null, null, 0)(lang), period(y2, null, null, 0)(lang)], (lang) => ({ texts: [...sums(d1, lang), ...sums(d2, lang)], cites: ids([...d1, ...d2]), only: true }));
  }
  const quarters = uniq(dated.map((d) => `${d.truth.invoice_date!.slice(0, 4)}-${1 + Math.floor((+d.truth.invoice_date!.slice(5, 7) - 1) / 3)}`)).sort();
  for (let i = 0; i < 2; i++) {
    const [q1, q2] = (dice.some(quarters, 2).sort() as [string, string]).map((s) => s.split('-').map(Number) as [number, number]);
    const style = dice.int(4);
    const d1 = between(docs, `${q1![0]}-${pad(q1![1] * 3 - 2)}-01`, lastDay(q1![0], q1![1] * 3));
    const d2 = between(docs, `${q2![0]}-${pad(q2![1] * 3 - 2)}-01`, lastDay(q2![0], q2![1] * 3));
    a.ask('compare', 'comparePeriods', (lang) => [period(q1![0], null, q1![1], style)(lang), period(q2![0], null, q2![1], style)(lang)], (lang) => ({ texts: [...sums(d1, lang), ...sums(d2, lang)], cites: ids([...d1, ...d2]), only: true }));
  }
}

const UNKNOWN_VENDORS = ['Stellar Print Co', 'Brookfield Stationers Ltd', 'Meridian Cloud Services', 'Pacific Rim Traders', 'Lindqvist Möbler AB', 'Hanse Reinigung GmbH', 'Atlas Couriers', 'Northwind Logistics', 'Oakridge Catering', '株式会社ひかり商会'];
const UNKNOWN_NUMBERS = ['INV-2024-0001', 'RE-2019-11111', '4711/2022', 'FAC-88812', 'No.190101-999', 'A-2025-0042', 'F2020-1234', '555/2017'];

function notInDocuments(ctx: Ctx) {
  const { a, dice, docs, vendors } = ctx;
  const refuse = () => ({ refuse: true });
  const known = vendors.map(fold);
  const unknown = UNKNOWN_VENDORS.filter((u) => !known.some((k) => k.includes(fold(bare(u)))));
  const vendorKeys = ['sumVendor', 'countVendor', 'maxVendor', 'avgVendor', 'sumVendor'];
  for (const [i, u] of dice.some(unknown, 5).entries()) a.ask('not in documents', vendorKeys[i]!, () => [u], refuse);
  const numbers = new Set(docs.map((d) => fold(d.truth.invoice_number ?? '').replace(/[^a-z0-9]/g, '')));
  const numberKeys = ['total', 'due', 'vendor', 'date', 'total'];
  for (const [i, n] of dice.some(UNKNOWN_NUMBERS.filter((n) => !numbers.has(fold(n).replace(/[^a-z0-9]/g, ''))), 5).entries()) a.ask('not in documents', numberKeys[i]!, () => [n], refuse);
  // Periods with no invoice: an empty month of a year that has invoices, a year with none, a vendor in a year it never invoiced.
  const dated = docs.filter((d) => d.truth.invoice_date);
  const months = new Set(dated.map((d) => d.truth.invoice_date!.slice(0, 7)));
  const years = uniq(dated.map((d) => +d.truth.invoice_date!.slice(0, 4))).sort();
  const emptyMonths = years.flatMap((y) => Array.from({ length: 12 }, (_, i) => [y, i + 1] as [number, number])).filter(([y, m]) => !months.has(`${y}-${pad(m)}`));
  for (const [y, m] of dice.some(emptyMonths, 2)) a.ask('not in documents', 'sumPeriod', spoken(y, m, null, dice.int(4)), refuse);
  const emptyYear = [years[0]! - 1, ...Array.from({ length: years.at(-1)! - years[0]! }, (_, i) => years[0]! + i).filter((y) => !years.includes(y))].at(-1)!;
  a.ask('not in documents', 'sumPeriod', spoken(emptyYear, null, null, 0), refuse);
  const groups = [...groupBy(docs, (d) => d.truth.vendor_name)].filter(([, ds]) => ds.length >= 2);
  for (const [v, ds] of dice.some(groups, 2)) {
    const has = new Set(ds.map((d) => +d.truth.invoice_date!.slice(0, 4)));
    const y = years.filter((x) => !has.has(x))[0];
    if (y !== undefined) a.ask('not in documents', 'sumVendorYear', () => [say(ctx, v), String(y)], refuse);
  }
  const style = dice.int(3);
  a.ask('not in documents', 'sumCurrency', (lang) => [curName(docs.some((d) => d.truth.currency === 'AUD') ? 'CAD' : 'AUD', lang, style)], refuse);
}

function ambiguous(ctx: Ctx) {
  const { a, dice, docs, vendors } = ctx;
  // A word, or the first two words, of two or more vendors' names (not a legal form or a word every other shop has).
  const byWord = new Map<string, { said: string; vendors: string[] }>();
  const COMMON = /^(trading|enterprise|international|limited|gmbh|sdn|bhd|services|supplies)$/;
  for (const v of vendors) {
    const words = bare(v).split(/\s+/).filter(Boolean);
    const keys = words.map((w) => w.replace(/[.,&]+$/, '')).filter((w) => w.length >= 4 && !COMMON.test(fold(w)));
    if (words.length > 2) keys.push(words.slice(0, 2).join(' '));
    for (const w of uniq(keys)) {
      const e = byWord.get(fold(w)) ?? { said: w, vendors: [] };
      if (!e.vendors.includes(v)) e.vendors.push(v);
      byWord.set(fold(w), e);
    }
  }
  const shared = [...byWord.values()].filter((e) => e.vendors.length > 1);
  const keys = ['sumVendor', 'countVendor', 'avgVendor'];
  for (const [i, e] of dice.some(shared, 3).entries()) a.ask('ambiguous', keys[i]!, () => [e.said], () => ({ refuse: true, texts: e.vendors }));
  // One invoice number on two vendors' invoices: both named, both cited.
  for (const [n, ds] of [...groupBy(docs, (d) => d.truth.invoice_number)].filter(([, ds]) => ds.length > 1 && uniq(ds.map((d) => d.truth.vendor_name)).length > 1).slice(0, 2)) {
    a.ask('ambiguous', 'total', () => [n], (lang) => ({ texts: ds.flatMap((d) => [d.truth.vendor_name!, money(d.truth.total!, cur(d), lang)]), cites: ids(ds) }));
  }
}
