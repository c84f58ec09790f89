// Values no one can vouch for yet, asked through the v2 agent API: a value read below the sure
// threshold is given as such until a person corrects it, a figure over documents names those whose
// key values are unsure, and a field that was not extracted is quoted from the page line that
// prints its label (never made into a value).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { insertFile, type InsertedFile } from '../service/fileRows.js';
import { answer, newSession } from './agentHelpers.js';

const PAGE = ['Kestrel Digital Ltd', 'INVOICE', 'Invoice Number: K-1', 'Invoice Date: 10 May 2023', 'Hosting plan   1   500.00', 'Total: 500.00 USD', ''].join('\n');

let svc: TestService;
let file: InsertedFile;
let session: string;
const ask = (user_prompt: string) => answer(svc, session, { user_prompt, allow_ai_query_subagent: true });

beforeAll(async () => {
  // A clock that moves, so that a correction is later than the values it corrects.
  const offset = Date.UTC(2025, 11, 20, 12) - Date.now();
  svc = await startTestService({ now: () => Date.now() + offset, agent: { streamChunkDelayMs: 0 } });
  // Stored as a scan's extraction leaves them: confidence 0.5, no date read.
  file = insertFile(svc, {
    fileName: 'k-1.pdf',
    bytes: Buffer.from(PAGE),
    entries: [{ fields: [
      { title: 'Invoice Number', type: 'string', value: 'K-1' }, { title: 'Vendor Name', type: 'string', value: 'Kestrel Digital Ltd' },
      { title: 'Invoice Date', type: 'date', value: null }, { title: 'Total', type: 'number', value: 500 }, { title: 'Currency', type: 'string', value: 'USD' },
    ] }],
  });
  session = await newSession(svc);
});
afterAll(async () => svc?.close());

describe('unsure and missing values', () => {
  it('gives an unsure value as unsure, and names the unsure documents behind a sum', async () => {
    const total = await ask('What is the total of invoice K-1?');
    expect(total.answer).toContain('K-1: the total is USD 500 (read with low confidence and not yet checked).');
    const sum = await ask('How much did we pay Kestrel Digital?');
    expect(sum.answer).toContain('USD 500');
    expect(sum.answer).toContain('Read with low confidence and not yet checked: K-1.');
  });

  it('quotes the page line of a field that was not extracted, and cites it', async () => {
    const date = await ask('Which day is invoice K-1 dated?');
    expect(date.answer).toContain('K-1: no date was extracted.');
    expect(date.answer).toContain('The page reads: “Invoice Date: 10 May 2023”');
    expect(date.citations[0].snippet).toBe('Invoice Date: 10 May 2023');
    expect(date.answer).not.toContain('2023-05-10');
  });

  it('says nothing of confidence once a person has corrected the values', async () => {
    const entry = (await svc.request('GET', `/prod/v1/files/${file.fileId}/values`)).body.values.formValues[0];
    const res = await svc.request('PATCH', `/prod/v1/files/${file.fileId}/values`, { body: { schemaValueId: entry.id, fields: [{ title: 'Invoice Date', value: '2023-05-10' }] } });
    expect(res.status).toBe(200);
    const total = await ask('What is the total of invoice K-1?');
    expect(total.answer).toContain('K-1: the total is USD 500.');
    expect(total.answer).not.toMatch(/low confidence/);
    expect((await ask('Which day is invoice K-1 dated?')).answer).toContain('K-1: the date is 2023-05-10.');
  });
});
