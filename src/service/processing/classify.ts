import type { PageLayout } from './layout/model.js';
import type { ExtractedField, FieldDefinition, SchemaForExtraction } from './types.js';
import { extractFields } from './extract/extractor.js';
import { roleOf, type Role } from './extract/roles.js';
import { INVOICE_LIKE, type DocumentType } from './doctype.js';

// Without a chosen schema, each candidate file type is tried and the one whose
// fields are found most often and most confidently (relative to its size) wins.
// A document that is not an invoice goes to a file type named for what it is
// when the workspace has one (spec: classification among the file types).

const TYPE_NAMES: Record<DocumentType, RegExp> = {
  invoice: /invoice|rechnung|facture|factura|fattura|factuur|bill/i,
  receipt: /receipt|quittung|reçu|recibo|ricevuta|bon/i,
  credit_note: /credit|gutschrift|avoir/i,
  letter: /letter|correspondence|brief|lettre|carta|lettera/i,
  note: /\bnotes?\b|minutes|memo/i,
  delivery_note: /delivery|packing|lieferschein|livraison|albar/i,
  bank_statement: /statement|kontoauszug|relevé|extracto|estratto/i,
  other: /\bother\b|miscellaneous|general/i,
};

export function chooseSchema(pages: PageLayout[], candidates: SchemaForExtraction[], type?: DocumentType): SchemaForExtraction | undefined {
  if (type && !INVOICE_LIKE.has(type)) {
    const named = candidates.find((s) => TYPE_NAMES[type].test(s.name)) ?? candidates.find((s) => TYPE_NAMES.other.test(s.name));
    if (named) return named;
  }
  if (candidates.length <= 1) return candidates[0];
  const text = pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n').toLowerCase();
  let best: { schema: SchemaForExtraction; score: number } | undefined;
  for (const schema of candidates) {
    const fields = extractFields(pages, schema).filter((f) => !f.hidden);
    if (!fields.length) continue;
    const found = fields.reduce((s, f) => s + (f.value === null ? 0 : f.confidence), 0);
    const nameHit = text.includes(schema.name.toLowerCase()) ? 0.5 : 0;
    const score = found / Math.sqrt(fields.length) + nameHit;
    if (!best || score > best.score) best = { schema, score };
  }
  return best?.schema ?? candidates[0];
}

const INVOICE_ROLES: ReadonlySet<Role> = new Set(['invoiceNumber', 'invoiceDate', 'dueDate', 'total', 'subtotal', 'tax', 'lineItems']);

/**
 * A file type whose fields are an invoice's (by name, or by two or more invoice roles among its fields). A file type
 * named for another kind of document ("Purchase Order", "Quotation", "Remittance Advice") is that kind's, however
 * like an invoice's its fields are (an order's date, supplier and total): a document of that kind is read into it.
 */
export function expectsInvoice(schema: SchemaForExtraction): boolean {
  if (/invoice|receipt|rechnung|facture|factura|fattura|factuur|bill/i.test(schema.name)) return true;
  if (/order|quot|estimate|offer|remittance|advice|statement|delivery|application/i.test(schema.name)) return false;
  return schema.fields.filter((f) => INVOICE_ROLES.has(roleOf(f))).length >= 2;
}

/** The schema's fields with nothing read: what an invoice file type shows for a letter. */
export function emptyFields(schema: SchemaForExtraction): ExtractedField[] {
  return schema.fields.map((f: FieldDefinition) => ({
    fieldId: f.id,
    title: f.title ?? f.id ?? '',
    type: (f.type ?? 'STRING').toLowerCase(),
    description: f.description ?? '',
    hidden: f.hidden ?? false,
    value: null,
    confidence: 0,
  }));
}
