import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes of the fifteenth held-out set (blind for its first read, 2026-11-28, a tuning set since). Pages made
// by hand, with other names and figures (linesFromText: cells two spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const cols = (...c: string[]) => c.map((x) => x.padEnd(20)).join('').trimEnd();
const values = (lines: string[], source: 'text' | 'ocr' = 'text') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA));

const costaRican = ['Comercializadora Volcán Poás S.A.', 'Cédula Jurídica: 3-101-654321', 'Cartago, Paraíso, 100 m norte del mercado', 'FACTURA ELECTRÓNICA',
  'Clave: 50612042300310165432100100002010000456789112345678', 'Consecutivo: 00100002010000456789', 'Fecha de emisión: 12/04/2023 10:15', 'Condición de venta: Contado   Medio de pago: Efectivo',
  'Moneda: CRC', cols('Código', 'Cant.', 'Descripción', 'Precio Unit.', 'Monto Total'), cols('1234567890123', '2', 'Arroz Tío Pelón 2 kg', '2,100.00', '4,200.00'),
  cols('2345678901234', '1', 'Frijoles negros 1 kg', '1,800.00', '1,800.00'), cells('Total Mercancías Gravadas', '6,000.00'), cells('Total Exento', '0.00'), cells('Total Venta', '6,000.00'),
  cells('Total Descuentos', '0.00'), cells('Total Venta Neta', '6,000.00'), cells('Total Impuesto', '780.00'), cells('Total Comprobante CRC', '6,780.00')];

const guatemalan = ['FERRETERIA LA ANTIGUA', 'Ferretería La Antigua, S.A.', 'NIT Emisor: 1234567-K', '7a. Avenida 3-21 Zona 4, Guatemala', 'DOCUMENTO TRIBUTARIO ELECTRÓNICO', 'FACTURA',
  cells('Serie: 9A1B2C3D', 'Fecha y hora de emisión: 05/06/2024 09:12:33'), cells('Número DTE: 2233445566', 'Moneda: GTQ'), 'Número de Autorización:', '9A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D',
  cols('#', 'Cantidad', 'Descripción', 'P. Unitario con IVA (Q)', 'Total (Q)'), cols('1', '2', 'Martillo de uña', '56.00', '112.00'), cols('2', '1', 'Cinta métrica 5 m', '44.00', '44.00'),
  'Impuestos:', 'Línea 1  IVA 12.00', 'Línea 2  IVA 4.71', cells('Descuentos Q', '0.00'), cells('TOTAL Q', '156.00'), cells('IVA incluido Q', '16.71')];
const trinidadian = ['Caroni Telecom Limited', 'P.O. Box 77, San Fernando, Trinidad and Tobago  VAT Reg. No. 654321', 'MS. KAREN BOODRAM', '9 Coffee Street, San Fernando',
  cells('Account Number', '123-456789'), cells('Bill Number', '5566778899'), cells('Bill Date', '14 Mar 2024'), cells('Billing Period', '01 Mar 2024 - 28 Mar 2024'), cells('Payment Due Date', '28 Mar 2024'),
  'ACCOUNT SUMMARY', cells('Previous Balance', '310.00'), cells('Payments Received - Thank You', '-310.00'), cells('Balance Brought Forward', '0.00'), cells('Current Charges', '337.50'),
  cells('Total Amount Due (TTD)', 'TT$337.50'), 'CURRENT CHARGES', cols('Description', 'Qty', 'Rate', 'Amount (TT$)'), cols('Home Fibre 100 Mbps', '1', '300.00', '300.00'),
  cells('Total Charges before VAT', '300.00'), cells('VAT 12.5%', '37.50'), cells('Total Current Charges', '337.50'), 'Caroni Telecom Limited  -  Bill Number 5566778899  -  Page 2 of 2',
  'ITEMISED CALLS OUTSIDE PLAN', cols('Date', 'Time', 'Number Called', 'Minutes', 'Amount'), cols('03 Mar 2024', '10:12', '1-868-555-0101', '3', '0.00')];

describe('a Costa Rican electronic invoice', () => {
  it('its 20-digit "Consecutivo" is its number, "Total Venta Neta" its subtotal, "Total Comprobante" its total, in colones', () => {
    const v = values(costaRican);
    expect(v['Invoice Number']).toBe('00100002010000456789');
    expect(v.Subtotal).toBe(6000);
    expect(v.Total).toBe(6780);
    expect(v.Tax).toBe(780);
    expect(v.Currency).toBe('CRC');
  });
  it('its "Cédula Jurídica" places it in Costa Rica when no code is printed', () => {
    expect(values(costaRican.filter((l) => !l.startsWith('Moneda'))).Currency).toBe('CRC');
  });
});

describe('a Guatemalan FEL invoice', () => {
  it('its "Número DTE" is its number, not the authorisation UUID; its tax the "IVA incluido", not a line\'s IVA', () => {
    const v = values(guatemalan);
    expect(v['Invoice Number']).toBe('2233445566');
    expect(v.Tax).toBe(16.71);
    expect(v.Total).toBe(156);
    expect(v.Currency).toBe('GTQ');
  });
});

describe('a Caribbean telco bill', () => {
  it('"TTD" / "TT$" and "JMD" / "J$" are the Trinidadian and Jamaican dollars', () => {
    expect(values(trinidadian).Currency).toBe('TTD');
    const jamaican = trinidadian.map((l) => l.replace(/TTD/g, 'JMD').replace(/TT\$/g, 'J$').replace('Trinidad and Tobago', 'Kingston, Jamaica'));
    expect(values(jamaican).Currency).toBe('JMD');
    expect(values(jamaican.map((l) => l.replace('(JMD)', ''))).Currency).toBe('JMD');
  });
  it('its Bill Number in the footer, a dash glued to it by OCR ("Bill Number 5566778899- Page 2 of 2"), is read without the dash', () => {
    const ocr = trinidadian.map((l) => l.replace(/^Bill Number/, 'Bili Number').replace('5566778899  -  Page', '5566778899- Page'));
    expect(values(ocr, 'ocr')['Invoice Number']).toBe('5566778899');
  });
});

describe('a West African facture', () => {
  it('"FCFA" and "F CFA" are the CFA franc (XOF)', () => {
    const facture = ['ETS KOUASSI ET FILS', 'Rue du Commerce, Abidjan', 'RCCM : CI-ABJ-2022-B-12345   NCC : 1234567 A', 'FACTURE N° FAC-2022-0042', 'Date : 12/05/2022',
      cols('Désignation', 'Qté', 'P.U.', 'Montant'), cols('Ciment 50 kg', '10', '5 000', '50 000'), cells('Total HT', '50 000 FCFA'), cells('TVA 18 %', '9 000 FCFA'), cells('Total TTC', '59 000 FCFA')];
    expect(values(facture).Currency).toBe('XOF');
    expect(values(facture.map((l) => l.replace('FCFA', 'F CFA'))).Currency).toBe('XOF');
  });
});

describe('a Thai tax invoice read by OCR', () => {
  it('its number glued to the label\'s point ("/No.INV202505-2538") is read', () => {
    const thai = ['Chao Phraya Trading Co., Ltd.', '88/9 Sukhumvit Road, Bangkok 10110', '/Tax ID:0105561234567      / Head Office', 'TAX INVOICE / INVOICE',
      cells('/ Customer:', '/No.INV202406-0042'), cells('Siam Paragon Retail Co., Ltd.', '/ Date: 14/06/2024'), cells('/ Sub Total', '10,000.00'), cells('/ VAT 7%', '700.00'), cells('/ Grand Total', '10,700.00')];
    expect(values(thai, 'ocr')['Invoice Number']).toBe('INV202406-0042');
  });
});
