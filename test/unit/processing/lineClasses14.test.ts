import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
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

/** A line of cells at [x0, text] between y0 and y1 (a scan's line, placed by hand: six units a character). */
const placed = (y0: number, y1: number, ...cells: Array<[number, string]>): Line => {
  const cs = cells.map(([x0, text]) => ({ text, x0, x1: x0 + 6 * text.length }));
  return { text: cs.map((c) => c.text).join(' '), cells: cs, x0: cs[0]!.x0, x1: cs[cs.length - 1]!.x1, y0, y1, page: 1 };
};
const placedItems = (lines: Line[]) => {
  const pages: PageLayout[] = [{ number: 1, width: 900, height: 1200, source: 'ocr', quality: 0.8, lines }];
  const got = valuesOf(extractFields(pages, EVAL_SCHEMA))['Line Items'] as Array<Record<string, unknown>> | null;
  return got?.map((r) => [r.Description, r.Quantity, r['Unit Price'], r.Amount]) ?? null;
};
const top = [placed(20, 34, [40, 'Harbourside Studio LLC']), placed(40, 54, [40, 'INVOICE']), placed(60, 74, [500, 'Invoice #'], [600, '2024-117'])];

describe('a scan whose right-hand side sank: each name a little above its own figures', () => {
  it('joins a name to the figures under it, a name\'s column word ("product") in a row\'s name no header', () => {
    expect(placedItems([...top,
      placed(100, 114, [40, 'Description']), placed(108, 122, [450, 'Qty'], [550, 'Rate'], [650, 'Amount']),
      placed(130, 144, [40, 'Product shots, catalogue']), placed(138, 152, [450, '12'], [550, '85.00'], [650, '1,020.00']),
      placed(154, 168, [40, 'Retouching per image']), placed(162, 176, [452, '40'], [552, '6.50'], [652, '260.00']),
      placed(178, 192, [40, 'Studio hire (half day)']), placed(186, 200, [454, '1'], [550, '350.00'], [652, '350.00']),
      placed(220, 234, [450, 'Total'], [646, '$1,630.00']),
    ])).toEqual([['Product shots, catalogue', 12, 85, 1020], ['Retouching per image', 40, 6.5, 260], ['Studio hire (half day)', 1, 350, 350]]);
  });

  it('a name overlapping its figures as much as the next name does goes with them, as the row above did', () => {
    expect(placedItems([...top,
      placed(100, 114, [40, 'Description']), placed(108, 122, [450, 'Qty'], [550, 'Rate'], [650, 'Amount']),
      placed(130, 144, [40, 'Site survey']), placed(138, 152, [450, '3'], [550, '120.00'], [650, '360.00']),
      placed(148, 162, [40, 'Drainage plan revision']), placed(153, 167, [452, '1'], [550, '410.00'], [652, '410.00']),
      placed(158, 172, [40, 'Planning application fee']), placed(165, 179, [452, '1'], [550, '95.00'], [654, '95.00']),
      placed(220, 234, [450, 'Total'], [646, '$865.00']),
    ])).toEqual([['Site survey', 3, 120, 360], ['Drainage plan revision', 1, 410, 410], ['Planning application fee', 1, 95, 95]]);
  });
});

describe('a Hungarian számla read by OCR', () => {
  it('splits "Me.e.Netto egységár" run together after the period: a count OCR joined to its unit ("3h6") is no price', () => {
    expect(items([
      'SZAMLA', 'Szamla sorszama: SZ-2023/0412', 'Elado', 'Duna-Part Szerviz Kft.',
      at([0, 'Megnevezes'], [40, 'Menny.'], [48, 'Me.e.Netto egysegar'], [70, 'Netto ertek'], [84, 'AFA %'], [92, 'AFA ertek'], [104, 'Brutto ertek']),
      at([0, 'Szerver karbantartas havidij'], [47, '3h6'], [56, '84 500'], [70, '253 500'], [85, '27%'], [92, '68 445'], [105, '321 945']),
      at([0, 'Helyszini hibaelharitas'], [41, '116ra'], [58, '13440'], [70, '147 840'], [85, '27%'], [92, '39 917'], [105, '187 757']),
      at([0, 'Patch kabel Cat6 2 m'], [41, '40 db'], [59, '1 150'], [71, '46 000'], [85, '27%'], [92, '12 420'], [106, '58 420']),
      'AFA osszesito',
      at([0, 'AFA kulcs'], [20, 'Netto'], [40, 'AFA'], [60, 'Brutto']),
      at([0, '27%'], [20, '447 340'], [40, '120 782'], [60, '568 122']),
      at([0, 'Fizetendo:'], [60, '568 122 Ft']),
    ], 'ocr')).toEqual([['Szerver karbantartas havidij', 3, 84500, 253500], ['Helyszini hibaelharitas', 11, 13440, 147840], ['Patch kabel Cat6 2 m', 40, 1150, 46000]]);
  });
});

