import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { processFile } from '../../../src/service/processing/engine.js';
import { ProcessingError } from '../../../src/service/processing/types.js';
import { inputFor, tempDir, valuesOf } from './helpers.js';

const dir = tempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function invoicePdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([595, 842]);
  const t = (s: string, x: number, y: number, size = 10, f = font) => page.drawText(s, { x, y: 842 - y, size, font: f });
  t('Northwind Supplies Ltd', 50, 60, 18, bold);
  t('12 Harbour Road, Bristol', 50, 80);
  t('INVOICE', 420, 60, 20, bold);
  t('Invoice No:', 380, 110); t('NW-2024-0117', 460, 110);
  t('Invoice Date:', 380, 125); t('14/03/2024', 460, 125);
  t('Due Date:', 380, 140); t('13/04/2024', 460, 140);
  t('Bill To', 50, 130, 10, bold); t('Acme Corp', 50, 145);
  t('Description', 50, 220, 10, bold); t('Qty', 300, 220, 10, bold); t('Unit Price', 370, 220, 10, bold); t('Amount', 480, 220, 10, bold);
  t('Printer paper A4', 50, 240); t('10', 300, 240); t('4.50', 370, 240); t('45.00', 480, 240);
  t('Toner cartridge', 50, 255); t('2', 300, 255); t('60.00', 370, 255); t('120.00', 480, 255);
  t('Subtotal', 370, 300); t('165.00', 480, 300);
  t('VAT 20%', 370, 315); t('33.00', 480, 315);
  t('Total GBP', 370, 330, 10, bold); t('198.00', 480, 330, 10, bold);
  const file = path.join(dir, 'invoice.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
}

describe('processFile (text sources)', () => {
  it('reads an invoice PDF text layer into the schema fields', async () => {
    const file = await invoicePdf();
    const { documents } = await processFile(inputFor(file, 'application/pdf'));
    expect(documents).toHaveLength(1);
    const doc = documents[0];
    expect(doc.pageCount).toBe(1);
    expect(doc.pages[0].source).toBe('text');
    expect(doc.schemaId).toBe('schema-invoice');
    const v = valuesOf(doc.fields);
    expect(v['Invoice Number']).toBe('NW-2024-0117');
    expect(v['Invoice Date']).toBe('2024-03-14');
    expect(v['Due Date']).toBe('2024-04-13');
    expect(v['Vendor Name']).toBe('Northwind Supplies Ltd');
    expect(v['Total']).toBe(198);
    expect(v['Tax']).toBe(33);
    expect(v['Currency']).toBe('GBP');
    expect(v['Line Items']).toEqual([
      { Description: 'Printer paper A4', Quantity: 10, 'Unit Price': 4.5, Amount: 45 },
      { Description: 'Toner cartridge', Quantity: 2, 'Unit Price': 60, Amount: 120 },
    ]);
    expect(doc.fields.find((f) => f.title === 'Total')?.type).toBe('number');
  });

  it('reads a plain-text receipt with German labels and comma decimals', async () => {
    const file = path.join(dir, 'beleg.txt');
    fs.writeFileSync(
      file,
      ['Bäckerei Sonnenschein GmbH', '', 'Rechnungsnummer:  R-5531', 'Rechnungsdatum:   3. März 2024',
        'Zwischensumme      1.200,00 EUR', 'MwSt 19%             228,00 EUR', 'Gesamtbetrag       1.428,00 EUR'].join('\n'),
    );
    const { documents } = await processFile(inputFor(file, 'text/plain'));
    const v = valuesOf(documents[0].fields);
    expect(v['Invoice Number']).toBe('R-5531');
    expect(v['Invoice Date']).toBe('2024-03-03');
    expect(v['Total']).toBe(1428);
    expect(v['Tax']).toBe(228);
    expect(v['Currency']).toBe('EUR');
    expect(v['Due Date']).toBeNull();
  });

  /** The values read from a plain-text document of these lines. */
  const valuesOfText = async (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, lines.join('\n'));
    return valuesOf((await processFile(inputFor(file, 'text/plain'))).documents[0].fields);
  };

  it('reads line items under a header whose column names stand one space apart, and amounts followed by a tax code', async () => {
    const receipt = await valuesOfText('receipt.txt', ['AEON MAJU TRADING', 'TAX INVOICE', 'ITEM                PRICE QTY        AMT', 'A4 PAPER 70GSM',
      '                    37.38   1      37.38 S', 'MINERAL WATER 1.5L', '                    71.86   4     287.44 SR', 'TOTAL (RM)                        324.82']);
    expect(receipt['Line Items']).toEqual([
      { Description: 'A4 PAPER 70GSM', Quantity: 1, 'Unit Price': 37.38, Amount: 37.38 },
      { Description: 'MINERAL WATER 1.5L', Quantity: 4, 'Unit Price': 71.86, Amount: 287.44 },
    ]);
    const avoir = await valuesOfText('avoir.txt', ['Boulangerie Lefèvre     Facture', 'Désignation          Qté Prix unitaire HT     Montant HT',
      'Papier A4 ramette     1   113,84               113,84', 'Licence logicielle    7   5,64                 39,48', 'Total TTC                                  153,32']);
    expect(avoir['Line Items']).toEqual([
      { Description: 'Papier A4 ramette', Quantity: 1, 'Unit Price': 113.84, Amount: 113.84 },
      { Description: 'Licence logicielle', Quantity: 7, 'Unit Price': 5.64, Amount: 39.48 },
    ]);
  });

  it('reads the items of a receipt without a header row, from quantity times price beside each name', async () => {
    const v = await valuesOfText('till.txt', ['HOMEMART HARDWARE SDN BHD', 'RECEIPT', '----------------------------', 'SPANAR SET 8PC        49.12', '1 x 49.12',
      'MEE GORENG           423.70', '5 x 84.74', 'KOPI O ICE', '2 x 4.50              9.00', 'TEL 03-1234 5678', '12 x 3',
      '----------------------------', 'TOTAL (RM)           481.82']);
    expect(v['Line Items']).toEqual([
      { Description: 'SPANAR SET 8PC', Quantity: 1, 'Unit Price': 49.12, Amount: 49.12 },
      { Description: 'MEE GORENG', Quantity: 5, 'Unit Price': 84.74, Amount: 423.7 },
      { Description: 'KOPI O ICE', Quantity: 2, 'Unit Price': 4.5, Amount: 9 },
    ]);
  });

  it('reads a Malay receipt number as the number, never as a tax larger than the total', async () => {
    const v = await valuesOfText('resit.txt', ['MR. D.I.Y. FAMILY (M) ENTERPRISE', 'GST REG NO: 000240247452', 'TAX INVOICE', 'No. Resit: 52815948',
      'Date: 12/03/2025   Time: 17:59:57', 'NASI LEMAK AYAM          272.64', 'Rounding Adjustment        0.01', 'GRAND TOTAL              272.65', 'PAID                     300.00']);
    expect(v['Invoice Number']).toBe('52815948');
    expect(v['Total']).toBe(272.65);
    expect(v['Tax']).toBeNull();
  });

  it('reads a German till receipt: items quantity first, net, tax and gross from its rate table, the Bon-Nr. and not the tax number', async () => {
    const v = await valuesOfText('bon.txt', ['Technik Schmidt KG', 'Leopoldstraße 112', '80802 München', 'St.-Nr. 556/216/12835', 'EUR',
      '3   Tonerkartusche schwarz   7,38   22,14 A', '1   Softwarelizenz   5,12 A', '4   Druckerpapier A4   33,52   134,08 B', 'SUMME   EUR 161,34',
      'Bar   200,00', 'Rückgeld   38,66', 'MwSt   Netto   Steuer   Brutto', 'A 19%   22,90   4,36   27,26', 'B 7%   125,31   8,77   134,08',
      'Gesamt   148,21   13,13   161,34', 'Bon-Nr.   6565', '11.06.2021 16:12']);
    expect(v['Line Items']).toEqual([
      { Description: 'Tonerkartusche schwarz', Quantity: 3, 'Unit Price': 7.38, Amount: 22.14 },
      { Description: 'Softwarelizenz', Quantity: 1, 'Unit Price': 5.12, Amount: 5.12 },
      { Description: 'Druckerpapier A4', Quantity: 4, 'Unit Price': 33.52, Amount: 134.08 },
    ]);
    expect([v['Total'], v['Tax']]).toEqual([161.34, 13.13]);
    expect(v['Invoice Number']).toBe('6565');
  });

  it("takes a bill's issuer from its registration small print at the foot, not the customer's window at the top", async () => {
    const lines = ['Votre facture', 'Montant à payer', '134,42 EUR', 'À régler avant le   7 août 2020', 'Acme Corporation Ltd', 'Passeig de Gràcia 12   Date de facture   24 juillet 2020',
      '08007 Barcelona', 'N° de facture   488747707', ...Array.from({ length: 14 }, (_, i) => `Service ${i + 1}   ${(i + 1) * 2},00`), 'Total TTC   134,42 EUR',
      'Transports Moreau SAS', 'SAS au capital de 250 000 € · SIRET 812 345 678 00019 · 21 avenue Foch · 75016 Paris'];
    const v = await valuesOfText('facture-telecom.txt', lines);
    expect(v['Vendor Name']).toBe('Transports Moreau SAS');
  });

  it('reads a summary box whose labels stand under their figures', async () => {
    const v = await valuesOfText('summary.txt', ['Weber Bürobedarf GmbH', 'Leopoldstraße 112                          16.455,60 €',
      '80802 München', '                                            Zu zahlen', '                                            15.379,07 €', 'RECHNUNG',
      '                                            Nettobetrag', '                                            1.076,53 €', '                                            USt. 7 %']);
    expect([v['Total'], v['Tax']]).toEqual([16455.6, 1076.53]);
  });

  it('knows an Italian buyer label and a French due date label', async () => {
    const fattura = await valuesOfText('fattura.txt', ['Tipografia Bianchi S.n.c.       Cessionario', 'Reg. Imprese Torino 0987654   Acme Corporation Ltd',
      'Fattura', 'Fattura n.:   INV-2020380', 'Data fattura:   2020-01-18', 'Totale fattura   1.810,99 €']);
    expect(fattura['Vendor Name']).toBe('Tipografia Bianchi S.n.c.');
    const facture = await valuesOfText('facture.txt', ['Atelier Dupont SARL', 'Facture', 'Date de facture:   10 mars 2019', 'À payer avant le:   9 avril 2019',
      'Total TTC   14 437,04 €']);
    expect(facture['Invoice Date']).toBe('2019-03-10');
    expect(facture['Due Date']).toBe('2019-04-09');
  });

  it('reads a CSV with label/value rows', async () => {
    const file = path.join(dir, 'inv.csv');
    fs.writeFileSync(file, 'Invoice Number,INV-77\nInvoice Date,2024-05-01\nVendor,"Blue Sky, Inc."\nTotal,"1,050.00"\nCurrency,USD\n');
    const { documents } = await processFile(inputFor(file, 'text/csv'));
    const v = valuesOf(documents[0].fields);
    expect(v).toMatchObject({ 'Invoice Number': 'INV-77', 'Invoice Date': '2024-05-01', 'Vendor Name': 'Blue Sky, Inc.', Total: 1050, Currency: 'USD' });
  });

  it('fails cleanly on a corrupt PDF and an unknown type', async () => {
    const bad = path.join(dir, 'bad.pdf');
    fs.writeFileSync(bad, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 7)]));
    await expect(processFile(inputFor(bad, 'application/pdf'))).rejects.toMatchObject({ code: 'PDF_CORRUPT' });
    const unk = path.join(dir, 'blob.bin');
    fs.writeFileSync(unk, Buffer.from([0, 1, 2, 3, 250, 251, 0, 9]));
    const err = await processFile(inputFor(unk, 'application/octet-stream')).catch((e) => e);
    expect(err).toBeInstanceOf(ProcessingError);
    expect(err.code).toBe('UNSUPPORTED_TYPE');
  });
});
