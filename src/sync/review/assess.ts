// A file's review state from the values the service delivered (issue 16):
//   needs review  a required field is empty, a value is below the confidence threshold, or a
//                 check between fields fails (subtotal + tax = total, line items add up);
//   checked       a person confirmed or corrected it;
//   auto          everything confident.
// Pure: the daemon stores the outcome (store.ts) and the exporters write it out.
import type { FormField, FormValuesEntry } from '../export/types.js';
import { crossChecks } from './checks.js';
import type { Correction, DocumentReview, FieldReview, FileReview, ReviewReason, ReviewState } from './types.js';

export type { Correction, DocumentReview, FieldReview, FileReview, ReviewReason, ReviewState };

export interface ReviewSettings {
  /** Values below this confidence need review (the ranker's calibrated 99%-right cut is 0.9). */
  threshold: number;
  /** Field titles that must have a value on an invoice, receipt or credit note. */
  requiredFields: string[];
}

export const DEFAULT_REVIEW: ReviewSettings = { threshold: 0.9, requiredFields: ['Invoice Date', 'Vendor Name', 'Total'] };

const INVOICE_LIKE = new Set(['invoice', 'receipt', 'credit_note']);

/** Reasons a document needs review (none: it is sure). */
export function reasonsOf(doc: FormValuesEntry, index: number, s: ReviewSettings): ReviewReason[] {
  const reasons: ReviewReason[] = [];
  const fields = (doc.fields ?? []).filter((f) => f && !f.hidden);
  const invoiceLike = typeof doc.documentType !== 'string' || doc.documentType === '' || INVOICE_LIKE.has(doc.documentType);
  for (const f of fields) {
    const empty = f.value === null || f.value === undefined || f.value === '' || (Array.isArray(f.value) && f.value.length === 0);
    if (empty) {
      if (invoiceLike && s.requiredFields.includes(f.title)) reasons.push({ document: index, field: f.title, kind: 'missing', detail: `${f.title} is empty` });
      continue;
    }
    const c = confidenceOf(f);
    if (c !== null && c < s.threshold) reasons.push({ document: index, field: f.title, kind: 'low', detail: `${f.title}: confidence ${c} < ${s.threshold}` });
  }
  if (invoiceLike) for (const failed of crossChecks(fields)) reasons.push({ document: index, field: failed.fields[0], kind: 'check', detail: failed.detail });
  return reasons;
}

export function confidenceOf(f: FormField): number | null {
  return typeof f.confidence === 'number' && Number.isFinite(f.confidence) ? f.confidence : null;
}

/**
 * The review of a file's documents. `confirmedAt` (a person confirmed the file) or any correction
 * makes it `checked`; a later delivery of new values (a new version) starts a new review.
 */
export function assess(documents: FormValuesEntry[], corrections: Correction[], confirmedAt: number | null, s: ReviewSettings): FileReview {
  const reasons = documents.flatMap((d, i) => reasonsOf(d, i, s));
  const checked = confirmedAt !== null || corrections.length > 0;
  const docs = documents.map((doc, i): DocumentReview => {
    const own = reasons.filter((r) => r.document === i);
    const flagged = new Set(own.map((r) => r.field).filter(Boolean));
    return {
      fileId: String(doc.fileId ?? ''),
      schemaValueId: String(doc.id ?? ''),
      state: checked ? 'checked' : own.length ? 'needs review' : 'auto',
      fields: (doc.fields ?? []).filter((f) => f && !f.hidden).map((f) => {
        const fix = lastCorrection(corrections, doc, f.title);
        return {
          title: f.title,
          confidence: confidenceOf(f),
          source: isSource(f.source) ? f.source : null,
          flagged: flagged.has(f.title),
          ...(fix ? { corrected: { from: fix.from, at: new Date(fix.at).toISOString() } } : {}),
        };
      }),
    };
  });
  return {
    state: checked ? 'checked' : reasons.length ? 'needs review' : 'auto',
    threshold: s.threshold,
    reasons,
    confirmedAt: confirmedAt === null ? null : new Date(confirmedAt).toISOString(),
    documents: docs,
  };
}

function lastCorrection(all: Correction[], doc: FormValuesEntry, title: string): Correction | undefined {
  // The first correction's `from` is what the service delivered; the last one's time is when it was last changed.
  const mine = all.filter((c) => c.title === title && c.schemaValueId === doc.id && c.fileId === doc.fileId);
  return mine.length ? { ...mine[mine.length - 1]!, from: mine[0]!.from } : undefined;
}

function isSource(v: unknown): v is FieldReview['source'] & object {
  const s = v as { page?: unknown; box?: unknown } | null;
  return !!s && typeof s.page === 'number' && Array.isArray(s.box) && s.box.length === 4;
}

/**
 * Corrections laid over delivered values: a later fetch (a restart, a re-export) never brings
 * back what a person replaced, even before the service has the correction.
 */
export function withCorrections(documents: FormValuesEntry[], corrections: Correction[]): FormValuesEntry[] {
  if (corrections.length === 0) return documents;
  return documents.map((doc) => {
    const mine = corrections.filter((c) => c.schemaValueId === doc.id && c.fileId === doc.fileId);
    if (mine.length === 0) return doc;
    const fields = (doc.fields ?? []).map((f) => {
      const fix = mine.filter((c) => c.title === f.title).pop();
      return fix ? { ...f, value: fix.value, confidence: 1 } : f;
    });
    return { ...doc, fields };
  });
}
