// `fresh2-holdout` (issue 17): a held-out question set written by hand on 2026-11-26 as an accountant
// would ask, by someone who had not read the agent engine's code nor the other sets' question texts.
// Its corpus is the project's generator with a seed no other set uses (FRESH2_CORPUS); the questions
// name that corpus's vendors, invoice numbers, items and periods, so they are bound to it: if the
// generator changes and a named document or vendor is gone, questionsOf throws rather than ask
// something else silently.
//
// Every expected answer is computed here from the corpus truth (never from the service's values),
// with the conventions of the other sets (questions.ts, unseen.ts): figures are about invoices,
// receipts and credit notes (a credit note counts with its negative total); one figure per currency;
// each document once; deleted uploads are not documents; a question about something no document
// has must be answered "not found" with no figure; a name two vendors share must be answered with
// both names and no figure. Dates in answers are ISO days. Relative periods are relative to the
// service's fixed "today" (setup.now); fiscal years start in setup.fiscalYearStart and are named by
// the year they start in. "Outstanding" is "not yet due" (the service records no payments).
// Review state: "corrected" documents are the ones the eval's review changed (setup.corrected; none
// when values are as extracted).
import type { EvalDoc } from './corpus.js';
import type { Lang } from './phrasings.js';
import type { EvalQuestion, Expect, Setup } from './questions.js';
import { money, sums } from './unseen.js';

export const FRESH2_SET = 'fresh2-holdout';
/** Its own corpus: 126 generated documents of a seed no other set uses (4 uploaded then deleted, 6 uploaded twice). */
export const FRESH2_CORPUS = { count: 126, seed: 20261201 };

const r2 = (n: number) => Math.round(n * 100) / 100;
const cur = (d: EvalDoc) => d.truth.currency ?? '';
const ids = (ds: EvalDoc[]) => ds.map((d) => d.documentId);
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
const dated = (ds: EvalDoc[], from: string, to: string) => ds.filter((d) => d.truth.invoice_date !== null && d.truth.invoice_date >= from && d.truth.invoice_date <= to);
const year = (ds: EvalDoc[], y: number) => dated(ds, `${y}-01-01`, `${y}-12-31`);
const quarter = (ds: EvalDoc[], y: number, q: number) => dated(ds, `${y}-${pad(q * 3 - 2)}-01`, lastDay(y, q * 3));

/** Per currency: sum and count of the documents that have the value. */
function groups(ds: EvalDoc[], value: (d: EvalDoc) => number | null = (d) => d.truth.total) {
  const m = new Map<string, { sum: number; n: number; docs: EvalDoc[] }>();
  for (const d of ds) {
    const v = value(d);
    if (v === null) continue;
    const e = m.get(cur(d)) ?? { sum: 0, n: 0, docs: [] };
    m.set(cur(d), { sum: e.sum + v, n: e.n + 1, docs: [...e.docs, d] });
  }
  return m;
}

/** The figures behind a sum: one per currency, every document cited, no other. Nothing: no figure. */
const sumOf = (ds: EvalDoc[], lang: Lang, value?: (d: EvalDoc) => number | null): Expect =>
  ds.length ? { texts: sums(ds, lang, value), cites: ids(ds), only: true } : { refuse: true };
const averageOf = (ds: EvalDoc[], lang: Lang): Expect =>
  ds.length ? { texts: [...groups(ds)].map(([c, e]) => money(r2(e.sum) / e.n, c, lang)), cites: ids(ds) } : { refuse: true };
/** Largest (sign 1) or smallest (-1) per currency: its number and its total. */
function extremeOf(ds: EvalDoc[], lang: Lang, sign: 1 | -1): Expect {
  const picks = [...groups(ds).values()].map((g) => [...g.docs].sort((x, y) => sign * (y.truth.total! - x.truth.total!))[0]!);
  return picks.length ? { texts: picks.flatMap((d) => [d.truth.invoice_number ?? '', money(d.truth.total!, cur(d), lang)]), cites: ids(picks) } : { refuse: true };
}
const countOf = (ds: EvalDoc[]): Expect => (ds.length ? { count: ds.length, cites: ids(ds), only: true } : { refuse: true });

type Line = { d: EvalDoc; quantity: number; amount: number };
/** Lines whose description contains `word` (case-insensitive), as the other sets match a thing. */
const linesOf = (ds: EvalDoc[], word: string): Line[] =>
  ds.flatMap((d) => (d.truth.line_items ?? []).filter((l) => l.description.toLowerCase().includes(word.toLowerCase())).map((l) => ({ d, quantity: l.quantity, amount: l.amount })));
const lineDocs = (ls: Line[]) => [...new Set(ls.map((l) => l.d))];
function itemQty(ls: Line[], lang: Lang): Expect {
  if (!ls.length) return { refuse: true };
  return { texts: [money(ls.reduce((s, l) => s + l.quantity, 0), '', lang)], cites: ids(lineDocs(ls)), only: true };
}
function itemPaid(ls: Line[], lang: Lang): Expect {
  if (!ls.length) return { refuse: true };
  const m = new Map<string, number>();
  for (const l of ls) m.set(cur(l.d), (m.get(cur(l.d)) ?? 0) + l.amount);
  return { texts: [...m].map(([c, v]) => money(v, c, lang)), cites: ids(lineDocs(ls)), only: true };
}

export function fresh2Questions(setup: Setup): EvalQuestion[] {
  const docs = setup.docs.filter((d) => d.invoice);
  const out: EvalQuestion[] = [];
  const ask = (kind: string, lang: Lang, prompt: string, expect: Expect) => out.push({ kind, lang, prompt, expect });
  const bound = (what: string) => new Error(`fresh2-holdout is written for seed ${FRESH2_CORPUS.seed} of the generator: ${what} (did the generator change?)`);
  /** The document of this invoice number (checked to be the only one). */
  const no = (n: string) => {
    const ds = docs.filter((d) => d.truth.invoice_number === n);
    if (ds.length !== 1) throw bound(`${ds.length} documents numbered ${n}`);
    return ds[0]!;
  };
  /** A vendor's documents, by its name as printed. */
  const of = (vendor: string) => {
    const ds = docs.filter((d) => d.truth.vendor_name === vendor);
    if (!ds.length) throw bound(`no document from ${vendor}`);
    return ds;
  };
  const one = (ds: EvalDoc[], what: string) => {
    if (ds.length !== 1) throw bound(`${ds.length} documents for ${what}`);
    return ds[0]!;
  };
  const onDay = (vendor: string, day: string) => one(of(vendor).filter((d) => d.truth.invoice_date === day), `${vendor} on ${day}`);
  const total = (d: EvalDoc, lang: Lang): Expect => ({ texts: [money(d.truth.total!, cur(d), lang)], cites: [d.documentId] });
  const tax = (d: EvalDoc, lang: Lang): Expect => ({ texts: [money(d.truth.tax!, cur(d), lang)], cites: [d.documentId] });
  const field = (d: EvalDoc, v: string | null): Expect => {
    if (!v) throw bound(`${d.id} has no such value`);
    return { texts: [v], cites: [d.documentId] };
  };
  /** Must be in no document: checked, so the question stays unanswerable. */
  const nothing = (ds: EvalDoc[], what: string): Expect => {
    if (ds.length) throw bound(`${what} is in ${ds.length} documents`);
    return { refuse: true };
  };
  const ambiguous = (...vendors: string[]): Expect => {
    for (const v of vendors) of(v);
    return { refuse: true, texts: vendors };
  };

  const today = setup.now.toISOString().slice(0, 10);
  const ty = setup.now.getUTCFullYear();
  const tm = setup.now.getUTCMonth() + 1;
  const cq = Math.floor((tm - 1) / 3);
  const [lqy, lq] = cq === 0 ? [ty - 1, 4] : [ty, cq];
  const [lmy, lm] = tm === 1 ? [ty - 1, 12] : [ty, tm - 1];
  const lastMonth = dated(docs, `${lmy}-${pad(lm)}-01`, lastDay(lmy, lm));
  const fiscal = (fy: number) => dated(docs, `${fy}-${pad(setup.fiscalYearStart)}-01`, lastDay(setup.fiscalYearStart === 1 ? fy : fy + 1, setup.fiscalYearStart === 1 ? 12 : setup.fiscalYearStart - 1));
  const inCur = (c: string) => docs.filter((d) => d.truth.currency === c);
  const dueBefore = (day: string) => docs.filter((d) => d.truth.due_date !== null && d.truth.due_date < day);
  const dueIn = (y: number, m: number) => docs.filter((d) => d.truth.due_date?.startsWith(`${y}-${pad(m)}`));
  const corrected = (ds: EvalDoc[]) => ds.filter((d) => setup.corrected?.has(d.documentId));

  const WEBER = 'Weber Bürobedarf GmbH';
  const MOREAU = 'Transports Moreau SAS';
  const KESTREL = 'Kestrel Digital Ltd';
  const VANDIJK = 'Van Dijk Techniek B.V.';
  const BLUE = 'Blue Harbor Consulting LLC';
  const BAECKEREI = 'Bäckerei Sonnenschein GmbH';
  const ZUERCHER = 'Zürcher Uhrenservice AG';
  const GARCIA = 'Distribuciones García S.A.';
  const MUELLER = 'Müller & Söhne GmbH';
  const SUMMIT = 'Summit Creative Studio';
  const LAKESIDE = 'Lakeside Logistics Corp.';
  const JANSEN = 'Jansen Drukwerk';
  const LEFEVRE = 'Boulangerie Lefèvre';
  const TALLERES = 'Talleres Martínez S.L.';
  const NORTHWIND = 'Northwind Supplies Ltd';
  const YAMADA = '株式会社山田商事';
  const TOWA = '東和システム株式会社';

  // Lookups: one field of one document.
  ask('lookup', 'en', "What's the total on invoice 918067?", total(no('918067'), 'en'));
  ask('lookup', 'en', 'when is INV-530273 due', field(no('INV-530273'), no('INV-530273').truth.due_date));
  ask('lookup', 'en', 'Who sent us invoice RE-2024/76167?', field(no('RE-2024/76167'), no('RE-2024/76167').truth.vendor_name));
  ask('lookup', 'en', 'how much VAT was charged on FA/2022/98442', tax(no('FA/2022/98442'), 'en'));
  ask('lookup', 'en', 'which currency is inv 966/2024 in?', field(no('966/2024'), no('966/2024').truth.currency));
  ask('lookup', 'en', 'amt on invoice no. F338454?', total(no('F338454'), 'en'));
  ask('lookup', 'en', 'Date of invoice A-185226 please', field(no('A-185226'), no('A-185226').truth.invoice_date));
  ask('lookup', 'en', 'What did Lakeside Logistics bill us on 2 October 2023?', total(onDay(LAKESIDE, '2023-10-02'), 'en'));
  ask('lookup', 'en', 'total of the jansen drukwerk invoice from 3 Dec 2025', total(onDay(JANSEN, '2025-12-03'), 'en'));
  ask('lookup', 'en', 'Kestrel invoice dated 2025-04-03 - how much was it?', total(onDay(KESTREL, '2025-04-03'), 'en'));
  ask('lookup', 'en', 'payment due date for invoice INV-2024-4403?', field(no('INV-2024-4403'), no('INV-2024-4403').truth.due_date));
  ask('lookup', 'en', 'How much GST is on receipt INV29468284?', tax(no('INV29468284'), 'en'));
  const moreauAug = onDay(MOREAU, '2025-08-05');
  ask('lookup', 'en', "What's the invoice number on the Transports Moreau invoice of 5 August 2025?", field(moreauAug, moreauAug.truth.invoice_number));
  ask('lookup', 'en', 'how much was the Weber Buerobedarf invoice that was due on 23 Nov 2024', total(one(of(WEBER).filter((d) => d.truth.due_date === '2024-11-23'), 'Weber due 2024-11-23'), 'en'));
  ask('lookup', 'en', 'Can you pull up invoice 473/2025 and tell me the total incl. tax', total(no('473/2025'), 'en'));
  ask('lookup', 'en', 'vendor on inv RE-9040-11?', field(no('RE-9040-11'), no('RE-9040-11').truth.vendor_name));
  ask('lookup', 'en', 'How much was the Greenway Facilities invoice?', total(one(of('Greenway Facilities Limited'), 'Greenway Facilities'), 'en'));
  ask('lookup', 'en', "when's the Zurcher Uhrenservice invoice INV2025-6856 due?", field(no('INV2025-6856'), no('INV2025-6856').truth.due_date));
  ask('lookup', 'en', "what's the VAT amount on invoice INV-2025/12621", tax(no('INV-2025/12621'), 'en'));
  ask('lookup', 'en', 'Total for Conti & Figli invoice F202270274?', total(no('F202270274'), 'en'));
  const cn = no('CN-20206700');
  ask('lookup', 'en', 'who issued credit note CN-20206700 and for how much?', { texts: [cn.truth.vendor_name!, money(cn.truth.total!, cur(cn), 'en')], cites: [cn.documentId] });
  const lastBaeckerei = [...of(BAECKEREI)].sort((x, y) => y.truth.invoice_date!.localeCompare(x.truth.invoice_date!))[0]!;
  ask('lookup', 'en', 'whats the most recent invoice from Bäckerei Sonnenschein and how much was it', total(lastBaeckerei, 'en'));
  const lastDupont = [...of('Atelier Dupont SARL')].sort((x, y) => y.truth.invoice_date!.localeCompare(x.truth.invoice_date!))[0]!;
  ask('lookup', 'en', 'When did we last get an invoice from Atelier Dupont?', field(lastDupont, lastDupont.truth.invoice_date));
  ask('lookup', 'ja', '請求書番号 No.250809-424 の合計金額はいくらですか?', total(no('No.250809-424'), 'ja'));
  ask('lookup', 'ja', 'INV-240408-203の支払期限はいつですか', field(no('INV-240408-203'), no('INV-240408-203').truth.due_date));
  ask('lookup', 'ja', '請求書F2024/8545の消費税額を教えてください', tax(no('F2024/8545'), 'ja'));
  ask('lookup', 'ja', 'RE-2022-21222の請求元はどこですか?', field(no('RE-2022-21222'), no('RE-2022-21222').truth.vendor_name));
  ask('lookup', 'ja', 'サクラ食品の請求書の金額は?', total(one(of('株式会社サクラ食品'), 'サクラ食品'), 'ja'));
  ask('lookup', 'ja', 'INV-2023-3251の請求日を教えて', field(no('INV-2023-3251'), no('INV-2023-3251').truth.invoice_date));
  ask('lookup', 'ja', '佐藤印刷からの請求書、合計はいくらでしたっけ', total(one(of('有限会社佐藤印刷'), '佐藤印刷'), 'ja'));

  // Sums: by vendor, period, fiscal year, currency, due date.
  ask('sum', 'en', 'How much have we spent with Transports Moreau in total?', sumOf(of(MOREAU), 'en'));
  ask('sum', 'en', 'total spend w/ kestrel', sumOf(of(KESTREL), 'en'));
  ask('sum', 'en', 'What did we pay Van Dijk Techniek in 2023?', sumOf(year(of(VANDIJK), 2023), 'en'));
  ask('sum', 'en', 'sum of all Blue Harbour Consulting invoices this year', sumOf(year(of(BLUE), ty), 'en'));
  ask('sum', 'en', 'how much VAT did we pay to Weber Buerobedarf overall?', sumOf(of(WEBER).filter((d) => d.truth.tax !== null), 'en', (d) => d.truth.tax));
  ask('sum', 'en', 'Total invoiced in March 2023?', sumOf(dated(docs, '2023-03-01', '2023-03-31'), 'en'));
  ask('sum', 'en', 'what did we spend last qtr', sumOf(quarter(docs, lqy, lq), 'en'));
  ask('sum', 'en', 'Total for Q4 2024 please', sumOf(quarter(docs, 2024, 4), 'en'));
  ask('sum', 'en', 'How much did we spend in FY2024?', sumOf(fiscal(2024), 'en'));
  ask('sum', 'en', 'how much did we spend in 2024 before 15 May?', sumOf(dated(docs, '2024-01-01', '2024-05-14'), 'en'));
  ask('sum', 'en', 'add up all our euro invoices from 2022', sumOf(year(inCur('EUR'), 2022), 'en'));
  ask('sum', 'en', "What's outstanding? i.e. the total of everything due after today", sumOf(docs.filter((d) => d.truth.due_date !== null && d.truth.due_date > today), 'en'));
  ask('sum', 'en', 'GBP total for 2025?', sumOf(year(inCur('GBP'), 2025), 'en'));
  ask('sum', 'ja', '2023年にBäckerei Sonnenscheinへ支払った金額の合計は?', sumOf(year(of(BAECKEREI), 2023), 'ja'));
  ask('sum', 'ja', '2023年度の支出合計はいくらですか', sumOf(fiscal(2023), 'ja'));
  ask('sum', 'ja', '先月の請求額の合計を教えて', sumOf(lastMonth, 'ja'));
  ask('sum', 'ja', '山田商事への支払総額は?', sumOf(of(YAMADA), 'ja'));
  ask('sum', 'ja', '2023年第4四半期のユーロ建て請求書の合計は?', sumOf(quarter(inCur('EUR'), 2023, 4), 'ja'));

  // Averages, largest, smallest.
  ask('average', 'en', 'avg invoice amount from Distribuciones Garcia?', averageOf(of(GARCIA), 'en'));
  ask('average', 'en', "What's our average CHF invoice?", averageOf(inCur('CHF'), 'en'));
  ask('average', 'en', 'average invoice value in 2023', averageOf(year(docs, 2023), 'en'));
  ask('average', 'en', 'mean spend per invoice with Zürcher Uhrenservice', averageOf(of(ZUERCHER), 'en'));
  ask('average', 'ja', 'Talleres Martínezの請求書の平均金額は?', averageOf(of(TALLERES), 'ja'));
  ask('max', 'en', 'biggest invoice we got in 2025?', extremeOf(year(docs, 2025), 'en', 1));
  ask('max', 'en', 'largest summit creative studio invoice', extremeOf(of(SUMMIT), 'en', 1));
  ask('max', 'en', 'Highest USD invoice we have?', extremeOf(inCur('USD'), 'en', 1));
  ask('max', 'en', 'Which was the most expensive invoice from Mueller & Soehne?', extremeOf(of(MUELLER), 'en', 1));
  ask('max', 'ja', '2024年で一番高額なユーロの請求書はどれ?', extremeOf(year(inCur('EUR'), 2024), 'ja', 1));
  ask('min', 'en', 'smallest invocie from Jansen Drukwerk?', extremeOf(of(JANSEN), 'en', -1));
  ask('min', 'en', 'lowest CHF invoice in 2024', extremeOf(year(inCur('CHF'), 2024), 'en', -1));
  ask('min', 'en', 'min invoice amount for Lakeside Logistics', extremeOf(of(LAKESIDE), 'en', -1));
  ask('min', 'ja', 'Zürcher Uhrenserviceの請求書で一番少額なのはどれですか', extremeOf(of(ZUERCHER), 'ja', -1));

  // Counts, including the review state (what a person corrected).
  ask('count', 'en', 'how many invoices did we recieve from Transports Moreau?', countOf(of(MOREAU)));
  ask('count', 'en', '# of invoices in 2022', countOf(year(docs, 2022)));
  ask('count', 'en', 'how many invoices in US dollars do we have', countOf(inCur('USD')));
  ask('count', 'en', 'How many invoices had to be corrected by hand?', countOf(corrected(docs)));
  ask('count', 'en', 'how many invoices came in last month?', countOf(lastMonth));
  ask('count', 'en', 'How many Van Dijk invoices are there?', countOf(of(VANDIJK)));
  ask('count', 'ja', '2024年の請求書は何件ありますか?', countOf(year(docs, 2024)));
  ask('count', 'ja', 'Weber Bürobedarfからの請求書は何件?', countOf(of(WEBER)));
  ask('count', 'ja', 'スイスフラン建ての請求書は何件ありますか', countOf(inCur('CHF')));

  // Lists.
  ask('list', 'en', 'Which invoices are over 20,000 EUR?', countOf(inCur('EUR').filter((d) => d.truth.total! > 20000)));
  ask('list', 'en', 'list the invoices due before 1 March 2023', countOf(dueBefore('2023-03-01')));
  ask('list', 'en', 'which invoices are due in January 2025?', countOf(dueIn(2025, 1)));
  ask('list', 'en', 'list all boulangerie lefevre invoices', countOf(of(LEFEVRE)));
  ask('list', 'en', 'Which of the Transports Moreau invoices were corrected?', countOf(corrected(of(MOREAU))));
  ask('list', 'en', 'show me the GBP invoices from 2023', countOf(year(inCur('GBP'), 2023)));
  ask('list', 'en', 'which Zürcher Uhrenservice invoices are from 2024', countOf(year(of(ZUERCHER), 2024)));
  ask('list', 'ja', '50万円を超える請求書を一覧にして', countOf(inCur('JPY').filter((d) => d.truth.total! > 500000)));
  ask('list', 'ja', '支払期限が2021年1月1日より前の請求書を教えて', countOf(dueBefore('2021-01-01')));
  ask('list', 'ja', 'Kestrel Digitalの請求書を全部リストアップしてください', countOf(of(KESTREL)));

  // Comparisons of two vendors or two periods: both figures, per currency.
  const compare = (a: EvalDoc[], b: EvalDoc[], lang: Lang): Expect => ({ texts: [...sums(a, lang), ...sums(b, lang)], cites: ids([...a, ...b]), only: true });
  ask('compare', 'en', 'compare what we spent with Weber vs Müller & Söhne', compare(of(WEBER), of(MUELLER), 'en'));
  ask('compare', 'en', 'Did we spend more with Kestral Digital or Northwind Supplies?', compare(of(KESTREL), of(NORTHWIND), 'en'));
  ask('compare', 'en', '2023 vs 2024 spend', compare(year(docs, 2023), year(docs, 2024), 'en'));
  ask('compare', 'en', 'How does Q1 2025 compare to Q1 2024?', compare(quarter(docs, 2025, 1), quarter(docs, 2024, 1), 'en'));
  ask('compare', 'en', 'first half of 2024 vs second half of 2024 - total spend', compare(dated(docs, '2024-01-01', '2024-06-30'), dated(docs, '2024-07-01', '2024-12-31'), 'en'));
  ask('compare', 'ja', '東和システムと山田商事、どちらに多く支払っていますか?', compare(of(TOWA), of(YAMADA), 'ja'));
  ask('compare', 'ja', '2022年と2023年の支出を比較してください', compare(year(docs, 2022), year(docs, 2023), 'ja'));

  // Line items.
  ask('items', 'en', 'how many staplers did we buy?', itemQty(linesOf(docs, 'stapler'), 'en'));
  ask('items', 'en', 'What did we pay for desk lamps in total?', itemPaid(linesOf(docs, 'desk lamp'), 'en'));
  ask('items', 'en', 'How many 27 inch monitors have we bought?', itemQty(linesOf(docs, 'monitor 27'), 'en'));
  ask('items', 'en', 'how many laptop stands did we get from Weber?', itemQty(linesOf(of(WEBER), 'laptop stand'), 'en'));
  ask('items', 'en', 'how much have we paid for hosting plans?', itemPaid(linesOf(docs, 'hosting plan'), 'en'));
  ask('items', 'en', 'qty of business cards ordered so far?', itemQty(linesOf(docs, 'business cards'), 'en'));
  ask('items', 'en', 'How many USB-C docking stations did we buy from Lakeside Logistics?', itemQty(linesOf(of(LAKESIDE), 'usb-c docking station'), 'en'));
  ask('items', 'ja', 'Spare parts kitは全部でいくつ購入しましたか?', itemQty(linesOf(docs, 'spare parts kit'), 'ja'));
  ask('items', 'ja', '山田商事にウェブサイト保守でいくら払いましたか', itemPaid(linesOf(of(YAMADA), 'ウェブサイト保守'), 'ja'));
  ask('items', 'ja', '東和システムから事務用椅子を何脚買いましたか?', itemQty(linesOf(of(TOWA), '事務用椅子'), 'ja'));

  // Not in the documents: say so, no figure.
  const vendorLike = (word: string) => docs.filter((d) => (d.truth.vendor_name ?? '').toLowerCase().includes(word.toLowerCase()));
  const numbered = (n: string) => docs.filter((d) => (d.truth.invoice_number ?? '').replace(/[^A-Za-z0-9]/g, '') === n.replace(/[^A-Za-z0-9]/g, ''));
  const lines = (word: string) => lineDocs(linesOf(docs, word));
  ask('not in documents', 'en', 'Total spend with Riverside Plumbing Ltd?', nothing(vendorLike('Riverside'), 'Riverside'));
  ask('not in documents', 'en', 'how many invoices from Nordlicht Büromöbel GmbH', nothing(vendorLike('Nordlicht'), 'Nordlicht'));
  ask('not in documents', 'en', 'largest invoice from Harper & Cole', nothing(vendorLike('Harper'), 'Harper'));
  ask('not in documents', 'en', "What's the due date of inv 2024-77120?", nothing(numbered('2024-77120'), '2024-77120'));
  // Uploaded, then deleted: not a document any more.
  ask('not in documents', 'en', 'total of invoice F124160?', nothing(numbered('F124160'), 'F124160'));
  ask('not in documents', 'en', "who's the vendor on RE-840279", nothing(numbered('RE-840279'), 'RE-840279'));
  ask('not in documents', 'en', 'How much did we spend in August 2021?', nothing(dated(docs, '2021-08-01', '2021-08-31'), 'August 2021'));
  ask('not in documents', 'en', 'what was our spend in 2016', nothing(year(docs, 2016), '2016'));
  ask('not in documents', 'en', 'What did we pay in Australian dollars?', nothing(inCur('AUD'), 'AUD'));
  ask('not in documents', 'en', 'how much did we pay Kestrel Digital in 2019?', nothing(year(of(KESTREL), 2019), 'Kestrel in 2019'));
  ask('not in documents', 'en', 'How many whiteboards did we buy?', nothing(lines('whiteboard'), 'whiteboard'));
  ask('not in documents', 'en', 'total of the Blue Harbor invoices from 2023', nothing(year(of(BLUE), 2023), 'Blue Harbor in 2023'));
  ask('not in documents', 'en', 'total for Q2 2019?', nothing(quarter(docs, 2019, 2), 'Q2 2019'));
  ask('not in documents', 'en', 'How much have we paid Northwind Traders?', nothing(vendorLike('Northwind Traders'), 'Northwind Traders'));
  ask('not in documents', 'ja', '株式会社ひまわり物産への支払総額は?', nothing(vendorLike('ひまわり'), 'ひまわり物産'));
  ask('not in documents', 'ja', '請求書番号 INV-2019-0420 の合計は?', nothing(numbered('INV-2019-0420'), 'INV-2019-0420'));
  ask('not in documents', 'ja', '2021年3月の請求額の合計は?', nothing(dated(docs, '2021-03-01', '2021-03-31'), 'March 2021'));
  ask('not in documents', 'ja', '豪ドル建ての請求書の合計はいくら?', nothing(inCur('AUD'), 'AUD'));
  ask('not in documents', 'ja', 'プロジェクターは何台買いましたか?', nothing(lines('projector').concat(lines('プロジェクター')), 'projector'));

  // Ambiguous: a name that fits more than one vendor.
  ask('ambiguous', 'en', 'how much did we spend with Facilities?', ambiguous('Greenway Facilities Limited', 'Oakridge Facilities Limited'));
  ask('ambiguous', 'en', 'How many invoices from Hup Seng?', ambiguous('Hup Seng Hardware Sdn. Bhd.', 'HOMEMART HUP SENG HARDWARE SDN BHD'));
  ask('ambiguous', 'en', "what's the avg receipt from Jaya?", ambiguous('LIAN HING JAYA TRADING SDN BHD', 'KAI YANG JAYA FAMILY TRADING'));
  ask('ambiguous', 'ja', 'Facilitiesへの支払いは合計いくらですか?', ambiguous('Greenway Facilities Limited', 'Oakridge Facilities Limited'));
  return out;
}
