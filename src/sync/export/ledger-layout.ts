// The ledger's columns, in the order an accountant reads them: first what the document
// says (date, vendor, number, net, tax, total, currency, due date) and whether someone
// checked it, then where the file is, then how docsync processed it, then any other field
// of the schema. A field lands in an accountant's column by its title, whatever the schema
// calls it ("Invoice Date", "Belegdatum", "請求日"); each value appears once.
import type { StoredField, StoredRow } from './ledger-store.js';

export type Role = 'date' | 'vendor' | 'number' | 'net' | 'tax' | 'total' | 'currency' | 'dueDate';
export const ROLES: readonly Role[] = ['date', 'vendor', 'number', 'net', 'tax', 'total', 'currency', 'dueDate'];
export const AMOUNT_ROLES: ReadonlySet<Role> = new Set(['net', 'tax', 'total']);

/** Which field titles fill each column (tried in ROLES order after dueDate, which must win over date). */
const ROLE_TITLES: Record<Role, RegExp> = {
  dueDate: /due|payable|fällig|échéance|vencimiento|支払期限|期日/i,
  date: /(^|\s)(invoice |document |receipt |issue |bill )?date$|^datum$|rechnungsdatum|belegdatum|^fecha|請求日|発行日|日付|^date/i,
  vendor: /vendor|supplier|seller|merchant|issuer|lieferant|fournisseur|proveedor|取引先|発行者|仕入先/i,
  number: /(invoice|bill|receipt|document|rechnungs?|beleg)\s*(no|num|nr|#|id)|invoice ?number|^number$|^no\.?$|請求書番号|番号/i,
  net: /sub ?total|net|before tax|excl|netto|hors taxe|小計|税抜/i,
  tax: /^(tax|vat|gst|mwst|ust|tva|iva|btw|sales tax|tax amount|vat amount)$|消費税|税額/i,
  total: /total|amount due|grand|gesamt|summe|montant|importe|合計|請求金額/i,
  currency: /currency|währung|devise|moneda|通貨/i,
};
const MATCH_ORDER: readonly Role[] = ['dueDate', 'currency', 'number', 'vendor', 'net', 'tax', 'total', 'date'];

/** The role each field of a row plays (a role is given to its first field only). */
export function rolesOf(fields: readonly StoredField[]): Map<Role, StoredField> {
  const out = new Map<Role, StoredField>();
  for (const f of fields) {
    if (f.n !== undefined) continue;
    const role = MATCH_ORDER.find((r) => ROLE_TITLES[r].test(f.t.trim()));
    if (role && !out.has(role)) out.set(role, f);
  }
  return out;
}

export type Fixed = 'review' | 'file' | 'document' | 'status' | 'processedAt' | 'items' | 'remotePath' | 'note';
export type ColumnKey = `role:${Role}` | `fixed:${Fixed}` | `field:${string}`;

/** Ordered columns of a ledger: accountant's, the file, processing details, other fields. */
export function ledgerColumns(rows: readonly StoredRow[], fieldOrder: readonly string[]): ColumnKey[] {
  const used = new Set<string>();
  let differentDocument = false;
  let items = false;
  for (const r of rows) {
    const taken = new Set([...rolesOf(r.fields).values()].map((f) => f.t));
    for (const f of r.fields) {
      if (f.n !== undefined) items = true;
      else if (!taken.has(f.t)) used.add(f.t);
    }
    if (r.documentName !== baseName(r.relPath)) differentDocument = true;
  }
  return [
    ...ROLES.map((r) => `role:${r}` as const),
    'fixed:review', 'fixed:file',
    ...(differentDocument ? ['fixed:document' as const] : []),
    'fixed:status', 'fixed:processedAt',
    ...(items ? ['fixed:items' as const] : []),
    'fixed:remotePath', 'fixed:note',
    ...fieldOrder.filter((t) => used.has(t)).map((t) => `field:${t}` as const),
  ];
}

function baseName(rel: string): string {
  return rel.slice(rel.lastIndexOf('/') + 1);
}

type Labels = Record<Role | Fixed | 'lineNo' | 'sheetLedger' | 'sheetItems' | `status.${string}` | 'review.needs review' | 'review.checked' | 'review.auto', string>;

const EN: Labels = {
  date: 'Date', vendor: 'Vendor', number: 'Number', net: 'Net', tax: 'Tax', total: 'Total', currency: 'Currency',
  dueDate: 'Due date', review: 'Review', file: 'File', document: 'Document', status: 'Status',
  processedAt: 'Processed at', items: 'Line items', remotePath: 'Remote path', note: 'Note', lineNo: 'Line',
  sheetLedger: 'Ledger', sheetItems: 'Line items',
  'status.exported': 'Done', 'status.failed': 'Failed', 'status.skipped': 'Skipped', 'status.deleted': 'Deleted',
  'review.needs review': 'To review', 'review.checked': 'Checked', 'review.auto': 'Auto',
};

const JA: Labels = {
  date: '日付', vendor: '取引先', number: '番号', net: '税抜金額', tax: '税額', total: '合計', currency: '通貨',
  dueDate: '支払期日', review: '確認', file: 'ファイル', document: '文書', status: '状態',
  processedAt: '処理日時', items: '明細数', remotePath: 'リモートのパス', note: 'メモ', lineNo: '行',
  sheetLedger: '台帳', sheetItems: '明細',
  'status.exported': '完了', 'status.failed': '失敗', 'status.skipped': 'スキップ', 'status.deleted': '削除済み',
  'review.needs review': '要確認', 'review.checked': '確認済み', 'review.auto': '自動',
};

/** Labels in the ledger's language: Japanese for a `ja` locale, English otherwise. */
export function labelsFor(locale: string): (key: keyof Labels | string) => string {
  const table = locale.toLowerCase().startsWith('ja') ? JA : EN;
  return (key) => (table as Record<string, string>)[key] ?? (EN as Record<string, string>)[key] ?? key.replace(/^(status|review)\./, '');
}

/** Header labels; a field titled like a fixed column gets " (field)" so the two stay apart. */
export function headerLabels(columns: readonly ColumnKey[], locale: string): string[] {
  const label = labelsFor(locale);
  const fixed = new Set(columns.filter((c) => !c.startsWith('field:')).map((c) => label(c.split(':')[1]!).toLowerCase()));
  return columns.map((c) => {
    const [kind, ...rest] = c.split(':');
    const name = rest.join(':');
    if (kind !== 'field') return label(name);
    return fixed.has(name.toLowerCase()) ? `${name} (field)` : name;
  });
}
