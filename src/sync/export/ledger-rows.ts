// From a source file's formValues entries to the stored ledger rows.
import path from 'node:path';
import type { NewRow, StoredField } from './ledger-store.js';
import type { FormValuesEntry, LedgerFileInput } from './types.js';
import { documentNames, tableRows, visibleFields } from './values.js';

/** Absolute, NFC: one spelling per file, whatever the file system reports. */
export function normalisePath(p: string): string {
  return path.resolve(p).normalize('NFC');
}

/** Path of a file inside its ledger folder, with '/' on every platform. */
export function relativeTo(ledgerDir: string, sourcePath: string): string {
  return path.relative(ledgerDir, sourcePath).split(path.sep).join('/');
}

export function toNewRows(input: LedgerFileInput): NewRow[] {
  const base = {
    remotePath: input.remotePath,
    status: input.status,
    processedAt: input.processedAt,
    note: input.note ?? null,
    reviewState: input.reviewState || null,
  };
  const fileName = path.basename(input.sourcePath);
  if (input.documents.length === 0) {
    return [{ ...base, docIndex: 0, documentName: fileName, fields: [] }];
  }
  const names = documentNames(input.documents, fileName);
  return input.documents.map((doc, i) => {
    const other = notInvoice(doc);
    // The service leaves a letter's invoice fields empty; its row says what it is.
    const note = other ? base.note ?? `Not an invoice: ${other.replace(/_/g, ' ')}` : base.note;
    // Each document's own review state where the file was reviewed per document.
    return { ...base, note, docIndex: i, documentName: names[i]!, reviewState: input.review?.documents[i]?.state ?? base.reviewState, fields: storedFields(doc) };
  });
}

const INVOICE_LIKE = new Set(['invoice', 'receipt', 'credit_note']);

/** The service's `documentType` (an extension; absent on other servers) when it is not an invoice, a receipt or a credit note. */
export function notInvoice(doc: FormValuesEntry): string | null {
  const type = doc.documentType;
  return typeof type === 'string' && type !== '' && !INVOICE_LIKE.has(type) ? type : null;
}

function storedFields(doc: FormValuesEntry): StoredField[] {
  const out: StoredField[] = [];
  const seen = new Set<string>();
  for (const field of visibleFields(doc)) {
    // Two fields with one title cannot share a ledger column: the first wins.
    if (seen.has(field.title)) continue;
    seen.add(field.title);
    const items = tableRows(field);
    out.push(items === null
      ? { t: field.title, y: field.type, v: field.value ?? null }
      : { t: field.title, y: field.type, v: null, n: items.length, i: items.map((it) => ('record' in it ? it.record : { [field.title]: it.scalar })) });
  }
  return out;
}
