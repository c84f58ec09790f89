import sharp from 'sharp';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageLayout } from './layout/model.js';
import { pageText } from './layout/model.js';
import { chooseSchema, emptyFields, expectsInvoice } from './classify.js';
import { classifyDocument, INVOICE_LIKE, type Classification, type DocumentType } from './doctype.js';
import { restoreAccents, type PageImage } from './extract/accents.js';
import { agreeWords } from './extract/wordConsensus.js';
import { extractFields, type ExtractOptions } from './extract/extractor.js';
import { locateFields } from './extract/locate.js';
import { recallFields } from './extract/memory/index.js';
import { pageWords } from './pageWords.js';
import { roleOf } from './extract/roles.js';
import { docxPages } from './loaders/docx.js';
import { imagePages } from './loaders/images.js';
import { openPdf } from './loaders/pdf.js';
import { pdfPages } from './loaders/pdf-pages.js';
import { PIXELS_DPI, renderPdfPixels } from './loaders/render.js';
import { MEDIA_TYPES, sniff, type Kind } from './loaders/sniff.js';
import { csvPages, textPages } from './loaders/text.js';
import { xlsxSheets } from './loaders/xlsx.js';
import { sanitizeArchiveName, zipEntries } from './loaders/zip.js';
import { checkLineCount } from './limits.js';
import { languagesFor } from './ocr/languages.js';
import { shutdownOcr } from './ocr/pool.js';
import { ocrImage, prepareImage } from './ocr/recognize.js';
import { extractPdfPages, splitBoundaries } from './split.js';
import {
  ProcessingError,
  type ProcessInput,
  type ProcessResult,
  type ProcessedDocument,
  type ExtractedField,
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
  /** Set on a ZIP entry that could not be read; the other entries still count. */
  error?: ProcessingError;
  /** The images OCR read, by page number, kept for the accent pass. */
  images?: Map<number, Buffer>;
}

/** The OCR'd page images a document keeps for its accent pass; pages past this many bytes are rendered again. */
const KEPT_IMAGE_BYTES = 64 * 1024 * 1024;

/** Keeps page images up to KEPT_IMAGE_BYTES in all. */
function imageKeeper() {
  const images = new Map<number, Buffer>();
  let bytes = 0;
  const keep = (n: number, png: Buffer): Buffer => {
    if (bytes + png.length <= KEPT_IMAGE_BYTES) (images.set(n, png), (bytes += png.length));
    return png;
  };
  return { images, keep };
}

export async function processFile(input: ProcessInput): Promise<ProcessResult> {
  const bytes = await readFile(input.filePath).catch((err: Error) => {
    throw new ProcessingError('FILE_UNREADABLE', `The uploaded file could not be read (${err.message}).`);
  });
  if (bytes.length === 0) throw new ProcessingError('FILE_EMPTY', 'The uploaded file is empty.');
  const kind = sniff(bytes, input.fileName, input.mediaType);
  input.onStep?.('ocr');
  let parts: Part[];
  if (kind === 'zip') parts = await zipParts(bytes, input);
  else parts = await loadParts(bytes, kind, input.fileName, input);
  input.signal?.throwIfAborted();
  input.onLayouts?.(parts.flatMap((p) => p.pages));
  input.onStep?.('split_classify');
  input.onStep?.('extraction');
  const documents: ProcessedDocument[] = [];
  for (const p of parts) {
    input.signal?.throwIfAborted();
    const doc = toDocument(p, input);
    if (doc.fields.length && p.pages.some((pg) => pg.source === 'ocr')) {
      doc.fields = await restoreAccents(agreeWords(doc.fields, p.pages), p.pages, pageImageOf(p.bytes ?? bytes, p.kind, p.images));
    }
    documents.push(doc);
  }
  return { documents };
}

/** Page `n` of a scan or PDF as OCR read it (grey, upright): the image OCR read when it was kept,
 *  else rendered again. A BMP's page is kept or none. */
export function pageImageOf(bytes: Buffer, kind: Kind, kept?: Map<number, Buffer>): PageImage {
  return async (n) => {
    const image = kept?.get(n);
    if (image) return image;
    if (kind === 'pdf') {
      const doc = await openPdf(bytes);
      try {
        return await prepareImage(await renderPdfPixels(doc, n), { density: PIXELS_DPI });
      } finally {
        await doc.destroy();
      }
    }
    if (kind === 'png' || kind === 'jpeg' || kind === 'tiff' || kind === 'webp' || kind === 'gif') return prepareImage(sharp(bytes, { page: n - 1 }));
    return undefined;
  };
}

/** Diacritics PaddleOCR cannot read, restored on a document's fields (the eval's path to it). */
export async function accentsOf(fields: ExtractedField[], pages: PageLayout[], file: { bytes: Buffer; fileName: string; mediaType?: string }, reading?: Map<string, Promise<string>>): Promise<ExtractedField[]> {
  if (!pages.some((p) => p.source === 'ocr')) return fields;
  const kind = sniff(file.bytes, file.fileName, file.mediaType ?? '');
  return restoreAccents(agreeWords(fields, pages), pages, pageImageOf(file.bytes, kind), reading);
}

/** The page layouts of a single (non-zip) document as extraction sees them: for the
 *  eval and the ranker's training, which read each document once and extract many times. */
export async function loadPages(input: ProcessInput): Promise<PageLayout[]> {
  const bytes = await readFile(input.filePath);
  const kind = sniff(bytes, input.fileName, input.mediaType);
  const parts = await loadParts(bytes, kind, input.fileName, { ...input, isSplit: false });
  return parts.flatMap((p) => p.pages);
}

/** Stops the OCR workers (service shutdown, end of tests and benchmarks). */
export async function closeProcessing(): Promise<void> {
  await shutdownOcr();
}

async function loadParts(bytes: Buffer, kind: Kind, fileName: string, input: ProcessInput): Promise<Part[]> {
  const langs = languagesFor(input.ocrModel);
  const { images, keep } = imageKeeper();
  const one = (pages: PageLayout[]): Part[] => [{ fileName, kind, pages, images }];
  switch (kind) {
    case 'pdf': {
      const pages = await pdfPages(bytes, {
        signal: input.signal,
        onPage: input.onPage,
        ocrPage: async (doc, n) => ocrImage(keep(n, await prepareImage(await renderPdfPixels(doc, n), { density: PIXELS_DPI })), langs, n),
      });
      return input.isSplit ? splitPdf(bytes, pages, fileName, images) : one(pages);
    }
    case 'png': case 'jpeg': case 'tiff': case 'webp': case 'bmp': case 'gif':
      return one(await imagePages(bytes, langs, input.signal, input.onPage, keep));
    case 'xlsx': {
      const sheets = await xlsxSheets(bytes);
      checkLineCount(sheets.reduce((n, s) => n + s.page.lines.length, 0));
      if (!input.isSplitExcel || sheets.length === 1) return one(sheets.map((s) => s.page));
      const base = path.parse(fileName).name;
      return sheets.map((s) => ({ fileName: `${base} - ${s.name}.xlsx`, kind, pages: [{ ...s.page, number: 1 }] }));
    }
    case 'docx':
      return one(await docxPages(bytes));
    case 'txt':
      return one(textPages(bytes));
    case 'csv':
      return one(csvPages(bytes));
    case 'zip':
      throw new ProcessingError('ZIP_NESTED', `Nested ZIP archives are not processed: ${fileName}.`);
    default:
      throw new ProcessingError('UNSUPPORTED_TYPE', `Unsupported file type: ${fileName} (${input.mediaType || 'no media type'}).`);
  }
}

async function splitPdf(bytes: Buffer, pages: PageLayout[], fileName: string, images: Map<number, Buffer>): Promise<Part[]> {
  const groups = splitBoundaries(pages);
  if (groups.length <= 1) return [{ fileName, kind: 'pdf', pages: groups[0]?.map((i) => pages[i]) ?? pages, images }];
  const base = path.parse(fileName).name;
  const parts: Part[] = [];
  for (const [k, idx] of groups.entries()) {
    parts.push({
      fileName: `${base}-${k + 1}.pdf`,
      kind: 'pdf',
      bytes: await extractPdfPages(bytes, idx),
      pages: idx.map((i, j) => ({ ...pages[i], number: j + 1, lines: pages[i].lines.map((l) => ({ ...l, page: j + 1 })) })),
      images: new Map(idx.flatMap((i, j) => (images.has(pages[i].number) ? [[j + 1, images.get(pages[i].number)!]] : []))),
    });
  }
  return parts;
}

async function zipParts(bytes: Buffer, input: ProcessInput): Promise<Part[]> {
  const entries = await zipEntries(bytes);
  if (!entries.length) throw new ProcessingError('ZIP_EMPTY', 'The ZIP archive contains no files.');
  const archive = input.retainOriginalZipFileName ? sanitizeArchiveName(input.fileName) : undefined;
  const parts: Part[] = [];
  for (const entry of entries) {
    const kind = sniff(entry.bytes, entry.name, '');
    try {
      const loaded = await loadParts(entry.bytes, kind, entry.name, { ...input, isSplit: false, onPage: undefined });
      for (const p of loaded) parts.push({ ...p, bytes: p.bytes ?? entry.bytes, zipArchiveName: archive });
    } catch (err) {
      if (!(err instanceof ProcessingError)) throw err;
      parts.push({ fileName: entry.name, kind, bytes: entry.bytes, pages: [], zipArchiveName: archive, error: err });
    }
  }
  return parts;
}

/** What classifyDocument said of a document that fieldsOf needs: its type and how sure. */
export type DocumentKind = Pick<Classification, 'type' | 'confidence'>;

/** A document's fields once its type is known: empty when it is not an invoice and the schema
 *  expects one. The eval calls this too, so it scores what the service answers. */
export function fieldsOf(pages: PageLayout[], schema: SchemaForExtraction, kind: DocumentKind | undefined, opts?: ExtractOptions): ExtractedField[] {
  const type = kind?.type;
  const blank = !!type && !INVOICE_LIKE.has(type) && expectsInvoice(schema);
  if (blank) return emptyFields(schema);
  const located = locateFields(pages, extractFields(pages, schema, { ...opts, type }));
  // Read as an invoice for want of better evidence (no title, and a total with few amounts or none
  // at all: classifyDocument's weakest calls): then none of its values is sure, since the page may
  // be no invoice at all (a quote, a delivery note whose title OCR lost or that no list names yet).
  const read = type && INVOICE_LIKE.has(type) && kind.confidence < LAST_RESORT
    ? located.map((f) => ({ ...f, confidence: Math.min(f.confidence, NOT_SURE) })) : located;
  const fields = opts?.memory?.length ? recallFields(pages, read, opts.memory) : read;
  return type === 'credit_note' ? fields.map((f) => credited(f)) : fields;
}

const LAST_RESORT = 0.7;
const NOT_SURE = 0.85;

// A credit note's amounts are credits whether printed "-120.00", "120.00 CR" or "Amount
// credited 120.00": the ledger adds them up with the invoices, so they are stored negative.
const AMOUNT_ROLES = new Set(['total', 'subtotal', 'tax']);
function credited(f: ExtractedField): ExtractedField {
  return AMOUNT_ROLES.has(roleOf({ title: f.title, type: 'NUMBER' })) && typeof f.value === 'number' && f.value > 0 ? { ...f, value: -f.value } : f;
}

function toDocument(part: Part, input: ProcessInput): ProcessedDocument {
  // Type first: a letter read with an invoice schema would get a "total" and a "vendor".
  const kind = part.error ? undefined : classifyDocument(part.pages);
  const type = kind?.type;
  const schema = part.error ? input.schema : input.schema ?? chooseSchema(part.pages, input.candidateSchemas, type);
  const fields = !schema || part.error ? [] : fieldsOf(part.pages, schema, kind, { memory: input.vendorMemory });
  return {
    fileName: part.fileName,
    mediaType: MEDIA_TYPES[part.kind],
    bytes: part.bytes,
    pageCount: part.pages.length,
    pages: part.pages.map((p) => ({ number: p.number, text: pageText(p), source: p.source, words: pageWords(p) })),
    schemaId: schema?.id ?? '',
    fields,
    documentType: type,
    zipArchiveName: part.zipArchiveName,
    errorReason: part.error?.reason,
    errorCode: part.error?.code,
  };
}
