// A value typed by a person (the review page, `docsync values set`) in the field's type, as the
// service's PATCH checks it (decisions 23): numbers as numbers ("1,234.50" too), dates as
// yyyy-mm-dd, booleans as true/false, an empty text clears the value.

export class ValueError extends Error {
  readonly code = 'INVALID_VALUE';
}

export function coerceValue(type: string, input: unknown, title = 'value'): unknown {
  if (input === null || input === undefined) return null;
  const t = type.toLowerCase();
  if (typeof input !== 'string') {
    if (t === 'number' && typeof input === 'number' && Number.isFinite(input)) return input;
    if (t === 'boolean' && typeof input === 'boolean') return input;
    if (t === 'object' && typeof input === 'object') return input;
    if (t === 'string' && typeof input === 'string') return input;
    throw new ValueError(`${title}: not a ${t} value`);
  }
  const s = input.trim();
  if (s === '') return null;
  switch (t) {
    case 'number': {
      const n = parseNumber(s);
      if (n === null) throw new ValueError(`${title}: "${s}" is not a number`);
      return n;
    }
    case 'date': {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || Number.isNaN(Date.parse(s))) throw new ValueError(`${title}: "${s}" is not a date (yyyy-mm-dd)`);
      return s;
    }
    case 'boolean':
      if (/^(true|yes|1)$/i.test(s)) return true;
      if (/^(false|no|0)$/i.test(s)) return false;
      throw new ValueError(`${title}: "${s}" is not true or false`);
    case 'object':
      try {
        return JSON.parse(s);
      } catch {
        throw new ValueError(`${title}: not JSON`);
      }
    default:
      return input;
  }
}

/** "1,234.50", "1.234,50", "$ 99.90", "-12" -> number; the last mark followed by 1-2 digits is the decimal one. */
export function parseNumber(text: string): number | null {
  const s = text.replace(/[^\d,.\-]/g, '');
  if (!/\d/.test(s)) return null;
  const negative = /^-|-$/.test(s) || /^\(.*\)$/.test(text.trim());
  const digits = s.replace(/-/g, '');
  const m = /[.,](\d{1,2})$/.exec(digits);
  const whole = (m ? digits.slice(0, m.index) : digits).replace(/[.,]/g, '');
  const n = Number(`${whole || '0'}${m ? `.${m[1]}` : ''}`);
  return Number.isFinite(n) ? (negative ? -n : n) : null;
}
