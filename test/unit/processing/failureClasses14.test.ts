import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes of the fourteenth held-out set (blind for its first read, 2026-11-28, a tuning set since): the banner of
// an East African fiscal till ("*** START OF LEGAL RECEIPT ***", Uganda's "e-RECEIPT") taken for the shop; the currencies
// of Ghana ("GH¢", and a "Ltd" there read as British), Paraguay ("Gs."), Tanzania ("Amounts in Tzs") and the Dominican
// Republic (no sign at all) read as others or none; Ghana's levies between the subtotal and the VAT ("Total (VAT-able)");
// a net amount in thousands ("Net  37,034") read as payment terms "Net 37"; Uganda's "Fiscal Document Number" and the
// Dominican NCF, the receipt's own numbers, passed over; a Dominican "Vence:" due date. Pages made by hand, with other
// names and figures (linesFromText: cells two spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
/** Cells in columns 20 characters wide, as a table prints them. */
const cols = (...c: string[]) => c.map((x) => x.padEnd(20)).join('').trimEnd();
const values = (lines: string[], source: 'text' | 'ocr' = 'text') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA));

const tanzanian = ['*** START OF LEGAL RECEIPT ***', 'MWANGA HARDWARE', 'UHURU STREET, MOSHI', 'TIN: 123-456-789', 'VRN: 40-123456-A',
  cells('RECEIPT NO:', '4417'), cells('RECEIPT DATE:', '03-02-2021'), 'NAILS 3 INCH 1KG', cells('2 x 3,500.00', '7,000.00 A'), 'PAINT WHITE 4L',
  cells('1 x 28,000.00', '28,000.00 A'), cells('TOTAL EXCL OF TAX:', '29,661.02'), cells('TOTAL TAX:', '5,338.98'), cells('TOTAL INCL OF TAX:', '35,000.00'),
  cells('CASH:', '40,000.00'), 'Amounts in Tzs', '*** END OF LEGAL RECEIPT ***'];
const ugandan = [`${' '.repeat(30)}e-RECEIPT`, "Section A: Seller's Details", 'Nakawa Fresh Foods', 'TIN: 1001234567', 'Jinja Road, Kampala', 'Section B: URA Information',
  cells('Issued Date:', '05/03/2022'), cells('Device Number:', 'TCS1234567890'), 'Fiscal Document Number:', '  123456789012345678', cells('Verification Code:', '11223344556677889900'),
  'Section D: Goods & Services Details', cells('Sugar 2kg', '9,000 A'), cells('Rice 5kg', '25,000 A'), 'Section E: Tax Details',
  cells('A-Standard (18%) Net', '28,814'), cells('A-Standard (18%) Tax', '5,186'), 'Section F: Summary', cells('Net Amount:', '28,814'), cells('Tax Amount:', '5,186'), cells('Gross Amount:', 'UGX 34,000')];

describe('an East African fiscal till\'s receipt', () => {
  it('its banner ("*** START OF LEGAL RECEIPT ***", "e-RECEIPT") is not the shop', () => {
    expect(values(tanzanian, 'ocr')['Vendor Name']).toBe('MWANGA HARDWARE');
    expect(values(ugandan, 'ocr')['Vendor Name']).toBe('Nakawa Fresh Foods');
  });

  it('"Amounts in Tzs" are Tanzanian shillings', () => {
    expect(values(tanzanian, 'ocr').Currency).toBe('TZS');
  });

  it('Uganda\'s "Fiscal Document Number" is the receipt\'s, and a net amount in thousands is no payment term', () => {
    const v = values(ugandan, 'ocr');
    expect(v['Invoice Number']).toBe('123456789012345678');
    expect(v['Due Date']).toBeNull();
  });
});

describe('a Ghanaian VAT invoice with its levies', () => {
  const invoice = (currency: string) => ['ASHANTI TOOLS CO. LTD', 'P.O. Box KS 55, Adum', 'TIN: C0012345678', 'TAX INVOICE', cells('Invoice No:', '50117'), cells('Date:', '12/03/2023'),
    cols('S/N', 'DESCRIPTION', 'UNIT PRICE', 'QTY', `AMOUNT ${currency}`.trim()), cols('1', 'Wheelbarrow', '850.00', '2', '1,700.00'), cols('2', 'Shovel', '120.00', '5', '600.00'),
    cells('Sub Total', '2,300.00'), cells('NHIL (2.5%)', '57.50'), cells('GETFund Levy (2.5%)', '57.50'), cells('COVID-19 HRL (1%)', '23.00'),
    cells('Total (VAT-able)', '2,438.00'), cells('VAT (12.5%)', '304.75'), cells(`TOTAL PAYABLE ${currency}`.trim(), '2,742.75')];

  it('the VAT is charged on the total with the levies: that is the subtotal', () => {
    const v = values(invoice('(GH¢)'));
    expect(v.Subtotal).toBe(2438);
    expect(v.Tax).toBe(304.75);
  });

  it('"GH¢" is the cedi; so is a "Ltd"\'s currency where its levies place it in Ghana, its sign lost', () => {
    expect(values(invoice('(GH¢)')).Currency).toBe('GHS');
    expect(values(invoice('')).Currency).toBe('GHS');
  });
});

describe('Paraguayan and Dominican facturas', () => {
  it('"Gs." is the guaraní; a Timbrado places a factura in Paraguay, not Spain', () => {
    const factura = (total: string) => [cells('Ferreteria San Roque S.A.', 'TIMBRADO N° 12345678'), cells('Calle Palma 12', 'RUC: 80012345-6'), 'FACTURA', 'N° 001-001-0012345',
      cells('Fecha de emisión: 03/04/2024', 'Condición de venta: Contado'), cols('Cant. Descripción', 'Precio Unitario', '10%'), cols('2 Martillo', '45.000', '90.000'),
      cells(total, '90.000'), cells('LIQUIDACIÓN DEL IVA: (10%) 8.182', 'TOTAL IVA: 8.182')];
    expect(values(factura('TOTAL A PAGAR Gs.')).Currency).toBe('PYG');
    expect(values(factura('TOTAL A PAGAR')).Currency).toBe('PYG');
  });

  it('a Dominican factura: its NCF is its number, "Vence:" its due date, its RNC and ITBIS place it', () => {
    const factura = [cells('Materiales del Yaque, SRL'), 'RNC: 1-01-23456-7', 'Av. Duarte No. 45, Santiago', cells('FACTURA DE CRÉDITO FISCAL', 'NCF: B0100001234'),
      'Fecha: 10/06/2022', 'Condición: Crédito 30 días', 'Vence: 10/07/2022', 'Cliente: Colmado Luz', cols('CANT.', 'DESCRIPCIÓN', 'PRECIO', 'ITBIS', 'VALOR'),
      cols('3', 'Varilla 3/8', '400.00', '216.00', '1,200.00'), cells('SUBTOTAL', '1,200.00'), cells('ITBIS 18%', '216.00'), cells('TOTAL', '1,416.00')];
    const v = values(factura);
    expect(v['Invoice Number']).toBe('B0100001234');
    expect(v['Due Date']).toBe('2022-07-10');
    expect(v.Currency).toBe('DOP');
  });
});
