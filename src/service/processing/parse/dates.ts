// Dates to ISO 8601 (yyyy-mm-dd) from numeric and written forms in several
// languages. Day/month order for all-numeric dates comes from the document
// (any date with a part above 12 decides), else from the caller's hint.

import { distance as levenshtein } from 'fastest-levenshtein';

export type DayOrder = 'DMY' | 'MDY';

const MONTHS: Record<string, number> = {};
const NAMES: string[][] = [
  ['january', 'jan', 'januar', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'jänner', 'janeiro'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fev', 'febrero', 'febbraio', 'februari', 'fevereiro'],
  ['march', 'mar', 'märz', 'maerz', 'mrz', 'mars', 'marzo', 'maart', 'março', 'marco'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dez', 'dezember', 'décembre', 'decembre', 'déc', 'diciembre', 'dic', 'dicembre', 'dezembro'],
];
NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const RE_ISO = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/;
// A numeric date's year: four digits, or two (also when OCR glued the time to it, "20/06/1800:05",
// "12.05.202214:38"); never the start of something longer ("#19- 10/03/2018" holds no date "19-10-03").
export const YEAR = String.raw`(?:\d{4}(?![\d:])|\d{4}(?=\d{2}:\d{2}(?!\d))|\d{2}(?=\d{1,2}:\d{2})|\d{2}(?!\d))(?![-/.]\d)`;
// Day, month and year with one separator twice: "25/12/2018", "02-01-18", "10. 03. 2018".
const RE_NUM = new RegExp(String.raw`\b(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(${YEAR})`);
const LONG_NAMES = Object.keys(MONTHS).filter((n) => n.length >= 4);
const RE_DWORDY = /\b(\d{1,2})\.?\s+(\p{L}{4,10})\.?,?\s+(\d{4})\b/u;
const RE_NUM_GAP = /\b(\d{1,2})[-/.](\d{1,2})\s(\d{4})\b/;
const RE_CJK = /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/;
const RE_DMONY = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er)?\\.?[\\s-]*(?:de\\s+)?(${MONTH_ALT})\\.?,?[\\s-]*(?:de\\s+)?(\\d{4}|\\d{2})\\b`, 'i');
const RE_MONDY = new RegExp(`\\b(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i');

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += y < 70 ? 2000 : 1900;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2100) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function month(name: string): number | undefined {
  return MONTHS[name.toLowerCase().replace(/\.$/, '')];
}

function numeric(a: number, b: number, y: number, order: DayOrder): string | null {
  if (a > 12) return iso(y, b, a);
  if (b > 12) return iso(y, a, b);
  return order === 'DMY' ? iso(y, b, a) : iso(y, a, b);
}

/** The first date in `text` as yyyy-mm-dd, or null. */
export function parseDate(text: string, order: DayOrder = 'DMY'): string | null {
  const t = text.normalize('NFC');
  let m = t.match(RE_CJK);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = t.match(RE_ISO);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = t.match(RE_DMONY);
  if (m && month(m[2])) return iso(+m[3], month(m[2])!, +m[1]);
  m = t.match(RE_MONDY);
  if (m && month(m[1])) return iso(+m[3], month(m[1])!, +m[2]);
  m = t.match(RE_NUM);
  if (m) return numeric(+m[1], +m[3], +m[4], order);
  // OCR read the second separator as a space ("18.06 2024"): only with a four-digit year.
  m = t.match(RE_NUM_GAP);
  if (m) return numeric(+m[1], +m[2], +m[3], order);
  // A month name OCR misread by one letter ("12 aodt 2023"), between a day and a four-digit year.
  m = t.match(RE_DWORDY);
  const fuzzy = m ? fuzzyMonth(m[2]) : undefined;
  return m && fuzzy ? iso(+m[3], fuzzy, +m[1]) : null;
}

/** The one month whose name (four letters or more) is one edit from `word`; undefined when none or several. */
function fuzzyMonth(word: string): number | undefined {
  const w = word.toLowerCase();
  const found = new Set(LONG_NAMES.filter((n) => Math.abs(n.length - w.length) <= 1 && levenshtein(w, n) <= 1).map((n) => MONTHS[n]));
  return found.size === 1 ? [...found][0] : undefined;
}

/** Day/month order evidenced by the document's numeric dates, if any decides it. */
export function dayOrderOf(text: string): DayOrder | undefined {
  const re = new RegExp(RE_NUM.source, 'g');
  let dmy = 0;
  let mdy = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (+m[1] > 12 && +m[3] <= 12) dmy++;
    if (+m[3] > 12 && +m[1] <= 12) mdy++;
  }
  if (dmy === mdy) return undefined;
  return dmy > mdy ? 'DMY' : 'MDY';
}
