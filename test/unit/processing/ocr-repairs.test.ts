import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { repairNumberTokens } from '../../../src/service/processing/extract/repairs.js';
import { parseDate } from '../../../src/service/processing/parse/dates.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { INVOICE_SCHEMA, valuesOf } from './helpers.js';

// OCR damage a careful clerk reads through: digit look-alikes in numbers with units,
// misread header words, specks read as text, the buyer's name beside its label,
// a misread unit price told by amount / quantity.

function table(rows: string[][]): string {
  const widths = [30, 12, 18, 16];
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i] ?? 0)).join('').trimEnd()).join('\n');
}

function extract(text: string, source: 'ocr' | 'text' = 'ocr') {
  const pages: PageLayout[] = [{ number: 1, width: 600, height: 800, lines: linesFromText(text, 1), source, quality: 0.8 }];
  return valuesOf(extractFields(pages, INVOICE_SCHEMA));
}

describe('digit look-alikes in numbers with units', () => {
  it.each([
    ['Printer paper A4, S00 sheets', 'Printer paper A4, 500 sheets'],
    ['Network cable Sm', 'Network cable 5m'],
    ['Coffee beans Ikg', 'Coffee beans 1kg'],
    ['Coffee beans lkg', 'Coffee beans 1kg'],
  ])('%s -> %s', (text, fixed) => expect(repairNumberTokens(text)).toBe(fixed));

  it.each(['Im Auftrag', 'Is it SO', 'ISO 9001', 'Printer paper Ad, 500 sheets', 'Oil 5l', 'Model S100', 'Business cards (500)'])(
    'leaves words and sound numbers alone: %s',
    (text) => expect(repairNumberTokens(text)).toBe(text),
  );

  it('repairs item descriptions of OCR pages only', () => {
    const doc = (source: 'ocr' | 'text') =>
      extract(`Kabelwerk GmbH      Invoice
${table([['Description', 'Qty', 'Unit Price', 'Amount'], ['Network cable Sm', '2', '10.50', '21.00']])}
Total      21.00`, source);
    expect((doc('ocr')['Line Items'] as Record<string, unknown>[])[0].Description).toBe('Network cable 5m');
    expect((doc('text')['Line Items'] as Record<string, unknown>[])[0].Description).toBe('Network cable Sm');
  });
});

describe('tables on scans', () => {
  it('reads a header word OCR misread by one letter and skips specks between rows', () => {
    const v = extract(`De Vries Logistiek B.V.      Factuur
${table([
  ['Omachrijving', 'Aantal', 'Prijs', 'Totaal'],
  ['Coffee beans 1kg', '1', '261,76', '261,76'],
  ['Laptop stand aluminium', '13', '175,78', '2285,14'],
  ['EEE'],
])}
Subtotaal      2546,90`);
    expect(v['Line Items']).toEqual([
      { Description: 'Coffee beans 1kg', Quantity: 1, 'Unit Price': 261.76, Amount: 261.76 },
      { Description: 'Laptop stand aluminium', Quantity: 13, 'Unit Price': 175.78, Amount: 2285.14 },
    ]);
  });

  it('ends the table at a subtotal label with a speck before it, and skips a ruled line read as letters', () => {
    const lines = linesFromText(`Alpen Software AG      Rechnung
${table([
  ['Beschreibung', 'Menge', 'E-Preis', 'Betrag'],
  ['Design hours', '1', '58,66', '58,66'],
  ['Laptop stand aluminium', '1', '122,54', '122,54'],
  ['Be'],
  ['2Zwischensumme', '181,20'],
])}
Gesamtbetrag      181,20 EUR`, 1);
    // The ruled line under the items spans the table but reads as two letters.
    const rule = lines.find((l) => l.text === 'Be')!;
    rule.cells[0].x1 = rule.cells[0].x0 + 400;
    rule.x1 = rule.cells[0].x1;
    const pages: PageLayout[] = [{ number: 1, width: 600, height: 800, lines, source: 'ocr', quality: 0.8 }];
    const items = valuesOf(extractFields(pages, INVOICE_SCHEMA))['Line Items'] as Record<string, unknown>[];
    expect(items.map((r) => r.Description)).toEqual(['Design hours', 'Laptop stand aluminium']);
  });

  it('tells a misread unit price by the amount divided by the quantity when the items add up', () => {
    const v = extract(`De Vries Logistiek B.V.      Factuur
${table([
  ['Omschrijving', 'Aantal', 'Prijs', 'Totaal'],
  ['Desk lamp LED', '19', '321,11', '6.226,49'],
  ['Coffee beans 1kg', '1', '261,76', '261,76'],
])}
Subtotaal      6.488,25`);
    expect((v['Line Items'] as Record<string, unknown>[])[0]).toMatchObject({ Quantity: 19, 'Unit Price': 327.71, Amount: 6226.49 });
  });
});

describe('labels on scans', () => {
  it('finds a tax whose label OCR garbled and whose decimal mark it lost as total minus subtotal', () => {
    const v = extract(`Alpen Software AG      Rechnung
${table([['Artikel', 'Menge', 'E-Preis', 'Gesamt'], ['Spare parts kit', '1', '148,36', '148,36'], ['Website maintenance', '17', '370,48', '6.298,16']])}
Summe netto      6.446,52
zzgl. 19% USL.      1.22484
Gesamtbetrag      7.671,36 EUR`);
    expect(v.Tax).toBe(1224.84);
    expect(v.Total).toBe(7671.36);
  });

  it('does not take the buyer named beside its label for the vendor', () => {
    const v = extract(`Café Central S.L.      N° Factura : FAC-6079
Facturar a      Initech GmbH
Total a pagar      100,00 EUR`);
    expect(v['Vendor Name']).toBe('Café Central S.L.');
  });

  it('does not read a short label word changed by one letter as another label', () => {
    const v = extract(`Conseil Bernard      N° de facture : 304672
Keizersgracht 112      Date de facture : 2025-11-02
Net à payer      100,00 EUR`);
    expect(v['Invoice Date']).toBe('2025-11-02');
    expect(v['Due Date']).toBeNull();
  });

  it('applies a label\'s exclusions to a fuzzy match too ("Total HT" is not the Dutch "Totaal")', () => {
    const v = extract(`Boulangerie Lefevre      Facture
${table([
  ['Description', 'Qté', 'Prix unitaire', 'Montant'],
  ['Hosting plan', '16', '55,64 €', '890,24 €'],
  ['Design hours', '8', '416,02 €', '3328,16 €'],
])}
Total HT      421840 €
TVA 20 %      843,68€
Montant total      562,08 €`);
    expect(v.Tax).toBe(843.68);
    expect(v.Total).toBe(5062.08);
  });

  it('reads a label OCR cut into two cells, N? for N°, and the value after "N.°"', () => {
    expect(extract(`Brightwater Catering plc
Receipt      No:      955/2024
TOTAL GBP      20,00`)['Invoice Number']).toBe('955/2024');
    expect(extract(`Talleres Martinez S.L.      Factura N.° : INV-2025-5234
Total a pagar      10,00 EUR`)['Invoice Number']).toBe('INV-2025-5234');
    expect(extract(`Atelier Dupont SARL
N?      de facture: INV338541
Total TTC: 10,00 €`)['Invoice Number']).toBe('INV338541');
  });
});

describe('dates on scans', () => {
  it('reads a date whose second separator OCR read as a space, with a four-digit year only', () => {
    expect(parseDate('18.06 2024', 'DMY')).toBe('2024-06-18');
    expect(parseDate('18.06 24', 'DMY')).toBeNull();
  });

  it('reads a month name OCR misread by one letter, only when one month is that close', () => {
    expect(parseDate('12 aodt 2023', 'DMY')).toBe('2023-08-12');
    expect(parseDate('3 sepxember 2024', 'DMY')).toBe('2024-09-03');
    expect(parseDate('12 items 2023', 'DMY')).toBeNull();
  });
});
