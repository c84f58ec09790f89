// Excel-safe CSV (RFC 4180): UTF-8 with a byte-order mark so Excel reads the
// encoding right, CRLF line ends, fields quoted when they hold a comma, quote,
// CR or LF, and formula injection neutralised.
//
// Formula neutralisation: a cell whose first character is `=`, `+`, `-`, `@`,
// tab or CR (or whose first non-blank character is one of `=+-@`, since some
// spreadsheet programs trim leading blanks) is prefixed with a single quote `'`,
// which Excel shows as text. Exception, so amounts stay usable: a cell that is
// a plain decimal number (`-12.50`, `+3`, `-1e5`) is left as it is; a number
// literal cannot call a function, so it carries no injection risk.

export const CSV_BOM = '\uFEFF';
export const CSV_EOL = '\r\n';

const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
/** With `;` between cells the decimal mark is a comma: `-12,50` is a plain number there. */
const PLAIN_NUMBER_COMMA = /^[+-]?(?:\d+(?:,\d*)?|,\d+)(?:[eE][+-]?\d+)?$/;
const TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
const BLANK_THEN_TRIGGER = /^[ \u00a0]+[=+\-@]/;

export function isPlainNumber(text: string): boolean {
  return PLAIN_NUMBER.test(text);
}

export type CsvSeparator = ',' | ';';

export function neutraliseFormula(text: string, sep: CsvSeparator = ','): string {
  if (text === '' || isPlainNumber(text) || (sep === ';' && PLAIN_NUMBER_COMMA.test(text))) return text;
  if (TRIGGERS.has(text[0]!) || BLANK_THEN_TRIGGER.test(text)) return `'${text}`;
  return text;
}

export function encodeCell(text: string, sep: CsvSeparator = ','): string {
  const safe = neutraliseFormula(text, sep);
  const quote = /["\r\n]/.test(safe) || safe.includes(sep);
  return quote ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function encodeRow(cells: readonly string[], sep: CsvSeparator = ','): string {
  return cells.map((c) => encodeCell(c, sep)).join(sep) + CSV_EOL;
}

/** A whole CSV document: BOM, header, rows. */
export function encodeCsv(header: readonly string[], rows: readonly (readonly string[])[], sep: CsvSeparator = ','): string {
  let out = CSV_BOM + encodeRow(header, sep);
  for (const row of rows) out += encodeRow(row, sep);
  return out;
}
