import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes of the seventeenth held-out set (session 23). Pages made by hand, with other names and figures
// (linesFromText: cells two spaces apart, a line every 12 points).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] =>
  [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const field = (pages: PageLayout[], title: string) => extractFields(pages, EVAL_SCHEMA).find((f) => f.title === title)!;

describe('a payment reminder is no invoice', () => {
  const relance = (title: string) => ['Menuiserie Caron SARL', '8 rue Nationale, 37000 Tours', 'Garage Dupuis, 2 avenue de Grammont, 37000 Tours',
    'Tours, le 14/03/2024', title, 'Madame, Monsieur,', 'Sauf erreur de notre part, notre facture n° F24-0311 reste impayée à ce jour.',
    cells('Montant de la facture', '1 204,50 €'), cells('Indemnité forfaitaire pour frais de recouvrement', '40,00 €'), cells('Total à régler', '1 244,50 €'),
    'Veuillez agréer, Madame, Monsieur, nos salutations distinguées.'];
  it('a French "relance", its words run together by OCR or not', () => {
    for (const title of ['RELANCE - FACTURE IMPAYÉE', 'RELANCE-FACTURE IMPAYEE', '2e relance']) expect(classifyDocument(page(relance(title))).type).toBe('other');
  });
  it('a German numbered "Mahnung"', () => {
    const mahnung = ['Dachdeckerei Roth GmbH', 'Bahnhofstraße 4, 79098 Freiburg', 'Freiburg, 02.05.2024', '2. MAHNUNG', 'Sehr geehrte Damen und Herren,',
      cells('Offener Rechnungsbetrag', '860,00 EUR'), cells('Mahngebühr', '5,00 EUR'), cells('Zu zahlender Betrag', '865,00 EUR'), 'Mit freundlichen Grüßen'];
    expect(classifyDocument(page(mahnung)).type).toBe('other');
  });
});

describe('a Honduran factura\'s deadline for issuing under its CAI', () => {
  it('"Fecha límite de emisión" is no issue date', () => {
    const factura = ['Distribuidora El Roble S. de R.L.', 'RTN: 08011999123456', 'CAI: 1B2C3D-4E5F60-718293-A4B5C6-D7E8F9-01',
      'Rango autorizado: 000-001-01-00000001 al 000-001-01-00005000', 'Fecha límite de emisión: 15/11/2024', cells('FACTURA', 'No. 000-001-01-00000412'),
      cells('Fecha: 02/04/2024', 'Condición: Contado'), cells('Cant.', 'Descripción', 'Precio unit.', 'Total'), cells('2', 'Tubo PVC 1/2"', '85.00', '170.00'),
      cells('Importe gravado 15%', 'L. 170.00'), cells('ISV 15%', 'L. 25.50'), cells('Total a pagar', 'L. 195.50')];
    expect(valuesOf(extractFields(page(factura), EVAL_SCHEMA))['Invoice Date']).toBe('2024-04-02');
  });
});

describe('a date OCR ran into garbled words of its own cell', () => {
  it('is not sure: its digits may be misread too', () => {
    // OCR's page read cleanly (quality 1), as the eval's was.
    const note = (line: string): PageLayout[] => [{ number: 1, width: 900, height: 1200, source: 'ocr', quality: 1, lines: linesFromText(['Westfield Creamery plc',
      'Creamery Lane, Shepton Mallet', 'SELF-BILLING INVOICE', 'Supplier: T. Owen & Daughters', 'Supplier VAT Reg No: GB418731830 Supplier account: 40290', line,
      cells('Description', 'Qty', 'Price £', 'Net £'), cells('Milk supplied (litres)', '512', '0.40', '204.80'), cells('Net amount', '204.80'), cells('VAT', '40.96'),
      cells('Total payable to supplier', '245.76')].join('\n'), 1) }];
    const garbled = field(note('Self-bilingInvoceNo: SB41207Tax point: 3/1/2024'), 'Invoice Date');
    expect(garbled.value).toBe('2024-01-03');
    expect(garbled.confidence).toBeLessThan(0.9);
    expect(field(note('Self-billing invoice No: SB41207   Tax point: 3/1/2024'), 'Invoice Date').confidence).toBeGreaterThanOrEqual(0.9);
  });
});
