// How a review shows in the exporters' tables (issue 16), kept here so the CSV sidecar and the
// ledger only append what this module gives them.
import { valueText } from '../export/values.js';
import type { FileReview } from './assess.js';

/** Columns appended to the CSV sidecar, after the item columns. */
export const REVIEW_CSV_COLUMNS = ['Review', 'Confidence', 'Corrected from', 'Corrected at'] as const;

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
