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
};
// Signs that are letters of words elsewhere, so only beside a figure: the rand before it ("R40,170.25",
// "R 1 250,00"), the dong's "đ" after it ("1.776.600 đ"; "đơn" is a word).
const SIGNS_BY_FIGURE: [RegExp, string][] = [[/(?:^|[\s|:])R ?\d/, 'ZAR'], [/\d ?(?:đ|đồng)(?!\p{L})/u, 'VND']];
export const CURRENCY_CODES = [
  'USD', 'EUR', 'GBP', 'CHF', 'JPY', 'CNY', 'INR', 'AUD', 'CAD', 'SGD', 'HKD', 'SEK', 'NOK', 'DKK', 'PLN',
  'CZK', 'THB', 'BRL', 'MXN', 'NZD', 'ZAR', 'KRW', 'HUF', 'TRY', 'AED', 'MYR', 'RON', 'VND',
];

export function currencyOf(text: string): string | null {
  const code = text.match(new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`));
  if (code) return code[1];
  for (const [sym, iso] of Object.entries(SYMBOLS).sort((a, b) => b[0].length - a[0].length)) {
    if (sym.length > 1 && /^[A-Za-z]/.test(sym)) {
      if (new RegExp(`(^|[\\s\\d])${sym.replace(/[.$]/g, '\\$&')}(?=$|[\\s\\d])`).test(text)) return iso;
    } else if (text.includes(sym)) return iso;
  }
  return SIGNS_BY_FIGURE.find(([re]) => re.test(text))?.[1] ?? null;
}

// A hyphen between digits ("22-60", "03-7887") is neither a leading nor a trailing minus.
// Indian grouping (lakh, crore) puts commas every two digits above the thousands: 12,34,567.89.
const AMOUNT_RE = /(\(?(?:(?<!\d)-)?\s?)(\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?(?![\d,])|\d{1,3}(?:[ ,.'’\u00a0\u202f]\d{3})+(?:[.,]\d{1,3})?|\d+(?:[.,]\d{1,3})?)(\)?(?:-(?!\d))?)/;

/** Parses the first amount in `text`; null when there is none. */
export function parseAmount(text: string, style?: DecimalStyle): number | null {
  const cleaned = hyphenDecimals(ocrDigits(doubledMark(withoutTaxCode(text))).replace(/[A-Za-z€$£¥₹￥₩฿円元:]+\.?/g, ' ')).trim();
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

/** Infers the document's decimal separator from amounts with two decimals. */
export function decimalStyleOf(text: string): DecimalStyle | undefined {
  const comma = (text.match(/\d[,]\d{2}(?!\d)/g) ?? []).length + (text.match(/\d\.\d{3},\d/g) ?? []).length * 3;
  const dot = (text.match(/\d[.]\d{2}(?!\d)/g) ?? []).length + (text.match(/\d,\d{3}\.\d/g) ?? []).length * 3;
  if (comma === 0 && dot === 0) return undefined;
  return comma > dot ? 'comma' : 'dot';
}

/** Every amount-looking token in a string, in order. */
export function amountsIn(text: string, style?: DecimalStyle): number[] {
  const out: number[] = [];
  const re = new RegExp(AMOUNT_RE.source, 'g');
  const cleaned = hyphenDecimals(text.replace(/[A-Za-z€$£¥₹￥₩฿円元:]+\.?/g, ' '));
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

const EURO_COUNTRIES = new Set(['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK']);
const COUNTRY_CURRENCY: Record<string, string> = { IN: 'INR', GB: 'GBP', CH: 'CHF', JP: 'JPY', MY: 'MYR', SG: 'SGD', US: 'USD', SE: 'SEK', NO: 'NOK', DK: 'DKK', CN: 'CNY', CA: 'CAD', ZA: 'ZAR', HU: 'HUF', RO: 'RON', VN: 'VND' };
// Words that place a document in a country when no currency is printed (or OCR lost its sign).
const COUNTRY_WORDS: [RegExp, string][] = [
  [/\bsdn\.? ?bhd\b|\bmalaysia\b|\bselangor\b|\bkuala lumpur\b|\bjohor\b|\bpenang\b|\bjalan\b/i, 'MY'],
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
  // India before the UK: Indian companies are "Pvt. Ltd." and "LLP" too.
  [/\b(gstin|cgst|sgst|igst|pvt\.? ?ltd|ifsc)\b/i, 'IN'],
  [/\b(ltd|limited|plc|llp)\b/i, 'GB'],
  [/\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b/, 'GB'], // a UK postcode ("LS1 4AB")
];

const VAT_LABEL = /\b(?:vat|ust-?id(?:nr)?|tva|iva|btw|n° tva)/gi;
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

/**
 * The currency of the country a document comes from, when it prints none: the country of its
 * IBAN, of the vendor's legal form, of its VAT number, else words only used there (a legal form,
 * a tax's name, an address). A guess, so callers flag it for review.
 */
export function currencyOfCountry(text: string, vendor?: string): string | null {
  const iban = text.match(/\b([A-Z]{2})\d{2}(?:\s?[A-Z0-9]{4}){3,7}/);
  const named = (t: string) => COUNTRY_WORDS.find(([re]) => re.test(t))?.[1];
  // The vendor's own name (its legal form) before the page's other words: the customer's address may be abroad.
  const country = iban?.[1] ?? (vendor ? named(vendor) : undefined) ?? vatCountry(text) ?? named(text);
  if (!country) return null;
  return EURO_COUNTRIES.has(country) ? 'EUR' : COUNTRY_CURRENCY[country] ?? null;
}

/**
 * A sign several countries print: a bare "$" is the dollar of the country the document's words place it
 * in (Canada's, by COUNTRY_WORDS; no other dollar country has words there yet), else the US dollar; a "¥" on a Chinese page (its words, no Japanese
 * ones, no kana: OCR may drop the kana but not a Japanese company's form) is the yuan, else the yen.
 */
export function localSign(code: string, text: string): string {
  if (code === 'JPY') return /[¥￥]/.test(text) && !/円|\bJPY\b|[\u3040-\u30ff]/.test(text) && currencyOfCountry(text) === 'CNY' ? 'CNY' : code;
  if (code !== 'USD' || /\bUSD\b|US\$/.test(text)) return code;
  const local = currencyOfCountry(text);
  return local && DOLLARS.has(local) ? local : 'USD';
}
const DOLLARS = new Set(['CAD', 'SGD', 'NZD', 'AUD', 'HKD']);
