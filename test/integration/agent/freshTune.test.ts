// Questions of the kinds the fresh-tune eval set (test/eval/agent/unseen.ts) found answered wrong
// at its first run, asked through the v2 agent API of a real service: tax summed over a vendor's
// invoices, one invoice number on two vendors' invoices, a day without a year inside a named year,
// a currency no document has, an unknown name after "for", a word two vendors share in capitals,
// invoices "due MM/YYYY", and line items of one vendor, counted in bottles or named by the
// beginning of a word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { answer, newSession } from './agentHelpers.js';
import { uploadCorpus, type CorpusInvoice, type UploadedInvoice } from './corpus.js';

const INVOICES: CorpusInvoice[] = [
  { vendor: 'Café Central S.L.', number: 'CC-1', date: '2024-02-10', due: '2024-03-11', total: '1,210.00', tax: '210.00', lines: ['Coffee'] },
  { vendor: 'Café Central S.L.', number: 'CC-2', date: '2024-06-01', due: '2024-07-01', total: '605.00', tax: '105.00', lines: ['Coffee'] },
  { vendor: 'Redwood Office Supply Inc.', number: '488/2025', date: '2025-04-21', due: '2025-05-21', total: '4,930.18', tax: '300.00', lines: ['Paper'] },
  { vendor: 'Conseil Bernard & Associés', number: '488/2025', date: '2025-09-24', due: '2025-10-24', total: '14,570.82', tax: '2,428.47', lines: ['Advice'] },
  { vendor: 'Toko Cahaya Sdn Bhd', number: 'TC-1', date: '2024-05-20', due: '2024-06-19', total: '446.70', tax: '0.00', lines: ['Sundries'] },
  { vendor: 'Cahaya Maju Trading Sdn Bhd', number: 'CM-1', date: '2024-03-01', due: '2024-03-31', total: '900.00', tax: '0.00', lines: ['Sundries'] },
];
const LINES: Record<string, Array<[string, number, number]>> = {
  'TC-1': [['DETTOL 500ML', 3, 26.7], ['USB-C docking station', 2, 300], ['Monitor 27 inch', 1, 120]],
  'CM-1': [['DETTOL 500ML', 4, 35.6], ['USB-C dock', 1, 120], ['Printer paper A4', 10, 744.4]],
};

let svc: TestService;
let docs: UploadedInvoice[];
let session: string;
const ask = (user_prompt: string, extra: Record<string, unknown> = {}) => answer(svc, session, { user_prompt, allow_ai_query_subagent: true, ...extra });
const cited = (job: any) => new Set(job.citations.map((c: any) => c.document_id));
const ids = (...numbers: string[]) => new Set(docs.filter((d) => numbers.includes(d.number)).map((d) => d.documentId));
const noFigure = (job: any) => expect(job.answer).not.toMatch(/\d\.\d\d|USD \d/);

beforeAll(async () => {
  svc = await startTestService({ now: () => Date.UTC(2025, 11, 20, 12), agent: { streamChunkDelayMs: 0 } });
  docs = await uploadCorpus(svc, INVOICES, (i) => ({ fileName: `invoice-${i}.txt` }));
  // The line items as a person reviewing would enter them (PATCH values).
  for (const d of docs.filter((x) => LINES[x.number])) {
    const entry = (await svc.request('GET', `/prod/v1/files/${d.fileId}/values`)).body.values.formValues[0];
    const rows = LINES[d.number]!.map(([Description, Quantity, Amount]) => ({ Description, Quantity, 'Unit Price': Amount / Quantity, Amount }));
    const res = await svc.request('PATCH', `/prod/v1/files/${d.fileId}/values`, { body: { schemaValueId: entry.id, fields: [{ title: 'Line Items', value: rows }] } });
    expect(res.status).toBe(200);
  }
  session = await newSession(svc, { use_all_files: true });
}, 120_000);
afterAll(async () => svc.close());

describe('questions of the kinds fresh-tune found wrong', () => {
  it('sums and averages the tax of a vendor\'s invoices when the tax is asked for, the total when "including VAT"', async () => {
    const tax = await ask('How much VAT have we paid to Café Central in total?');
    expect(tax.answer).toContain('The total tax from Café Central S.L. is USD 315 (2 documents).');
    expect(cited(tax)).toEqual(ids('CC-1', 'CC-2'));
    expect((await ask('Café Centralの税額の合計は？', { language_code: 'ja' })).answer).toContain('税額の合計はUSD 315（2件）です。');
    expect((await ask('What is the average tax on Café Central invoices?')).answer).toContain('USD 157.50 (2 documents)');
    expect((await ask('What is the total including VAT from Café Central?')).answer).toContain('USD 1,815 (2 documents)');
  });

  it('names the vendor of each document when one number is on two vendors\' invoices', async () => {
    const job = await ask('What is the total on invoice 488/2025?');
    expect(job.answer).toContain('488/2025 (Redwood Office Supply Inc.): the total is USD 4,930.18.');
    expect(job.answer).toContain('488/2025 (Conseil Bernard & Associés): the total is USD 14,570.82.');
    expect(cited(job)).toEqual(ids('488/2025'));
  });

  it('reads a day without a year in the year the question names, from that year\'s start', async () => {
    const job = await ask('How much was invoiced in 2024 before 15 May?');
    expect(job.answer).toContain('USD 2,110 (2 documents)');
    expect(cited(job)).toEqual(ids('CC-1', 'CM-1'));
    expect((await ask('2024年、5月15日より前の請求額の合計は？', { language_code: 'ja' })).answer).toContain('USD 2,110（2件）');
  });

  it('gives no figure for a currency no document is in, nor for an unknown name after "for"', async () => {
    for (const q of ['How much have we been billed in Australian dollars altogether?', 'avg invoice amount for Atlas Couriers']) {
      const job = await ask(q);
      expect(job.answer).toMatch(/^No document in scope (matches that|is from Atlas Couriers), so there is no figure to give\.$/);
      expect(job.citations).toEqual([]);
    }
    expect((await ask('How much did we pay in US dollars?')).answer).toContain('USD 22,662.70 (6 documents)');
  });

  it('lists both vendors for a word they share, even with a question word before it', async () => {
    const job = await ask('total paid to CAHAYA?');
    expect(job.answer).toContain('Toko Cahaya Sdn Bhd');
    expect(job.answer).toContain('Cahaya Maju Trading Sdn Bhd');
    noFigure(job);
  });

  it('reads "due 06/2024" as the due date', async () => {
    const job = await ask('list invoices due 06/2024');
    expect(job.answer).toContain('There is 1 document due in June 2024.');
    expect(cited(job)).toEqual(ids('TC-1'));
  });

  it('counts line items of one vendor, in bottles, and by the beginning of a word', async () => {
    const one = await ask('How many Dettol did we buy from Toko Cahaya?');
    expect(one.answer).toContain('3 units of “dettol” were bought, on 1 line.');
    expect(cited(one)).toEqual(ids('TC-1'));
    const unknown = await ask('How many Dettol did we buy from Atlas Couriers?');
    expect(unknown.answer).toBe('No document in scope is from Atlas Couriers, so there is no figure to give.');
    const bottles = await ask('total spent on bottles of Dettol');
    expect(bottles.answer).toContain('USD 62.30 (2 documents)');
    const docks = await ask('How many USB-C docks did we buy?');
    expect(docks.answer).toContain('3 units of “usb-c docks” were bought, on 2 lines.');
    const monitors = await ask('What did we pay for 27" monitors?');
    expect(monitors.answer).toContain('USD 120 (1 document)');
    expect(cited(monitors)).toEqual(ids('TC-1'));
  });
});
