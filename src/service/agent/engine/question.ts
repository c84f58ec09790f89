// Reading a question: what is asked (a lookup, a sum, a count, ...), about which field, and
// narrowed by which vendor, month or year. English and Japanese phrasings.
import { normalizeName, textOf, type DocRecord, type Role } from './records.js';

export type Kind = 'lookup' | 'sum' | 'count' | 'average' | 'max' | 'min' | 'latest' | 'earliest' | 'overdue' | 'list' | 'search';

export interface Question {
  kind: Kind;
  groupBy?: 'vendor' | 'month';
  /** The field asked for (lookups, latest, max...). */
  field?: Role;
  vendor?: string;
  /** Restricts by the invoice date (or the due date when `dateRole` is 'due'). */
  year?: number;
  month?: number;
  dateRole: 'date' | 'due';
  /** Documents named by number or file name in the question. */
  named: DocRecord[];
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const KINDS: Array<[Kind, RegExp]> = [
  ['overdue', /overdue|past[- ]due|\blate\b|unpaid|期限切れ|期限を過ぎ|延滞|未払/],
  ['count', /how many|number of (invoices|documents|files|receipts|bills)|\bcount\b|何件|件数|何枚|いくつ/],
  ['average', /average|\bmean\b|平均/],
  ['max', /largest|biggest|highest|most expensive|\bmax(imum)?\b|最大|一番高|最も高|最高/],
  ['min', /smallest|lowest|cheapest|\bmin(imum)?\b|最小|一番安|最も安|最低/],
  ['latest', /latest|most recent|newest|\blast\b|最新|直近|一番新し|最も新し/],
  ['earliest', /earliest|oldest|\bfirst\b|最も古|一番古|最初/],
  ['sum', /\btotal\b|\bsum\b|how much|spen[dt]|\bpaid\b|\bpay\b|\bowe|合計|総額|いくら|支払|金額/],
  ['list', /\b(list|show|which|what) (all |the )?(invoices|documents|files|receipts|bills)\b|一覧|どの(請求書|文書)/],
];

const FIELDS: Array<[Role, RegExp]> = [
  ['due', /\bdue\b|期限|期日/],
  ['vendor', /\bwho\b|vendor|supplier|which company|from whom|issued by|取引先|発行元|誰|どこ/],
  ['tax', /\b(tax|vat|gst)\b|税/],
  ['currency', /currency|通貨/],
  ['number', /invoice (number|no\.?)(\s|$|\?)|\bnumber\b|請求書番号|番号/],
  ['date', /\bdate\b|\bwhen\b|issued|日付|発行日|いつ/],
  ['total', /total|amount|how much|cost|合計|金額|いくら|総額/],
];

function parseMonth(text: string, now: Date): { year?: number; month?: number } {
  const iso = text.match(/\b(20\d{2})[-/](0?[1-9]|1[0-2])\b/);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]) };
  const ja = text.match(/(?:(20\d{2})年\s*)?(1[0-2]|0?[1-9])月/);
  if (ja) return { year: ja[1] ? Number(ja[1]) : undefined, month: Number(ja[2]) };
  const en = text.match(/\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b(?:\s+(20\d{2}))?/);
  if (en) return { month: MONTHS.indexOf(en[1]!.slice(0, 3)) + 1, year: en[2] ? Number(en[2]) : undefined };
  if (/last month|先月/.test(text)) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
  }
  if (/this month|今月/.test(text)) return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
  const year = text.match(/\b(?:in|during|for|of)\s+(20\d{2})\b|(20\d{2})年/);
  if (year) return { year: Number(year[1] ?? year[2]) };
  if (/this year|今年/.test(text)) return { year: now.getUTCFullYear() };
  if (/last year|去年|昨年/.test(text)) return { year: now.getUTCFullYear() - 1 };
  return {};
}

/** The vendor named in the question: the longest known vendor name (or its first word) found. */
function findVendor(text: string, records: DocRecord[]): string | undefined {
  const hay = ` ${normalizeName(text)} `;
  let best: { name: string; score: number } | undefined;
  for (const record of records) {
    const name = textOf(record.roles.vendor);
    if (!name) continue;
    const norm = normalizeName(name);
    const first = norm.split(' ')[0] ?? '';
    const score = norm && hay.includes(norm) ? norm.length + 100 : first.length >= 3 && new RegExp(`[^a-z0-9]${escape(first)}[^a-z0-9]`).test(hay) ? first.length : 0;
    if (score > 0 && (!best || score > best.score)) best = { name, score };
  }
  return best?.name;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Documents the question names by invoice number or file name. */
function findNamed(text: string, records: DocRecord[]): DocRecord[] {
  const hay = text.normalize('NFKC').toLowerCase();
  return records.filter((r) => {
    const number = textOf(r.roles.number)?.toLowerCase();
    if (number && number.length >= 3 && new RegExp(`(^|[^a-z0-9])${escape(number)}($|[^a-z0-9])`).test(hay)) return true;
    // A file name counts when given whole, or by a stem distinctive enough (it has a digit).
    const name = r.doc.fileName.toLowerCase();
    const stem = name.replace(/\.[a-z0-9]+$/, '');
    return hay.includes(name) || (stem.length >= 4 && /\d/.test(stem) && hay.includes(stem));
  });
}

export function parseQuestion(prompt: string, records: DocRecord[], nowMs: number): Question {
  const text = prompt.normalize('NFKC').toLowerCase();
  const named = findNamed(text, records);
  const groupBy = /\b(by|per|for each|each) (vendor|supplier|company)|(vendor|supplier|取引先|ベンダー|会社)(ごと|別)/.test(text)
    ? 'vendor'
    : /\b(by|per|each) month|monthly|月(ごと|別)|月次/.test(text)
      ? 'month'
      : undefined;
  // "last month" and "first quarter" name periods, not the latest or earliest document.
  const kindText = text.replace(/\b(last|this|next|first|second|third|fourth) (month|year|week|quarter)\b/g, ' ');
  let kind: Kind = KINDS.find(([, re]) => re.test(kindText))?.[0] ?? 'search';
  const field = FIELDS.find(([, re]) => re.test(text))?.[0];
  if (named.length > 0 && !groupBy && kind !== 'count') kind = 'lookup';
  const dateRole = /\bdue (in|on|by|before|during)\b|期限が.*月|due date/.test(text) && kind !== 'overdue' ? 'due' : 'date';
  return { kind, groupBy, field, vendor: findVendor(text, records), ...parseMonth(text, new Date(nowMs)), dateRole, named };
}
