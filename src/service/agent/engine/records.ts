// The extracted values of the documents in scope, with the fields a question can ask about
// recognised by their titles (any schema, not only the seeded Invoice).
import type { DB } from '../../../sqlite.js';
import type { ScopedDocument } from '../scope.js';

export type Role = 'number' | 'date' | 'due' | 'vendor' | 'total' | 'tax' | 'currency';

export interface ValueField {
  title: string;
  type: string;
  value: unknown;
}

export interface DocRecord {
  doc: ScopedDocument;
  fields: ValueField[];
  roles: Partial<Record<Role, ValueField>>;
}

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

const INVOICE_LIKE = new Set(['invoice', 'receipt', 'credit_note']);

/** One record per document in scope (documents without values get an empty record). A document
 *  classified as something other than an invoice (a letter, a note, a statement) has no record:
 *  counts, sums and lists of invoices leave it out; its text is still searched. */
export function loadRecords(db: DB, docs: ScopedDocument[]): DocRecord[] {
  const stmt = db.prepare('SELECT fields, document_type AS type FROM form_values WHERE document_id = ? AND file_id = ? ORDER BY updated_at DESC LIMIT 1');
  return docs.flatMap((doc) => {
    const row = stmt.get(doc.documentId, doc.fileId) as { fields: string; type: string | null } | undefined;
    if (row?.type && !INVOICE_LIKE.has(row.type)) return [];
    const fields = row ? (JSON.parse(row.fields) as ValueField[]).map(({ title, type, value }) => ({ title, type, value })) : [];
    return [{ doc, fields, roles: rolesOf(fields) }];
  });
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

/** Lower-case, accents and company suffixes removed: how vendor names are compared. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    // Accents dropped (García = Garcia), kana and kanji kept whole.
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/株式会社|有限会社|\(株\)|（株）/g, '')
    .replace(/[.,'"()]/g, ' ')
    .replace(/\b(inc|incorporated|corp|corporation|co|company|ltd|limited|llc|gmbh|plc|pty|sa|ag|kk)\b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
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
