import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { documentOrder } from '../../../src/service/processing/parse/dates.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes of the ninth held-out set's families (read since 2026-11-28): a printed Mexican CFDI, Portuguese
// faturas, Irish solicitors' fee notes. Reproduced on pages of other names and figures, made by hand
// (linesFromText: cells two spaces apart, columns by their characters' positions).

const page = (lines: string[]): PageLayout[] => [{ number: 1, width: 900, height: 1200, source: 'text', quality: 1, lines: linesFromText(lines.join('\n'), 1) }];
const read = (lines: string[]) => valuesOf(extractFields(page(lines), EVAL_SCHEMA));

describe("a solicitor's fee note", () => {
  it('"Fee Note No." labels its number', () => {
    const v = read([
      'Brennan Keogh Solicitors LLP',
      '12 Merchants Quay  |  Limerick V94 K2XE',
      'Mr. Padraig Walsh      Fee Note No.      48213',
      '7 Ashgrove Lawn        Date              14 March 2022',
      'FEE NOTE',
      'Professional fees      €1,200.00',
      'VAT @ 23%              €276.00',
      'Total this Fee Note    €1,476.00',
    ]);
    expect(v['Invoice Number']).toBe('48213');
  });
});

describe('a printed CFDI', () => {
  // The totals block beside the payment's terms, its labels under the items' quantity column.
  const cfdi = [
    'Servicios Contables del Bajio, S.A. de C.V.',
    'RFC: SCB150312AB1',
    'FACTURA N0.SCB-7731      Fecha y hora de emision:      09/11/2023 10:12:40',
    'Clave       Descripcion                          Unidad     Cant.      P. Unitario      Importe',
    '84111500    Auditoria de estados financieros     E48        1          12,500.00        12,500.00',
    '84111600    Declaracion anual                    E48        1          2,000.00         2,000.00',
    'Moneda: MXN - Peso mexicano                                 Subtotal                    $14,500.00',
    'Forma de pago: 03 - Transferencia                           IVA Trasladado 16%          $2,320.00',
    'Metodo de pago: PUE                                         Total                       $16,820.00',
  ];

  it('reads the subtotal and the tax beside the terms, and no totals line as an item', () => {
    const v = read(cfdi);
    expect(v['Subtotal']).toBe(14500);
    expect(v['Tax']).toBe(2320);
    expect(v['Total']).toBe(16820);
    expect((v['Line Items'] as unknown[]).length).toBe(2);
  });

  it('a "No." OCR read "N0." leaves no zero before the number', () => {
    expect(read(cfdi)['Invoice Number']).toBe('SCB-7731');
  });

  it('a bare "$" on a Mexican page is pesos: its dates are day first', () => {
    expect(read(cfdi)['Invoice Date']).toBe('2023-11-09');
    expect(documentOrder('Moneda: MxN - Peso mexicano\nRFC: SCB150312AB1\nFecha: 09/11/2023\nTotal $16,820.00').order).toBe('DMY');
    // A US page keeps month first.
    expect(documentOrder('Acme Tools Inc.\nDate: 09/11/2023\nTotal $16,820.00').order).toBe('MDY');
  });
});

describe('a Portuguese fatura', () => {
  it('"Total documento" is an amount, not the document\'s number', () => {
    const v = read([
      'Frigotecnia do Minho, Lda.',
      'FATURA  Original',
      'Nomero         Data de emissao      Condicoes de pagamento',
      'FT A3/5512     03/05/2021           30 dias',
      'Descricao                      Qtd.     Preco unit.     Valor',
      'Manutencao de camara fria      2        85,00           170,00',
      'Total iliquido      170,00 EUR',
      'IVA 23%              39,10 EUR',
      'Total documento     209,10 EUR',
    ]);
    expect(v['Invoice Number']).toBe('FT A3/5512');
  });
});

describe('a Gulf tax invoice', () => {
  it('"Payment Due Date:" labels the due date (a label no longer than "Payment Due" once hid it)', () => {
    const v = read([
      'Tax Invoice',
      'Invoice Number:      INV-2023-004417',
      'Invoice Issue Date:  14-Mar-2023',
      'Payment Due Date:    13-Apr-2023',
      'Seller               Buyer',
      'Gulf Office Supplies LLC     Marina Dental Clinic',
      'Total (Excluding VAT)    1,000.00 AED',
      'Total VAT 5%             50.00 AED',
      'Total Amount Due         1,050.00 AED',
    ]);
    expect(v['Due Date']).toBe('2023-04-13');
  });
});

describe("a US law firm's invoice", () => {
  it('"P.C." (a professional corporation) names the firm above the client\'s "Inc."', () => {
    const v = read([
      'Whitcombe, Reyes & Associates, P.C.',
      '1200 Market Street, Suite 900  |  Denver, CO 80202',
      'Tel. (303) 555-0142  Tax ID 84-1234567',
      'Cascade Outdoor Partners,Inc.     Invoice No.      318844',
      'Attn: General Counsel             Invoice Date     March 3, 2021',
      '900 Pine Road                     Matter No.       41120-0031',
      'INVOICE',
      'Date          Description                          Hours     Rate       Amount',
      '02/11/2021    Review of supply agreement           2.00      300.00     600.00',
      'Total fees for this matter      $600.00',
      'Total amount due                $600.00',
    ]);
    expect(v['Vendor Name']).toBe('Whitcombe, Reyes & Associates, P.C.');
  });
});
