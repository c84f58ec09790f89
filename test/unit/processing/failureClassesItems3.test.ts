import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Line-item failure classes of the held-out sets (session 22, issue 15): how tills and invoices print their rows
// when nobody's template is ours. Pages made by hand, with other names and figures (linesFromText: cells two
// spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'ocr'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const items = (lines: string[], source: 'text' | 'ocr' = 'ocr') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA))['Line Items'];

describe('a till\'s count and price of one under the item\'s name', () => {
  const receipt = (rows: string[]) => ['e-RECEIPT', 'Section A: Seller\'s Details', 'Bukoto Corner Shop', 'TIN: 1004455667',
    cells('Issued Date:', '04/05/2022'), 'Section D: Goods & Services Details', cells('Item', '                  Total'), ...rows,
    'Section E: Tax Details', cells('A-Standard (18%) Net', '          31,525'), cells('A-Standard (18%) Tax', '          5,675'),
    'Section F: Summary', cells('Gross Amount:', 'UGX 37,200')];

  it('"3 x 4,500" over nothing under "Item", its amount on the right: the row\'s quantity and price, the name above it', () => {
    const read = items(receipt(['Sunlight Soap 175g', cells('1 x 3,800', '               3,800 A'), 'Kimbo Fat 1kg', cells('3 x 4,500', '               13,500 A'),
      'Ajab Wheat Flour 2kg', cells('x 19,900', '                19,900 A')]));
    expect(read).toEqual([
      { Description: 'Sunlight Soap 175g', Quantity: 1, 'Unit Price': 3800, Amount: 3800 },
      { Description: 'Kimbo Fat 1kg', Quantity: 3, 'Unit Price': 4500, Amount: 13500 },
      { Description: 'Ajab Wheat Flour 2kg', Quantity: 1, 'Unit Price': 19900, Amount: 19900 },
    ]);
  });
});

describe('a line taken for a header with no row under it', () => {
  it('"ITEMS: 3" over "Amounts in TZS" under a till\'s totals does not hide its items above', () => {
    const receipt = ['*** START OF LEGAL RECEIPT ***', 'MSASANI DUKA LA JUMLA', 'TIN: 411-220-903', cells('RECEIPT NO:', '50213'), cells('RECEIPT DATE:', '17-06-2023'),
      'SUGAR KILOMBERO 1KG', cells('2 x 3,200.00', '6,400.00 A'), 'SALT 500G', cells('1 x 700.00', '700.00 A'),
      cells('TOTAL EXCL OF TAX:', '6,016.95'), cells('TOTAL TAX:', '1,083.05'), cells('TOTAL INCL OF TAX:', '7,100.00'), cells('ITEMS:', '                         2'), 'Amounts in TZS',
      'RECEIPT VERIFICATION CODE', '7AB20C19', '*** END OF LEGAL RECEIPT ***'];
    expect(items(receipt)).toEqual([
      { Description: 'SUGAR KILOMBERO 1KG', Quantity: 2, 'Unit Price': 3200, Amount: 6400 },
      { Description: 'SALT 500G', Quantity: 1, 'Unit Price': 700, Amount: 700 },
    ]);
  });
});

describe('a table that prints each row\'s amount under its VAT rate', () => {
  /** Cells in columns: the quantity and name 44 wide, then the price, the exempt, 5 % and 10 % sales, 14 each. */
  const row = (...c: string[]) => c.map((x, k) => x.padEnd(k === 0 ? 44 : 14)).join('').trimEnd();
  const factura = ['Ferretería San Blas S.A.', cells('FACTURA', 'N° 001-002-0045120'), cells('Fecha de emisión: 14/08/2024', 'RUC: 80031122-5'),
    row('Cant. Descripción', 'Precio Unitario', 'Exentas', '5%', '10%'),
    row('3 Tornillo autorroscante caja x100', '25.000', '', '', '75.000'), row('2 Manual de instalación', '40.000', '', '', '80.000'),
    row('        SUBTOTAL', '', '0', '0', '155.000'), cells('TOTAL A PAGAR Gs.', '155.000'),
    cells('LIQUIDACIÓN DEL IVA: (5%) 3.810', '(10%) 6.818', 'TOTAL IVA: 10.628')];

  it('"Exentas  5%  10%" with no amount\'s column: those columns are the amount, the count before the name the quantity', () => {
    expect(items(factura, 'ocr')).toEqual([
      { Description: 'Tornillo autorroscante caja x100', Quantity: 3, 'Unit Price': 25000, Amount: 75000 },
      { Description: 'Manual de instalación', Quantity: 2, 'Unit Price': 40000, Amount: 80000 },
    ]);
  });
});

describe('column names printed one space apart in one cell', () => {
  /** Text placed at given character columns, as a scan's OCR gives a line. */
  const at = (...parts: [number, string][]) => parts.reduce((line, [col, text]) => line.padEnd(col) + text, '');

  it('after specks of a script OCR could not read ("w a Unit Price uuu / Amount (THB)"): the price and the amount', () => {
    const invoice = ['Chao Phraya Facilities Co., Ltd.', 'TAX INVOICE / INVOICE', cells('No. INV202406-0311', 'Date: 12/06/2024'),
      at([0, 'u No. / Description'], [40, 'Qty'], [48, 'w a Unit Price uuu / Amount (THB)']),
      at([0, '1   Security guard service'], [40, '2'], [52, '8,450.00'], [69, '16,900.00']),
      at([0, '2   Website hosting 12 months'], [40, '1'], [52, '3,120.50'], [69, '3,120.50']),
      cells('Sub Total', '20,020.50'), cells('VAT 7%', '1,401.44'), cells('Grand Total', '21,421.94')];
    expect(items(invoice)).toEqual([
      { Description: 'Security guard service', Quantity: 2, 'Unit Price': 8450, Amount: 16900 },
      { Description: 'Website hosting 12 months', Quantity: 1, 'Unit Price': 3120.5, Amount: 3120.5 },
    ]);
  });

  it('"P.Unitario con IVA (Q) Descuentos (Q)": the price with its tax and a discount in the plural, in its currency', () => {
    const factura = ['Librería El Quetzal, S.A.', 'FACTURA', cells('Serie: 7C1D', 'Fecha de emisión: 14/03/2023'),
      at([0, 'Cantidad Descripción'], [48, 'P.Unitario con IVA (Q) Descuentos (Q)'], [90, 'Total (Q)']),
      at([0, '2 Cuaderno universitario 100 hojas'], [50, '24.50'], [71, '0.00'], [90, '49.00']),
      at([0, '1 Tortillas de maíz docena'], [50, '11.25'], [71, '0.00'], [90, '11.25']),
      cells('TOTAL Q', '60.25'), cells('IVA incluido Q', '6.46')];
    expect(items(factura, 'text')).toEqual([
      { Description: 'Cuaderno universitario 100 hojas', Quantity: 2, 'Unit Price': 24.5, Amount: 49 },
      { Description: 'Tortillas de maíz docena', Quantity: 1, 'Unit Price': 11.25, Amount: 11.25 },
    ]);
  });
});

describe('a credit note that prints its counts negative', () => {
  const row = (...c: string[]) => c.map((x, k) => x.padEnd(k === 0 ? 40 : 14)).join('').trimEnd();
  const avoir = (rows: string[]) => ['Papeterie Lambert SARL', '12 rue des Halles, 35000 Rennes', 'AVOIR N° A-2208', 'Date : 09/09/2022',
    'Facture d\'origine : F-2022-1170', row('Désignation', 'Qté', 'P.U. HT', 'Montant HT'), ...rows,
    cells('Total HT', '-142,55'), cells('TVA 20%', '-28,52'), cells('Total TTC', '-171,12')];

  it('a row whose count OCR read without its minus ("3  16,75  -50,25" among "-2  46,15  -92,30") is credited too', () => {
    const read = items(avoir([row('Classeur à levier A4', '-2', '46,15', '-92,30'), row('Câble HDMI 2 m', '3', '16,75', '-50,25')]));
    expect((read as Record<string, unknown>[] | null)?.map((r) => r.Quantity)).toEqual([-2, -3]);
  });

  it('a table that prints only its amounts negative keeps its counts', () => {
    const read = items(avoir([row('Classeur à levier A4', '2', '46,15', '-92,30'), row('Câble HDMI 2 m', '3', '16,75', '-50,25')]));
    expect((read as Record<string, unknown>[] | null)?.map((r) => r.Quantity)).toEqual([2, 3]);
  });
});

describe('a unit\'s price under its currency, its dollar read as an S', () => {
  it('"Unit (HKS)" beside "Qty" is the price, not a second count', () => {
    const row = (...c: string[]) => c.map((x, k) => x.padEnd(k === 0 ? 40 : 14)).join('').trimEnd();
    const bill = ['Dr. Lam Siu Fung Dental Clinic', 'INVOICE', cells('Invoice No', ': INV2003-4410'), cells('Date', ': 11/03/2020'),
      row('Description', 'Qty', 'Unit (HKS)', 'Amount (HKS)'), row('Consultation & examination', '1', '230.00', '230.00'),
      row('Scaling & polishing', '1', '610.00', '610.00'), cells('Total', 'HK$840.00')];
    expect(items(bill)).toEqual([
      { Description: 'Consultation & examination', Quantity: 1, 'Unit Price': 230, Amount: 230 },
      { Description: 'Scaling & polishing', Quantity: 1, 'Unit Price': 610, Amount: 610 },
    ]);
  });
});

describe('a full-width comma OCR put between a price\'s digits', () => {
  it('"2x5，50" under a till\'s item is two at 5,50, and the till\'s list adds up with it', () => {
    const till = ['Café Weidinger', 'Lerchenfelder Gürtel 1, 1160 Wien', 'UID: ATU22334455', cells('Beleg-Nr.', '80512'), cells('Datum', '02.10.2024 09:12'),
      cells('Melange', '3,60 A'), cells('Buttersemmel', '2,20 A'), 'Mineralwasser still', cells('2x3，10', '6,20 A'), 'Zipfer Märzen 0,5', cells('2x5，50', '11,00 A'),
      cells('Summe EUR', '23,00'), cells('Karte kontaktlos', '23,00')];
    expect(items(till)).toEqual([
      { Description: 'Melange', Quantity: 1, 'Unit Price': 3.6, Amount: 3.6 },
      { Description: 'Buttersemmel', Quantity: 1, 'Unit Price': 2.2, Amount: 2.2 },
      { Description: 'Mineralwasser still', Quantity: 2, 'Unit Price': 3.1, Amount: 6.2 },
      { Description: 'Zipfer Märzen 0,5', Quantity: 2, 'Unit Price': 5.5, Amount: 11 },
    ]);
  });
});
