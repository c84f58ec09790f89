// Each failure class seen on real documents (issue 15), reproduced with generated
// documents that look nothing like the original ten layouts, read end to end by the
// engine (text PDFs: the rules and the committed ranker weights, without OCR noise).
// A class counts as handled when every generated document of it is read right; where the
// engine still misses some, the test holds the number of misses to today's (named in
// `known`, listed in docs/extraction.md), so it fails when a change makes the class worse.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processFile } from '../../../src/service/processing/engine.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { businessDoc, type BusinessFamily } from '../../fixtures/corpus/business.js';
import { Rng } from '../../fixtures/corpus/data.js';
import type { Truth } from '../../fixtures/corpus/facts.js';
import { thermalReceipt } from '../../fixtures/corpus/thermal.js';
import { heldOut2Doc, type HeldOut2Family } from '../../fixtures/corpus/heldout2.js';
import { EVAL_SCHEMA as SCHEMA, same, TITLE_OF } from '../../eval/score.js';
import { inputFor, tempDir, valuesOf } from './helpers.js';

const dir = tempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SEEDS = [11, 12, 13, 14, 15, 16];
let n = 0;

async function read(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const file = path.join(dir, `doc-${++n}.pdf`);
  fs.writeFileSync(file, bytes);
  const { documents } = await processFile(inputFor(file, 'application/pdf', { schema: SCHEMA, candidateSchemas: [SCHEMA] }));
  return valuesOf(documents[0].fields);
}

/** The documents of a family whose `keys` were not all read right, as "seed key: expected vs got". */
async function misses(make: (rng: Rng) => Promise<{ bytes: Uint8Array; truth: Truth }>, keys: (keyof Truth)[]): Promise<string[]> {
  const out: string[] = [];
  for (const seed of SEEDS) {
    const doc = await make(new Rng(seed * 104729));
    const got = await read(doc.bytes);
    for (const key of keys) {
      const value = got[TITLE_OF[key]];
      if (!same(key, doc.truth[key], value)) out.push(`seed ${seed} ${key}: expected ${JSON.stringify(doc.truth[key])}, got ${JSON.stringify(value)}`);
    }
  }
  return out;
}

const business = (family: BusinessFamily) => (rng: Rng) => businessDoc(family, rng);

/** No misses except at most `known[key]` for the keys still missed on some documents. */
function expectAtMost(found: string[], known: Partial<Record<keyof Truth, number>> = {}): void {
  const byKey = new Map<string, string[]>();
  for (const m of found) {
    const key = m.split(' ')[2].replace(/:$/, '');
    byKey.set(key, [...(byKey.get(key) ?? []), m]);
  }
  for (const [key, list] of byKey) expect(list.length, list.join('\n')).toBeLessThanOrEqual(known[key as keyof Truth] ?? 0);
}

describe('failure classes on generated documents', () => {
  it('till receipts: the shop name, not the owner, a registration or address line; the date in its printed form beside a time; the amount paid, not the subtotal, tax, cash or change', async () => {
    // Known: the owner's name printed over a shop name without a company suffix (2 of 6).
    expectAtMost(await misses(thermalReceipt, ['vendor_name', 'invoice_date', 'total']), { vendor_name: 2 });
  });

  it('two-column headers: the seller, not the buyer or the owner; the invoice number, not a VAT id beside it', async () => {
    // Known: a contact's name printed over the seller's (2 of 6).
    expectAtMost(await misses(business('two-column'), ['vendor_name', 'invoice_number', 'total']), { vendor_name: 2 });
  });

  it('payment terms: the printed due date is read', async () => {
    expect(await misses(business('terms'), ['due_date', 'invoice_date', 'total'])).toEqual([]);
  });

  it('credit notes: the credited total is negative', async () => {
    // Known: a credit note's own number under some languages' labels (1 of 6, 3 before the labels
    // of credit memos and the exclusion of the invoice a note corrects), and the credited total
    // where the note prints the net amount credited last (2 of 6).
    expectAtMost(await misses(business('credit-note'), ['total', 'invoice_number']), { invoice_number: 1, total: 2 });
  });

  // The second held-out set's families (generated-heldout2), read since it was measured: they are
  // no longer held out, and stand here as failure classes.
  const heldOut2 = (family: HeldOut2Family) => (rng: Rng) => heldOut2Doc(family, rng);

  it("credit memos: their own number, not the invoice they correct; a 'CREDIT MEMORANDUM' is a credit note, its amounts negative; items with only their amounts negative", async () => {
    // Known: a subtotal labelled "Merchandise Credit" (1 of 6).
    expectAtMost(await misses(heldOut2('credit-memo'), ['invoice_number', 'invoice_date', 'total', 'subtotal', 'line_items']), { subtotal: 1 });
  });

  it("Nordic and Portuguese invoices and receipts: their labels in sv, no, da, fi and pt; Sweden's year-first short dates; weighed items", async () => {
    // Known: a receipt of one item, which no list of items without a header is taken for (1 of 6).
    expectAtMost(await misses(heldOut2('nordic-kvitto'), ['invoice_number', 'invoice_date', 'total', 'line_items']), { line_items: 1 });
    expectAtMost(await misses(heldOut2('nordic-pages'), ['invoice_number', 'invoice_date', 'due_date', 'total']), {});
    expectAtMost(await misses(heldOut2('margin-fatura'), ['invoice_number', 'invoice_date', 'due_date', 'total', 'subtotal']), {});
  });

  it('long invoices: the total on the last page, not a carried-forward sum', async () => {
    expect(await misses(business('long'), ['total', 'invoice_date'])).toEqual([]);
  });

  it('tables without ruled lines, descriptions over two lines, quantity after price: every line item', async () => {
    expect(await misses(business('ruleless'), ['line_items', 'total'])).toEqual([]);
  });
});

describe('rules the ranker builds on', () => {
  const page = (text: string) => [{ number: 1, width: 600, height: 800, lines: linesFromText(text, 1), source: 'text' as const, quality: 1 }];

  it('never takes a tax registration number for the invoice number', () => {
    for (const id of ['T1234567890123', 'DE123456789', 'FR12345678901', 'GB123456789']) {
      const v = valuesOf(extractFields(page(`Acme Trading Ltd\nInvoice No.      ${id}\nInvoice Date      2024-05-02\nTotal      100.00`), SCHEMA));
      expect(v['Invoice Number'], id).toBeNull();
    }
    const v = valuesOf(extractFields(page('Acme Trading Ltd\nInvoice No.      INV-2024-0042\nTotal      100.00'), SCHEMA));
    expect(v['Invoice Number']).toBe('INV-2024-0042');
  });

  it('counts a due date from payment terms when none is printed', () => {
    const v = valuesOf(extractFields(page('Acme Trading Ltd\nInvoice Date      2024-05-02\nPayment terms: Net 30\nTotal      100.00'), SCHEMA));
    expect(v['Due Date']).toBe('2024-06-01');
    const de = valuesOf(extractFields(page('Muster GmbH\nRechnungsdatum      02.05.2024\nZahlbar innerhalb von 14 Tagen\nGesamt      100,00 EUR'), SCHEMA));
    expect(de['Due Date']).toBe('2024-05-16');
  });

  it('takes neither a title, an addressee nor a bare legal form for the vendor', () => {
    const ja = valuesOf(extractFields(page('請 求 書\n丸山建設株式会社 御中\n株式会社\n東和システム株式会社\n東京都千代田区1-2-3\n請求日 2024年5月2日\n合計 ¥11,000'), SCHEMA));
    expect(ja['Vendor Name']).toBe('東和システム株式会社');
    const en = valuesOf(extractFields(page('CREDIT NOTE\nGreenway Facilities Limited\n12 High Street, Leeds LS1 4AB\nDate 02/05/2024\nTotal £120.00'), SCHEMA));
    expect(en['Vendor Name']).toBe('Greenway Facilities Limited');
  });

  it('takes the currency of the country when none is printed, and flags it', () => {
    const cases: [string, string][] = [
      ['Muster GmbH\nIBAN DE89 3704 0044 0532 0130 00\nRechnungsdatum 02.05.2024\nGesamt 100,00', 'EUR'],
      ['Harbour & Finch LLP\n12 High Street, Leeds LS1 4AB\nInvoice date 02/05/2024\nTotal 100.00', 'GBP'],
      ['KEDAI MAJU SDN BHD\nNO. 3, JALAN BESAR, 43000 KAJANG\nDate: 12/03/2018\nTOTAL 22.60', 'MYR'],
      ['Oakridge Facilities Limited\nInvoice date 02/05/2024\nTotal 100.00', 'GBP'],
    ];
    for (const [text, code] of cases) {
      const f = extractFields(page(text), SCHEMA).find((x) => x.title === 'Currency')!;
      expect(f.value, text).toBe(code);
      expect(f.confidence, text).toBeLessThan(0.9);
    }
    const printed = extractFields(page('Muster GmbH\nIBAN DE89 3704 0044 0532 0130 00\nGesamt 100,00 CHF'), SCHEMA).find((x) => x.title === 'Currency')!;
    expect(printed.value).toBe('CHF');
  });
});
