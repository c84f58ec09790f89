// What an answer says about values no one can vouch for yet: a value read below the sure
// threshold and not corrected by a person is named as such, and a field that was not extracted is
// looked for on the page, by its label, and quoted as printed (never turned into a figure).
import type { Citation } from '../../../contract/agent.js';
import type { DB } from '../../store/sql.js';
import { labelOf } from './filters.js';
import { phrases } from './phrases.js';
import { SURE, type DocRecord, type Role } from './records.js';
import type { AnswerLanguage } from './types.js';

/** Whether the value of this role was read below the sure threshold and no person has corrected it. */
export const unsureValue = (r: DocRecord, role: Role): boolean => r.review !== 'corrected' && (r.roles[role]?.confidence ?? 1) < SURE;

/** "Not yet checked ...: INV-1, INV-7": the documents behind a figure whose key values are unsure. */
export function unsureNote(records: DocRecord[], lang: AnswerLanguage): string[] {
  const unsure = records.filter((r) => r.review === 'needs_review').map(labelOf);
  if (unsure.length === 0) return [];
  const shown = unsure.length > 6 ? [...unsure.slice(0, 6), phrases[lang].more(unsure.length - 6)] : unsure;
  return [phrases[lang].unsureDocs(shown.join(lang === 'ja' ? '、' : ', '))];
}

/** Labels a field is printed beside on a page (any of the languages the extraction reads). */
const PRINTED: Partial<Record<Role, RegExp>> = {
  date: /\b(invoice date|date of issue|issue date|date|datum|fecha|data|tarikh)\b|日付|発行日|請求日/i,
  due: /\b(due date|due|payment due|pay by|zahlbar bis|fällig|échéance|vencimiento|scadenza|vervaldatum)\b|支払期限|お支払期限|期日/i,
  number: /\b(invoice (no|number|#)|inv(oice)? ?#|rechnungs-?nr|facture n|factura n|fattura n|factuurnummer|no\.?|nr\.?)\b|請求書番号|番号/i,
  vendor: /\b(from|vendor|supplier|seller)\b|発行元|請求元/i,
  tax: /\b(tax|vat|gst|sst|mwst|ust|tva|iva|btw)\b|消費税|税額/i,
  total: /(?<!sub\s?)\b(total|amount due|balance due|gesamtbetrag|total ttc|importe total|totale|totaal|jumlah)\b|合計|ご請求金額/i,
};

/** The page line that prints the field's label with something after it, for a field not extracted. */
export function printedLine(db: DB, r: DocRecord, role: Role): Citation | undefined {
  const label = PRINTED[role];
  if (!label) return undefined;
  const pages = db.prepare('SELECT page, text FROM document_pages WHERE document_id = ? AND file_id = ? ORDER BY page').all(r.doc.documentId, r.doc.fileId) as { page: number; text: string }[];
  for (const { page, text } of pages) {
    const line = text.split(/\r?\n/).find((l) => {
      const m = label.exec(l);
      return m !== null && /[\p{L}\p{N}]/u.test(l.slice(m.index + m[0].length));
    });
    if (line) return { file_id: r.doc.fileId, document_id: r.doc.documentId, page, snippet: line.trim().slice(0, 200) };
  }
  return undefined;
}
