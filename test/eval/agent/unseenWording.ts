// Wording of the `fresh-tune` and `fresh-holdout` question sets (unseen.ts), written for issue 17
// before reading the agent engine's code. Every question has several wordings per language: the
// first half are `fresh-tune`'s, the second half `fresh-holdout`'s, so the held-out set also asks
// in words the tuning never saw. Arguments are already spoken forms (a vendor as someone would
// type it, a month as a name, an amount with its currency sign).
import type { Lang } from './phrasings.js';

type W = (...a: string[]) => string;
export type Wordings = Record<Lang, W[]>;

export const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const ORD = ['first', 'second', 'third', 'fourth'];

/** A month of a year as an accountant writes it; `style` picks the form. */
export const monthEn = (y: number, m: number, style: number) =>
  [`${MONTHS_EN[m - 1]} ${y}`, `${MONTHS_EN[m - 1]!.slice(0, 3)} ${y}`, `${MONTHS_EN[m - 1]} of ${y}`, `${String(m).padStart(2, '0')}/${y}`][style % 4]!;
export const monthJa = (y: number, m: number, style: number) => [`${y}年${m}月`, `${y}年${m}月分`, `${y}/${m}`][style % 3]!;
export const quarterEn = (y: number, q: number, style: number) => [`Q${q} ${y}`, `the ${ORD[q - 1]} quarter of ${y}`, `${y} Q${q}`, `Q${q}/${y}`][style % 4]!;
export const quarterJa = (y: number, q: number, style: number) => [`${y}年第${q}四半期`, `${y}年のQ${q}`, `${y}年${q * 3 - 2}〜${q * 3}月`][style % 3]!;
export const dayEn = (iso: string, style: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [`${d} ${MONTHS_EN[m - 1]} ${y}`, `${MONTHS_EN[m - 1]} ${d}, ${y}`, iso, `${d} ${MONTHS_EN[m - 1]!.slice(0, 3)} ${y}`][style % 4]!;
};
export const dayJa = (iso: string, style: number) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return [`${y}年${m}月${d}日`, iso, `${y}/${m}/${d}`][style % 3]!;
};

export const CURRENCY_EN: Record<string, string[]> = {
  EUR: ['euros', 'EUR', 'euro'], GBP: ['pounds', 'GBP', 'sterling'], USD: ['dollars', 'USD', 'US dollars'],
  CHF: ['Swiss francs', 'CHF', 'francs'], JPY: ['yen', 'JPY', 'yen'], MYR: ['ringgit', 'MYR', 'Malaysian ringgit'],
  AUD: ['Australian dollars', 'AUD', 'Aussie dollars'], CAD: ['Canadian dollars', 'CAD', 'CAD'],
};
export const CURRENCY_JA: Record<string, string> = { EUR: 'ユーロ', GBP: '英ポンド', USD: '米ドル', CHF: 'スイスフラン', JPY: '円', MYR: 'リンギット', AUD: '豪ドル', CAD: 'カナダドル' };
const SIGN: Record<string, string> = { EUR: '€', GBP: '£', USD: '$' };

/** A threshold with its currency: "€5,000", "5000 CHF", "5k euros"; in Japanese "5,000ユーロ". */
export function thresholdEn(n: number, cur: string, style: number): string {
  const sep = n.toLocaleString('en-US');
  const s = style % 3;
  if (s === 0 && SIGN[cur]) return `${SIGN[cur]}${sep}`;
  if (s === 1 && n % 1000 === 0) return `${n / 1000}k ${CURRENCY_EN[cur]?.[0] ?? cur}`;
  return `${cur} ${sep}`;
}
export const thresholdJa = (n: number, cur: string) => (cur === 'JPY' && n % 10000 === 0 ? `${n / 10000}万円` : `${n.toLocaleString('en-US')}${CURRENCY_JA[cur] ?? cur}`);

export const WORDINGS: Record<string, Wordings> = {
  // Lookups of one document by its number.
  total: {
    en: [(n) => `What's the total on invoice ${n}?`, (n) => `how much was inv ${n} for`, (n) => `Amount due on invoice no. ${n}, please.`, (n) => `What did invoice ${n} come to in total?`],
    ja: [(n) => `請求書${n}の合計金額はいくらですか？`, (n) => `${n}の請求額を教えて`, (n) => `請求書番号${n}の総額は？`, (n) => `${n}っていくらの請求だった？`],
  },
  date: {
    en: [(n) => `When was invoice ${n} issued?`, (n) => `date of inv ${n}?`, (n) => `What is the invoice date on ${n}?`, (n) => `Which day is invoice ${n} dated?`],
    ja: [(n) => `請求書${n}の発行日はいつですか？`, (n) => `${n}の請求日を教えてください`, (n) => `請求書${n}の日付は？`, (n) => `${n}はいつ発行された請求書？`],
  },
  due: {
    en: [(n) => `When is invoice ${n} due?`, (n) => `payment due date for ${n}?`, (n) => `By when do we have to pay invoice ${n}?`, (n) => `What's the due date on inv ${n}?`],
    ja: [(n) => `請求書${n}の支払期日はいつ？`, (n) => `${n}の支払期限を教えて`, (n) => `請求書${n}はいつまでに払えばいい？`, (n) => `${n}の支払期日は？`],
  },
  vendor: {
    en: [(n) => `Who sent us invoice ${n}?`, (n) => `which supplier is inv ${n} from`, (n) => `Who is the vendor on invoice ${n}?`, (n) => `Invoice ${n}: which company issued it?`],
    ja: [(n) => `請求書${n}の発行元はどこですか？`, (n) => `${n}はどの取引先からの請求書？`, (n) => `請求書${n}の仕入先は？`, (n) => `${n}を出した会社はどこ？`],
  },
  tax: {
    en: [(n) => `How much VAT is on invoice ${n}?`, (n) => `tax amount on ${n}?`, (n) => `What's the tax on inv ${n}?`, (n) => `How much of invoice ${n} is tax?`],
    ja: [(n) => `請求書${n}の消費税額は？`, (n) => `${n}の税額を教えて`, (n) => `請求書${n}に含まれる税金はいくら？`, (n) => `${n}の税額は？`],
  },
  currency: {
    en: [(n) => `What currency is invoice ${n} in?`, (n) => `currency of inv ${n}?`, (n) => `Which currency was invoice ${n} billed in?`, (n) => `Is invoice ${n} in euros, pounds or something else?`],
    ja: [(n) => `請求書${n}の通貨は何ですか？`, (n) => `${n}は何建ての請求書？`, (n) => `請求書${n}の通貨を教えて`, (n) => `${n}の通貨は？`],
  },
  totalByVendorDay: {
    en: [(v, d) => `What was the total of the ${v} invoice dated ${d}?`, (v, d) => `${v} bill from ${d} - how much?`, (v, d) => `How much did ${v} charge us on ${d}?`, (v, d) => `amount of ${v}'s invoice of ${d}?`],
    ja: [(v, d) => `${d}付の${v}の請求書の金額は？`, (v, d) => `${v}から${d}に来た請求はいくら？`, (v, d) => `${v}の${d}の請求額を教えて`, (v, d) => `${d}の${v}の請求書、合計いくら？`],
  },
  // Aggregates.
  sumVendor: {
    en: [(v) => `How much have we spent with ${v} in total?`, (v) => `total paid to ${v}?`, (v) => `What's the sum of all ${v} invoices?`, (v) => `How much did ${v} bill us altogether?`],
    ja: [(v) => `${v}への支払いは合計でいくらですか？`, (v) => `${v}の請求の合計は？`, (v) => `${v}からの請求書を全部足すといくら？`, (v) => `${v}に払った総額を教えて`],
  },
  avgVendor: {
    en: [(v) => `What's our average invoice from ${v}?`, (v) => `avg invoice amount for ${v}`, (v) => `On average, how much is a ${v} invoice?`, (v) => `Mean invoice value from ${v}?`],
    ja: [(v) => `${v}の請求書の平均額は？`, (v) => `${v}からの請求は平均いくら？`, (v) => `${v}の1件あたりの平均請求額を教えて`, (v) => `${v}の平均請求金額は？`],
  },
  sumVendorYear: {
    en: [(v, y) => `How much did we pay ${v} in ${y}?`, (v, y) => `${v} total for ${y}?`, (v, y) => `What did ${v} invoice us during ${y}?`, (v, y) => `Total ${y} spend with ${v}?`],
    ja: [(v, y) => `${y}年の${v}への支払い合計は？`, (v, y) => `${v}の${y}年分の請求額は？`, (v, y) => `${y}年に${v}へいくら払った？`, (v, y) => `${v}、${y}年の合計いくら？`],
  },
  sumPeriod: {
    en: [(p) => `What was the total invoiced in ${p}?`, (p) => `how much did we spend in ${p}`, (p) => `Sum of all invoices for ${p}?`, (p) => `Total of the invoices dated in ${p}?`],
    ja: [(p) => `${p}の請求額の合計は？`, (p) => `${p}にいくら使いましたか？`, (p) => `${p}の請求書の合計金額を教えて`, (p) => `${p}の支出合計は？`],
  },
  sumLastQuarter: {
    en: [() => `What did we spend last quarter?`, () => `total invoices last quarter`, () => `How much was invoiced in the previous quarter?`, () => `Last quarter's invoice total?`],
    ja: [() => `前四半期の請求合計はいくら？`, () => `直前の四半期の請求総額は？`, () => `前の四半期の請求額の合計を教えて`, () => `前四半期にいくら払った？`],
  },
  sumFiscal: {
    en: [(y, y2) => `What's the total for fiscal year ${y}/${y2.slice(2)}?`, (y, y2) => `FY ${y}-${y2.slice(2)} total spend?`, (y, y2) => `How much did we spend in the ${y}/${y2} financial year?`, (y, y2) => `Total invoiced in fiscal ${y}-${y2}?`],
    ja: [(y) => `${y}年度の請求額の合計は？`, (y) => `${y}年度にいくら支払いましたか？`, (y) => `${y}年度の支出総額を教えて`, (y) => `${y}年度の請求書の合計金額は？`],
  },
  sumCurrency: {
    en: [(c) => `How much have we been billed in ${c} altogether?`, (c) => `total of our ${c} invoices?`, (c) => `Sum of everything invoiced in ${c}?`, (c) => `What's the total across all ${c} invoices?`],
    ja: [(c) => `${c}建ての請求書の合計はいくら？`, (c) => `${c}での請求額は全部でいくら？`, (c) => `${c}建ての支払い総額を教えて`, (c) => `${c}の請求の合計は？`],
  },
  sumBefore: {
    en: [(d, y) => `How much was invoiced in ${y} before ${d}?`, (d, y) => `total of ${y} invoices dated before ${d}`, (d, y) => `What did we spend from the start of ${y} up to (not including) ${d}?`, (d, y) => `Sum of invoices in ${y} prior to ${d}?`],
    ja: [(d, y) => `${y}年、${d}より前の請求額の合計は？`, (d, y) => `${y}年の${d}以前（当日を含まない）の請求合計を教えて`, (d, y) => `${y}年の年初から${d}の前日までの支出は？`, (d, y) => `${y}年の${d}より前の請求書の合計金額は？`],
  },
  taxVendor: {
    en: [(v) => `How much VAT have we paid to ${v} in total?`, (v) => `total tax on ${v} invoices`, (v) => `What's the total tax billed by ${v}?`, (v) => `Sum of the tax on all ${v} invoices?`],
    ja: [(v) => `${v}の請求書の消費税の合計は？`, (v) => `${v}に払った税額は合計いくら？`, (v) => `${v}分の税額の合計を教えて`, (v) => `${v}の税金の総額は？`],
  },
  avgCurrencyYear: {
    en: [(c, y) => `What was the average ${c} invoice in ${y}?`, (c, y) => `avg size of ${y} invoices in ${c}`, (c, y) => `Average amount of our ${c} invoices dated ${y}?`, (c, y) => `In ${y}, what did a ${c} invoice average?`],
    ja: [(c, y) => `${y}年の${c}建て請求書の平均額は？`, (c, y) => `${y}年、${c}の請求は平均いくら？`, (c, y) => `${y}年の${c}建ての請求書1件あたりの平均は？`, (c, y) => `${c}建ての${y}年の平均請求額を教えて`],
  },
  maxCurrencyYear: {
    en: [(c, y) => `What was our biggest ${c} invoice in ${y}?`, (c, y) => `largest ${c} invoice of ${y}?`, (c, y) => `Which ${y} invoice in ${c} had the highest total?`, (c, y) => `Top ${c} invoice by amount in ${y}?`],
    ja: [(c, y) => `${y}年の${c}建てで一番大きい請求書は？`, (c, y) => `${y}年の${c}の請求で最高額のものは？`, (c, y) => `${y}年、${c}建て請求書の最大はどれ？`, (c, y) => `${c}建ての${y}年の最高額の請求書を教えて`],
  },
  minVendor: {
    en: [(v) => `What's the smallest invoice we got from ${v}?`, (v) => `lowest ${v} invoice?`, (v) => `Which ${v} invoice had the smallest total?`, (v) => `Cheapest invoice from ${v}?`],
    ja: [(v) => `${v}からの請求で一番少額のものは？`, (v) => `${v}の最小の請求書はどれ？`, (v) => `${v}の請求書で金額が一番小さいのは？`, (v) => `${v}の最低額の請求は？`],
  },
  maxVendor: {
    en: [(v) => `What's the largest invoice from ${v}?`, (v) => `biggest ${v} bill?`, (v) => `Which ${v} invoice was the most expensive?`, (v) => `Highest invoice we've had from ${v}?`],
    ja: [(v) => `${v}の請求書で一番高いのは？`, (v) => `${v}からの最高額の請求は？`, (v) => `${v}の請求で最大のものを教えて`, (v) => `${v}の一番大きな請求書は？`],
  },
  // Counts and lists.
  countVendor: {
    en: [(v) => `How many invoices do we have from ${v}?`, (v) => `number of ${v} invoices?`, (v) => `How many bills has ${v} sent us?`, (v) => `count of invoices from ${v}`],
    ja: [(v) => `${v}からの請求書は何件ありますか？`, (v) => `${v}の請求書の件数は？`, (v) => `${v}から何件請求が来てる？`, (v) => `${v}の請求は全部で何件？`],
  },
  countPeriod: {
    en: [(p) => `How many invoices are dated ${p}?`, (p) => `number of invoices in ${p}?`, (p) => `How many invoices did we receive in ${p}?`, (p) => `invoice count for ${p}`],
    ja: [(p) => `${p}の請求書は何件？`, (p) => `${p}に受け取った請求書の件数は？`, (p) => `${p}の請求件数を教えて`, (p) => `${p}は何件の請求があった？`],
  },
  countCurrency: {
    en: [(c) => `How many invoices are in ${c}?`, (c) => `number of invoices billed in ${c}`, (c) => `How many of our invoices are ${c} ones?`, (c) => `count of ${c} invoices?`],
    ja: [(c) => `${c}建ての請求書は何件ありますか？`, (c) => `${c}の請求書の件数は？`, (c) => `${c}建ての請求は何件？`, (c) => `${c}で請求された書類は何件？`],
  },
  listOver: {
    en: [(a) => `Which invoices are over ${a}?`, (a) => `list invoices above ${a}`, (a) => `Show me every invoice larger than ${a}.`, (a) => `Invoices with a total greater than ${a}?`],
    ja: [(a) => `${a}を超える請求書はどれ？`, (a) => `${a}より高い請求書を一覧にして`, (a) => `金額が${a}超の請求書を全部教えて`, (a) => `${a}を上回る請求書を教えて`],
  },
  listDueBefore: {
    en: [(d) => `Which invoices were due before ${d}?`, (d) => `list everything with a due date earlier than ${d}`, (d) => `Show the invoices whose payment was due before ${d}.`, (d) => `invoices due prior to ${d}?`],
    ja: [(d) => `支払期日が${d}より前の請求書は？`, (d) => `${d}より前に期限が来た請求書を一覧で`, (d) => `期日が${d}より前の請求書を教えて`, (d) => `${d}より前が支払期限の請求は？`],
  },
  listDueIn: {
    en: [(p) => `Which invoices fall due in ${p}?`, (p) => `list invoices due ${p}`, (p) => `What payments were due in ${p}?`, (p) => `Invoices with a due date in ${p}?`],
    ja: [(p) => `${p}が支払期日の請求書は？`, (p) => `${p}に支払期限が来る請求書を一覧にして`, (p) => `期日が${p}の請求書はどれ？`, (p) => `${p}払いの請求書を教えて`],
  },
  listVendorYear: {
    en: [(v, y) => `List the ${v} invoices from ${y}.`, (v, y) => `which invoices did ${v} send in ${y}`, (v, y) => `Show all ${y} invoices from ${v}.`, (v, y) => `${v} invoices dated ${y}?`],
    ja: [(v, y) => `${y}年の${v}の請求書を一覧にして`, (v, y) => `${v}から${y}年に来た請求書は？`, (v, y) => `${y}年分の${v}の請求書を全部見せて`, (v, y) => `${v}の${y}年の請求書はどれ？`],
  },
  // Comparisons.
  compareVendors: {
    en: [(a, b) => `Did we spend more with ${a} or with ${b}?`, (a, b) => `${a} vs ${b}: total spend`, (a, b) => `Compare what we paid ${a} and ${b}.`, (a, b) => `Who cost us more overall, ${a} or ${b}?`],
    ja: [(a, b) => `${a}と${b}、どちらに多く払いましたか？`, (a, b) => `${a}と${b}の支払総額を比較して`, (a, b) => `${a}と${b}の請求合計を比べて`, (a, b) => `${a}対${b}の支出は？`],
  },
  comparePeriods: {
    en: [(a, b) => `How does spending in ${a} compare with ${b}?`, (a, b) => `${a} vs ${b} totals?`, (a, b) => `Compare the invoice totals of ${a} and ${b}.`, (a, b) => `Did we spend more in ${a} or in ${b}?`],
    ja: [(a, b) => `${a}と${b}の支出を比較して`, (a, b) => `${a}と${b}、どちらの請求額が多い？`, (a, b) => `${a}と${b}の請求合計を比べてください`, (a, b) => `${a}対${b}の請求総額は？`],
  },
  // Line items.
  itemQty: {
    en: [(i) => `How many ${i} did we buy?`, (i) => `total quantity of ${i} ordered?`, (i) => `How many ${i} have we purchased altogether?`, (i) => `qty of ${i} bought?`],
    ja: [(i) => `${i}は全部でいくつ買いましたか？`, (i) => `${i}の購入数量の合計は？`, (i) => `${i}を何個注文した？`, (i) => `${i}の購入数を教えて`],
  },
  itemPaid: {
    en: [(i) => `What did we pay for ${i}?`, (i) => `total spent on ${i}`, (i) => `How much have the ${i} cost us?`, (i) => `amount paid for ${i} across all invoices?`],
    ja: [(i) => `${i}にいくら払いましたか？`, (i) => `${i}の支払額の合計は？`, (i) => `${i}の購入金額を教えて`, (i) => `${i}には合計いくらかかった？`],
  },
  itemQtyVendor: {
    en: [(i, v) => `How many ${i} did we buy from ${v}?`, (i, v) => `qty of ${i} on ${v} invoices`, (i, v) => `How many ${i} has ${v} sold us?`, (i, v) => `${v}: how many ${i} in total?`],
    ja: [(i, v) => `${v}から${i}をいくつ買った？`, (i, v) => `${v}の請求書にある${i}の数量合計は？`, (i, v) => `${v}で購入した${i}の数は？`, (i, v) => `${v}からの${i}の購入数を教えて`],
  },
};
