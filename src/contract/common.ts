import { z } from 'zod';

export const DateTime = z.string().describe('date-time (ISO 8601)');
export const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Must be a UUID.');

/** A query boolean: `true`/`false` strings (also 1/0) as well as real booleans. */
export const QueryBoolean = z.preprocess((v) => {
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return v;
}, z.boolean());

/** A positive integer in a query string. */
export const QueryInt = (min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v), z.number().int().min(min).max(max));

export const SortOrder = z.enum(['ASC', 'DESC']);
