// The extracted values of the documents in scope, with the fields a question can ask about
// recognised by their titles (any schema, not only the seeded Invoice). A record is what the
// figures are computed from: values as stored (a person's correction through PATCH values
// replaces the extracted value in place, so corrected values are the ones read), one record per
// document content, invoices only.
import { createHash } from 'node:crypto';
import type { DB } from '../../store/sql.js';
import type { ScopedDocument } from '../scope.js';

export type Role = 'number' | 'date' | 'due' | 'vendor' | 'total' | 'tax' | 'currency';

export interface ValueField {
  title: string;
  type: string;
  value: unknown;
  confidence?: number;
}

export interface LineItem {
  description: string;
  quantity?: number;
  unitPrice?: number;
  amount?: number;
}

/** `needs_review`: a key value missing or below the confidence threshold; `corrected`: changed by a person. */
export type ReviewState = 'needs_review' | 'corrected' | 'auto';

export interface DocRecord {
  doc: ScopedDocument;
  /** ISO currency code: the extracted one, else the one the page text shows (symbols, codes); '' when neither. */
  currency: string;
  fields: ValueField[];
  roles: Partial<Record<Role, ValueField>>;
  items: LineItem[];
  review: ReviewState;
}

/** Values at or above this confidence count as sure (the extraction eval's calibrated threshold). */
export const SURE = 0.9;

const ROLE_TITLES: Array<[Role, RegExp]> = [
  ['due', /\bdue\b|支払期限|期日/i],
  ['number', /(invoice|receipt|bill|document|order)\s*(number|no\.?|#|id)\b|^(number|no\.?)$|番号/i],
  ['date', /(invoice|issue|issued|document|receipt|order)\s*date|^date$|発行日|日付/i],
  ['vendor', /vendor|supplier|seller|issuer|merchant|company|payee|取引先|発行元/i],
  ['tax', /\b(tax|vat|gst)\b|税/i],
  ['currency', /currency|通貨/i],
  ['total', /^(grand\s+)?total(\s+(amount|due))?$|^amount(\s+due)?$|合計|総額/i],
];

/** The role a field plays, from its title; a title matches at most one role. */
export function roleOf(title: string): Role | undefined {
  return ROLE_TITLES.find(([, re]) => re.test(title.trim()))?.[0];
}

function rolesOf(fields: ValueField[]): Partial<Record<Role, ValueField>> {
  const roles: Partial<Record<Role, ValueField>> = {};
  for (const field of fields) {
    const role = roleOf(field.title);
    if (role && roles[role] === undefined && field.value !== null && field.value !== '') roles[role] = field;
  }
  return roles;
}

/** Rows of a table field (Line Items), read by the titles of their columns. */
function itemsOf(fields: ValueField[]): LineItem[] {
  const table = fields.find((f) => Array.isArray(f.value) && /item|line|明細|品目/i.test(f.title));
  if (!table) return [];
  return (table.value as unknown[]).flatMap((row) => {
    if (!row || typeof row !== 'object') return [];
    const cells = Object.entries(row as Record<string, unknown>).map(([k, v]) => [k.toLowerCase(), v] as const);
    const cell = (re: RegExp) => cells.find(([k]) => re.test(k))?.[1];
    const num = (v: unknown) => numberOf({ title: '', type: 'number', value: v });
    const description = cell(/desc|item|name|品名|内容/);
    if (typeof description !== 'string' || !description.trim()) return [];
    return [{ description, quantity: num(cell(/qty|quantity|数量/)), unitPrice: num(cell(/unit|price|単価/)), amount: num(cell(/amount|total|金額/)) }];
  });
}

const INVOICE_LIKE = new Set(['invoice', 'receipt', 'credit_note']);
const KEY_ROLES: Role[] = ['vendor', 'date', 'total'];

function reviewOf(roles: DocRecord['roles'], corrected: boolean): ReviewState {
  if (corrected) return 'corrected';
  const unsure = KEY_ROLES.some((r) => roles[r] === undefined || (roles[r]!.confidence ?? 1) < SURE);
  return unsure ? 'needs_review' : 'auto';
}

interface ValuesRow {
  fields: string | null;
  type: string | null;
  created: string | null;
  updated: string | null;
}

/**
 * One record per invoice-like document in scope (documents without values get an empty record).
 * A document classified as something other than an invoice (a letter, a note, a statement) has no
 * record: counts, sums and lists of invoices leave it out; its text is still searched. The same
 * content uploaded twice is one document: the one uploaded first stands.
 */
export function loadRecords(db: DB, docs: ScopedDocument[]): DocRecord[] {
  const values = db.prepare(
    'SELECT fields, document_type AS type, created_at AS created, updated_at AS updated FROM form_values WHERE document_id = ? AND file_id = ? ORDER BY updated_at DESC LIMIT 1',
  );
  const pages = db.prepare('SELECT text FROM document_pages WHERE document_id = ? AND file_id = ? ORDER BY page').pluck();
  const seen = new Set<string>();
  // Oldest first, so that of two uploads of one document the first stands; answers keep scope order.
  const kept = [...docs].reverse().flatMap((doc) => {
    const row = values.get(doc.documentId, doc.fileId) as ValuesRow | undefined;
    if (row?.type && !INVOICE_LIKE.has(row.type)) return [];
    const fields = row?.fields ? (JSON.parse(row.fields) as ValueField[]).map(({ title, type, value, confidence }) => ({ title, type, value, confidence })) : [];
    const roles = rolesOf(fields);
    const texts = pages.all(doc.documentId, doc.fileId) as string[];
    const currency = (textOf(roles.currency) ?? '').trim().toUpperCase() || currencyInText(texts.join('\n'));
    const record: DocRecord = { doc, currency, fields, roles, items: itemsOf(fields), review: reviewOf(roles, Boolean(row && row.updated !== row.created)) };
    const keys = contentKeys(record, texts);
    if (keys.some((k) => seen.has(k))) return [];
    keys.forEach((k) => seen.add(k));
    return [record];
  });
  return kept.reverse();
}

/** What makes two documents one: the same page text, or the same vendor, number and total. */
function contentKeys(r: DocRecord, pageTexts: string[]): string[] {
  const keys: string[] = [];
  const text = pageTexts.join('\f').trim();
  if (text) keys.push(`text:${createHash('sha256').update(text).digest('hex')}`);
  const number = textOf(r.roles.number);
  const total = numberOf(r.roles.total);
  if (number && total !== undefined) keys.push(`inv:${normalizeName(textOf(r.roles.vendor) ?? '')}|${number.toLowerCase()}|${total}`);
  return keys;
}

export const numberOf = (field: ValueField | undefined): number | undefined => {
  if (!field) return undefined;
  if (typeof field.value === 'number' && Number.isFinite(field.value)) return field.value;
  if (typeof field.value === 'string') {
    const n = Number(field.value.replace(/[^0-9.-]/g, ''));
    return field.value.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  return undefined;
};

/** An ISO date (yyyy-mm-dd) or undefined. */
export const dateOf = (field: ValueField | undefined): string | undefined => {
  const v = field?.value;
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : undefined;
};

export const textOf = (field: ValueField | undefined): string | undefined => {
  const v = field?.value;
  if (v === null || v === undefined || typeof v === 'object') return undefined;
  return String(v);
};

/** The record's currency as an ISO code, '' when none was read. */
export const currencyOf = (r: DocRecord): string => r.currency;

const CURRENCY_MARKS: Array<[string, RegExp]> = [
  ['EUR', /\bEUR\b|€/g], ['USD', /\bUSD\b|US\$/g], ['GBP', /\bGBP\b|£/g], ['CHF', /\bCHF\b|\bFr\.\s?\d/g],
  ['JPY', /\bJPY\b|¥|円/g], ['MYR', /\bMYR\b|\bRM\s?\d/g],
];

/** The currency a page shows when the extraction read none: the one marked clearly most often. */
function currencyInText(text: string): string {
  const counts = CURRENCY_MARKS.map(([code, re]) => [code, text.match(re)?.length ?? 0] as const).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
  const [first, second] = counts;
  if (first && (!second || first[1] >= 2 * second[1])) return first[0];
  // A plain "$" is dollars only when no other currency is marked.
  return !first && /\$\s?\d/.test(text) ? 'USD' : '';
}

/** Lower-case, accents and company suffixes removed: how vendor names are compared. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    // Accents dropped (García = Garcia), kana and kanji kept whole.
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/株式会社|有限会社|合同会社|合資会社|\(株\)|（株）/g, '')
    // Dotted forms as one word: "B.V." is "bv", "S.p.A." is "spa".
    .replace(/\b(?:[a-z]\.){2,}/g, (m) => m.replace(/\./g, ''))
    .replace(/[.,'"()&/]/g, ' ')
    .replace(/\b(inc|incorporated|corp|corporation|co|company|ltd|limited|llc|gmbh|plc|pty|sa|sas|sarl|srl|spa|bv|nv|ag|kk|sl|snc|sdn|bhd|s b|kg|llp)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Edits between two strings; two letters swapped ("Oakirdge", a typing slip) count as half an edit. */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, before[j - 2]! + 0.5);
    }
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** 1 for equal strings, 0 for nothing in common (edit distance over the longer length). */
export function similarity(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - editDistance(a, b) / longest;
}

/**
 * The same vendor, allowing for a scan's misread letters ("Miiller" for "Müller"): equal names,
 * or names of ten characters or more at most about one edit in seven apart.
 */
export function sameVendor(a: string, b: string): boolean {
  const x = normalizeName(a);
  const y = normalizeName(b);
  if (x === y) return true;
  const longest = Math.max(x.length, y.length);
  return longest >= 10 && editDistance(x, y) <= Math.round(longest * 0.15);
}
