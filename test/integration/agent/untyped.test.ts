// A scanned letter whose words OCR lost is typed an invoice for want of any other reading, and the
// extractor then reads a postcode as its total (0155-other-letter of the generated corpus, which
// made the tuning set's EUR counts, lists, sums and averages wrong). Here the processor returns what
// that scan gave (the classifier's fault injected on one file; every other file is processed for
// real): the agent computes no figure from a document whose pages show nothing of an invoice, and
// counts it again once a person has corrected its values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processFile } from '../../../src/service/processing/engine.js';
import type { ProcessInput } from '../../../src/service/processing/types.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { settled, uploadText } from '../service/uploadHelpers.js';
import { answer, newSession } from './agentHelpers.js';
import { uploadCorpus, type CorpusInvoice, type UploadedInvoice } from './corpus.js';

const INVOICES: CorpusInvoice[] = [
  { vendor: 'Alpen Software AG', number: 'AS-1', date: '2020-05-10', due: '2020-06-09', total: '1,000.00', tax: '160.00', lines: ['Licence'] },
  { vendor: 'Alpen Software AG', number: 'AS-2', date: '2020-09-01', due: '2020-10-01', total: '2,000.00', tax: '320.00', lines: ['Support'] },
];
const LETTER = ['Alpen Software AG', 'DomstraBe 5', '50668Koln', 'Initech SARL', 'Lepoldsrae', '80802Mtinchen', '27.08.2020', 'Sehrgehe Fra cee', 'Mi fendinGri', 'Jonas Schid', ''].join('\n');

/** What the scanned letter came back as: an invoice, with a vendor, a date, a postcode for a total and a guessed currency. */
async function asScanned(input: ProcessInput) {
  const result = await processFile(input);
  if (!input.fileName.startsWith('scan-')) return result;
  const values: Record<string, unknown> = { 'Vendor Name': 'Alpen Software AG', 'Invoice Date': '2020-08-27', Total: 80802, Currency: 'USD' };
  return {
    documents: result.documents.map((d) => ({
      ...d,
      documentType: 'invoice' as const,
      fields: d.fields.map((f) => (f.title in values ? { ...f, value: values[f.title], confidence: 0.5 } : f)),
    })),
  };
}

let svc: TestService;
let docs: UploadedInvoice[];
let letter: { fileId: string; documentId: string };
let session: string;
const ask = (user_prompt: string) => answer(svc, session, { user_prompt, allow_ai_query_subagent: true });
const cited = (job: any) => new Set(job.citations.map((c: any) => c.document_id));

beforeAll(async () => {
  // A clock that moves, so that a correction is later than the values it corrects.
  const offset = Date.UTC(2025, 11, 20, 12) - Date.now();
  svc = await startTestService({ now: () => Date.now() + offset, processor: asScanned, agent: { streamChunkDelayMs: 0 } });
  docs = await uploadCorpus(svc, INVOICES);
  const t = await uploadText(svc, LETTER, { fileName: 'scan-letter.txt' });
  const done = await settled(svc, t.uploadId);
  const fileId = done.body.files[0].fileId as string;
  const values = await svc.request('GET', `/prod/v1/files/${fileId}/values`);
  expect(values.body.values.formValues[0].documentType).toBe('invoice');
  letter = { fileId, documentId: values.body.values.formValues[0].documentId };
  session = await newSession(svc);
});
afterAll(async () => svc?.close());

describe('a document typed an invoice whose pages show nothing of one', () => {
  it('is in no count, sum or average, and not cited', async () => {
    const count = await ask('How many invoices are in USD?');
    expect(count.answer).toMatch(/\b2 documents\b/);
    expect(cited(count).has(letter.documentId)).toBe(false);
    const sum = await ask('How much did we pay Alpen Software in 2020?');
    expect(sum.answer).toContain('USD 3,000');
    expect(sum.answer).not.toContain('80,802');
    const avg = await ask('What is the average invoice from Alpen Software?');
    expect(avg.answer).toContain('USD 1,500');
    expect(new Set(cited(avg))).toEqual(new Set(docs.map((d) => d.documentId)));
  });

  it('counts once a person has corrected its values', async () => {
    const entry = (await svc.request('GET', `/prod/v1/files/${letter.fileId}/values`)).body.values.formValues[0];
    const res = await svc.request('PATCH', `/prod/v1/files/${letter.fileId}/values`, { body: { schemaValueId: entry.id, fields: [{ title: 'Total', value: 500 }] } });
    expect(res.status).toBe(200);
    const count = await ask('How many invoices are in USD?');
    expect(count.answer).toMatch(/\b3 documents\b/);
    expect(cited(count).has(letter.documentId)).toBe(true);
  });
});
