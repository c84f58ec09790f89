import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Line-item classes found on the tuning sets' failures in session 14, reproduced on pages of other names
// and figures, made by hand (linesFromText: cells two spaces apart, six units a character, lines 12 units apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.8, lines: linesFromText(lines.join('\n'), 1) }];
const items = (lines: string[], source: 'text' | 'ocr' = 'text') => {
  const got = valuesOf(extractFields(page(lines, source), EVAL_SCHEMA))['Line Items'] as Array<Record<string, unknown>> | null;
  return got?.map((r) => [r.Description, r.Quantity, r['Unit Price'], r.Amount]) ?? null;
};
/** A line with each text starting at its character column. */
const at = (...parts: Array<[number, string]>) => parts.reduce((s, [col, text]) => s.padEnd(col) + text, '');

describe('a credit note whose scan lost a row\'s quantity', () => {
  it('counts one where the negative amount is the price, and the ratio where it is a multiple', () => {
    expect(items([
      'Nordhavn Kontorsmaterial AB', 'KREDITFAKTURA', at([50, 'Kreditnota nr'], [66, 'KR-20931']), at([50, 'Datum'], [66, '2021-06-14']),
      at([0, 'Artikelnr'], [12, 'Benämning'], [44, 'Antal'], [54, 'À-pris'], [68, 'Belopp']),
      at([0, '551203'], [12, 'Pappersmuggar 50 st'], [55, '63,40'], [68, '-63,40']),
      at([0, '551877'], [12, 'Whiteboardpennor 4-pack'], [44, '3'], [55, '41,25'], [68, '-123,75']),
      at([0, '552040'], [12, 'Skrivblock linjerat A5'], [55, '18,90'], [68, '-94,50']),
      at([44, 'Summa exkl. moms'], [68, '-281,65']),
      at([44, 'Moms 25 %'], [68, '-70,41']),
      at([44, 'Att betala'], [68, '-352,06 SEK']),
    ], 'ocr')).toEqual([['Pappersmuggar 50 st', 1, 63.4, -63.4], ['Whiteboardpennor 4-pack', 3, 41.25, -123.75], ['Skrivblock linjerat A5', 5, 18.9, -94.5]]);
  });
});

describe('a discount column whose header OCR misread', () => {
  it('"Dese. %" for "Desc. %": the price is the one before the discount, the amount after it', () => {
    expect(items([
      'Ferragens do Douro, Lda.', 'FATURA', at([50, 'Documento'], [64, 'FT 2022/884']), at([50, 'Data'], [64, '09/03/2022']),
      at([0, 'Descricao'], [34, 'Preco Unit.'], [48, 'Qtd.'], [56, 'Dese. %'], [66, 'IVA'], [74, 'Valor']),
      at([0, 'Luvas de nitrilo caixa 100'], [35, '12,60'], [48, '4'], [57, '10,00'], [66, '23%'], [75, '45,36']),
      at([0, 'Fita adesiva 48 mm'], [36, '3,15'], [48, '20'], [57, '5,00'], [66, '23%'], [75, '59,85']),
      at([0, 'Martelo de unha 500 g'], [35, '18,00'], [48, '1'], [57, '0,00'], [66, '23%'], [75, '18,00']),
      at([50, 'Total s/ IVA'], [75, '123,21']),
      at([50, 'Total IVA'], [75, '28,34']),
      at([50, 'TOTAL (EUR)'], [74, '151,55']),
    ], 'ocr')).toEqual([['Luvas de nitrilo caixa 100', 4, 12.6, 45.36], ['Fita adesiva 48 mm', 20, 3.15, 59.85], ['Martelo de unha 500 g', 1, 18, 18]]);
  });
});

describe('a Mexican CFDI', () => {
  it('leaves the tax lines under each concept out of its name, and ends at the subtotal beside the payment terms', () => {
    expect(items([
      'FERRETERA DEL BAJIO SA DE CV', 'FACTURA', at([50, 'Serie y folio'], [66, 'FB-11873']), at([50, 'Fecha de emision'], [66, '2022-08-19T09:12:44']),
      at([0, 'Clave SAT'], [12, 'Cant.'], [20, 'Unidad'], [30, 'Descripcion'], [72, 'Valor unitario'], [90, 'Importe']),
      at([0, '31161700'], [13, '40'], [20, 'H87'], [30, 'Tuerca hexagonal 1/2 zincada'], [74, '$12.75'], [90, '$510.00']),
      at([30, 'Objeto de impuesto: 02 - Si objeto de impuesto  Traslado IVA 0.160000']),
      at([0, '46171500'], [13, '2'], [20, 'H87'], [30, 'Candado de laton 50 mm'], [73, '$189.40'], [90, '$378.80']),
      at([30, 'Objeto de impuesto: 02 - Si objeto de impuesto  Traslado IVA 0.160000']),
      at([0, 'Moneda: MXN Forma de pago: 03 - Transferencia'], [60, 'Subtotal'], [90, '$888.80']),
      at([0, 'Metodo de pago: PUE'], [60, 'IVA Trasladado 16%'], [90, '$142.21']),
      at([60, 'Total'], [90, '$1,031.01']),
    ], 'ocr')).toEqual([['Tuerca hexagonal 1/2 zincada', 40, 12.75, 510], ['Candado de laton 50 mm', 2, 189.4, 378.8]]);
  });
});
