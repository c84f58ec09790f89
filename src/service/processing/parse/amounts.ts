// Amounts with either decimal separator, thousands marks (, . space ' ’), currency
// codes and symbols, negatives as -x, x- or (x).

export type DecimalStyle = 'dot' | 'comma';

const SYMBOLS: Record<string, string> = {
  '$': 'USD', 'US$': 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '円': 'JPY', '￥': 'JPY', '₹': 'INR',
  'CHF': 'CHF', 'Fr.': 'CHF', 'kr': 'SEK', 'zł': 'PLN', '฿': 'THB', 'R$': 'BRL', 'A$': 'AUD', 'C$': 'CAD',
  'S$': 'SGD', 'HK$': 'HKD', 'RMB': 'CNY', '元': 'CNY', '₩': 'KRW', 'RM': 'MYR', 'Rs.': 'INR', 'Rs': 'INR',
  // The marks OCR reads without their diacritics ("5 613,72 zl"), as words beside a figure.
  'zl': 'PLN', 'Kč': 'CZK', 'Kc': 'CZK',
  // The Turkish lira, as printed after every amount of an e-Fatura ("1.694,88 TL").
  '₺': 'TRY', 'TL': 'TRY',
  // The forint, the leu and the dong as printed after an amount ("614 987 Ft", "13.447,49 lei", "VNĐ").
  'Ft': 'HUF', 'lei': 'RON', '₫': 'VND', 'VNĐ': 'VND',
  // The broad lexicon (2026-11-28): the signs of Indonesia, the Philippines, East and West Africa, Bulgaria,
  // Russia, Ukraine, North Macedonia, Serbia, Kazakhstan, Georgia, Israel, Bangladesh, Costa Rica, Taiwan,
  // the Dominican Republic, Mexico, Egypt, Gulf states and Morocco (in Arabic letters).
  'Rp': 'IDR', 'Rp.': 'IDR', '₱': 'PHP', 'KSh': 'KES', 'Ksh': 'KES', 'KShs': 'KES', 'Kshs': 'KES', 'USh': 'UGX', 'TSh': 'TZS', '₦': 'NGN', 'GH₵': 'GHS', '₵': 'GHS',
  'лв': 'BGN', 'лв.': 'BGN', '₽': 'RUB', 'руб': 'RUB', 'руб.': 'RUB', '₴': 'UAH', 'грн': 'UAH', 'грн.': 'UAH', 'ден': 'MKD', 'ден.': 'MKD', 'дин': 'RSD', 'дин.': 'RSD',
  // Kazakhstan's tenge as its invoices print it after the figure ("1 234,56 тенге", "тг"); Canada's and Australia's dollars
  // as design tools print them before it ("CA$584.04", "AU$1,200.00").
  'тенге': 'KZT', 'тг': 'KZT', 'тг.': 'KZT', 'CA$': 'CAD', 'AU$': 'AUD', 'NZ$': 'NZD',
  '₸': 'KZT', '₾': 'GEL', '₪': 'ILS', '৳': 'BDT', '₡': 'CRC', 'NT$': 'TWD', 'RD$': 'DOP', 'MX$': 'MXN', 'E£': 'EGP',
  // Israel's new shekel as its English pages print it, a word beside the figure ("NIS 1,234.56").
  'NIS': 'ILS',
  // The CFA franc of West Africa as its factures print it after the figure ("1 250 000 FCFA", "F CFA"), the Jamaican and
  // Trinidadian dollars before it ("J$12,500.00", "TT$ 450.00").
  'FCFA': 'XOF', 'F CFA': 'XOF', 'J$': 'JMD', 'TT$': 'TTD',
  // Paraguay's guaraní ("TOTAL A PAGAR Gs."), Tanzania's and Uganda's shillings as their fiscal tills print them
  // ("Amounts in Tzs", "TShs", "UShs").
  'Gs.': 'PYG', 'Gs': 'PYG', '₲': 'PYG', 'Tzs': 'TZS', 'TShs': 'TZS', 'Tshs': 'TZS', 'UShs': 'UGX', 'Ushs': 'UGX',
  // The Rwandan franc as an EBM receipt's column head prints it ("Description  Total Frw").
  'Frw': 'RWF', 'FRW': 'RWF',
  // The Fijian and Namibian dollars as their invoices print them before the figure ("FJ$ 86.25", "N$ 1,204.50").
  'FJ$': 'FJD', 'N$': 'NAD',
  'ر.س': 'SAR', 'ر.س.': 'SAR', 'د.إ': 'AED', 'ر.ق': 'QAR', 'د.ك': 'KWD', 'ج.م': 'EGP', 'د.م.': 'MAD',
};
// Signs that are letters of words elsewhere, so only beside a figure: the rand before it ("R40,170.25",
// "R 1 250,00"; not a reference, "R48461", a ticket's five digits or more without a decimal), the dong's "đ" after it ("1.776.600 đ"; "đơn" is a word).
// Peru's sol before it ("S/ 120.00", "S/.120"; "S/B" is a Malaysian Sdn Bhd).
// Ghana's cedi as a cent sign after its letters ("AMOUNT (GH¢)"), in brackets or not.
const SIGNS_BY_FIGURE: [RegExp, string][] = [[/(?<!\p{L})GH¢/u, 'GHS'], [/(?:^|[\s|:])R ?\d(?!\d{4,}(?![\d.,]))/, 'ZAR'], [/\d ?(?:đ|đồng)(?!\p{L})/u, 'VND'], [/(?:^|[\s|:])S\/\.? ?\d/, 'PEN']];
export const CURRENCY_CODES = [
  'USD', 'EUR', 'GBP', 'CHF', 'JPY', 'CNY', 'INR', 'AUD', 'CAD', 'SGD', 'HKD', 'SEK', 'NOK', 'DKK', 'PLN',
  'CZK', 'THB', 'BRL', 'MXN', 'NZD', 'ZAR', 'KRW', 'HUF', 'TRY', 'AED', 'MYR', 'RON', 'VND',
  // The broad lexicon: codes no word is spelt as (not Bahrain's BHD, Malaysia's "Sdn Bhd", nor Albania's ALL).
  'IDR', 'QAR', 'KWD', 'OMR', 'JOD', 'ILS', 'EGP', 'TND', 'DZD', 'NGN', 'KES', 'UGX', 'TZS', 'GHS', 'ZMW', 'ETB', 'RWF', 'XOF', 'XAF',
  'PKR', 'BDT', 'LKR', 'NPR', 'TWD', 'ARS', 'CLP', 'COP', 'UYU', 'PYG', 'GTQ', 'ISK', 'BGN', 'RSD', 'BAM', 'MKD', 'UAH', 'BYN', 'KZT',
  'MDL', 'UZS', 'KHR', 'MNT', 'HRK',
  // The Caribbean's dollars ("Total Amount Due (JMD)", "(TTD)").
  'JMD', 'TTD',
  // Central America: Honduras's lempira, Panama's balboa.
  'HNL', 'PAB',
  // Mauritius, Botswana, Namibia, Fiji, Papua New Guinea.
  'MUR', 'BWP', 'NAD', 'FJD', 'PGK',
];
/**
 * Codes that are also words or abbreviations ("PHP 8" the language, "Hong Kong SAR", a "PEN", "MAD"): only
 * beside an amount with two decimals ("PHP 1,250.00", "12,50 SAR"). Not GEL, AMD, CRC, LAK (a hair gel, a
 * processor, a checksum), whose amounts are rare in documents here.
 */
const CODES_BY_FIGURE = ['PHP', 'SAR', 'MAD', 'PEN', 'RUB', 'DOP'];
const CODE_RE = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`);
const FIGURE_CODE_RE = new RegExp(`\\b(${CODES_BY_FIGURE.join('|')}) ?-?\\d[\\d,.' ]*[.,]\\d{2}(?!\\d)|\\d[.,]\\d{2} ?(${CODES_BY_FIGURE.join('|')})\\b`);

export function currencyOf(text: string): string | null {
  const code = CODE_RE.exec(text);
  const figure = FIGURE_CODE_RE.exec(text);
  if (figure && (!code || figure.index < code.index)) return figure[1] ?? figure[2]!;
  if (code) return code[1];
  for (const [sym, iso] of Object.entries(SYMBOLS).sort((a, b) => b[0].length - a[0].length)) {
    // Letters (Latin or Cyrillic) only as a word of their own: "лв" in no Bulgarian word.
    if (sym.length > 1 && /^[A-Za-z\u0400-\u04ff]/.test(sym)) {
      if (new RegExp(`(^|[\\s\\d])${sym.replace(/[.$]/g, '\\$&')}(?=$|[\\s\\d])`).test(text)) return iso;
    } else if (text.includes(sym)) return iso;
  }
  return SIGNS_BY_FIGURE.find(([re]) => re.test(text))?.[1] ?? null;
}

// A hyphen between digits ("22-60", "03-7887") is neither a leading nor a trailing minus.
// Indian grouping (lakh, crore) puts commas every two digits above the thousands: 12,34,567.89.
const AMOUNT_RE = /(\(?(?:(?<!\d)-)?\s?)(\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?(?![\d,])|\d{1,3}(?:[ ,.'’\u00a0\u202f]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?)(\)?(?:-(?!\d))?)/;

/** A full-width comma or full stop OCR put between digits ("5，50" read by a model trained on CJK text) as its ASCII mark. */
export const halfWidthMarks = (text: string): string => text.replace(/(?<=\d)[，．](?=\d)/g, (m) => (m === '，' ? ',' : '.'));

/** Parses the first amount in `text`; null when there is none. */
export function parseAmount(text: string, style?: DecimalStyle): number | null {
  const cleaned = hyphenDecimals(ocrDigits(doubledMark(withoutTaxCode(halfWidthMarks(text)))).replace(/[A-Za-z€$£¥₹￥₩฿円元:]+\.?/g, ' ')).trim();
  const m = cleaned.match(AMOUNT_RE);
  if (!m) return null;
  const neg = /-|\(/.test(m[1]) || (m[3].includes(')') && m[1].includes('(')) || m[3].endsWith('-');
  const v = numberFromDigits(m[2], style);
  if (v === null) return null;
  return neg ? -v : v;
}

/**
 * A receipt's tax code printed after an item's amount ("37.38 S", "9.00 SR", "4.50 Z"): no digit
 * for OCR to repair, nothing of the amount.
 */
function withoutTaxCode(text: string): string {
  return text.replace(/(\d)\s+(?:SR|ZR|S|Z|E|T|N)\s*$/, '$1');
}

/** A decimal mark OCR read twice, a comma and a point side by side ("-688,.77"): the last one is the mark. */
function doubledMark(text: string): string {
  return text.replace(/(\d)[.,]([.,])(?=\d)/g, '$1$2');
}

/**
 * A decimal point OCR read as a hyphen ("TOTAL 22-60"): digits, a hyphen, two digits, standing
 * alone (not part of a date, a phone number or a code).
 */
function hyphenDecimals(text: string): string {
  return text.replace(/(?<![\d/.,-])(\d{1,6})-(\d{2})(?![\d/.,-])/g, '$1.$2');
}

/** Letters OCR reads in place of digits ("1O5,5l"), fixed only where the text is otherwise numeric. */
export function ocrDigits(s: string): string {
  const t = s.trim();
  if (!/\d/.test(t) || !/^[-\s\dOoIl|SB$€£¥.,'’()]+$/.test(t)) return s;
  return t.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1').replace(/S(?!\$)/g, '5').replace(/B/g, '8');
}

function numberFromDigits(s: string, style?: DecimalStyle): number | null {
  let t = s.replace(/[ '’\u00a0\u202f]/g, '');
  const lastDot = t.lastIndexOf('.');
  const lastComma = t.lastIndexOf(',');
  let decimal: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? '.' : ',';
    const count = t.split(sep).length - 1;
    const after = t.length - t.lastIndexOf(sep) - 1;
    // "7,099,35": OCR turned the decimal mark into the thousands mark; two final digits are cents.
    if (count > 1) decimal = after === 2 ? sep : null;
    else if (after !== 3) decimal = sep;
    else if (style) decimal = (style === 'dot' ? '.' : ',') === sep ? sep : null;
    else decimal = null;
  }
  if (decimal) {
    const other = decimal === '.' ? ',' : '.';
    t = t.split(other).join('');
    const last = t.lastIndexOf(decimal);
    t = t.slice(0, last).split(decimal).join('') + '.' + t.slice(last + 1);
  } else t = t.replace(/[.,]/g, '');
  const v = Number(t);
  return Number.isFinite(v) ? Math.round(v * 1000) / 1000 : null;
}

// Three decimals (Tunisian, Kuwaiti, Omani amounts): grouped by spaces, or below one ("26 196,388", "0,894"), the last mark
// is no thousands mark.
const THREE_DECIMALS_COMMA = /\d[ \u00a0\u202f]\d{3},\d{3}(?!\d)|(?<![\d.,])0,\d{3}(?![\d,.])/g;
const THREE_DECIMALS_DOT = /\d[ \u00a0\u202f'’]\d{3}\.\d{3}(?!\d)|(?<![\d.,])0\.\d{3}(?![\d,.])/g;

/**
 * Infers the document's decimal separator from amounts with two (or three) decimals; not a date's day and month ("15.10.2018", an
 * Icelandic or German invoice's date, whose amounts in whole krónur show only thousands points: "239.086").
 */
export function decimalStyleOf(text: string): DecimalStyle | undefined {
  const comma = (text.match(/\d[,]\d{2}(?!\d)/g) ?? []).length + (text.match(/\d\.\d{3},\d/g) ?? []).length * 3 + (text.match(THREE_DECIMALS_COMMA) ?? []).length * 3;
  const dot = (text.match(/(?<!\d[.\/-]\d{0,2})\d[.]\d{2}(?!\d|[.\/-]\d)/g) ?? []).length + (text.match(/\d,\d{3}\.\d/g) ?? []).length * 3 + (text.match(THREE_DECIMALS_DOT) ?? []).length * 3;
  // A dinar's three decimals ("Net amount JOD 43.500", "Total KWD 12.750"): a point before three digits is its decimal mark.
  const dinars = DINARS.test(text) ? (text.match(/(?<![\d.,])\d{1,3}(?:,\d{3})*\.\d{3}(?![\d.,])/g) ?? []).length : 0;
  if (comma === 0 && dot + dinars === 0) return undefined;
  return comma > dot + dinars ? 'comma' : 'dot';
}

const DINARS = /\b(?:JOD|KWD|BHD|OMR|IQD|LYD)\b|\b(?:jordanian|kuwaiti|bahraini|iraqi|libyan) dinars?\b|\bomani rials?\b/i;

/** Every amount-looking token in a string, in order (a full-width mark between digits as its ASCII one: "275，49"). */
export function amountsIn(text: string, style?: DecimalStyle): number[] {
  const out: number[] = [];
  const re = new RegExp(AMOUNT_RE.source, 'g');
  const cleaned = hyphenDecimals(halfWidthMarks(text).replace(/[A-Za-z€$£¥₹￥₩฿円元:]+\.?/g, ' '));
  let m: RegExpExecArray | null;
  while ((m = re.exec(cleaned))) {
    const v = parseAmount(m[0], style);
    if (v !== null) out.push(v);
  }
  return out;
}

/**
 * The amount an OCR'd number stands for when its decimal mark was lost ("32731" for 327.31,
 * "4.21731" for 4,217.31, "17 55549" for 17 555.49): its digits with two decimals. Null when
 * the number already shows decimals, is a well-formed grouped integer ("1,234") or is too short.
 * Callers use it only for documents whose other amounts have two decimals.
 */
export function lostDecimalReading(text: string): number | null {
  const m = ocrDigits(text).match(/\d[\d .,'’\u00a0\u202f]*\d/);
  if (!m) return null;
  const token = m[0].trim();
  if (/[.,]\d{1,2}$/.test(token) || /^\d{1,3}(?:[ ,.'’\u00a0\u202f]\d{3})+$/.test(token)) return null;
  // Two numbers side by side ("449,03 493933"), not one damaged number.
  if (/[.,]\d{1,2}\s/.test(token) || (token.match(/\s/g) ?? []).length > 1) return null;
  const digits = token.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return Number(digits) / 100;
}

/** How a country writes an all-numeric date: day first, month first, or a short one year first ("21-02-05"). */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';
/**
 * A country's currency and how it writes an all-numeric date (null: both orders are common, as in Canada); `also`,
 * the currencies its bills print beside their own (Lebanon's and Cambodia's in US dollars, Ecuador's balboa-less dollars).
 */
interface Country { currency: string; dates: DateOrder | null; also?: string[] }
const dmy = (currency: string, ...also: string[]): Country => ({ currency, dates: 'DMY', also });
const ymd = (currency: string): Country => ({ currency, dates: 'YMD' });
const euro = (...codes: string[]) => Object.fromEntries(codes.map((c) => [c, dmy('EUR')]));
/** The one table of countries (2026-11-29): each one's currency and its date order, read by parse/dates.ts. */
const COUNTRIES: Record<string, Country> = {
  ...euro('AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK'),
  // Month first: the US and the Philippines. Year first (short dates): Sweden and East Asia. Both: Canada.
  US: { currency: 'USD', dates: 'MDY' }, PH: { currency: 'PHP', dates: 'MDY' }, CA: { currency: 'CAD', dates: null },
  SE: ymd('SEK'), JP: ymd('JPY'), CN: ymd('CNY'), KR: ymd('KRW'), TW: ymd('TWD'),
  IN: dmy('INR'), GB: dmy('GBP'), CH: dmy('CHF'), MY: dmy('MYR'), SG: dmy('SGD'), NO: dmy('NOK'), DK: dmy('DKK'), ZA: dmy('ZAR'),
  HU: dmy('HUF'), RO: dmy('RON'), VN: dmy('VND'),
  // The broad lexicon (2026-11-28)
  PL: dmy('PLN'), CZ: dmy('CZK'), BG: dmy('BGN'), RU: dmy('RUB'), UA: dmy('UAH'), RS: dmy('RSD'), TR: dmy('TRY'), IS: dmy('ISK'),
  ID: dmy('IDR'), TH: dmy('THB'), HK: dmy('HKD'), AU: dmy('AUD'), NZ: dmy('NZD'), PK: dmy('PKR'), BD: dmy('BDT'), LK: dmy('LKR'),
  NP: dmy('NPR'), KE: dmy('KES'), UG: dmy('UGX'), TZ: dmy('TZS'), NG: dmy('NGN'), GH: dmy('GHS'), EG: dmy('EGP'), MA: dmy('MAD'),
  TN: dmy('TND'), DZ: dmy('DZD'), SA: dmy('SAR'), AE: dmy('AED'), QA: dmy('QAR'), KW: dmy('KWD'), OM: dmy('OMR'), IL: dmy('ILS'),
  BR: dmy('BRL'), MX: dmy('MXN'), AR: dmy('ARS'), CL: dmy('CLP'), CO: dmy('COP'), PE: dmy('PEN'), UY: dmy('UYU'), PY: dmy('PYG'),
  DO: dmy('DOP'), CR: dmy('CRC'), GT: dmy('GTQ'), HN: dmy('HNL'), RW: dmy('RWF'),
  MU: dmy('MUR'), BW: dmy('BWP'), NA: dmy('NAD'), FJ: dmy('FJD'), PG: dmy('PGK'), JO: dmy('JOD'),
  // The countries that pay in US dollars and write the day first: El Salvador, Ecuador, Panama; Lebanon and Cambodia
  // beside their own currency (the VAT restated in LBP, a total in riel).
  SV: dmy('USD'), EC: dmy('USD'), PA: dmy('PAB', 'USD'), LB: dmy('LBP', 'USD'), KH: dmy('KHR', 'USD'),
};
const US_STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
// Words that place a document in a country when no currency is printed (or OCR lost its sign).
const COUNTRY_WORDS: [RegExp, string][] = [
  [/\bsdn\.? ?bhd\b|\bmalaysia\b|\bselangor\b|\bkuala lumpur\b|\bjohor\b|\bpenang\b|\bjalan\b/i, 'MY'],
  // The broad lexicon (2026-11-28), before the rules of the languages they share words with: Hong Kong and Taiwan
  // before China, Brazil and Mexico (and the rest of Latin America) before Spain and Italy ("S.A.", "IVA"), Australia
  // before South Africa ("Pty Ltd"), Switzerland before Germany ("MWST"), Ukraine before Russia ("ТОВ"), Singapore's
  // "Pte Ltd" before the UK's "Ltd". Edges are written as letters, not \b, where a word is not in ASCII.
  [/hong kong|香港/i, 'HK'],
  // Lebanon and Cambodia (bills in US dollars beside their own money), before France (a Lebanese "facture", its "TVA").
  [/\blebanon\b|\blebanese\b|\bbeirut\b|\bLBP\b|\+961\b/i, 'LB'],
  [/\bcambodia\b|phnom penh|siem reap|\briels?\b|\+855\b/i, 'KH'],
  // Taiwan's uniform invoices: the two-month period in the ROC year ("113年03-04月"), the random code (隨機碼, OCR's 随機碼).
  [/台灣|臺灣|\btaiwan\b|統一編號|(?<!\d)1\d\d年\s?\d{2}\s?-\s?\d{2}月|[隨随][機机]碼|證明聯/i, 'TW'],
  [/대한민국|사업자\s?등록번호|주식회사|\(주\)|㈜/, 'KR'],
  [/ประเทศไทย|\bthailand\b|เลขประจำตัวผู้เสียภาษี|บริษัท/i, 'TH'],
  // Honduras (its tax id, RTN; the CAI authorising a factura's range; its sales tax, ISV) and El Salvador (its DTE's
  // control number "DTE-03-M001P001-...", its registry number, NRC; its web domain), before Guatemala (a "Documento
  // Tributario Electrónico" too), Mexico ("S.A. de C.V." is all three's legal form) and Brazil (a customer's "Ltda.").
  [/\bhonduras\b|tegucigalpa|san pedro sula|\brtn:? ?\d|\bcai:? ?[0-9a-f]{6}-|rango autorizado|\bisv\b|\blempiras?\b/i, 'HN'],
  [/el salvador|san salvador|\bdte-\d{2}-[a-z0-9]{8}-|\bnrc:? ?\d|\.com\.sv\b/i, 'SV'],
  // Before Brazil: "Ltda." is a legal form all over Latin America. Chile's R.U.T. (dotted or not) and its tax office (SII); Colombia's NIT with its check digit, DIAN and the CUFE;
  // Peru's 11-digit RUC and SUNAT.
  [/\bchile\b|boleta electr[oó]nica|\br\.?u\.?t\.?:? ?\d{1,2}\.?\d{3}\.?\d{3}-[\dk]\b|timbre electr[oó]nico s[il1]{2}|\bsii\.cl\b/i, 'CL'],
  [/\bcolombia\b|bogot[aá]|medell[ií]n|\bnit\.?:? ?\d{3}\.?\d{3}\.?\d{3}-\d\b|\bdian\b|\bcufe\b/i, 'CO'],
  [/\bper[uú]\b|\bigv\b|\bruc:? ?(?:10|15|17|20)\d{9}\b|\bsunat\b/i, 'PE'],
  [/\bcnpj\b|\bbrasil\b|\bltda\b|nota fiscal|\bdanfe\b/i, 'BR'],
  [/\brfc\b|s\.\s?a\.\s?de\s?c\.\s?v\.|\bm[eé]xico\b|\bcfdi\b/i, 'MX'],
  [/\bcuit\b|\bc\.u\.i\.t\b|\bafip\b|\bargentina\b|buenos aires/i, 'AR'],
  [/\buruguay\b|montevideo/i, 'UY'],
  // Paraguay (its fiscal stamp, the "Timbrado", heads every factura) and the Dominican Republic (its fiscal receipt number,
  // NCF, its taxpayer number, RNC, and its VAT, ITBIS), before Spain ("Factura", "S.A.", "IVA").
  [/\bparaguay\b|asunci[oó]n|ciudad del este|\btimbrado\b/i, 'PY'],
  // Costa Rica (its company id, "Cédula Jurídica", its goods codes, CABYS, its instant payments, SINPE) and Guatemala (its
  // electronic invoices, FEL, and their certified number, "Número DTE"), before Spain.
  [/costa rica|c[eé]dula jur[ií]dica|\bcabys\b|\bsinpe\b/i, 'CR'],
  [/\brwanda\b|\bkigali\b|kicukiro|nyarugenge|gasabo/i, 'RW'],
  // Mauritius (its Business Registration Number, "BRN: C07012345"), Botswana and Namibia (before South Africa: their
  // companies are "(Pty) Ltd" too), Fiji, Papua New Guinea, Jordan: their countries and towns.
  [/\bmauritius\b|port louis|\bcurepipe\b|quatre bornes|\bbrn:? ?c\d{8}\b/i, 'MU'],
  [/\bbotswana\b|\bgaborone\b|\bfrancistown\b/i, 'BW'],
  [/\bnamibia\b|\bwindhoek\b|walvis bay|swakopmund/i, 'NA'],
  [/\bfiji\b|\bsuva\b|\bnadi\b|\blautoka\b|\blabasa\b/i, 'FJ'],
  [/papua new guinea|port moresby|\bmt\.? hagen\b|mount hagen|\blae\b|\bgoroka\b/i, 'PG'],
  [/\bjordan\b|\bamman\b|hashemite/i, 'JO'],
  // Ecuador and Panama, which pay in US dollars, before Peru (a "RUC" too) and Spain.
  [/\becuador\b|\bquito\b|guayaquil/i, 'EC'],
  [/\bpanam[aá](?!\p{L})/iu, 'PA'],
  [/\bguatemala\b|n[uú]mero dte|\bfel\b.*tributario|documento tributario electr[oó]nico/i, 'GT'],
  [/rep[uú]blica dominicana|santo domingo|\bncf\b|\brnc\b|\bitbis\b/i, 'DO'],
  [/\bsingapore\b|\bpte\.? ltd\b|\buen\b/i, 'SG'],
  [/\babn\b|\baustralia\b/i, 'AU'],
  [/new zealand|\bnzbn\b|\bauckland\b/i, 'NZ'],
  [/\bche-?\d{3}|\bschweiz\b|\bsuisse\b|\bsvizzera\b|\bswitzerland\b/i, 'CH'],
  [/\bsp\. ?z ?o\. ?o\b|(?<!\p{L})nip:? ?\d|\bregon\b|\bpolska\b|faktura vat|złotych|do zapłaty/iu, 'PL'],
  // Portugal (2026-11-30; none of its words was placed, its "IVA" and "NIF" read as Spain's): its name, Lisbon, the legal form
  // "Lda." (Brazil's is "Ltda."), a NIF with its country's prefix.
  [/\bportugal\b|\blisboa\b|(?<!\p{L})lda(?!\p{L})|\bnif:? ?pt ?\d/iu, 'PT'],
  [/česká republika|daňový doklad|(?<!\p{L})dič(?!\p{L})|k úhradě|celkem k úhradě/iu, 'CZ'],
  [/(?<!\p{L})i[čc] dph(?!\p{L})|slovensk[áa] republika|faktúra|dodávateľ|odberateľ/iu, 'SK'],
  [/hrvatska|\bcroatia\b|\boib\b/i, 'HR'],
  [/slovenija|\bslovenia\b|\bddv\b|ljubljana/i, 'SI'],
  [/\bsrbija\b|\bserbia\b|\bpib\b|beograd/i, 'RS'],
  [/(?<!\p{L})(?:еоод|оод|еик|булстат|ддс)(?!\p{L})|българия/iu, 'BG'],
  [/(?<!\p{L})(?:тов|фоп|пдв)(?!\p{L})|єдрпоу|україна/iu, 'UA'],
  [/(?<!\p{L})(?:ооо|инн|кпп|огрн|ндс)(?!\p{L})|россия/iu, 'RU'],
  [/(?<!\p{L})(?:αφμ|φπα|δου)(?!\p{L})|ελλάδα|\bgreece\b/iu, 'GR'],
  [/\beesti\b|\bestonia\b|\bkmkr\b|registrikood|käibemaks/i, 'EE'],
  [/latvija|\blatvia\b|\bpvn\b/i, 'LV'],
  [/lietuva|lithuania|\bpvm\b|\buab\b/i, 'LT'],
  [/ísland|\biceland\b|kennitala|\bvsk\b/i, 'IS'],
  [/vergi dairesi|\bvkn\b|türkiye|turkiye|\bkdv\b|\ba\.ş\.|ltd\.? şti/i, 'TR'],
  [/\bnpwp\b|\bindonesia\b|\bjakarta\b|\bsurabaya\b|faktur pajak|\btbk\b/i, 'ID'],
  [/philippines|metro manila|\bmakati\b|quezon city|\bpasig\b|\btaguig\b|vat reg\.? tin/i, 'PH'],
  [/\bpakistan\b|\bkarachi\b|\blahore\b|\bntn\b/i, 'PK'],
  [/bangladesh|\bdhaka\b/i, 'BD'],
  [/sri lanka|\bcolombo\b/i, 'LK'],
  // Nepal's cities, and the Bikram Sambat calendar its bills date by ("Miti: 2081/06/25", "2078/07/07 B.S.").
  [/\bnepal\b|kathmandu|lalitpur|pokhara|bhaktapur|biratnagar|birgunj|\bmiti\b|bikram sambat|\d{4}\/\d{2}\/\d{2} ?b\.s\./i, 'NP'],
  [/\bkenya\b|\bnairobi\b|\bmombasa\b|kra pin/i, 'KE'],
  [/\buganda\b|\bkampala\b/i, 'UG'],
  [/tanzania|dar es salaam|\barusha\b|\bdodoma\b|\bmwanza\b|\bzanzibar\b/i, 'TZ'],
  [/\bnigeria\b|\blagos\b|\babuja\b/i, 'NG'],
  // Ghana's levies beside its VAT (NHIL, GETFund) are printed nowhere else.
  [/\bghana\b|\baccra\b|\bkumasi\b|\btakoradi\b|\bnhil\b|\bgetfund\b/i, 'GH'],
  [/\begypt\b|\bcairo\b|مصر|القاهرة/i, 'EG'],
  // The Maghreb, before France (its factures say "SARL", "TVA" and "facture" too): Morocco's company id (ICE, 15 digits)
  // and dirhams, Tunisia's dinars and millimes, Algeria.
  [/\bmaroc\b|\bmorocco\b|casablanca|\brabat\b|marrakech|\bice:? ?\d{15}\b|\bdirhams?\b/i, 'MA'],
  [/\btunisie\b|\btunisia\b|\btunis\b|\bsfax\b|\bmillimes?\b|dinars? tunisiens?/i, 'TN'],
  [/\balg[eé]rie\b|\balgeria\b|\balger\b|dinars? alg[eé]riens?/i, 'DZ'],
  [/saudi|السعودية|الرياض|\briyadh\b|\bjeddah\b/i, 'SA'],
  [/united arab emirates|\buae\b|\bdubai\b|abu dhabi|الإمارات|\bfze\b|\bfzco\b|\bfz-llc\b/i, 'AE'],
  [/\bqatar\b|\bdoha\b/i, 'QA'],
  [/\bkuwait\b/i, 'KW'],
  [/\boman\b|\bmuscat\b/i, 'OM'],
  [/\bisrael\b|tel aviv/i, 'IL'],
  [/株式会社|有限会社|合同会社|御中|消費税/, 'JP'],
  [/有限公司|发票|增值税|人民币/, 'CN'],
  // Canada, before France (Québec's invoices are "Facture" with "TPS/TVQ"): its sales taxes (GST/HST,
  // QST, in French TPS/TVQ; not "PST", also a time zone), a business number's tax account ("RT0001"), a
  // postal code ("H4E 1A2").
  [/\b(gst\/hst|hst|qst|tps|tvq)\b|\b\d{9} ?R[TP]\d{4}\b|\b[ABCEGHJ-NPRSTVXY]\d[A-Z] \d[A-Z]\d\b/, 'CA'],
  [/\b(gmbh|ust-?id(nr)?|mwst|steuernummer|rechnung)\b/i, 'DE'],
  [/\b(sarl|sas|siret|siren|tva|facture)\b/i, 'FR'],
  [/\b(s\.l\.|s\.a\.|cif|nif|factura|iva)(?=\s|$)/i, 'ES'],
  [/\b(s\.r\.l\.|s\.p\.a\.|s\.n\.c\.|partita iva|fattura)(?=\s|$)/i, 'IT'],
  [/\b(b\.v\.|btw|factuur|kvk)(?=\s|$)/i, 'NL'],
  [/f-skatt|bankgiro|plusgiro|momsreg|\bkvitto\b|att betala|förfallodatum|fakturadatum|kassör|\bbelopp\b/i, 'SE'],
  [/\bmva\b|foretaksregisteret|forfallsdato|å betale|\bbeløp\b/i, 'NO'],
  [/\bcvr\b|\baps\b|forfaldsdato|\bi alt\b|\bbeløb\b/i, 'DK'],
  [/y-tunnus|\balv\b|yhteensä|\bkuitti\b/i, 'FI'],
  // South Africa ("(Pty) Ltd" before the UK's "Ltd"), Hungary, Romania, Vietnam: legal forms, tax ids.
  [/\(pty\)|\bpty\.? ltd\b|south africa/i, 'ZA'],
  [/\b(kft|zrt|nyrt|bt)\.(?=\s|$)|adószám|adoszam/i, 'HU'],
  [/\bnr\.? ?reg\.? ?com\b|\bcif:? ?ro\d|\bj\d{2}\/\d+\/\d{4}\b|românia|romania/i, 'RO'],
  [/\b(công ty|cong ty)\b|mã số thuế|ma so thue/i, 'VN'],
  // The US (2026-11-29), after the countries above, before the UK's "LLP": the country's name, a state and ZIP code after a
  // town after its comma ("Austin, TX 78701"; not "Customer ID 12345"), in capitals as printed.
  [new RegExp(String.raw`\bU\.?S\.?A\b|\b(?:United States|UNITED STATES)\b|\p{L}, ?(?:${US_STATES}) \d{5}(?:-\d{4})?(?!\d)`, 'u'), 'US'],
  // India before the UK: Indian companies are "Pvt. Ltd." and "LLP" too.
  [/\b(gstin|cgst|sgst|igst|pvt\.? ?ltd|ifsc)\b/i, 'IN'],
  [/\b(ltd|limited|plc|llp)\b/i, 'GB'],
  [/\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/, 'GB'], // a UK postcode ("LS1 4AB")
];

// Czech and Slovak "DIČ", "IČ DPH" too.
const VAT_LABEL = /\b(?:vat|ust-?id(?:nr)?|tva|iva|btw|nif|n° tva|di[čc](?![\p{L}])|i[čc] dph)/giu;
const VAT_ID = /\b([A-Z]{2}) ?(\d[\d ]{6,13}\d|[0-9A-Z]{8,12})\b/;

/** The country of a VAT id after its label, in capitals, its number grouped or not ("GB 897 5577 73"), not the "re" of "registration". */
function vatCountry(text: string): string | undefined {
  for (const m of text.matchAll(VAT_LABEL)) {
    const after = text.slice(m.index! + m[0].length).split('\n')[0]!.slice(0, 40);
    const id = after.match(VAT_ID);
    if (id && /\d{2}/.test(id[2]!)) return id[1];
  }
  return undefined;
}

const LTD_COUNTRIES = new Set(['GH', 'KE', 'UG', 'TZ', 'NG', 'RW', 'MU', 'FJ', 'PG']);
const SA_COUNTRIES = new Set(['CL', 'CO', 'PE', 'AR', 'UY', 'PY', 'DO', 'CR', 'GT', 'HN', 'SV']);
const SHARED_FORMS = /\b(?:ltda|sarl)\b\.?/gi;

/** The country a page comes from (a code of COUNTRIES, or an IBAN's): see currencyOfCountry. */
export function placedCountry(text: string, vendor?: string): string | undefined {
  const iban = text.match(/\b([A-Z]{2})\d{2}(?:\s?[A-Z0-9]{4}){3,7}/);
  const named = (t: string) => COUNTRY_WORDS.find(([re]) => re.test(t))?.[1];
  // The vendor's own name (its legal form) before the page's other words: the customer's address may be abroad. A legal
  // form several countries use ("Ltda.": Brazil, Chile, Colombia...; "SARL": France and the Maghreb) does not place the vendor; the page's words may.
  // "Ltd" is Ireland's legal form as much as the UK's: an Irish VAT number places such a vendor in Ireland.
  const byVendor = vendor ? named(vendor.replace(SHARED_FORMS, '')) : undefined;
  // Letters no country of ours has are not one ("VAT Reg. No.: VAT12345678", Mauritius's, read as "VA").
  const vat = [vatCountry(text)].find((c) => c && c in COUNTRIES);
  // So is it in Ghana and East Africa, and "S.A." is Latin America's as much as Spain's: the page's words (a city, a levy, a
  // fiscal stamp) place such a vendor there. "有限公司" is Taiwan's and Hong Kong's as much as the mainland's.
  const placed = named(text) ?? '';
  const formAbroad = byVendor === 'GB' ? (vat === 'IE' ? vat : LTD_COUNTRIES.has(placed) ? placed : undefined)
    : byVendor === 'ES' && SA_COUNTRIES.has(placed) ? placed
    : byVendor === 'CN' && (placed === 'TW' || placed === 'HK') ? placed
    : byVendor === 'MX' && (placed === 'HN' || placed === 'SV') ? placed
    : byVendor === 'ZA' && (placed === 'BW' || placed === 'NA') ? placed : undefined;
  // An IBAN abroad (a vendor banking in another country: "IBAN ES84 …" under "Northgate Office Supplies Ltd", "VAT Reg. No.
  // GB311…") does not move a vendor whose legal form and VAT number both place it at home.
  const home = byVendor && byVendor === vat && formAbroad === undefined ? vat : undefined;
  return home ?? iban?.[1] ?? formAbroad ?? byVendor ?? vat ?? named(text);
}

/**
 * The currency of the country a document comes from, when it prints none: the country of its
 * IBAN, of the vendor's legal form, of its VAT number, else words only used there (a legal form,
 * a tax's name, an address). A guess, so callers flag it for review.
 */
export function currencyOfCountry(text: string, vendor?: string): string | null {
  const country = placedCountry(text, vendor) ?? vatRateCountry(text);
  return (country && COUNTRIES[country]?.currency) ?? null;
}

// An English "VAT" at a rate only one English-speaking country charges (2026-11-30): 20% the UK's, 23% and 13.5% Ireland's
// (Poland's 23% and the rest print their own words, which place the page first). Only for the currency, not the date order.
const VAT_RATE = /(?<![\p{L}])vat(?![\p{L}])[^\n\d%]{0,16}?(\d{1,2}(?:[.,]\d)?) ?%|(?<![\d.,])(\d{1,2}(?:[.,]\d)?) ?% ?vat(?![\p{L}])/giu;
const VAT_RATE_COUNTRY: Record<string, string> = { '20': 'GB', '23': 'IE', '13.5': 'IE' };
function vatRateCountry(text: string): string | undefined {
  // Other rates (a reduced 5%, a zero rate) place nothing; two countries' rates place neither.
  const found = new Set([...text.matchAll(VAT_RATE)].map((m) => VAT_RATE_COUNTRY[(m[1] ?? m[2])!.replace(',', '.')]).filter((c) => c));
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * How the page's numeric dates are written, where its place says so: the country its words place it in (placedCountry),
 * when the currency it prints (`printed`, the local sign's reading) is that country's or none; else the currency's, when
 * every country that pays in it writes dates one way (a "€", a "£", "SEK"). Undefined where nothing settles it: a bare
 * "$" or "USD" is the US's month first and Ecuador's or Lebanon's day first; Canada writes both.
 */
export function dateOrderOfPlace(text: string, printed: string | null): DateOrder | undefined {
  const country = placedCountry(text);
  const home = country ? COUNTRIES[country] : undefined;
  const pays = (c: Country, code: string) => c.currency === code || !!c.also?.includes(code);
  if (home && (!printed || pays(home, printed))) return home.dates ?? undefined;
  if (!printed) return undefined;
  // A page placed in one country that prints another's currency: both must agree.
  const orders = new Set([...Object.values(COUNTRIES).filter((c) => pays(c, printed)), ...(home ? [home] : [])].map((c) => c.dates));
  return orders.size === 1 ? [...orders][0] ?? undefined : undefined;
}

/**
 * A sign several countries print: a bare "$" is the dollar of the country the document's words place it
 * in (Canada's, Singapore's, Australia's, New Zealand's, Hong Kong's, Taiwan's, or the peso of Mexico, Argentina,
 * Chile, Colombia or Uruguay, by COUNTRY_WORDS), else the US dollar; "kr" the Norwegian, Danish or Icelandic crown
 * where the words place it there, else the Swedish; a "¥" on a Chinese page (its words, no Japanese
 * ones, no kana: OCR may drop the kana but not a Japanese company's form) is the yuan, else the yen.
 */
export function localSign(code: string, text: string): string {
  if (code === 'JPY') return /[¥￥]/.test(text) && !/円|\bJPY\b|[\u3040-\u30ff]/.test(text) && currencyOfCountry(text) === 'CNY' ? 'CNY' : code;
  // "kr" is the Swedish, Norwegian, Danish and Icelandic crown: the country's words say which.
  if (code === 'SEK' && !/\bSEK\b/.test(text)) {
    const crown = currencyOfCountry(text);
    return crown && CROWNS.has(crown) ? crown : code;
  }
  // "Rs." is the rupee of India, Pakistan, Sri Lanka and Nepal ("TOTAL (Rs.)"): the country's words (an NTN, a city) say
  // which; the Indian one where they place it nowhere else. Not where a code or "₹" is printed.
  if (code === 'INR' && !/₹|\bINR\b/.test(text)) {
    const rupee = currencyOfCountry(text);
    return rupee && RUPEES.has(rupee) ? rupee : code;
  }
  if (code !== 'USD' || /\bUSD\b|US\$/.test(text)) return code;
  const local = currencyOfCountry(text);
  return local && DOLLARS.has(local) ? local : 'USD';
}
/** The currencies written "$" where they are at home: the dollars, and Latin America's pesos. */
const DOLLARS = new Set(['CAD', 'SGD', 'NZD', 'AUD', 'HKD', 'TWD', 'MXN', 'ARS', 'CLP', 'COP', 'UYU', 'NAD', 'FJD']);
const CROWNS = new Set(['NOK', 'DKK', 'ISK']);
const RUPEES = new Set(['PKR', 'LKR', 'NPR', 'MUR']);
