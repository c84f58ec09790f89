import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Line-item classes of the seventh held-out set's families (a tuning set since 2026-11-27 evening),
// reproduced on pages of other names and figures, made by hand (linesFromText: cells two spaces apart,
// six units a character, lines 12 units apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.8, lines: linesFromText(lines.join('\n'), 1) }];
const items = (lines: string[], source: 'text' | 'ocr' = 'text') => {
  const got = valuesOf(extractFields(page(lines, source), EVAL_SCHEMA))['Line Items'] as Array<Record<string, unknown>> | null;
  return got?.map((r) => [r.Description, r.Quantity, r['Unit Price'], r.Amount]) ?? null;
};
const cells = (...c: string[]) => c.join('      ');
/** A line with each text starting at its character column. */
const at = (...parts: Array<[number, string]>) => parts.reduce((s, [col, text]) => s.padEnd(col) + text, '');

describe('a Turkish e-Fatura table', () => {
  // Its header's names stand over three lines packed tight, "Birim" over "Fiyat" beside "Miktar" alone.
  const head = [
    at([48, 'Birim'], [58, 'Iskonto'], [70, 'Iskonto'], [110, 'Mal']),
    at([0, 'Sira No'], [9, 'Mal Hizmet'], [38, 'Miktar'], [82, 'KDV Orani'], [95, 'KDV Tutari']),
    at([48, 'Fiyat'], [58, 'Orani'], [70, 'Tutari'], [106, 'Hizmet Tutari']),
  ];
  const row = (n: string, name: string, qty: string, price: string, vat: string, amount: string) =>
    at([0, n], [9, name], [37, qty], [46, price], [59, '%0,00'], [70, '0,00 TL'], [84, '%20'], [95, vat], [106, amount]);

  it('reads rows under names printed over three lines, "TL" after every amount', () => {
    expect(items([
      'Demirci Hirdavat Ltd. Sti.', 'e-Fatura', at([60, 'Fatura No:'], [80, 'DHR2024000000451']), at([60, 'Fatura Tarihi:'], [80, '14-03-2024']),
      '', ...head,
      row('1', 'Vida Seti 200 Parca', '6 Adet', '145,00 TL', '174,00 TL', '870,00 TL'),
      row('2', 'Matkap Ucu Takimi', '2 Takim', '612,50 TL', '245,00 TL', '1.225,00 TL'),
      at([60, 'Mal Hizmet Toplam Tutari'], [106, '2.095,00 TL']),
      at([60, 'Hesaplanan KDV(%20)'], [106, '419,00 TL']),
      at([60, 'Vergiler Dahil Toplam Tutar'], [106, '2.514,00 TL']),
    ])).toEqual([['Vida Seti 200 Parca', 6, 145, 870], ['Matkap Ucu Takimi', 2, 612.5, 1225]]);
  });

  it('and a table of one row ends at its totals box', () => {
    expect(items([
      'Demirci Hirdavat Ltd. Sti.', 'e-Fatura', at([60, 'Fatura No:'], [80, 'DHR2024000000452']),
      '', ...head,
      row('1', 'Kaynak Makinesi', '1 Adet', '4.350,00 TL', '870,00 TL', '4.350,00 TL'),
      at([60, 'Mal Hizmet Toplam Tutari'], [106, '4.350,00 TL']),
      at([60, 'Toplam Iskonto'], [106, '0,00 TL']),
      at([60, 'Hesaplanan KDV(%20)'], [106, '870,00 TL']),
      at([60, 'Odenecek Tutar'], [106, '5.220,00 TL']),
    ])).toEqual([['Kaynak Makinesi', 1, 4350, 4350]]);
  });
});

describe('a Brazilian DANFE product grid', () => {
  it('reads the product code apart from the description, quantities to four decimals nearer the price, names over two lines', () => {
    expect(items([
      'DANFE', 'Nº 000.204.118', 'DADOS DOS PRODUTOS / SERVIÇOS',
      at([0, 'CÓDIGO PRODUTO DESCRIÇÃO DO PRODUTO / SERVIÇO'], [52, 'NCM/SH'], [60, 'CST'], [65, 'CFOP'], [71, 'UN'], [75, 'QUANT'], [89, 'VALOR UNIT'], [101, 'VALOR TOTAL'], [114, 'VALOR ICMS']),
      at([0, 'K20411'], [9, 'PARAFUSO ALLEN INOX M6 X 20'], [52, '73181500'], [60, '000'], [65, '5102'], [71, 'PC'], [83, '8,0000'], [92, '12,5000'], [105, '100,00'], [116, '12,00']),
      at([0, 'B77310'], [9, 'BROCA ACO RAPIDO 8MM'], [52, '82075011'], [60, '000'], [65, '5102'], [71, 'UN'], [80, '15,0000'], [92, '4,2000'], [107, '63,00'], [117, '7,56']),
      at([9, 'CAIXA COM 10']),
      'DADOS ADICIONAIS',
    ])).toEqual([['PARAFUSO ALLEN INOX M6 X 20', 8, 12.5, 100], ['BROCA ACO RAPIDO 8MM CAIXA COM 10', 15, 4.2, 63]]);
  });
});

describe('a UK energy bill', () => {
  it('reads energy at a pence rate per kWh and a standing charge per day, the period under each', () => {
    expect(items([
      'Northfield Energy', 'Bill number  77120043', 'Your electricity charges',
      cells('Energy used', '842 kWh', 'x 26.115p', '£219.89'),
      '  1 Feb 2024 - 29 Feb 2024',
      cells('Standing charge', '29 days', 'x 53.35p per day', '£15.47'),
      '  1 Feb 2024 - 29 Feb 2024',
      cells('Electricity charges before VAT', '£235.36'),
      cells('VAT at 5%', '£11.77'),
      cells('Total electricity charges', '£247.13'),
    ])).toEqual([['Energy used 1 Feb 2024 - 29 Feb 2024', 842, 0.26115, 219.89], ['Standing charge 1 Feb 2024 - 29 Feb 2024', 29, 0.5335, 15.47]]);
  });

  it('with the period in the name, gas after electricity once the electricity total is printed', () => {
    expect(items([
      'Northfield Energy', 'Your electricity charges',
      cells('Energy used (02/03/22 - 31/03/22)', '300 kWh', 'x 28.34p', '£85.02'),
      cells('Electricity charges before VAT', '£85.02'), cells('VAT at 5%', '£4.25'), cells('Total electricity charges', '£89.27'),
      'Your gas charges',
      cells('Energy used (02/03/22 - 31/03/22)', '1,210 kWh', 'x 7.37p', '£89.18'),
      cells('Standing charge (02/03/22 - 31/03/22)', '30 days', 'x 27.22p per day', '£8.17'),
      cells('Gas charges before VAT', '£97.35'), cells('VAT at 5%', '£4.87'), cells('Total gas charges', '£102.22'),
    ])).toEqual([['Energy used (02/03/22 - 31/03/22)', 300, 0.2834, 85.02], ['Energy used (02/03/22 - 31/03/22)', 1210, 0.0737, 89.18],
      ['Standing charge (02/03/22 - 31/03/22)', 30, 0.2722, 8.17]]);
  });
});

describe('pharmacy till receipts', () => {
  it('a French facture: the name over its CIP line, the rates line under it left out', () => {
    expect(items([
      'PHARMACIE DES TILLEULS', 'FACTURE N° 2211-0457',
      'DAFALGAN 500MG GELULE B/16',
      at([2, 'CIP 3400934998331'], [26, '2 x 1,95'], [38, '3,90']),
      at([4, 'Remb. 65%'], [16, 'TVA 2,10%']),
      'BIAFINE EMULSION TUBE 93G',
      at([2, 'CIP 3400931863328'], [26, '1 x 6,90'], [38, '6,90']),
      at([4, 'Remb. 15%'], [16, 'TVA 2,10%']),
      '-------------------------',
      cells('TOTAL TTC', '10,80 €'),
      cells('Part AMO', '3,57'),
    ])).toEqual([['DAFALGAN 500MG GELULE B/16', 2, 1.95, 3.9], ['BIAFINE EMULSION TUBE 93G', 1, 6.9, 6.9]]);
  });

  it('a German Kassenbon: PZN lines, a Zuzahlung and a Rabatt at its negative amount', () => {
    expect(items([
      'Linden-Apotheke', 'Beleg-Nr. 40417', 'Rezept GKV',
      'Ibuprofen AL 600 50 St.',
      at([2, 'PZN 01234567'], [20, 'Zuzahlung'], [34, '5,00 A']),
      'Bepanthen Wundsalbe 20 g',
      at([2, 'PZN 07654321'], [20, '2 x 4,75'], [34, '9,50 A']),
      cells('Kundenkarte Rabatt 3%', '-0,29 A'),
      '-------------------------',
      cells('SUMME EUR', '14,21'),
    ])).toEqual([['Ibuprofen AL 600 50 St.', 1, 5, 5], ['Bepanthen Wundsalbe 20 g', 2, 4.75, 9.5], ['Kundenkarte Rabatt 3%', 1, -0.29, -0.29]]);
  });

  it('a US drugstore receipt: Rx lines passed over, "2 @ 3.49" above its item, a coupon at its negative amount', () => {
    expect(items([
      'MAPLE STREET PHARMACY', 'STORE #118',
      cells('RX# 7712093', 'FILL 03', 'COPAY'),
      cells('LISINOPRIL 10MG TAB', '4.00 N'),
      '2 @ 3.49',
      cells('CHAPSTICK CLASSIC 2PK', '6.98 T'),
      cells('STORE COUPON', '-1.00 N'),
      cells('EPSOM SALT 3LB', '5.29 T'),
      cells('SUBTOTAL', '15.27'),
      cells('TAX 8.25% ON 11.27', '0.93'),
      cells('TOTAL', '16.20'),
    ])).toEqual([['LISINOPRIL 10MG TAB', 1, 4, 4], ['CHAPSTICK CLASSIC 2PK', 2, 3.49, 6.98], ['STORE COUPON', 1, -1, -1], ['EPSOM SALT 3LB', 1, 5.29, 5.29]]);
  });

  it('a zero OCR read as the letter O inside a number of a name', () => {
    expect(items([
      'MAPLE STREET PHARMACY', 'STORE #118',
      cells('VITAMIN C 5OOMG TAB', '7.49 T'),
      cells('SALINE SPRAY 3OML', '4.19 T'),
      cells('SUNSCREEN SPF3O', '9.99 T'),
      cells('WATER H2O 1L', '1.29 N'),
      cells('SUBTOTAL', '22.96'),
    ], 'ocr')?.map((r) => r[0])).toEqual(['VITAMIN C 500MG TAB', 'SALINE SPRAY 30ML', 'SUNSCREEN SPF30', 'WATER H2O 1L']);
  });
});

describe('an Italian FatturaPA courtesy copy', () => {
  it('keeps the article code out of the description and ends the table at the next section', () => {
    expect(items([
      'Cedente/prestatore (fornitore)', 'Numero documento  118/2023',
      at([0, 'Cod. articolo Descrizione'], [40, 'Quantità'], [52, 'Prezzo unitario'], [70, 'Prezzo totale']),
      at([0, 'AB1203'], [14, 'Olio extravergine 1 l'], [43, '12.00'], [60, '9.50'], [77, '114.00']),
      at([0, 'CD0415'], [14, 'Aceto balsamico 250 ml'], [44, '6.00'], [60, '4.20'], [78, '25.20']),
      'Dati Cassa Previdenziale',
      cells('Tipo cassa', 'Aliquota cassa', 'Importo contributo cassa', 'Imponibile previdenziale'),
      cells('TC22 INPS gestione separata', '4.00', '5.57', '139.20'),
      'RIEPILOGHI IVA E TOTALI',
    ])).toEqual([['Olio extravergine 1 l', 12, 9.5, 114], ['Aceto balsamico 250 ml', 6, 4.2, 25.2]]);
  });
});
