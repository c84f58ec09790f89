// Periods named in a question, as an inclusive range of ISO days: absolute dates, month names,
// relative periods ("last month", "last quarter", 先月), quarters, fiscal years (their first
// month is a setting), "before/after/since/until" bounds and "between ... and ...", in English and
// Japanese. A month named without a year is resolved later against the documents (the latest
// such month they cover), so it is kept apart as `month`.

export interface Period {
  from?: string;
  to?: string;
  /** A month named without a year (1-12): resolved against the documents' dates. */
  month?: number;
  /** The words the period was read from, for the answer ("March 2024", "Q1 2024"). */
  label: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_RE = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthOf = (word: string) => MONTHS.indexOf(word.slice(0, 3).toLowerCase()) + 1;

const pad = (n: number) => String(n).padStart(2, '0');
export const iso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10);
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const monthRange = (y: number, m: number) => ({ from: iso(y, m, 1), to: iso(y, m, lastDay(y, m)) });
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Fiscal year N starts in `startMonth` of year N (as Japan's 2024年度 is April 2024 - March 2025); a January start is the calendar year. */
export function fiscalYear(year: number, startMonth: number): { from: string; to: string } {
  const from = iso(year, startMonth, 1);
  const to = addDays(iso(year + 1, startMonth, 1), -1);
  return { from, to };
}

function quarterRange(year: number, q: number, fyStart: number) {
  const start = new Date(Date.UTC(year, fyStart - 1 + (q - 1) * 3, 1));
  const from = start.toISOString().slice(0, 10);
  const to = addDays(new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 3, 1)).toISOString().slice(0, 10), -1);
  return { from, to };
}

/** The quarter (of the fiscal year) a day falls in: [fiscal year, quarter]. */
function quarterOf(day: Date, fyStart: number): [number, number] {
  const months = (day.getUTCFullYear() * 12 + day.getUTCMonth()) - (fyStart - 1);
  return [Math.floor(months / 12), Math.floor((months % 12) / 3) + 1];
}

/** One day written in the question: 2024-05-15, 15/05/2024, 15 May 2024, May 15(, 2024), 2024年5月15日, 5月15日. */
const DAY_PATTERNS: Array<[RegExp, (m: RegExpMatchArray, now: Date) => string | undefined]> = [
  [/\b(20\d{2})[-/.](\d{1,2})[-/.](\d{1,2})\b/, (m) => iso(+m[1]!, +m[2]!, +m[3]!)],
  [/\b(\d{1,2})[/.](\d{1,2})[/.](20\d{2})\b/, (m) => iso(+m[3]!, +m[2]!, +m[1]!)],
  [new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+|-)(?:of\\s+)?${MONTH_RE}\\.?,?(?:(?:\\s+|-)(20\\d{2}))?\\b`, 'i'), (m, now) => iso(m[3] ? +m[3] : now.getUTCFullYear(), monthOf(m[2]!), +m[1]!)],
  [new RegExp(`\\b${MONTH_RE}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(20\\d{2}))?(?!\\d)`, 'i'), (m, now) => iso(m[3] ? +m[3] : now.getUTCFullYear(), monthOf(m[1]!), +m[2]!)],
  [/(?:(20\d{2})年\s*)?(\d{1,2})月\s*(\d{1,2})日/, (m, now) => iso(m[1] ? +m[1] : now.getUTCFullYear(), +m[2]!, +m[3]!)],
];

function dayIn(text: string, now: Date): { day: string; at: number; length: number } | undefined {
  for (const [re, make] of DAY_PATTERNS) {
    const m = text.match(re);
    const day = m && make(m, now);
    if (m && day && !Number.isNaN(Date.parse(day))) return { day, at: m.index!, length: m[0].length };
  }
  return undefined;
}

/** The bound word of a label ("before ", "no later than "), not the words before it. */
const BOUND_WORD = /\b(before|until|till|up to|by|earlier than|prior to|no later than|after|since|from|later than|on or after)\s*$/i;
const BEFORE = /\b(before|until|till|up to|by|earlier than|prior to|no later than)\s*$|(より前|以前|まで)/;
const AFTER = /\b(after|since|from|later than|on or after)\s*$|(以降|より後|から|以後)/;

/** "before 15 May", "15日より前", "between A and B": bounds around one or two written days. */
function boundedDays(text: string, now: Date): Period | undefined {
  const between = text.match(/\bbetween\s+(.+?)\s+and\s+(.+?)(?:[?.!,]|$)/i) ?? text.match(/\bfrom\s+(.+?)\s+(?:to|until|through)\s+(.+?)(?:[?.!,]|$)/i);
  if (between) {
    const a = dayIn(between[1]!, now)?.day ?? monthIn(between[1]!)?.start;
    const b = dayIn(between[2]!, now)?.day ?? monthIn(between[2]!)?.end;
    if (a && b) return { from: a, to: b, label: between[0].replace(/[?.!,]$/, '').trim() };
  }
  const ja = text.match(/(.+?)から(.+?)(?:まで|の間)/);
  if (ja) {
    const a = dayIn(ja[1]!, now);
    const b = dayIn(ja[2]!, now);
    if (a && b) return { from: a.day, to: b.day, label: `${a.day}〜${b.day}` };
  }
  const found = dayIn(text, now);
  if (!found) return undefined;
  const before = text.slice(0, found.at);
  const after = text.slice(found.at + found.length, found.at + found.length + 6);
  const label = text.slice(found.at, found.at + found.length);
  if (BEFORE.test(before) || /^\s*(より前|以前|まで)/.test(after)) {
    const inclusive = /until|till|up to|by|no later than|以前|まで/.test(before + after.slice(0, 3));
    return { to: inclusive ? found.day : addDays(found.day, -1), label: `${before.match(BOUND_WORD)?.[0] ?? ''}${label}` };
  }
  if (AFTER.test(before) || /^\s*(以降|より後|から|以後)/.test(after)) {
    const inclusive = /since|from|on or after|以降|から|以後/.test(before + after.slice(0, 3));
    return { from: inclusive ? found.day : addDays(found.day, 1), label: `${before.match(BOUND_WORD)?.[0] ?? ''}${label}` };
  }
  return { from: found.day, to: found.day, label };
}

/** A month with a year: "March 2024", "2024-03", "2024年3月". */
function monthIn(text: string): { start: string; end: string; label: string } | undefined {
  const m = text.match(new RegExp(`\\b${MONTH_RE}\\.?,?\\s+(?:of\\s+)?(20\\d{2})\\b`, 'i')) ?? text.match(/\b(20\d{2})[-/](\d{1,2})\b(?![-/])/) ?? text.match(/(20\d{2})年\s*(\d{1,2})月(?!\s*\d{1,2}日)/);
  const mmYyyy = m ? undefined : text.match(/(?<![\d/.-])(\d{1,2})\/(20\d{2})\b(?![-/])/);
  if (mmYyyy) return monthAt(+mmYyyy[2]!, +mmYyyy[1]!, mmYyyy[0]);
  if (!m) return undefined;
  const [y, mo] = /^\d/.test(m[1]!) ? [+m[1]!, +m[2]!] : [+m[2]!, monthOf(m[1]!)];
  return monthAt(y, mo, m[0]);
}

function monthAt(y: number, mo: number, label: string): { start: string; end: string; label: string } | undefined {
  if (mo < 1 || mo > 12) return undefined;
  const r = monthRange(y, mo);
  return { start: r.from, end: r.to, label };
}

/** A span of months in one year: "Jan-Mar 2024", "2024年4〜6月", "2024年4月〜6月". */
function monthSpan(text: string): Period | undefined {
  const en = text.match(new RegExp(`\\b${MONTH_RE}\\.?\\s*[-–]\\s*${MONTH_RE}\\.?,?\\s+(20\\d{2})\\b`, 'i'));
  const ja = text.match(/(20\d{2})年\s*(\d{1,2})月?\s*[〜~～\-–]\s*(\d{1,2})月/);
  const [y, a, b] = en ? [+en[3]!, monthOf(en[1]!), monthOf(en[2]!)] : ja ? [+ja[1]!, +ja[2]!, +ja[3]!] : [0, 0, 0];
  if (!y || a < 1 || b > 12 || a > b) return undefined;
  return { from: iso(y, a, 1), to: iso(y, b, lastDay(y, b)), label: (en ?? ja)![0] };
}

const KANJI_DIGIT: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4 };

/**
 * Quarters: "Q1 2024", "first quarter of 2024", "2024年第1四半期" are calendar quarters; "Q1 FY2024",
 * "fiscal Q1", "2024年度第1四半期" are quarters of the fiscal year; "last quarter" is the calendar one.
 */
function quarters(text: string, now: Date, fy: number): Period | undefined {
  const q = text.match(/\b(?:(fiscal)\s+)?q([1-4])(?:(?:\s*|\s*[/-]\s*)(?:of\s*)?(fy\s*|fiscal year\s*)?(20\d{2}))?\b/i)
    ?? text.match(/\b(?:(fiscal)\s+)?(first|second|third|fourth|1st|2nd|3rd|4th) (?:fiscal )?quarter(?: of)?(?:\s+(fy\s*|fiscal year\s*)?(20\d{2}))?/i);
  // "2021 Q2", "2020年Q1": the year first.
  const yq = text.match(/\b(20\d{2})\s*(?:年\s*)?(?:の\s*)?q([1-4])\b/i);
  if (yq) return { ...quarterRange(+yq[1]!, +yq[2]!, 1), label: `Q${yq[2]} ${yq[1]}` };
  const jq = text.match(/(?:(20\d{2})年(度)?\s*(?:の)?)?第\s*([1-4一二三四])\s*四半期/);
  if (q || jq) {
    const n = q ? (/^\d$/.test(q[2]!) ? +q[2]! : ['first', 'second', 'third', 'fourth'].indexOf(q[2]!.toLowerCase()) + 1 || +q[2]![0]!) : KANJI_DIGIT[jq![3]!] ?? +jq![3]!;
    const fiscal = q ? Boolean(q[1] || q[3]) : Boolean(jq![2]);
    const start = fiscal ? fy : 1;
    const [cy] = quarterOf(now, start);
    const yearText = q ? q[4] : jq![1];
    const year = yearText ? +yearText : cy;
    return { ...quarterRange(year, n, start), label: `${fiscal ? 'FY' : ''}Q${n} ${year}` };
  }
  const [cy, cq] = quarterOf(now, 1);
  if (/\blast quarter\b|\bprevious quarter\b|前四半期|先四半期|前の四半期/.test(text)) {
    const [y, n] = cq === 1 ? [cy - 1, 4] : [cy, cq - 1];
    return { ...quarterRange(y, n, 1), label: `Q${n} ${y}` };
  }
  if (/\bthis quarter\b|\bcurrent quarter\b|今四半期|この四半期/.test(text)) return { ...quarterRange(cy, cq, 1), label: `Q${cq} ${cy}` };
  return undefined;
}

/** Halves of a calendar year: "H1 2024", "first half of 2024", "2024年上期", "2024年下半期". */
function halves(text: string): Period | undefined {
  const en = text.match(/\bh([12])\s*(?:of\s+)?(20\d{2})\b|\b(first|second|1st|2nd) half(?: of)?(?: the year)?\s+(20\d{2})\b/);
  const ja = text.match(/(20\d{2})年\s*の?\s*(上|下)(?:半)?期/);
  if (!en && !ja) return undefined;
  const [y, h] = en ? [+(en[2] ?? en[4])!, en[1] ? +en[1] : /^(first|1st)$/.test(en[3]!) ? 1 : 2] : [+ja![1]!, ja![2] === '上' ? 1 : 2];
  return { from: iso(y, h === 1 ? 1 : 7, 1), to: iso(y, h === 1 ? 6 : 12, h === 1 ? 30 : 31), label: `H${h} ${y}` };
}

function fiscal(text: string, now: Date, fy: number): Period | undefined {
  const [current] = quarterOf(now, fy);
  const named = text.match(/\b(?:fiscal year|fiscal|fy)\s*'?(20\d{2}|\d{2})\b/i) ?? text.match(/(20\d{2})年度/);
  if (named) {
    const y = named[1]!.length === 2 ? 2000 + +named[1]! : +named[1]!;
    return { ...fiscalYear(y, fy), label: `FY${y}` };
  }
  if (/\b(last|previous|prior) (fiscal year|fy)\b|前年度|昨年度|前期/i.test(text)) return { ...fiscalYear(current - 1, fy), label: `FY${current - 1}` };
  if (/\b(this|current) (fiscal year|fy)\b|今年度|今期/i.test(text)) return { ...fiscalYear(current, fy), label: `FY${current}` };
  return undefined;
}

function relative(text: string, now: Date): Period | undefined {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const today = now.toISOString().slice(0, 10);
  if (/\blast month\b|\bprevious month\b|先月|前月/.test(text)) {
    const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
    return { ...monthRange(py, pm), label: `${py}-${pad(pm)}` };
  }
  if (/\bthis month\b|今月/.test(text)) return { ...monthRange(y, m), label: `${y}-${pad(m)}` };
  if (/\bnext month\b|来月|翌月/.test(text)) {
    const [ny, nm] = m === 12 ? [y + 1, 1] : [y, m + 1];
    return { ...monthRange(ny, nm), label: `${ny}-${pad(nm)}` };
  }
  if (/\bnext year\b|来年|翌年/.test(text)) return { from: iso(y + 1, 1, 1), to: iso(y + 1, 12, 31), label: String(y + 1) };
  if (/\b(last|previous) (calendar )?year\b|去年|昨年|前年/i.test(text)) return { from: iso(y - 1, 1, 1), to: iso(y - 1, 12, 31), label: String(y - 1) };
  if (/\bthis year\b|今年|本年/.test(text)) return { from: iso(y, 1, 1), to: iso(y, 12, 31), label: String(y) };
  if (/\byear[- ]to[- ]date\b|\bytd\b|\bso far this year\b|年初から/.test(text)) return { from: iso(y, 1, 1), to: today, label: `${y} to date` };
  const days = text.match(/\b(?:last|past) (\d+) days\b|過去\s*(\d+)\s*日/);
  if (days) return { from: addDays(today, -Number(days[1] ?? days[2])), to: today, label: days[0] };
  return undefined;
}

/** A year named apart from any day ("in 2020 before 15 May", "2020年、5月15日より前"). */
function yearApart(text: string): number | undefined {
  const m = text.match(/\b(?:in|during|for|of)\s+(20\d{2})\b(?![-/.]\d)|(20\d{2})年(?!度|\s*\d{1,2}月)/);
  return m ? +(m[1] ?? m[2])! : undefined;
}

/** Days written without a year take the year the question names apart; a one-sided bound stays within that year. */
function boundedInYear(text: string, now: Date): Period | undefined {
  const year = yearApart(text);
  if (year === undefined) return boundedDays(text, now);
  const found = boundedDays(text, new Date(Date.UTC(year, now.getUTCMonth(), Math.min(now.getUTCDate(), 28))));
  if (!found || (found.from && found.to)) return found;
  const from = found.from ?? iso(year, 1, 1);
  const to = found.to ?? iso(year, 12, 31);
  return from <= to ? { from, to, label: /[\u3040-\u9fff]/.test(found.label) ? `${year}年${found.label}` : `${found.label} ${year}` } : found;
}

/** The period the question names, if any; `fyStart` is the fiscal year's first month (1-12). */
export function parsePeriod(question: string, nowMs: number, fyStart = 1): Period | undefined {
  const text = question.normalize('NFKC');
  const now = new Date(nowMs);
  // Relative periods read in lower case ("Last quarter's total").
  const lower = text.toLowerCase();
  const found = monthSpan(text) ?? boundedInYear(text, now) ?? quarters(lower, now, fyStart) ?? halves(lower) ?? fiscal(lower, now, fyStart) ?? relative(lower, now);
  if (found) return found;
  const month = monthIn(text);
  if (month) return { from: month.start, to: month.end, label: month.label };
  // A year alone ("2024 spend"), not part of a document number or a date.
  const year = text.match(/\b(?:in|during|for|of|year)\s+((?:19|20)\d{2})\b|(20\d{2})年(?!度)|^(20\d{2})\b|(?<![\d/.-])\b(20\d{2})\s*$/i) ?? text.match(/(?<![\d/.\-#\p{L}])(20\d{2})(?![\d/\-\p{L}])/u);
  if (year) {
    const y = +(year[1] ?? year[2] ?? year[3] ?? year[4])!;
    return { from: iso(y, 1, 1), to: iso(y, 12, 31), label: String(y) };
  }
  const bare = text.match(new RegExp(`\\b${MONTH_RE}\\b`, 'i')) ?? text.match(/(?<![\d年])(\d{1,2})月(?!\s*\d{1,2}日)/);
  if (bare) {
    const month = /^\d/.test(bare[1]!) ? +bare[1]! : monthOf(bare[1]!);
    // "may" is also a verb: only a capitalised May, or a month after in/during/of, counts as the month.
    if (bare[1]!.toLowerCase() === 'may' && !/(?<!^)\bMay\b/.test(text) && !/\b(in|during|of|for) may\b/i.test(text)) return undefined;
    if (month >= 1 && month <= 12) return { month, label: bare[0] };
  }
  return undefined;
}

/** A year-less month resolved to the latest year the given dates cover (else the current year). */
export function resolveMonth(month: number, dates: string[], nowMs: number): { from: string; to: string; year: number } {
  const years = dates.filter((d) => Number(d.slice(5, 7)) === month).map((d) => Number(d.slice(0, 4)));
  const year = years.length > 0 ? Math.max(...years) : new Date(nowMs).getUTCFullYear();
  return { ...monthRange(year, month), year };
}
