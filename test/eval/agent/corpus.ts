// The agent eval's documents: the project's generated corpus uploaded through the service's API
// into one directory. Page layouts come from the eval's page cache (no OCR when cached), and the
// service's own classification and extraction run on them, so the stored values are what the
// service would store. A few documents are uploaded twice (same content: one document) and a few
// extra ones are uploaded and deleted (never counted). `review()` then corrects every value that
// differs from the truth through PATCH values, as a person reviewing would.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pageText } from '../../../src/service/processing/layout/model.js';
import { chooseSchema } from '../../../src/service/processing/classify.js';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { fieldsOf } from '../../../src/service/processing/engine.js';
import type { ProcessInput, ProcessResult } from '../../../src/service/processing/types.js';
import type { TestService } from '../../../src/service/testing.js';
import type { CorpusDoc } from '../manifest.js';
import { pagesOf } from '../pages.js';

export interface Truth {
  doc_type: string;
  vendor_name: string | null;
  invoice_date: string | null;
  due_date: string | null;
  total: number | null;
  tax: number | null;
  invoice_number: string | null;
  currency: string | null;
  line_items: Array<{ description: string; quantity: number; unit_price: number; amount: number }> | null;
}

export interface EvalDoc {
  id: string;
  truth: Truth;
  fileId: string;
  documentId: string;
  /** An invoice, receipt or credit note: what figures are about. */
  invoice: boolean;
}

/** Serves the service's processing step from the page cache: same classification and extraction. */
export function cachedProcessor(byName: Map<string, CorpusDoc>) {
  return async (input: ProcessInput): Promise<ProcessResult> => {
    const doc = byName.get(input.fileName.replace(/^copy-/, ''));
    if (!doc) throw new Error(`not a corpus file: ${input.fileName}`);
    const { pages } = await pagesOf(doc, { cache: true });
    const kind = classifyDocument(pages);
    const type = kind.type;
    const schema = input.schema ?? chooseSchema(pages, input.candidateSchemas, type);
    return {
      documents: [{
        fileName: input.fileName, mediaType: doc.mediaType, pageCount: pages.length,
        pages: pages.map((p) => ({ number: p.number, text: pageText(p), source: p.source })),
        schemaId: schema?.id ?? '', fields: schema ? fieldsOf(pages, schema, kind) : [], documentType: type,
      }],
    };
  };
}

async function uploadOne(svc: TestService, doc: CorpusDoc, name: string, directoryId: string): Promise<{ fileId: string; documentId: string }> {
  const ticket = await svc.request('POST', '/prod/v1/files/upload', { body: { fileName: name, fileType: doc.mediaType, directoryId } });
  if (ticket.status !== 200 && ticket.status !== 201) throw new Error(`upload ${name}: ${ticket.status} ${JSON.stringify(ticket.body)}`);
  await fetch(ticket.body.presignedUploadURL, { method: 'PUT', body: fs.readFileSync(doc.file), headers: { 'content-type': doc.mediaType } });
  for (;;) {
    const status = await svc.request('GET', `/prod/v1/uploads/${ticket.body.uploadId}`);
    if (status.body.status === 'failed') throw new Error(`${name}: ${JSON.stringify(status.body)}`);
    if (status.body.status === 'completed') {
      const fileId = status.body.files[0].fileId as string;
      const values = await svc.request('GET', `/prod/v1/files/${fileId}/values`);
      return { fileId, documentId: values.body.values.formValues[0]?.documentId ?? '' };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

export interface Loaded {
  docs: EvalDoc[];
  directoryId: string;
  duplicates: number;
  deleted: number;
}

/** Every corpus document once, `dupes` of them twice, `extra` more uploaded and then deleted. */
export async function loadIntoService(svc: TestService, corpus: CorpusDoc[], opts: { dupes: number; extra: number }): Promise<Loaded> {
  const dir = await svc.request('POST', '/prod/v1/directories', { body: { name: `agent-eval-${randomUUID().slice(0, 8)}` } });
  const directoryId = dir.body.directory.id as string;
  const kept = corpus.slice(0, corpus.length - opts.extra);
  const docs: EvalDoc[] = [];
  for (const d of kept) {
    const ids = await uploadOne(svc, d, path.basename(d.file), directoryId);
    const truth = d.truth as unknown as Truth;
    docs.push({ id: d.id, truth, ...ids, invoice: truth.doc_type !== 'other' });
  }
  // Same bytes again under another name: the agent must count the document once.
  const invoices = kept.filter((d) => (d.truth as unknown as Truth).doc_type !== 'other');
  for (const d of invoices.slice(0, opts.dupes)) await uploadOne(svc, d, `copy-${path.basename(d.file)}`, directoryId);
  // Uploaded, then deleted: never part of any answer.
  for (const d of corpus.slice(corpus.length - opts.extra)) {
    const { fileId } = await uploadOne(svc, d, path.basename(d.file), directoryId);
    const res = await svc.request('DELETE', '/prod/v1/files', { body: { fileIds: [fileId] } });
    if (res.status !== 200) throw new Error(`delete: ${res.status}`);
  }
  return { docs, directoryId, duplicates: Math.min(opts.dupes, invoices.length), deleted: opts.extra };
}

const TITLES: Array<[keyof Truth, string]> = [
  ['invoice_number', 'Invoice Number'], ['invoice_date', 'Invoice Date'], ['due_date', 'Due Date'], ['vendor_name', 'Vendor Name'],
  ['total', 'Total'], ['tax', 'Tax'], ['currency', 'Currency'],
];

/** A person's review: every invoice value that differs from the truth is corrected (PATCH values). Returns the corrected documents. */
export async function review(svc: TestService, docs: EvalDoc[]): Promise<Set<string>> {
  const corrected = new Set<string>();
  for (const d of docs.filter((x) => x.invoice)) {
    const values = await svc.request('GET', `/prod/v1/files/${d.fileId}/values?includeFullTableData=true`);
    const entry = values.body.values.formValues[0];
    if (!entry) continue;
    const byTitle = new Map<string, unknown>(entry.fields.map((f: { title: string; value: unknown }) => [f.title, f.value]));
    const fields: Array<{ title: string; value: unknown }> = [];
    for (const [key, title] of TITLES) {
      if (!byTitle.has(title)) continue;
      const want = d.truth[key] ?? null;
      if (JSON.stringify(byTitle.get(title) ?? null) !== JSON.stringify(want)) fields.push({ title, value: want });
    }
    if (byTitle.has('Line Items') && d.truth.line_items) {
      const rows = d.truth.line_items.map((l) => ({ Description: l.description, Quantity: l.quantity, 'Unit Price': l.unit_price, Amount: l.amount }));
      if (JSON.stringify(byTitle.get('Line Items')) !== JSON.stringify(rows)) fields.push({ title: 'Line Items', value: rows });
    }
    if (fields.length === 0) continue;
    const res = await svc.request('PATCH', `/prod/v1/files/${d.fileId}/values`, { body: { schemaValueId: entry.id, fields } });
    if (res.status !== 200) throw new Error(`review ${d.id}: ${res.status} ${JSON.stringify(res.body)}`);
    corrected.add(d.documentId);
  }
  return corrected;
}
