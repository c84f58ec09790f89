// How a review shows in the exporters' tables (issue 16), kept here so the CSV sidecar and the
// ledger only append what this module gives them.
import type { StoredField } from '../export/ledger-store.js';
import { valueText } from '../export/values.js';
import type { DocumentReview, FileReview } from './assess.js';

/** Columns appended to the CSV sidecar, after the item columns. */
export const REVIEW_CSV_COLUMNS = ['Review', 'Confidence', 'Corrected from', 'Corrected at'] as const;

/** The ledger's review column is a stored field of this type, first of each row's fields. */
export const REVIEW_TYPE = 'docsync-review';
export const REVIEW_COLUMN = 'Review';

/** One field's review cells: the document's state, the field's confidence, what it was before a correction and when. */
export function reviewCells(review: FileReview, docIndex: number, title: string): string[] {
  const doc = review.documents[docIndex];
  const field = doc?.fields.find((f) => f.title === title);
  return [
    doc?.state ?? review.state,
    field?.confidence === null || field?.confidence === undefined ? '' : String(field.confidence),
    field?.corrected ? valueText(field.corrected.from) : '',
    field?.corrected?.at ?? '',
  ];
}

/** The ledger row's review cell, when the file was reviewed at all. */
export function reviewField(doc: DocumentReview | undefined): StoredField[] {
  return doc ? [{ t: REVIEW_COLUMN, y: REVIEW_TYPE, v: doc.state }] : [];
}
