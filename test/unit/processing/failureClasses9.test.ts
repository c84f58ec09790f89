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
