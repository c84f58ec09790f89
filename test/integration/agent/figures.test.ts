// Figures an accountant can sign, asked through the v2 agent API of a real service: one figure
// per currency, each document once (same content uploaded twice), deleted files and
// non-invoices left out, a person's correction (PATCH values) used over the extracted value,
// review state as a filter, line items, every figure cited, "not found" with no figure, and the
// candidates of an ambiguous name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { answer, newSession } from './agentHelpers.js';
import { invoiceText, uploadCorpus, type CorpusInvoice, type UploadedInvoice } from './corpus.js';
import { settled, uploadText } from '../service/uploadHelpers.js';

const EURO: CorpusInvoice = { vendor: 'Weber Bürobedarf GmbH', number: 'WB-2024-11', date: '2024-03-12', due: '2024-04-11', total: '300.00', tax: '47.90', lines: ['Toner cartridges'] };
const INVOICES: CorpusInvoice[] = [
  { vendor: 'ACME Supplies Ltd', number: 'INV-1001', date: '2024-01-15', due: '2024-02-14', total: '1,200.00', tax: '200.00', lines: ['Office chairs x4'] },
  { vendor: 'ACME Supplies Ltd', number: 'INV-1002', date: '2024-03-05', due: '2024-04-04', total: '450.50', tax: '75.08', lines: ['Printer paper'] },
  { vendor: 'Oakridge Facilities Limited', number: 'OF-7', date: '2024-02-01', due: '2024-03-01', total: '800.00', tax: '0.00', lines: ['Cleaning'] },
  { vendor: 'Greenway Facilities Limited', number: 'GF-9', date: '2024-02-03', due: '2024-03-03', total: '120.00', tax: '0.00', lines: ['Window cleaning'] },
];

let svc: TestService;
let docs: UploadedInvoice[];
let euro: { documentId: string };
let session: string;
let unread: string;
const ask = (user_prompt: string, extra: Record<string, unknown> = {}) => answer(svc, session, { user_prompt, allow_ai_query_subagent: true, ...extra });
const cited = (job: any) => new Set(job.citations.map((c: any) => c.document_id));

async function upload(text: string, fileName: string) {
  const t = await uploadText(svc, text, { fileName });
  const done = await settled(svc, t.uploadId);
  if (done.body.status !== 'completed') throw new Error(`${fileName}: ${JSON.stringify(done.body)}`);
  return done.body.files[0].fileId as string;
}

beforeAll(async () => {
  svc = await startTestService({ agent: { streamChunkDelayMs: 0 } });
  docs = await uploadCorpus(svc, INVOICES);
  const euroText = invoiceText(EURO).replace('300.00 USD', '300.00 EUR');
  const euroFile = await upload(euroText, 'WB-2024-11.txt');
  euro = { documentId: (await svc.request('GET', `/prod/v1/files/${euroFile}/values`)).body.values.formValues[0].documentId };
  // The euro invoice uploaded again under another name: the same document.
  await upload(euroText, 'copy.txt');
  // A note with a figure: not an invoice. A deleted invoice: gone.
  await upload('Meeting notes\nDate: 12 March 2024\nAttendees: Anna, Ben\nBudget of 1,250.00 agreed for ACME chairs.\n', 'minutes.txt');
  const gone = await upload(invoiceText({ ...INVOICES[0]!, number: 'INV-9999', total: '5,000.00' }), 'deleted.txt');
  expect((await svc.request('DELETE', '/prod/v1/files', { body: { fileIds: [gone] } })).status).toBe(200);
  // An invoice whose total cannot be read: it needs review, and no sum includes it.
  unread = await upload('Initech LLC\nINVOICE\nInvoice Number: IT-77\nInvoice Date: 2023-06-01\nDue Date: 2023-07-01\nTPS report covers\n', 'IT-77.txt');
  session = await newSession(svc, { use_all_files: true });
}, 120_000);
afterAll(async () => svc.close());

describe('figures', () => {
  it('gives one figure per currency and never adds euros to dollars', async () => {
    const job = await ask('How much did we spend in Q1 2024?');
    expect(job.answer).toContain('USD 2,570.50 (4 documents) and EUR 300 (1 document)');
    expect(job.answer).toContain('Amounts in different currencies are not added together.');
    expect(job.answer).toContain('**USD**');
    expect(job.answer).toContain('**EUR**');
    // Every document behind a figure is cited, each once; the copy, the note and the deleted invoice are not.
    expect(cited(job)).toEqual(new Set([...docs.map((d) => d.documentId), euro.documentId]));
    expect(job.answer).not.toContain('5,000');
  });

  it('counts the same content once and leaves out non-invoices and deleted files', async () => {
    const job = await ask('How many invoices are there?');
    expect(job.answer).toContain('There are 6 documents.');
    const average = await ask('What is the average invoice in euros?');
    expect(average.answer).toContain('EUR 300 (1 document)');
  });

  it('uses a corrected value over the extracted one, and filters by review state', async () => {
    const values = await svc.request('GET', `/prod/v1/files/${docs[1]!.fileId}/values`);
    const entry = values.body.values.formValues[0];
    const patched = await svc.request('PATCH', `/prod/v1/files/${docs[1]!.fileId}/values`, {
      body: { schemaValueId: entry.id, fields: [{ title: 'Total', value: 460.5 }, { title: 'Line Items', value: [{ Description: 'Printer paper A4', Quantity: 20, 'Unit Price': 23.025, Amount: 460.5 }] }] },
    });
    expect(patched.status).toBe(200);
    const job = await ask('What is the total of invoice INV-1002?');
    expect(job.answer).toContain('INV-1002: the total is USD 460.50.');
    const corrected = await ask('How many invoices were corrected?');
    expect(corrected.answer).toContain('There is 1 document corrected by a person.');
    expect([...cited(corrected)]).toEqual([docs[1]!.documentId]);
    const review = await ask('How many invoices need review?');
    // Which extracted documents are unsure depends on the extractor's confidence; the unread total always is, a corrected document never.
    expect(review.answer).toMatch(/There (is|are) \d+ documents? needing review\./);
    const reviewed = review.citations.map((c: any) => c.file_id);
    expect(reviewed).toContain(unread);
    expect(reviewed).not.toContain(docs[1]!.fileId);
    const items = await ask('How many printer paper did we buy?');
    expect(items.answer).toContain('20 units of “printer paper” were bought, on 1 line.');
    expect(items.citations[0].document_id).toBe(docs[1]!.documentId);
  });

  it('answers largest and smallest per currency', async () => {
    const job = await ask('What is the largest invoice?');
    expect(job.answer).toContain('The largest invoice in USD is INV-1001');
    expect(job.answer).toContain('The largest invoice in EUR is WB-2024-11');
  });

  it('says plainly when the vendor, number or item is in no document, and gives no figure', async () => {
    for (const [q, said] of [
      ['How much did we pay Contoso in 2024?', 'No document in scope is from Contoso, so there is no figure to give.'],
      ['What is the total of invoice ZZ-404?', 'No document in scope has the number ZZ-404, so there is no figure to give.'],
      ['Contoso社への支払いの合計はいくらですか？', 'Contoso社 からの文書は対象の中に見つからないため'],
      ['How many standing desks did we buy?', 'No line item of the documents in scope mentions “standing desks”'],
    ]) {
      const job = await ask(q!);
      expect(job.answer).toContain(said);
      expect(job.answer).not.toMatch(/\d\.\d\d|USD|EUR/);
      expect(job.citations).toEqual([]);
    }
  });

  it('lists the candidates of an ambiguous name instead of a figure', async () => {
    const job = await ask('How much did we pay Facilities?');
    expect(job.answer).toContain('Oakridge Facilities Limited');
    expect(job.answer).toContain('Greenway Facilities Limited');
    expect(job.answer).not.toMatch(/\d\.\d\d/);
  });

  it('matches a misspelt vendor and answers in Japanese with a table per currency', async () => {
    const job = await ask('Acme Suplies への2024年の支払い合計は？', { language_code: 'ja' });
    expect(job.answer).toContain('ACME Supplies Ltdの2024年の合計はUSD 1,660.50（2件）です。');
    expect(job.answer).toContain('| 請求書 | 取引先 | 発行日 | 金額 (USD) |');
  });
});
