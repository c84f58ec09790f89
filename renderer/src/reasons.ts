// The daemon records reasons in English words (the timeline, failures); the UI shows them in
// the person's language. Known reasons map to catalogue entries (their variable parts kept);
// a reason not known here is shown as recorded. Field titles of the built-in invoice schema
// are translated too; a workspace's own field names are shown as they are.
import { FAILURE_CODES } from '../../src/control/reasons.js';
import { t, type MessageKey } from './i18n.js';

const REASONS: Array<[RegExp, MessageKey, string[]]> = [
  [/^seen$/, 'reason.seen', []],
  [/^reappeared$/, 'reason.reappeared', []],
  [/^settled$/, 'reason.settled', []],
  [/^uploading$/, 'reason.uploading', []],
  [/^ticket received$/, 'reason.ticket', []],
  [/^uploaded$/, 'reason.uploaded', []],
  [/^exported (\d+) document\(s\)$/, 'reason.exported', ['count']],
  [/^moved to (.+)$/, 'reason.movedTo', ['path']],
  [/^moved from (.+)$/, 'reason.movedFrom', ['path']],
  [/^duplicate of (.+)$/, 'reason.duplicate', ['path']],
  [/^retry requested$/, 'reason.retryRequested', []],
  [/^retry in (\d+) s: (.*)$/s, 'reason.retryIn', ['seconds', 'detail']],
  [/^deleted locally; remote file deleted$/, 'reason.deletedRemote', []],
  [/^deleted locally; its sidecars and ledger rows removed$/, 'reason.deletedOutputs', []],
  [/^deleted locally; kept in the ledger, marked deleted$/, 'reason.deletedKept', []],
  [/^deleted locally$/, 'reason.deleted', []],
  [/^(removed before it settled|deleted before it was uploaded)$/, 'reason.goneEarly', []],
  [/^touched, content unchanged$/, 'reason.touched', []],
  [/^reappeared unchanged$/, 'reason.reappearedUnchanged', []],
];

export function reasonText(reason: string | null | undefined): string {
  if (!reason) return '';
  for (const [pattern, key, names] of REASONS) {
    const m = pattern.exec(reason);
    if (m) return t(key, Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])));
  }
  return reason;
}

/** A failure: the plain words for its code (the recorded detail after them), else the recorded reason. */
export function failureText(code: string | null | undefined, reason: string | null | undefined): string {
  for (const { pattern, key } of FAILURE_CODES) if (code && pattern.test(code)) return t(key as MessageKey);
  return reasonText(reason);
}

const FIELDS: Record<string, MessageKey> = {
  'invoice number': 'field.invoiceNumber', 'invoice date': 'field.invoiceDate', 'due date': 'field.dueDate',
  'vendor name': 'field.vendor', vendor: 'field.vendor', total: 'field.total', tax: 'field.tax', subtotal: 'field.subtotal',
  currency: 'field.currency', 'line items': 'field.lineItems', description: 'field.description', quantity: 'field.quantity',
  'unit price': 'field.unitPrice', amount: 'field.amount', invoice: 'field.invoice',
};

export function fieldLabel(title: string): string {
  const key = FIELDS[title.trim().toLowerCase()];
  return key ? t(key) : title;
}
