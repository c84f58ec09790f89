import { readFile } from 'node:fs/promises';
import type { PageLayout } from './layout/model.js';
import { pageText } from './layout/model.js';
import { chooseSchema } from './classify.js';
import { extractFields } from './extract/extractor.js';
import { csvPages, textPages } from './loaders/text.js';
import { pdfPages } from './loaders/pdf-pages.js';
import { MEDIA_TYPES, sniff, type Kind } from './loaders/sniff.js';
import {
  ProcessingError,
  type ProcessInput,
  type ProcessResult,
  type ProcessedDocument,
  type SchemaForExtraction,
} from './types.js';

// Entry point: sniff the bytes, turn them into page layouts (text layer, OCR,
// spreadsheet, text), split and classify, then extract the schema's fields.

interface Part {
  fileName: string;
  kind: Kind;
  bytes?: Buffer;
  pages: PageLayout[];
  zipArchiveName?: string;
}

export async function processFile(input: ProcessInput): Promise<ProcessResult> {
  const bytes = await readFile(input.filePath).catch((err: Error) => {
    throw new ProcessingError('FILE_UNREADABLE', `The uploaded file could not be read (${err.message}).`);
  });
  if (bytes.length === 0) throw new ProcessingError('FILE_EMPTY', 'The uploaded file is empty.');
  const kind = sniff(bytes, input.fileName, input.mediaType);
  input.onStep?.('ocr');
  const parts = await loadParts(bytes, kind, input);
  input.onStep?.('split_classify');
  input.signal?.throwIfAborted();
  const documents: ProcessedDocument[] = [];
  for (const part of parts) documents.push(toDocument(part, input));
  input.onStep?.('extraction');
  return { documents };
}

async function loadParts(bytes: Buffer, kind: Kind, input: ProcessInput): Promise<Part[]> {
  const one = (pages: PageLayout[]): Part[] => [{ fileName: input.fileName, kind, pages }];
  switch (kind) {
    case 'pdf':
      return one(await pdfPages(bytes, { signal: input.signal }));
    case 'txt':
      return one(textPages(bytes));
    case 'csv':
      return one(csvPages(bytes));
    default:
      throw new ProcessingError('UNSUPPORTED_TYPE', `Unsupported file type: ${describe(input)}.`);
  }
}

function describe(input: ProcessInput): string {
  return `${input.fileName} (${input.mediaType || 'no media type'})`;
}

function toDocument(part: Part, input: ProcessInput): ProcessedDocument {
  const schema: SchemaForExtraction | undefined = input.schema ?? chooseSchema(part.pages, input.candidateSchemas);
  const fields = schema ? extractFields(part.pages, schema) : [];
  return {
    fileName: part.fileName,
    mediaType: MEDIA_TYPES[part.kind],
    bytes: part.bytes,
    pageCount: part.pages.length,
    pages: part.pages.map((p) => ({ number: p.number, text: pageText(p), source: p.source })),
    schemaId: schema?.id ?? '',
    fields,
    zipArchiveName: part.zipArchiveName,
  };
}
