// How a ledger shows dates, times and amounts: in the user's locale and local time zone.
// The CSV gets text in that form (with `;` between cells and `,` as the decimal mark where
// the locale writes decimals with a comma, so Excel there opens it in columns); the xlsx
// gets typed cells whose number formats follow the locale and each row's currency.

export interface LedgerFormat {
  /** BCP 47 tag (`en-GB`, `de-DE`, `ja-JP`). */
  locale: string;
  /** IANA zone the "processed at" times are shown in; the machine's own by default. */
  timeZone: string;
  /** Cell separator of every CSV docsync writes; the decimal mark is `,` exactly when this is `;`. */
  csvSeparator: ',' | ';';
}

export interface LedgerFormatSettings {
  locale?: string;
  timeZone?: string;
  /** `auto` (the default): `;` where the locale's decimal mark is a comma. */
  csvSeparator?: 'auto' | ',' | ';';
}

export function resolveFormat(settings: LedgerFormatSettings = {}): LedgerFormat {
  const locale = safeLocale(settings.locale ?? new Intl.NumberFormat().resolvedOptions().locale);
  const timeZone = settings.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const sep = settings.csvSeparator ?? 'auto';
  return { locale, timeZone, csvSeparator: sep === 'auto' ? (decimalMark(locale) === ',' ? ';' : ',') : sep };
}

function safeLocale(tag: string): string {
  try {
    return new Intl.NumberFormat(tag).resolvedOptions().locale;
  } catch {
    return 'en-US';
  }
}

export function decimalMark(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** A number as CSV text: no grouping, the format's decimal mark. */
export function numberText(n: number, f: LedgerFormat): string {
  const s = String(n);
  return f.csvSeparator === ';' ? s.replace('.', ',') : s;
}

/**
 * Made once per key and kept: an Intl formatter costs far more to make than to use, and a ledger
 * formats every row's dates and amounts at each rewrite (the xlsx is rewritten whole: at 20,000
 * rows, making formatters was most of its CPU). Few keys: locales, zones, currencies.
 */
function memo<T>(make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let v = cache.get(key);
    if (v === undefined) {
      if (cache.size >= 1000) cache.clear(); // currencies come from documents: keep the cache small whatever they hold
      cache.set(key, (v = make(key)));
    }
    return v;
  };
}

const dateFormats = memo((key) => {
  const [locale, timeZone, withTime] = JSON.parse(key) as [string, string, boolean];
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric', month: '2-digit', day: '2-digit', timeZone,
    ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
  });
});
const dateParts = (locale: string, timeZone: string, withTime: boolean) => dateFormats(JSON.stringify([locale, timeZone, withTime]));
const wallClockFormats = memo((timeZone) => new Intl.DateTimeFormat('en-US', {
  timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
}));

/** A calendar date (held as UTC midnight) as the locale writes it: 31/01/2026, 2026/01/31. */
export function dateText(d: Date, f: LedgerFormat): string {
  return dateParts(f.locale, 'UTC', false).format(d);
}

/** An instant as local date and time in the locale's order. */
export function dateTimeText(d: Date, f: LedgerFormat): string {
  return dateParts(f.locale, f.timeZone, true).format(d);
}

/**
 * The instant's local wall-clock time as a Date whose UTC fields hold it: a spreadsheet date
 * has no zone, so the cell must carry the local time the reader expects to see.
 */
export function localWallClock(d: Date, timeZone: string): Date {
  const parts = wallClockFormats(timeZone).formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value ?? 0);
  return new Date(Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')));
}

/** Excel number format of a date (or date and time) in the locale's order: dd/mm/yyyy, yyyy/mm/dd, dd.mm.yyyy. */
export function dateNumFmt(locale: string, withTime: boolean): string {
  return dateNumFmts(JSON.stringify([locale, withTime]));
}

const dateNumFmts = memo((key) => {
  const [locale, withTime] = JSON.parse(key) as [string, boolean];
  const map: Record<string, string> = { year: 'yyyy', month: 'mm', day: 'dd' };
  const parts = dateParts(locale, 'UTC', false).formatToParts(new Date(Date.UTC(2026, 0, 31)));
  const date = parts.map((p) => map[p.type] ?? quoteLiteral(p.value)).join('');
  return withTime ? `${date} hh:mm` : date;
});

function quoteLiteral(s: string): string {
  return /^[/.\-: ]*$/.test(s) ? s.replace(/ /g, '\\ ') : `"${s.replace(/"/g, '')}"`;
}

const GENERIC_AMOUNT = '#,##0.00';

/**
 * Excel number format for an amount in `currency` as the locale shows it: "$"#,##0.00,
 * #,##0.00\ "€", "¥"#,##0. A code Intl does not know (`RM`) is written after the number.
 */
export function amountNumFmt(locale: string, currency: string | null): string {
  if (!currency) return GENERIC_AMOUNT;
  return amountNumFmts(JSON.stringify([locale, currency]));
}

const amountNumFmts = memo((key) => {
  const [locale, currency] = JSON.parse(key) as [string, string];
  const code = currency.trim().toUpperCase();
  let nf: Intl.NumberFormat;
  try {
    if (!/^[A-Z]{3}$/.test(code)) throw new RangeError('not ISO 4217');
    nf = new Intl.NumberFormat(locale, { style: 'currency', currency: code });
  } catch {
    return `${GENERIC_AMOUNT}\\ "${currency.trim().replace(/"/g, '')}"`;
  }
  const digits = nf.resolvedOptions().maximumFractionDigits ?? 2;
  const number = digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
  let out = '';
  let numberDone = false;
  for (const p of nf.formatToParts(1234.5)) {
    if (p.type === 'currency') out += `"${p.value}"`;
    else if (['integer', 'group', 'decimal', 'fraction'].includes(p.type)) {
      if (!numberDone) out += number;
      numberDone = true;
    } else if (p.type === 'literal') out += p.value.replace(/[\s\u00a0\u202f]/g, '\\ ');
    else if (p.type === 'minusSign') out += '-';
  }
  return out;
});
