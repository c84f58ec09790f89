// Dates to ISO 8601 (yyyy-mm-dd) from numeric and written forms in several
// languages. Day/month order for all-numeric dates comes from the document
// (any date with a part above 12 decides), else from its country, else day first.

import { distance as levenshtein } from 'fastest-levenshtein';
import { currencyOf, dateOrderOfPlace, localSign, type DateOrder } from './amounts.js';

/** YMD: a short date of three two-digit parts is year first ("21-02-05", Sweden, East Asia). */
export type DayOrder = DateOrder;

const MONTHS: Record<string, number> = {};
// Malay's own months too (Mac, Julai, Ogos, Disember), as Malaysian invoices print them.
const NAMES: string[][] = [
  ['january', 'jan', 'januar', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari', 'jänner', 'janeiro'],
  ['february', 'feb', 'februar', 'février', 'fevrier', 'févr', 'fev', 'febrero', 'febbraio', 'februari', 'fevereiro'],
  ['march', 'mar', 'märz', 'maerz', 'mrz', 'mars', 'marzo', 'maart', 'março', 'marco', 'mac'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei', 'maio'],
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug', 'julho', 'julai'],
  ['august', 'aug', 'août', 'aout', 'agosto', 'ago', 'augustus', 'ogos'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'settembre', 'set', 'setembro'],
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'dez', 'dezember', 'décembre', 'decembre', 'déc', 'diciembre', 'dic', 'dicembre', 'dezembro', 'disember', 'dis'],
];
// The broad lexicon (2026-11-28): month names (as dates print them, often in the genitive: "15 marca 2024",
// "15. března 2024", "15 марта 2024") of pl, cs, sk, hr, sl/sr, ro, tr, fi, et, lv, is, id, tl, ru, bg, uk and el, also
// without their marks as OCR reads them. Croatia's "listopad" is October, Poland's and Czechia's November: November wins.
const MORE_NAMES: string[][] = [
  ['stycznia', 'styczeń', 'styczen', 'ledna', 'leden', 'januára', 'január', 'siječnja', 'sijecnja', 'januarja', 'ianuarie', 'ocak', 'tammikuuta', 'jaanuar', 'janvāris', 'janvārī', 'janúar', 'января', 'январь', 'януари', 'січня', 'ιανουαρίου', 'ιανουαριου'],
  ['lutego', 'luty', 'února', 'unora', 'únor', 'februára', 'veljače', 'veljace', 'februarja', 'februarie', 'şubat', 'subat', 'helmikuuta', 'veebruar', 'februāris', 'februārī', 'febrúar', 'pebrero', 'февраля', 'февраль', 'февруари', 'лютого', 'φεβρουαρίου', 'φεβρουαριου'],
  ['marca', 'marzec', 'března', 'brezna', 'březen', 'ožujka', 'ozujka', 'marec', 'martie', 'mart', 'maaliskuuta', 'märts', 'marts', 'martā', 'maret', 'marso', 'марта', 'март', 'березня', 'μαρτίου', 'μαρτιου'],
  ['kwietnia', 'kwiecień', 'dubna', 'duben', 'apríla', 'travnja', 'aprila', 'aprilie', 'nisan', 'huhtikuuta', 'aprill', 'aprīlis', 'aprīlī', 'apríl', 'апреля', 'апрель', 'април', 'квітня', 'απριλίου', 'απριλιου'],
  ['maja', 'maj', 'května', 'kvetna', 'květen', 'mája', 'svibnja', 'mayıs', 'mayis', 'toukokuuta', 'maijs', 'maijā', 'maí', 'мая', 'май', 'травня', 'μαΐου', 'μαιου'],
  ['czerwca', 'czerwiec', 'června', 'cervna', 'červen', 'júna', 'lipnja', 'junija', 'iunie', 'haziran', 'kesäkuuta', 'juuni', 'jūnijs', 'jūnijā', 'júní', 'hunyo', 'июня', 'июнь', 'юни', 'червня', 'ιουνίου', 'ιουνιου'],
  ['lipca', 'lipiec', 'července', 'cervence', 'červenec', 'júla', 'srpnja', 'julija', 'iulie', 'temmuz', 'heinäkuuta', 'juuli', 'jūlijs', 'jūlijā', 'júlí', 'hulyo', 'июля', 'июль', 'юли', 'липня', 'ιουλίου', 'ιουλιου'],
  ['sierpnia', 'sierpień', 'srpna', 'srpen', 'augusta', 'kolovoza', 'avgusta', 'avgust', 'ağustos', 'agustos', 'elokuuta', 'augusts', 'augustā', 'ágúst', 'agustus', 'августа', 'август', 'серпня', 'αυγούστου', 'αυγουστου'],
  ['września', 'wrzesnia', 'wrzesień', 'září', 'zari', 'septembra', 'rujna', 'septembrie', 'eylül', 'eylul', 'syyskuuta', 'septembris', 'septembrī', 'setyembre', 'сентября', 'сентябрь', 'септември', 'вересня', 'σεπτεμβρίου', 'σεπτεμβριου'],
  ['października', 'pazdziernika', 'październik', 'října', 'rijna', 'říjen', 'októbra', 'oktobra', 'octombrie', 'ekim', 'lokakuuta', 'oktoober', 'oktobris', 'oktobrī', 'október', 'oktubre', 'октября', 'октябрь', 'октомври', 'жовтня', 'οκτωβρίου', 'οκτωβριου'],
  ['listopada', 'listopad', 'listopadu', 'novembra', 'studenoga', 'studenog', 'noiembrie', 'kasım', 'kasim', 'marraskuuta', 'novembris', 'novembrī', 'nóvember', 'nobyembre', 'ноября', 'ноябрь', 'ноември', 'листопада', 'νοεμβρίου', 'νοεμβριου'],
  ['grudnia', 'grudzień', 'prosince', 'prosinec', 'decembra', 'prosinca', 'decembrie', 'aralık', 'aralik', 'joulukuuta', 'detsember', 'decembris', 'decembrī', 'disyembre', 'декабря', 'декабрь', 'декември', 'грудня', 'δεκεμβρίου', 'δεκεμβριου', 'desember']
];
// Lithuania's months (genitive, as "2024 m. kovo 15 d." prints them), Hungary's ("2024. március 15.") and Thailand's, in
// full and short ("มี.ค.", kept without its last point as month() looks it up).
const YEAR_FIRST_NAMES: string[][] = [
  ['sausio', 'január', 'มกราคม', 'ม.ค'], ['vasario', 'február', 'กุมภาพันธ์', 'ก.พ'], ['kovo', 'március', 'marcius', 'มีนาคม', 'มี.ค'], ['balandžio', 'balandzio', 'április', 'aprilis', 'เมษายน', 'เม.ย'],
  ['gegužės', 'geguzes', 'május', 'majus', 'พฤษภาคม', 'พ.ค'], ['birželio', 'birzelio', 'június', 'junius', 'มิถุนายน', 'มิ.ย'], ['liepos', 'július', 'julius', 'กรกฎาคม', 'ก.ค'],
  ['rugpjūčio', 'rugpjucio', 'augusztus', 'สิงหาคม', 'ส.ค'], ['rugsėjo', 'rugsejo', 'szeptember', 'กันยายน', 'ก.ย'], ['spalio', 'október', 'ตุลาคม', 'ต.ค'],
  ['lapkričio', 'lapkricio', 'พฤศจิกายน', 'พ.ย'], ['gruodžio', 'gruodzio', 'ธันวาคม', 'ธ.ค'],
];
NAMES.forEach((names, i) => names.push(...MORE_NAMES[i]!.filter((n) => !names.includes(n))));
NAMES.forEach((names, i) => names.push(...YEAR_FIRST_NAMES[i]!.filter((n) => !names.includes(n))));
NAMES.forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));
const MONTH_ALT = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .map((n) => n.replace(/\./g, '\\.'))
  .join('|');

// Also with its time after a T (ISO 8601's date-time, as e-invoices print it: 2022-09-19T12:34:50).
const RE_ISO = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:\b|(?=T\d{2}:\d{2}))/;
// A numeric date's year: four digits, or two (also when OCR glued the time to it, "20/06/1800:05",
// "12.05.202214:38"); never the start of something longer ("#19- 10/03/2018" holds no date "19-10-03").
export const YEAR = String.raw`(?:\d{4}(?![\d:])|\d{4}(?=\d{2}:\d{2}(?!\d))|\d{2}(?=\d{1,2}:\d{2})|\d{2}(?!\d))(?![-/.]\d)`;
// Day, month and year with one separator twice: "25/12/2018", "02-01-18", "10. 03. 2018".
const RE_NUM = new RegExp(String.raw`\b(\d{1,2})\s?([-/.])\s?(\d{1,2})\s?\2\s?(${YEAR})`);
const LONG_NAMES = Object.keys(MONTHS).filter((n) => n.length >= 4);
const SHORT_NAMES = Object.keys(MONTHS).filter((n) => n.length === 3);
const RE_DWORDY = /\b(\d{1,2})\.?\s+(\p{L}{4,10})\.?,?\s+(\d{4})\b/u;
const RE_NUM_GAP = /\b(\d{1,2})[-/.](\d{1,2})\s(\d{4})\b/;
// OCR's usual damage to a printed date: a digit too many after the year ("10-05-20177", "23/06/183
// 12:46", a year of four digits or two before a time), a month name with a zero for its O ("10 0CT 2017")
// or for another letter ("19 ao0t 2022").
const RE_NUM_EXTRA = new RegExp(String.raw`\b(\d{1,2})([-/.])(\d{1,2})\2((?:19|20)\d{2}|\d{2})\d(?=\s+\d{1,2}:\d{2}|\s*$|\s+\p{L})`, 'u');
// One separator of a numeric date OCR misread (a colon, an l or a bar for its slash: "30:03/2023", "30l03/2023"), or read as
// a space ("01 12/2024"), the other one a date's: two-digit day and month, a four-digit year (not a part of a phone number).
export const DAMAGED_SEPARATOR = String.raw`(?<![\d][\s-]?)\b\d{2}(?:\s?[:;]\s?|[-/.lI|]|\s)\d{2}(?:\s?[:;]\s?|[-/.lI|])(?:19|20)\d{2}(?![\d:])`;
// Or lost between month and year ("10/102024"): eight digits, the day's separator the only one.
// Not after a hyphen, which a phone number prints so ("Tel 03-122035").
export const LOST_SEPARATOR = String.raw`(?<![\d][\s\-/.]?)\b\d{2}[/.]\d{2}(?:19|20)\d{2}(?![\d:])`;
const RE_LOST_SEPARATOR = /(?<![\d][\s\-/.]?)\b(\d{2})[/.](\d{2})((?:19|20)\d{2})(?![\d:])/;
// Or lost between day and month ("Fecha de emisión: 1607/2023"), read only after a date's label: an invoice's number is
// often so printed ("0412/2024").
const DATE_WORD = String.raw`\b(?:date|dated|fecha|datum|data|tarikh|tanggal)\b[^\d\n]{0,24}`;
export const GLUED_DAY_MONTH = String.raw`(?<=${DATE_WORD})(?<!\d)\d{4}[-/.](?:19|20)\d{2}(?![\d:])`;
const RE_GLUED_DAY_MONTH = new RegExp(String.raw`${DATE_WORD}(?<!\d)(\d{2})(\d{2})[-/.]((?:19|20)\d{2})(?![\d:])`, 'i');
/** "1607/2023" that GLUED_DAY_MONTH found after a date's label: the 16th of July. */
export const gluedDayMonth = (token: string, order: DayOrder = 'DMY'): string | null => {
  const m = /^(\d{2})(\d{2})[-/.](\d{4})$/.exec(token);
  return m && recent(+m[3]!) ? numeric(+m[1], +m[2], +m[3], order) : null;
};
/** A damaged date's year is one an invoice of today may print (a phone number's digits rarely make one): 1990 to next year. */
const recent = (year: number) => year >= 1990 && year <= new Date().getUTCFullYear() + 1;
const RE_DAMAGED_SEPARATOR = new RegExp(String.raw`(?<![\d][\s-]?)\b(\d{2})(\s?[:;]\s?|[-/.lI|]|\s)(\d{2})(\s?[:;]\s?|[-/.lI|])((?:19|20)\d{2})(?![\d:])`);
const RE_ZERO_MONTH = /\b(\d{1,2})\s+([A-Z]*0[A-Z]*)\s+(\d{4})\b/i;
// Also Korean's 년 월 일 ("2024년 3월 12일").
const RE_CJK = /(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]/;
// Vietnam's "Ngày 12 tháng 03 năm 2024", also without its marks and with English glosses ("Ngày (Date) 12 tháng (month) 03 năm (year) 2024").
const GLOSS = String.raw`\s*(?:\([^)]{0,12}\)\s*)?`;
const RE_VI = new RegExp(String.raw`ng[aàá]y${GLOSS}(\d{1,2})\s*th[aá]ng${GLOSS}(\d{1,2})\s*n[aăâ]m${GLOSS}(\d{4})`, 'iu');
// A written date year first: Hungary's "2024. március 15.", Lithuania's "2024 m. kovo 15 d."; Latvia's "2024. gada 15. marts".
const RE_YMOND = new RegExp(`\\b(\\d{4})\\.?\\s*(?:m\\.\\s*)?(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?!\\d)`, 'i');
const RE_YDMON = new RegExp(`\\b(\\d{4})\\.?\\s*gada\\s+(\\d{1,2})\\.?\\s*(${MONTH_ALT})`, 'i');
// Spanish "3 de febrero de 2022", and Latin America's "del 2022".
const RE_DMONY = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er)?\\.?[\\s-]*(?:de\\s+)?(${MONTH_ALT})\\.?,?[\\s-]*(?:del?\\s+)?(\\d{4}|\\d{2})\\b`, 'i');
// "February 13, 2025", and with OCR's dot for the comma ("February 13.2025").
const RE_MONDY = new RegExp(`\\b(${MONTH_ALT})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:[,.]\\s*|\\s+)(\\d{4})\\b`, 'i');
// A month name with a digit OCR read for a letter ("Apri1 21, 2020", "0ct 3, 2021"), month first.
const RE_WORDDY = /(?<![\p{L}\d])([\p{L}01]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})\b/u;

function iso(y: number, m: number, d: number): string | null {
  if (y < 100) y += y < 70 ? 2000 : 1900;
  // A year of the Buddhist era, as Thailand prints it (2567 is 2024), of this century.
  if (y >= 2543 && y <= 2643) y -= 543;
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2100) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function month(name: string): number | undefined {
  return MONTHS[name.toLowerCase().replace(/\.$/, '')];
}

function numeric(a: number, b: number, y: number, order: DayOrder, short = false): string | null {
  // Year first only in its short form; a four-digit or dotted date there is day first.
  if (order === 'YMD') return (short && iso(a, b, y)) || numeric(a, b, y, 'DMY');
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
  m = t.match(RE_VI);
  if (m) return iso(+m[3], +m[2], +m[1]);
  m = t.match(RE_YMOND);
  if (m && month(m[2])) return iso(+m[1], month(m[2])!, +m[3]);
  m = t.match(RE_YDMON);
  if (m && month(m[3])) return iso(+m[1], month(m[3])!, +m[2]);
  m = t.match(RE_NUM);
  if (m) return numeric(+m[1], +m[3], +m[4], order, yearFirstShape(m));
  // OCR read the second separator as a space ("18.06 2024"): only with a four-digit year.
  m = t.match(RE_NUM_GAP);
  if (m) return numeric(+m[1], +m[2], +m[3], order);
  // A month name OCR misread by one letter ("12 aodt 2023"), between a day and a four-digit year.
  m = t.match(RE_DWORDY);
  const fuzzy = m ? fuzzyMonth(m[2]) : undefined;
  if (m && fuzzy) return iso(+m[3], fuzzy, +m[1]);
  return ocrDamaged(t, order);
}

/** A date as OCR damaged it (see RE_NUM_EXTRA), read only when nothing else on the text is a date. */
function ocrDamaged(t: string, order: DayOrder): string | null {
  let m = t.match(RE_NUM_EXTRA);
  if (m) return numeric(+m[1], +m[3], +m[4], order);
  m = t.match(RE_DAMAGED_SEPARATOR);
  // One of the two a date's own separator, the other not the same one (that is a date, or no date at all).
  const real = (sep: string) => /^[-/.]$/.test(sep);
  if (m && (real(m[2]!) || real(m[4]!)) && m[2] !== m[4] && recent(+m[5]!)) return numeric(+m[1], +m[3], +m[5], order);
  m = t.match(RE_LOST_SEPARATOR) ?? t.match(RE_GLUED_DAY_MONTH);
  if (m && recent(+m[3]!)) return numeric(+m[1], +m[2], +m[3], order);
  m = t.match(RE_ZERO_MONTH);
  const name = m && m[2].length >= 3 ? m[2].replace(/0/g, 'o') : undefined;
  // A zero for another letter too ("19 ao0t 2022", the û of "août"): the one month a letter away.
  // A short name with its zero and one more letter misread ("18 0cr 2023"): the one three-letter month a letter away.
  const zeroed = name ? month(name) ?? fuzzyMonth(name) ?? (name.length === 3 ? fuzzyMonth(name, SHORT_NAMES) : undefined) : undefined;
  if (m && zeroed) return iso(+m[3], zeroed, +m[1]);
  m = t.match(RE_WORDDY);
  const word = m && /\p{L}/u.test(m[1]) && /[01]/.test(m[1]) ? m[1].replace(/1/g, 'l').replace(/0/g, 'o') : undefined;
  const named = word ? month(word) ?? fuzzyMonth(word) : undefined;
  return m && named ? iso(+m[3], named, +m[2]) : null;
}

/** The one month whose name (four letters or more, or one of `names`) is one edit from `word`; undefined when none or several. */
function fuzzyMonth(word: string, names = LONG_NAMES): number | undefined {
  const w = word.toLowerCase();
  const found = new Set(names.filter((n) => Math.abs(n.length - w.length) <= 1 && levenshtein(w, n) <= 1).map((n) => MONTHS[n]));
  return found.size === 1 ? [...found][0] : undefined;
}

/** Three two-digit parts joined by '-' or '/': year first in some countries ("21-02-05"); dotted ones never are. */
function yearFirstShape(m: RegExpMatchArray): boolean {
  return m[2] !== '.' && m[1].length === 2 && m[4].length === 2;
}

/**
 * Every date the first numeric date of `text` can mean under some order (one for "25/12/2018",
 * "2018-03-10" or "10 MAR 2018"; two for "05/03/2018"; up to three for "05-03-04").
 */
export function readingsOf(text: string): Set<string> {
  const t = text.normalize('NFC');
  const first = parseDate(t);
  if (!first) return new Set();
  const m = t.match(RE_NUM);
  // Written and year-first forms read one way only; so does a numeric date after one of them.
  if (!m || [RE_CJK, RE_ISO, RE_DMONY, RE_MONDY].some((re) => { const w = t.match(re); return w && w.index! <= m.index!; })) return new Set([first]);
  const orders: DayOrder[] = ['DMY', 'MDY', 'YMD'];
  return new Set(orders.map((o) => numeric(+m[1], +m[3], +m[4], o, yearFirstShape(m))).filter((d): d is string => !!d));
}

/** How the document's numeric dates are to be read, and what said so. */
export interface DocumentOrder { order: DayOrder; from: 'dates' | 'country' | 'default' }

/**
 * The document's own numeric dates decide (a part above 12); else the country the page is placed in (amounts.ts
 * dateOrderOfPlace: its words, IBAN or VAT id, or a currency paid only where dates are written one way), or a
 * page in Spanish, Portuguese or French paid in dollars (those countries write the day first). Where none of them
 * settles it the order is a guess (`from: 'default'`), so an ambiguous date is never sure (dateDoubts.ts): American
 * dollars (a bare "$" too) with slashes month first, else day first.
 */
export function documentOrder(text: string): DocumentOrder {
  const evidenced = dayOrderOf(text);
  if (evidenced) return { order: evidenced, from: 'dates' };
  const sign = currencyOf(text);
  // A bare "$" is the dollar or peso of the country the page's words place it in (a Mexican CFDI's
  // "$23,525.00" is pesos, its dates day first).
  const local = sign === 'USD' ? localSign('USD', text) : sign;
  const placed = dateOrderOfPlace(text, local);
  if (placed) return { order: placed, from: 'country' };
  if (local === 'USD' && romancePage(text)) return { order: 'DMY', from: 'country' };
  // Canada's "$" keeps the US order it shares, a guess.
  const dollar = local === 'USD' || (local === 'CAD' && sign === 'USD');
  if (dollar && /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/.test(text)) return { order: 'MDY', from: 'default' };
  return { order: 'DMY', from: 'default' };
}

// Words of a bill's own headings in Spanish, Portuguese or French; two different ones make the page's language.
const ROMANCE_WORDS = /(?:^|[^\p{L}])(fecha|factura|emisi[oó]n|vencimiento|cantidad|descripci[oó]n|raz[oó]n social|data de emiss[aã]o|vencimento|quantidade|descri[cç][aã]o|facture|quantit[eé]|d[eé]signation|[eé]ch[eé]ance)(?=$|[^\p{L}])/giu;
function romancePage(text: string): boolean {
  return new Set([...text.matchAll(ROMANCE_WORDS)].map((m) => m[1]!.toLowerCase())).size >= 2;
}

/** Day/month order evidenced by the document's numeric dates, if any decides it. */
export function dayOrderOf(text: string): DayOrder | undefined {
  const re = new RegExp(RE_NUM.source, 'g');
  let dmy = 0;
  let mdy = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    // "21-02-05" says nothing: it may be year first.
    if (yearFirstShape(m) && iso(+m[1], +m[3], +m[4])) continue;
    if (+m[1] > 12 && +m[3] <= 12) dmy++;
    if (+m[3] > 12 && +m[1] <= 12) mdy++;
  }
  if (dmy === mdy) return undefined;
  return dmy > mdy ? 'DMY' : 'MDY';
}
