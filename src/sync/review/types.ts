// What a file's review says (issue 16): written into its sidecar and ledger rows, shown by the
// control API. Types only, so the exporters and the review logic both depend on them, not on each other.

export type ReviewState = 'needs review' | 'checked' | 'auto';

export interface ReviewReason {
  /** Index of the document (formValues entry) of the file. */
  document: number;
  field?: string;
  kind: 'missing' | 'low' | 'check';
  detail: string;
}

/** What a person did: the time they confirmed, and each corrected value with what it replaced. */
export interface Correction {
  fileId: string;
  schemaValueId: string;
  title: string;
  value: unknown;
  from: unknown;
  at: number;
  /** Sent and accepted by the service. */
  sent: boolean;
}

export interface FieldReview {
  title: string;
  confidence: number | null;
  source: { page: number; box: [number, number, number, number] } | null;
  /** Below the threshold, missing while required, or part of a failed check. */
  flagged: boolean;
  corrected?: { from: unknown; at: string };
}

export interface DocumentReview {
  fileId: string;
  schemaValueId: string;
  state: ReviewState;
  fields: FieldReview[];
}

export interface FileReview {
  state: ReviewState;
  threshold: number;
  reasons: ReviewReason[];
  confirmedAt: string | null;
  documents: DocumentReview[];
}
