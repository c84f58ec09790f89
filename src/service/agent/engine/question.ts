// Reading a question into a query: what is asked (the intent), about which field, and narrowed
// by which vendors, period, currency, amount, review state or line item. English and Japanese.
// The same Query is what the optional language model fills in through its tool call; either way
// the figures are computed from the documents by compute.ts.
import { parsePeriod, type Period } from './dates.js';
import { findNumbers, findVendors, itemWords, unknownName } from './entities.js';
import { normalizeName, type DocRecord, type Role } from './records.js';
import { normalizeWording } from './wording.js';

export const INTENTS = ['lookup', 'sum', 'average', 'max', 'min', 'count', 'list', 'compare', 'items', 'latest', 'earliest', 'overdue', 'search'] as const;
export type Intent = (typeof INTENTS)[number];

export interface Query {
  intent: Intent;
  /** The field asked for (lookups; the detail shown for max, min, latest...). */
  field?: Role;
  /** Invoice numbers named (as in the documents). */
  numbers: string[];
  /** A document number named that no document has. */
  unknownNumber?: string;
  /** Vendor names as in the documents. */
  vendors: string[];
  /** A name given as a vendor that no document has. */
  unknownVendor?: string;
  ambiguous?: { term: string; candidates: string[] };
  dateField: 'date' | 'due';
  period?: Period;
  /** Compare: the two periods. */
  periods?: [Period, Period];
  currency?: string;
  minAmount?: number;
  maxAmount?: number;
  review?: 'needs_review' | 'corrected';
  /** Line-item questions: the item asked about and whether quantities or amounts are wanted. */
  item?: string;
  measure?: 'quantity' | 'amount';
  groupBy?: 'vendor' | 'month' | 'currency';
}

const NOT_INVOICES = '(?!invoices?\\b|documents?\\b|bills?\\b|receipts?\\b|files?\\b|vendors?\\b|suppliers?\\b|times?\\b|credit notes?\\b)';
const INTENT_RULES: Array<[Intent, RegExp]> = [
  ['overdue', /overdue|past[- ]due|unpaid|期限切れ|期限を過ぎ|延滞|未払/],
  ['compare', /\bcompare|\bvs\.?\b|\bversus\b|\b(more|less) (to|with|from|on|in|during|for|at) .+ or |比較|比べ/],
  ['count', /how many|number of ([\p{L}\p{N}&.'-]+\s+){0,4}?(invoices|documents|files|receipts|bills)\b|\bcount\b|何件|件数|何枚|何通|の数(?!量)/u],
  ['average', /average|\bmean\b|平均/],
  ['max', /largest|biggest|highest|most expensive|\bmax(imum)?\b|最大|一番高|最も高|最高|一番大き|最も大き/],
  ['min', /smallest|lowest|cheapest|\bmin(imum)?\b|最小|一番安|最も安|最低|一番小さ|最も小さ|一番低|最も低|少額/],
  ['latest', /latest|most recent|newest|\blast invoice|最新|直近|一番新し|最も新し/],
  ['earliest', /earliest|oldest|\bfirst invoice|最も古|一番古|最初/],
  ['list', /\blist\b|\bshow\b|\bwhich\b|^(invoices|bills|documents|receipts)\b|\bwhat (are the |were the )?(invoices|documents|bills|receipts)\b|一覧|どの(?!くらい|ぐらい)|どれ|リスト|(請求書|書類|文書)を(全部|すべて|全て)?(教えて|見せて|出して|挙げて)|請求書は?[？?]?$/],
  ['sum', /\btotal\b|\bsum\b|how much|spen[dt]|spending|\bpaid\b|\bpay\b|\bowe|\b(bill|charge|invoice)d? us\b|合計|総額|いくら|支払|払[っいうえ]|金額|額は|支出|請求額|費用|トータル|累計/],
];

const FIELDS: Array<[Role, RegExp]> = [
  // "Total due on 123" asks for the amount, not the date.
  ['total', /\b(total|amount|balance|sum) (due|payable|owed|owing)\b|\b(total|amount) (on|of|for) (invoice|bill) (no|number)\b/],
  ['due', /\bdue\b|deadline|payable by|by what date|have to pay|must (we )?pay|need to (be )?pa(y|id)|pay .{1,40} by\b|期限|期日|いつまでに|支払日|払えば/],
  ['vendor', /\bwho\b|vendor|supplier|which company|from whom|issued by|取引先|発行元|請求元|仕入先|業者|会社名|誰|どこ/],
  // 税込 (tax included) is the total.
  ['tax', /\b(tax|vat|gst)\b|税(?!込)/],
  ['currency', /currency|通貨/],
  ['number', /invoice (number|no\.?)(\s|$|\?)|\bnumber\b(?! of)|請求書番号|番号/],
  ['date', /\bdate\b|\bdated\b|\b(which|what) day\b|\bwhen\b|issued|invoiced|日付|発行日|請求日|いつ/],
  ['total', /total|amount|how much|cost|合計|金額|いくら|総額/],
];

// Currencies the documents may not have come first: "Australian dollars" is not USD, and a filter
// on a currency no document has leaves nothing (so no figure is given).
const TAX_AS_PART = /\b(incl\.?|including|inclusive of|with|plus|after|excl\.?|excluding|exclusive of|before|net of|less|ex)\s+(the\s+)?(tax|vat|gst)\b|\b(tax|vat|gst)[- ](inclusive|exclusive|included|excluded|incl\.?|excl\.?)|税込|税抜/;

const CURRENCIES: Array<[string, RegExp]> = [
  ['AUD', /(?<![a-z])aud(?![a-z])|a\$|(australian|aussie) dollars?|豪ドル|オーストラリアドル/],
  ['CAD', /(?<![a-z])cad(?![a-z])|c\$|canadian dollars?|カナダドル/],
  ['NZD', /(?<![a-z])nzd(?![a-z])|new zealand dollars?|nz dollars?|ニュージーランドドル/],
  ['SGD', /(?<![a-z])sgd(?![a-z])|s\$|singapore dollars?|シンガポールドル/],
  ['HKD', /(?<![a-z])hkd(?![a-z])|hk\$|hong kong dollars?|香港ドル/],
  ['CNY', /(?<![a-z])(cny|rmb)(?![a-z])|yuan|renminbi|人民元|元建て/],
  ['SEK', /(?<![a-z])sek(?![a-z])|swedish kron(a|or)|スウェーデンクローナ/],
  ['USD', /(?<![a-z])usd(?![a-z])|us\$|\$|dollars?|ドル/],
  ['EUR', /(?<![a-z])eur(?![a-z])|€|euros?|ユーロ/],
  ['GBP', /(?<![a-z])gbp(?![a-z])|£|pounds?|sterling|ポンド/],
  ['JPY', /(?<![a-z])jpy(?![a-z])|¥|\byen\b|円/],
  ['CHF', /(?<![a-z])chf(?![a-z])|swiss francs?|francs?|スイスフラン/],
  ['MYR', /(?<![a-z])myr(?![a-z])|\brm\s?\d|ringgit|リンギット/],
];

// An amount as typed: 10000, 10,000, 10.000 and 10'000 (thousands), 10k; decimals after a point.
const AMOUNT = "(\\d{1,3}(?:[,.']\\d{3})+(?:\\.\\d+)?(?!\\d)|\\d+(?:\\.\\d+)?)(k\\b)?";
const CUR_WORD = '(?:[a-z]{3}\\s*|[$€£¥]\\s*)?';
const OR_MORE = new RegExp(`${AMOUNT}\\s*(?:[a-z]{3})?\\s*or (more|above|over|higher|less|below|under|lower)\\b`);
const MORE = new RegExp(`(over|above|more than|greater than|exceed(?:s|ing)?|at least|larger than|bigger than|>=?|≥)\\s*${CUR_WORD}${AMOUNT}`);
const LESS = new RegExp(`(under|below|less than|smaller than|at most|up to|<=?|≤)\\s*${CUR_WORD}${AMOUNT}`);
const JA_AMOUNT = new RegExp(`${AMOUNT}\\s*(万|千)?\\s*(?:円|米ドル|ドル|ユーロ|ポンド|スイスフラン|フラン|リンギット|[a-z]{3})?\\s*(以上|超|を超え|を上回|より(?:大き|高|多)|以下|未満|を下回|より(?:小さ|安|少))`);
const JA_UNITS: Record<string, number> = { 万: 10_000, 千: 1_000 };

/** "12.500" and "12'500" are thousands, "12.5" a decimal; "10k" is 10,000. */
function amountOf(digits: string, k?: string): number {
  const n = Number(/^\d{1,3}(?:\.\d{3})+$/.test(digits) ? digits.replace(/\./g, '') : digits.replace(/[,']/g, ''));
  return k ? n * 1000 : n;
}

function amounts(text: string): Pick<Query, 'minAmount' | 'maxAmount'> {
  const out: Pick<Query, 'minAmount' | 'maxAmount'> = {};
  const more = text.match(MORE);
  if (more) out.minAmount = amountOf(more[2]!, more[3]);
  const less = text.match(LESS);
  if (less) out.maxAmount = amountOf(less[2]!, less[3]);
  const or = text.match(OR_MORE);
  if (or) (/more|above|over|higher/.test(or[3]!) ? (out.minAmount = amountOf(or[1]!, or[2])) : (out.maxAmount = amountOf(or[1]!, or[2])));
  const ja = text.match(JA_AMOUNT);
  if (ja) {
    // "50万円" is 500,000.
    const n = amountOf(ja[1]!, ja[2]) * (JA_UNITS[ja[3] ?? ''] ?? 1);
    if (/以上|超|を超え|を上回|より(大き|高|多)/.test(ja[4]!)) out.minAmount = n;
    else out.maxAmount = n;
  }
  return out;
}

/** The line item a question asks about: "how many chairs", "what did we pay for paper", "椅子は何個". */
function itemTerm(text: string): { term: string; measure: 'quantity' | 'amount'; named: boolean } | undefined {
  const qty = text.match(new RegExp(`how many ${NOT_INVOICES}([\\p{L}\\p{N} ()"'.-]+?)\\s+(?:did|have|has|had|were|was|do|are|in|from|on|we|at)\\b`, 'u'))
    ?? text.match(new RegExp(`how many ${NOT_INVOICES}([\\p{L}\\p{N} -]+?)\\??$`, 'u'))
    ?? text.match(/(?:^|[はのを、])([^はのを、]{1,48}?)(?:は|を)?(?:何個|いくつ|何点|何台|何箱|何本|何枚|の購入数量|の購入数|の数量)/);
  const quantity = qty ?? text.match(new RegExp(`\\b(?:quantity|number|units?) of ${NOT_INVOICES}(?:the\\s+)?([\\p{L}\\p{N} -]+?)(?:\\s+(?:did|have|were|was|do|are|we|purchased|bought|ordered|in|from|during|since)\\b|\\?|$)`, 'u'));
  // `named`: the wording names a thing bought ("how many X", "pay for X"), not a vendor as well ("what did X cost us", "Xにいくら払った").
  if (quantity) return { term: spokenTerm(quantity[1]!), measure: 'quantity', named: true };
  const bought = text.match(/(?:pay|paid|spend|spent|cost|costs)\s+(?:for|on)\s+(?:the\s+)?([\p{L}\p{N} "'″”-]+?)(?:\s+(?:in|from|during|since|before|after|last|this)\b|\?|$)/u)
    ?? text.match(/\b(?:cost|price) of (?:the\s+)?([\p{L}\p{N} -]+?)(?:\s+(?:in|from|during|since|before|after|last|this)\b|\?|$)/u);
  if (bought) return { term: spokenTerm(bought[1]!), measure: 'amount', named: true };
  const amount = text.match(/how much (?:was|were|did|do|have|has|had) (?:the\s+)?([\p{L}\p{N} -]+?) cost/u)
    ?? text.match(/what did (?:the\s+)?([\p{L}\p{N} -]+?) cost/u)
    ?? text.match(/(?:^|[はのを、])([^はのを、]{1,48}?)(?:の代金|の購入|の支払い?額|に(?:いくら|合計|使っ|払っ|支払っ|かかっ))/);
  if (amount) return { term: spokenTerm(amount[1]!), measure: 'amount', named: false };
  return undefined;
}

/** An item as named, without the words around it ("chairsって全部で" is "chairs"). */
const spokenTerm = (term: string) =>
  term
    .trim()
    .replace(/(?:って|は|を)?(?:全部で|合計で|トータルで|累計で|全部|合計|全体で|総計)?$/, '')
    // "Weberから買ったX": the item is what comes after the vendor and the verb.
    .replace(/^.*(?:から|より|で)(?:買った|購入した|仕入れた|注文した|買いました|購入しました)/, '')
    // "design hours across all invoices", "desk lamps in total": the item is what comes before.
    .replace(/\s+(?:across|over|on|in|for|from|throughout)\s+(?:all|every|our|the)(?:\s+(?:of\s+)?(?:the|our))?\s+(?:invoices|bills|documents|receipts|orders|vendors|suppliers)$/, '')
    .replace(/\s+(?:altogether|overall|in total|so far|to date|combined|all together)$/, '')
    .trim();

/** Whether a term is only a period ("2024年", "3月分"): then no item is named. */
const onlyPeriod = (term: string) => !/\p{L}/u.test(term.replace(/\d*\s*(?:年度?|月分?|日|年間)|q[1-4]|第.四半期|四半期|上期|下期|[今先前昨去来本][年月期]|今年度|前年度|昨年度|全体|全部|これまで|今まで/g, ''));

/** The question without the label of a number it gives ("請求書番号RE-1の総額" asks for the total, not the number). */
const fieldWords = (text: string) => text.replace(/(?:請求書番号|番号|invoice\s+(?:number|no\.?|#))\s*[:#]?\s*(?=[a-z]{0,6}[-/#]?\d)/g, ' ');

function intentOf(text: string): Intent {
  // "last month" and "first quarter" name periods, not the latest or earliest document.
  const t = text.replace(/\b(last|this|next|first|second|third|fourth) (month|year|week|quarter|fiscal year)\b/g, ' ');
  return INTENT_RULES.find(([, re]) => re.test(t))?.[0] ?? 'search';
}

function groupOf(text: string): Query['groupBy'] {
  // "Which vendor did we pay the most?", "top supplier by spend": the totals by vendor answer it.
  if (/\b(which|what|top|biggest|largest|main)\s+(vendor|supplier|company)\b.*\b(most|spend|spent|paid|biggest|largest)\b|\b(top|biggest|largest|main) (vendor|supplier)s?\b|一番(支払|払)|最も(支払|払)/.test(text)) return 'vendor';
  if (/\b(by|per|for each|each) (vendor|supplier|company)|(vendor|supplier|取引先|ベンダー|会社)(ごと|別)/.test(text)) return 'vendor';
  if (/\b(by|per|each) month|monthly|月(ごと|別)|月次/.test(text)) return 'month';
  if (/\b(by|per|each) currency|通貨(ごと|別)/.test(text)) return 'currency';
  return undefined;
}

/** Two periods to compare: "Q1 vs Q2 2024", "March and April 2024", "2023年と2024年". */
function twoPeriods(text: string, nowMs: number, fy: number): [Period, Period] | undefined {
  const m = text.match(/^(.*?)\s*(?:\band\b|\bvs\.?|\bversus\b|\bwith\b|\bto\b|\bor\b|と)\s*(.*)$/);
  if (!m) return undefined;
  const year = (s: string) => s.match(/20\d{2}/)?.[0];
  let left = m[1]!.replace(/\bcompare\b/, ' ');
  const right = m[2]!;
  if (!year(left) && year(right)) left = `${left} ${year(right)}`;
  const a = parsePeriod(left, nowMs, fy);
  const b = parsePeriod(right, nowMs, fy);
  if (a && b && (a.from !== b.from || a.month !== b.month)) return [a, b];
  // "2024年は2017年と比べて": both years on one side of the word that joins them.
  const years = [...new Set(text.match(/20\d{2}(?=年(?!度))|\b20\d{2}\b(?![-/.]\d)/g) ?? [])];
  if (years.length !== 2) return undefined;
  const [y1, y2] = years.map((y) => parsePeriod(`${y}年`, nowMs, fy));
  return y1 && y2 ? [y1, y2] : undefined;
}

export interface ParseContext {
  records: DocRecord[];
  nowMs: number;
  /** First month of the fiscal year (1-12). */
  fiscalYearStart: number;
}

export function parseQuestion(question: string, ctx: ParseContext): Query {
  const prompt = normalizeWording(question);
  const text = prompt.toLowerCase();
  const { records, nowMs, fiscalYearStart: fy } = ctx;
  let intent = intentOf(text);
  const numbers = findNumbers(prompt, records);
  const vendors = findVendors(prompt, records);
  const item = itemTerm(text);
  const q: Query = {
    intent,
    field: FIELDS.find(([, re]) => re.test(fieldWords(text)))?.[0],
    numbers: numbers.named.map((r) => r.doc.documentId),
    unknownNumber: numbers.unknown,
    vendors: vendors.vendors.map((v) => v.name),
    ambiguous: vendors.ambiguous && { term: vendors.ambiguous.term, candidates: vendors.ambiguous.candidates.map((v) => v.name) },
    dateField: /\b(fall )?due (in|on|by|before|after|between|within|during|next|this|last|from|until|till|prior to|earlier than|later than|no later than|not later than|up to)\b|\bdue dates?\b|\bdue (?=\d{1,2}[/.-]\d|20\d{2}\b|q[1-4]\b|(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d|20))|支払期限が|期日が|期限が|期日の|期限の|が期日|が期限|が支払期限|支払期限の/.test(text) ? 'due' : 'date',
    currency: CURRENCIES.find(([, re]) => re.test(text))?.[0],
    ...amounts(text),
    review: /needs? (a )?review|to review|unreviewed|uncertain|unchecked|not (yet )?(been )?(checked|reviewed)|要確認|未確認|確認が必要/.test(text)
      ? 'needs_review'
      : /\bcorrect(ed|ions?)?\b|\bchecked|\breviewed|\bverified|\b(fix|amend|edit)(ed)?\b|修正済|確認済|修正(さ|し)|訂正|直した/.test(text) ? 'corrected' : undefined,
    groupBy: groupOf(text),
  };
  // "Total including VAT" asks for the total, not the tax.
  if (q.field === 'tax' && TAX_AS_PART.test(text)) q.field = 'total';
  // "Was our spend higher with Weber or Brightwater?", "Which was larger, our 2023 or 2024 spend?"
  if (intent !== 'compare' && /\b(more|less|higher|lower|larger|bigger|greater|smaller)\b/.test(text) && /\bor\b/.test(text) && q.minAmount === undefined && q.maxAmount === undefined && numbers.named.length === 0) {
    if (q.vendors.length >= 2 || twoPeriods(text, nowMs, fy)) q.intent = intent = 'compare';
  }
  if (intent === 'compare') {
    if (q.vendors.length < 2) q.periods = twoPeriods(text, nowMs, fy);
  } else q.period = parsePeriod(prompt, nowMs, fy);
  // A line item named (found in the documents or not: "no line holds X" is an answer), not a vendor.
  // With a vendor named ("how many chairs did we buy from Weber"), the item is what is left of the
  // term once the vendor's words are out of it; a term that is only the vendor names no item.
  if (item && intent !== 'compare' && !q.ambiguous && numbers.named.length === 0 && !numbers.unknown && (item.named || q.vendors.length === 0)) {
    const vendorNames = q.vendors.map(normalizeName);
    const ofVendor = (word: string) => {
      const w = normalizeName(word);
      return vendorNames.some((n) => (/[\u3040-\u9fff]/.test(w) ? n.includes(w) || w.includes(n) : n.split(' ').includes(w)));
    };
    const withoutPeriod = q.period ? item.term.replace(q.period.label.toLowerCase(), '').trim() : item.term;
    const spoken = withoutPeriod.replace(/\s+(?:from|by|at|with|on)\s+.*$/, '').trim();
    // "How many catering lunch buffets from Brightwater (Catering)": the item is what the vendor's name leaves.
    const term = /[\u3040-\u9fff]/.test(spoken) ? spoken : spoken.split(/\s+/).filter((w) => itemWords(w).length === 0 || !itemWords(w).every(ofVendor)).join(' ');
    const words = itemWords(term);
    if (words.length > 0 && !words.some(ofVendor) && !onlyPeriod(item.term) && !onlyPeriod(term)) {
      q.intent = intent = 'items';
      q.item = term;
      q.measure = item.measure;
    }
  }
  // "When is the Globex invoice due?": a field of the documents the filters leave.
  if (intent === 'search' && q.field && (q.vendors.length > 0 || q.period)) q.intent = 'lookup';
  // "Any invoices > 12,500 EUR?": documents narrowed by amount, listed.
  else if (intent === 'search' && (q.minAmount !== undefined || q.maxAmount !== undefined) && /\b(invoices?|bills?|documents?|receipts?)\b|請求/.test(text)) q.intent = 'list';
  // "Do we have any invoices from Globex?", "Is there an invoice from Weber in 2019?": a list (or none).
  if (intent === 'search' && /\b(any|is there an?|are there( any)?)\s+(invoices?|bills?|receipts?|documents?)\b/.test(text)) q.intent = 'list';
  // "Brightwater invoices dated 2023?": several documents narrowed by vendor, period or currency, listed.
  if (intent === 'search' && /\b(invoices|bills|documents|receipts)\b/.test(text) && (!q.field || (q.field === 'date' && /\bdated\b/.test(text))) && (q.vendors.length > 0 || q.period || q.currency)) q.intent = 'list';
  if (numbers.named.length > 0 && !['count', 'compare', 'items'].includes(intent)) q.intent = 'lookup';
  else if (numbers.unknown && ['lookup', 'search', 'sum', 'list'].includes(intent)) q.intent = 'lookup';
  if (q.vendors.length === 0 && !q.ambiguous && q.intent !== 'items') q.unknownVendor = vendors.unknown ?? unknownName(prompt);
  // "How many X did we buy from V" with V in no document: no figure of everyone's X.
  else if (q.intent === 'items' && q.vendors.length === 0 && !q.ambiguous) {
    const supplier = prompt.match(/\b(?:from|by)\s+(\S.*)$/i);
    q.unknownVendor = vendors.unknown ?? (supplier ? unknownName(`from ${supplier[1]}`) : undefined);
  }
  return q;
}
