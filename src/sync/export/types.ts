// Inputs of the export layer. They are structural on purpose: the daemon passes
// what the service returned, and nothing here depends on the client's types.
import type { FileReview } from '../review/types.js';

/** One field of a formValues entry (spec 2.3): lower-case type names on read back. */
export interface FormField {
  title: string;
  type: string;
  description?: string;
  hidden?: boolean;
  /** string | number | boolean | null; for `object` fields an array of row objects keyed by item title. */
  value: unknown;
  [extra: string]: unknown;
}

/** One element of `formValues` (spec 2.3). Extra properties are kept verbatim in the JSON sidecar. */
export interface FormValuesEntry {
  id?: string;
  fileId?: string;
  fileName?: string;
  fileType?: string;
  createdAt?: string;
  updatedAt?: string;
  schemaRelationshipId?: string;
  schemaName?: string;
  documentId?: string;
  fields: FormField[];
  metadata?: unknown;
  [extra: string]: unknown;
}

/** What docsync knows about the upload that produced the values. */
export interface UploadMeta {
  uploadId: string;
  /** Every file id the upload produced (several for a split upload). */
  fileIds: string[];
  /** Remote folder path plus name (`destinationPath` joined with the name). */
  remotePath: string;
  /** sha256 hex of the local file's content as uploaded. */
  sha256: string;
  size?: number;
  /** ISO 8601 times. */
  uploadedAt?: string;
  processedAt: string;
}

/** Input of writeSidecars(). */
export interface SidecarInput {
  /** Absolute path of the local source file; sidecars go beside it. */
  sourcePath: string;
  meta: UploadMeta;
  /** The formValues entries of every resulting file, all pages joined, in file-id order. */
  documents: FormValuesEntry[];
  /** Time written into the JSON as `exportedAt`; default now. */
  exportedAt?: Date;
  /** Cell separator of the CSV sidecar (default `,`); with `;` decimals are written with a comma. */
  csvSeparator?: ',' | ';';
  /** The file's review (issue 16): in the JSON under `docsync.review`, and as CSV columns. */
  review?: FileReview;
}

/** Input of Ledger.upsert(): one local file, its documents (one per split part). */
export interface LedgerFileInput {
  /** Absolute path of the local source file. */
  sourcePath: string;
  remotePath: string;
  /** Daemon status shown in the ledger: `exported`, `failed`, `skipped`, ... */
  status: string;
  /** ISO 8601. */
  processedAt: string;
  /** The formValues entries; empty for a failed file (one row with no values). */
  documents: FormValuesEntry[];
  /** Short reason shown in the ledger for a failed or skipped file. */
  note?: string;
  /** The document's review state (`needs review`, `checked`, `auto`); absent or empty when unknown. */
  reviewState?: string;
  /** The file's review (issue 16): a `Review` column, rows to review highlighted in the xlsx. */
  review?: FileReview;
}
