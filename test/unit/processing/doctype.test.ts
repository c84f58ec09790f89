// Document type first (issue 15, item 4), on generated documents: letters, meeting notes,
// delivery notes and bank statements come back as what they are with every invoice field
// empty; invoices, receipts and credit notes are still read. Text sources only (no OCR):
// the classifier sees the same lines either way.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '../../fixtures/corpus/data.js';
import { businessDoc } from '../../fixtures/corpus/business.js';
import { otherDoc, type OtherKind } from '../../fixtures/corpus/others.js';
import { thermalReceipt } from '../../fixtures/corpus/thermal.js';
import yazl from 'yazl';
import { processFile } from '../../../src/service/processing/engine.js';
import { ProcessingError, type SchemaForExtraction } from '../../../src/service/processing/types.js';
import { INVOICE_SCHEMA, inputFor, tempDir, valuesOf } from './helpers.js';

const dir = tempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function run(bytes: Uint8Array, ext: string, mediaType: string, extra = {}) {
  const file = path.join(dir, `doc-${++n}.${ext}`);
  fs.writeFileSync(file, bytes);
  const { documents } = await processFile(inputFor(file, mediaType, extra));
  expect(documents).toHaveLength(1);
  return documents[0];
}

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

describe('documents that are not invoices', () => {
  const cases: [string, OtherKind, boolean][] = [
    ['a letter (PDF)', 'letter', false], ['a letter (.docx)', 'letter', true], ['a meeting note (.txt)', 'note', false],
    ['a delivery note', 'delivery_note', false], ['a bank statement', 'bank_statement', false],
  ];
  for (const [what, kind, docx] of cases) {
    it(`classifies ${what} as ${kind} in every language, its invoice fields empty`, async () => {
      const langs = new Set<string>();
      for (const seed of SEEDS) {
        const d = await otherDoc(kind, new Rng(seed * 7919), docx);
        langs.add(d.lang);
        const doc = await run(d.bytes, d.ext, d.mediaType);
        expect(doc.documentType, `${kind} ${d.lang} (seed ${seed})`).toBe(kind);
        expect(doc.schemaId).toBe(INVOICE_SCHEMA.id);
        expect(doc.fields.map((f) => [f.title, f.value, f.confidence])).toEqual(INVOICE_SCHEMA.fields.map((f) => [f.title, null, 0]));
      }
      expect(langs.size).toBeGreaterThan(3);
    });
  }

  it('goes to a file type named for what it is when the workspace has one', async () => {
    const delivery: SchemaForExtraction = { id: 'schema-dn', blueprintId: 'bp-dn', name: 'Delivery note', fields: [{ id: 'd1', title: 'Delivery Number', type: 'STRING' }] };
    const d = await otherDoc('delivery_note', new Rng(11));
    const doc = await run(d.bytes, d.ext, d.mediaType, { schema: undefined, candidateSchemas: [INVOICE_SCHEMA, delivery] });
    expect(doc.documentType).toBe('delivery_note');
    expect(doc.schemaId).toBe('schema-dn');
  });
});

describe('invoices, receipts and credit notes', () => {
  it('still reads thermal receipts (owner above the shop name, cash and change below the total)', async () => {
    for (const seed of SEEDS.slice(0, 4)) {
      const r = await thermalReceipt(new Rng(seed * 104729));
      const doc = await run(r.bytes, 'pdf', 'application/pdf');
      expect(['receipt', 'invoice']).toContain(doc.documentType);
      expect(valuesOf(doc.fields).Total, `seed ${seed}`).not.toBeNull();
    }
  });

  it('still reads invoices and credit notes of the newer families', async () => {
    for (const family of ['two-column', 'ruleless', 'terms', 'credit-note', 'long'] as const) {
      for (const seed of SEEDS.slice(0, 3)) {
        const d = await businessDoc(family, new Rng(seed * 15485863));
        const doc = await run(d.bytes, 'pdf', 'application/pdf');
        expect(doc.documentType, `${family} ${d.lang} (seed ${seed})`).toBe(d.truth.doc_type);
        // How well each field is read is the extractor's business; here: nothing was blanked.
        expect(doc.fields.filter((f) => f.value !== null).length, `${family} ${d.lang}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('office files', () => {
  it('refuses a presentation (.pptx) as an unsupported type instead of unpacking it as an archive', async () => {
    const z = new yazl.ZipFile();
    z.addBuffer(Buffer.from('<p:presentation/>'), 'ppt/presentation.xml');
    z.end();
    const chunks: Buffer[] = [];
    for await (const c of z.outputStream as AsyncIterable<Buffer>) chunks.push(c);
    const file = path.join(dir, 'deck.pptx');
    fs.writeFileSync(file, Buffer.concat(chunks));
    const err = await processFile(inputFor(file, 'application/vnd.openxmlformats-officedocument.presentationml.presentation')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProcessingError);
    expect((err as ProcessingError).code).toBe('UNSUPPORTED_TYPE');
  });
});

describe('titles OCR read without their accents', () => {
  it('types a scanned "Releve de compte" as a bank statement, not an invoice for want of a reading', async () => {
    const { classifyDocument } = await import('../../../src/service/processing/doctype.js');
    // The scanned statement of the fresh-holdout corpus (0117): OCR lost the accent of "Relevé".
    const rows = ['Atelier Dupont SARL|Releve de compte', '8 rue de la Republique', 'N° de compte:97505000', 'Date|Libelle|Debit|Credit|Solde', 'Solde initial|8 743,20', '02.08|Paiement CB|672,11|8 071,09', 'Solde final|8161,79'];
    const lines = rows.map((row, i) => {
      const cells = row.split('|').map((text, k) => ({ text, x0: k * 200, x1: k * 200 + 150 }));
      return { text: cells.map((c) => c.text).join('   '), cells, x0: 0, x1: 600, y0: i * 20, y1: i * 20 + 12, page: 1 };
    });
    const page = { number: 1, width: 600, height: 800, lines, source: 'ocr' as const, quality: 0.8, words: [] };
    expect(classifyDocument([page as never]).type).toBe('bank_statement');
    // The accented title still reads as before.
    const accented = { ...page, lines: lines.map((l, i) => (i === 0 ? { ...l, cells: [l.cells[0]!, { ...l.cells[1]!, text: 'Relevé de compte' }] } : l)) };
    expect(classifyDocument([accented as never]).type).toBe('bank_statement');
  });
});

describe('quotes and pro forma invoices', () => {
  const classify = async (rows: string[]) => {
    const { classifyDocument } = await import('../../../src/service/processing/doctype.js');
    const lines = rows.map((row, i) => {
      const cells = row.split('|').map((text, k) => ({ text, x0: k * 200, x1: k * 200 + 150 }));
      return { text: cells.map((c) => c.text).join('   '), cells, x0: 0, x1: 600, y0: i * 20, y1: i * 20 + 12, page: 1 };
    });
    return classifyDocument([{ number: 1, width: 600, height: 800, lines, source: 'text' as const, quality: 1 } as never]).type;
  };
  const body = ['Description|Qty|Price|Amount', 'Cv-ketel onderhoudsbeurt|1|423,52|423,52', 'Subtotaal|423,52', 'BTW 21%|88,94', 'Totaal|512,46'];

  it('types a quote, an offerte or a pro forma invoice as no invoice, whatever totals it prints', async () => {
    for (const title of ['QUOTATION', 'OFFERTE', 'Preventivo n. 12', 'Angebot', 'PRO FORMA INVOICE', 'Proforma', '御見積書']) {
      expect(await classify(['Groenvoorziening Jansen V.O.F.', title, 'Datum: 18-08-2023', ...body]), title).toBe('other');
    }
  });

  it("types a hotel folio whose table has a credits column ('Gutschrift') as an invoice, no credit note", async () => {
    const folio = ['Hotel Alpenblick Garmisch', 'Rechnung', 'Datum|Beschreibung|Beleg|Belastung|Gutschrift', '10.10.2024|Logis||180,50|',
      '11.10.2024|Mastercard XXXX6106|||246,81', 'Summe|246,81|246,81', 'MwSt.-Satz|Netto|MwSt.|Brutto', 'Summe|225,21|21,60|246,81'];
    expect(await classify(folio)).toBe('invoice');
    // A credit note's own title still makes one.
    expect(await classify(['Hotel Alpenblick Garmisch', 'Gutschrift', ...folio.slice(2)])).toBe('credit_note');
    // OCR read the header's first columns as one: three cells, the credits beside the debits.
    expect(await classify([...folio.slice(0, 2), 'Beleg|Belastung|Gutschrift', ...folio.slice(3)])).toBe('invoice');
    expect(await classify(['Hotel Alpenblick Garmisch', 'Gutschrift', 'Beleg|Betrag|Gutschrift', ...folio.slice(3)])).toBe('credit_note');
  });

  it("types an order confirmation, a quote known by its number's label and a page saying it is no invoice as no invoice", async () => {
    for (const title of ['Order Confirmation', 'Auftragsbestätigung', 'Confirmation de commande', 'Angebotsnummer|AN-2291', 'Offertenr.|2023-88']) {
      expect(await classify(['Groenvoorziening Jansen V.O.F.', title, 'Datum: 18-08-2023', ...body]), title).toBe('other');
    }
    expect(await classify(['Webshop Order 4471', 'Placed: 18-08-2023', ...body, 'This is not an invoice. Your invoice follows on dispatch.'])).toBe('other');
    // An invoice mentioning its order confirmation is still one.
    expect(await classify(['Groenvoorziening Jansen V.O.F.', 'FACTUUR', 'Per order confirmation OC-12', ...body])).toBe('invoice');
  });

  it("types a price quotation, a form's 'Document Type: Quotation', a payment reminder and a guía de remisión for what they are", async () => {
    for (const title of ['PRICE QUOTATION', 'Document Type: Quotation|Version 1.0', 'PAYMENT REMINDER|Date:|15/06/2020', 'Zahlungserinnerung', 'Recordatorio de pago']) {
      expect(await classify(['Groenvoorziening Jansen V.O.F.', title, 'Datum: 18-08-2023', ...body]), title).toBe('other');
    }
    // A scanned one: OCR read the amounts too, and no total came with them.
    expect(await classify(['Ferreteria El Ejido|R.U.C.:5238319057001', 'GUIA DE REMISION', 'Fecha de emision:20/02/2018', 'Cant.|Descripcion', '4|Cemento 50 kg'])).toBe('delivery_note');
    // An invoice whose notes remind of its terms is still one.
    expect(await classify(['Groenvoorziening Jansen V.O.F.', 'FACTUUR', 'Reminder: payment within 30 days', ...body])).toBe('invoice');
  });

  it('still types an invoice that cites the quote it follows as an invoice', async () => {
    expect(await classify(['Groenvoorziening Jansen V.O.F.', 'FACTUUR', 'Quote ref: Q-2023-041', 'Datum: 18-08-2023', ...body])).toBe('invoice');
  });
});
