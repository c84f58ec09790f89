// The processing engine's boundary. The service's processing queue (src/service/processingQueue.ts)
// calls processFile() in the background after each presigned PUT; everything
// behind it (text layer, OCR, split, classify, extract) lives in this folder.

export type FieldType = 'STRING' | 'NUMBER' | 'BOOLEAN' | 'DATE' | 'OBJECT';

/** A schema field definition (spec 2.2), as the engine needs it. */
export interface FieldDefinition {
  id?: string;
  title?: string;
  description?: string;
  type?: FieldType;
  format?: string;
  hidden?: boolean;
  items?: FieldDefinition[];
  enumValues?: string[];
  inlineListType?: 'SINGLE' | 'MULTIPLE';
  value?: unknown;
}

export interface SchemaForExtraction {
  id: string;
  blueprintId: string;
  name: string;
  fields: FieldDefinition[];
}

export type ProcessingStep = 'ocr' | 'split_classify' | 'extraction';

export type PageReport = (done: number, total: number) => void | Promise<void>;

export interface ProcessInput {
  /** Path of the uploaded bytes on disk (the blob). */
  filePath: string;
  fileName: string;
  /** Media type given at upload (may be wrong; sniff the bytes too). */
  mediaType: string;
  ocrModel?: string;
  isSplit: boolean;
  isSplitExcel: boolean;
  retainOriginalZipFileName: boolean;
  /** The schema chosen at upload; undefined: classify among candidateSchemas. */
  schema?: SchemaForExtraction;
  candidateSchemas: SchemaForExtraction[];
  signal?: AbortSignal;
  onStep?: (step: ProcessingStep) => void;
  /**
   * Pages read so far of a PDF or multi-page image: once when the count is known (0 of n), then
   * after each page. Awaited, so a test can hold the processing at a page; a ZIP's entries do
   * not report (their pages are not the upload's).
   */
  onPage?: PageReport;
  /** Each document's page layouts, once read (the eval keeps them to extract again). */
  onLayouts?: (pages: import('./layout/model.js').PageLayout[]) => void;
  /** The workspace's vendor memory (extract/memory/): a known vendor's fields are read as corrections taught. */
  vendorMemory?: import('./extract/memory/vendor.js').VendorMemory[];
}

export interface ExtractedField {
  fieldId?: string;
  title: string;
  /** Lower-case type name as read back through formValues: 'string', 'number', 'boolean', 'date', 'object'. */
  type: string;
  description: string;
  hidden: boolean;
  /** STRING/DATE -> string (dates ISO 8601 yyyy-mm-dd), NUMBER -> number, BOOLEAN -> boolean,
   *  OBJECT with items -> array of row objects keyed by item title; null when nothing credible. */
  value: unknown;
  confidence: number;
  /** Where the value was read (extract/locate.ts); absent when it is printed nowhere. */
  source?: FieldSource;
}

/** A value's place: its page (1-based) and box as fractions of the page ([x0, y0, x1, y1], origin top left). */
export interface FieldSource {
  page: number;
  box: [number, number, number, number];
}

export interface ProcessedPage {
  number: number;
  text: string;
  source: 'text' | 'ocr';
  /** The page's cells with their boxes (pageWords.ts), for a reviewer's click-to-fill. */
  words?: Array<{ text: string; box: [number, number, number, number] }>;
}

export interface ProcessedDocument {
  /** File name of this document (the upload's name, a split part's name, or a zip entry's sanitised name). */
  fileName: string;
  mediaType: string;
  /** Bytes of this document when it differs from the uploaded file (split part, zip entry). */
  bytes?: Buffer;
  pageCount: number;
  pages: ProcessedPage[];
  schemaId: string;
  fields: ExtractedField[];
  /** What the document is (doctype.ts); invoice fields stay empty unless invoice, receipt or credit_note. */
  documentType?: string;
  zipArchiveName?: string;
  /** Set when this document (a ZIP entry) could not be processed: that file fails with this reason. */
  errorReason?: string;
  errorCode?: string;
}

export interface ProcessResult {
  documents: ProcessedDocument[];
}

/** Thrown for a file that cannot be processed; `reason` becomes the upload's errorReason. */
export class ProcessingError extends Error {
  constructor(
    readonly code: string,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'ProcessingError';
  }
}
