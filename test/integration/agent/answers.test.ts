// Answer quality over documents uploaded through the API: lookups, sums, counts, dates,
// overdue, groups, retrieval and Japanese phrasing, each with the documents it came from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { answer, newSession } from './agentHelpers.js';
import { uploadCorpus, type UploadedInvoice } from './corpus.js';
import { settled, uploadText } from '../service/uploadHelpers.js';

let svc: TestService;
let docs: UploadedInvoice[];
let session: string;
const byNumber = (n: string) => docs.find((d) => d.number === n)!;

beforeAll(async () => {
  svc = await startTestService({ agent: { streamChunkDelayMs: 0 } });
  docs = await uploadCorpus(svc);
  // A meeting note with a date and a figure: classified as a note, never counted or summed as an invoice.
  const note = await uploadText(svc, 'Meeting notes\nDate: 12 March 2024\nAttendees: Anna, Ben, Chloe\n\nAgenda\n1. Office move: budget of 1,250.00 agreed.\n2. Next meeting in April.\n\nAction items\n- Ben books the movers.\n', { fileName: 'minutes.txt' });
  if ((await settled(svc, note.uploadId)).body.status !== 'completed') throw new Error('note upload failed');
  session = await newSession(svc, { use_all_files: true });
});
afterAll(async () => svc.close());

interface Case {
  q: string;
  expect: string[];
  cites?: string[];
  query?: boolean;
  language?: string;
}

const Q = (q: string, expected: string | string[], cites: string[] = [], extra: Partial<Case> = {}): Case => ({
  q,
  expect: Array.isArray(expected) ? expected : [expected],
  cites,
  query: true,
  ...extra,
});

const CASES: Case[] = [
  Q('What is the total of invoice INV-1002?', 'USD 450.50', ['INV-1002'], { query: false }),
  Q('When is invoice GX-2024-77 due?', '2024-04-19', ['GX-2024-77'], { query: false }),
  Q('Who issued invoice IT-555?', 'Initech LLC', ['IT-555'], { query: false }),
  Q('What is the tax on INV-1001?', 'USD 200', ['INV-1001'], { query: false }),
  Q('How much did we pay ACME in 2024?', 'USD 1,650.50', ['INV-1001', 'INV-1002']),
  Q('How much did we pay ACME in March?', 'USD 450.50', ['INV-1002']),
  Q('How many invoices are there?', 'There are 6 documents'),
  Q('How many invoices from ACME?', 'There are 2 documents', ['INV-1001', 'INV-1002']),
  Q('How many invoices did Globex send in March 2024?', 'There is 1 document', ['GX-2024-77']),
  Q('Which invoices are overdue?', ['4 documents are overdue', 'INV-1001', 'IT-555'], ['INV-1001', 'INV-1002', 'GX-2024-77', 'IT-555']),
  Q('What is the total by vendor?', ['ACME Supplies Ltd: USD 1,650.50 (2)', 'Stark Industries: USD 15,000 (1)']),
  Q('What did we spend per month?', ['March 2024: USD 18,450.50 (3)', 'January 2024: USD 1,200 (1)']),
  Q('What is the largest invoice?', 'SI-314', ['SI-314']),
  Q('What is the smallest invoice?', 'IT-555', ['IT-555']),
  Q('What is the latest invoice?', 'UMB-9', ['UMB-9']),
  Q('What was the earliest invoice?', 'INV-1001', ['INV-1001']),
  Q('What is the average invoice total?', 'USD 3,396.75'),
  Q('What is the total of invoices due in April 2024?', 'USD 3,450.50', ['INV-1002', 'GX-2024-77']),
  Q('Which invoice was for office chairs?', 'Office chairs', ['INV-1001'], { query: false }),
  Q('Who sent us the arc reactor maintenance bill?', 'Stark Industries', ['SI-314'], { query: false }),
  Q('ACMEへの支払いの合計はいくらですか？', ['合計はUSD 1,650.50（2件）です'], ['INV-1001', 'INV-1002']),
  Q('期限切れの請求書は何件ですか？', '支払期限', ['INV-1001', 'IT-555']),
  Q('How many invoices from ACME?', '文書は2件です', ['INV-1001'], { language: 'ja' }),
];

describe('answer quality on uploaded invoices', () => {
  it(`answers at least 90% of ${CASES.length} questions correctly, with correct citations`, async () => {
    const failures: string[] = [];
    for (const c of CASES) {
      const job = await answer(svc, session, {
        user_prompt: c.q,
        allow_ai_query_subagent: c.query ?? true,
        ...(c.language ? { language_code: c.language } : {}),
      });
      const cited = new Set(job.citations.map((x: any) => x.file_id));
      const missingText = c.expect.filter((e) => !job.answer?.includes(e));
      const missingCites = (c.cites ?? []).filter((n) => !cited.has(byNumber(n).fileId));
      const badCite = job.citations.find((x: any) => !docs.some((d) => d.fileId === x.file_id && d.documentId === x.document_id));
      if (job.status !== 'COMPLETED' || missingText.length || missingCites.length || badCite) {
        failures.push(`${c.q}\n  answer: ${job.answer}\n  missing: ${missingText.join(' | ')} cites: ${missingCites.join(',')}`);
      }
    }
    if (failures.length) console.log(failures.join('\n'));
    expect(failures.length / CASES.length).toBeLessThanOrEqual(0.1);
  });

  it('quotes each citation from the page it names', async () => {
    const job = await answer(svc, session, { user_prompt: 'How much did we pay ACME in 2024?', allow_ai_query_subagent: true });
    for (const c of job.citations) {
      expect(c.page).toBe(1);
      expect(c.snippet).toMatch(/Total: (1,200\.00|450\.50) USD/);
    }
  });

  it('without the query sub-agent quotes passages and says how to get exact figures', async () => {
    const job = await answer(svc, session, { user_prompt: 'How much did we pay ACME in 2024?' });
    expect(job.answer).toContain('allow_ai_query_subagent');
    expect(job.citations.length).toBeGreaterThan(0);
  });

  it('refuses internet search politely and still answers from the documents', async () => {
    const job = await answer(svc, session, { user_prompt: 'What is the total of invoice INV-1002?', allow_internet_search: true, language_code: 'ja' });
    expect(job.answer).toContain('インターネット');
    expect(job.answer).toContain('USD 450.50');
  });
});
