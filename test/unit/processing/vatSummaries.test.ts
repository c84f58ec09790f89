import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import type { SchemaForExtraction } from '../../../src/service/processing/types.js';
import { INVOICE_SCHEMA } from './helpers.js';

// Net, tax and gross of Polish and Czech VAT invoices, generated text layers: a Polish "Faktura VAT"
// sums its VAT by rate under "Według stawki | Wartość netto | Kwota VAT | Wartość brutto" with a
// "Razem" row, below an item table whose header names net and gross too; a Czech "daňový doklad"
// prints "Celkem bez DPH" and "DPH celkem" beside its recapitulation; a Chinese VAT invoice sums its items
// and their tax on its 合计 row and prints both together as 价税合计.

const SCHEMA: SchemaForExtraction = { ...INVOICE_SCHEMA, fields: [...INVOICE_SCHEMA.fields, { id: 'f9', title: 'Subtotal', type: 'NUMBER' }] };

const amounts = (lines: string[]) => {
  const pages: PageLayout[] = [{ number: 1, width: 595, height: 842, source: 'text', quality: 1, lines: linesFromText(lines.join('\n'), 1) }];
  const fields = extractFields(pages, SCHEMA);
  const get = (title: string) => fields.find((f) => f.title === title)!.value;
  return { subtotal: get('Subtotal'), tax: get('Tax'), total: get('Total') };
};

describe('VAT summaries of Polish and Czech invoices', () => {
  it('Polish: the "Razem" row of the table by rate, not its first rate row, below items whose header names net and gross', () => {
    expect(amounts([
      'Drukarnia Offsetowa Pawlak s.c.   Data wystawienia:   2021-01-03',
      'Faktura VAT nr 154/2021',
      'Lp.  Nazwa towaru lub uslugi  J.m.  Ilosc  Cena netto Wartosc netto  VAT  Kwota VAT  Wartosc brutto',
      '1.  Jablka deserowe  kg  103  4,70  484,10  5%  24,21  508,31',
      '2.  Ziemia ogrodowa 50 l  worek  39  18,60  725,40  8%  58,03  783,43',
      '3.  Plyta gipsowo-kartonowa 12,5 mm  szt.  30  34,00  1 020,00  23%  234,60  1 254,60',
      '4.  Cement portlandzki CEM II 25 kg  szt.  35  18,90  661,50  23%  152,15  813,65',
      '5.  Olej silnikowy 5W30  l  13  52,00  676,00  23%  155,48  831,48',
      '6.  Usluga prowadzenia ksiag rachunkowych  usl.  1  935,00  935,00  23%  215,05  1 150,05',
      '',
      'Wedlug stawkiWartosc netto  Kwota VAT  Wartosc brutto',
      '23%  3 292,50  757,28  4 049,78',
      '8%  725,40  58,03  783,43',
      '5%  484,10  24,21  508,31',
      'Razem:  4 502,00  839,52  5 341,52',
      'Do zaplaty: 5 341,52 PLN',
    ])).toEqual({ subtotal: 4502, tax: 839.52, total: 5341.52 });
  });

  it('Czech: "Celkem bez DPH" and "DPH celkem"', () => {
    const { subtotal, tax } = amounts([
      'FAKTURA - DAŇOVÝ DOKLAD   20170838',
      'Dodavatel:                        Odběratel:',
      'Účetní kancelář Novotná s.r.o.    Ing. Petr Svoboda',
      'Datum vystavení:   20. 7. 2017',
      'Označení dodávky   Počet MJ   Cena za MJ   DPH %   Bez DPH   DPH   Celkem',
      'Knihy - dotisk   100 ks   96,50   15   9 650,00   1 447,50   11 097,50',
      'Práce mechanika   4,5 hod   840,00   21   3 780,00   793,80   4 573,80',
      'Rekapitulace DPH v Kč:',
      'Sazba   Základ   DPH   Celkem   Celkem bez DPH   13 430,00',
      '21 %   3 780,00   793,80   4 573,80   DPH celkem   2 241,30',
      '15 %   9 650,00   1 447,50   11 097,50   Celkem k úhradě   15 671,30 Kč',
    ]);
    expect({ subtotal, tax }).toEqual({ subtotal: 13430, tax: 2241.3 });
  });
});

describe('a Chinese VAT invoice (发票)', () => {
  it('subtotal and tax from its 合计 row, which add up to the 价税合计 printed in figures', () => {
    expect(amounts([
      '                 上海增值税电子普通发票               发票号码： 79254878',
      '                                                    开票日期： 2020年11月05日',
      '购买方 名   称：   苏州恒信精密机械有限公司',
      '货物或应税劳务、服务名称   单位   数量   单价   金额   税率   税额',
      '*纸制品*复印纸A4   箱   36   173.00   6228.00   13%   809.64',
      '*计算机外部设备*无线鼠标   个   44   119.00   5236.00   13%   680.68',
      '餐饮服务*餐费   次   1   802.00   802.00   6%   48.12',
      '合   计   ￥12266.00   ￥1538.44',
      '价税合计（大写）   壹万叁仟捌佰零肆圆肆角肆分   (小写) ￥13804.44',
      '销售方 名   称   深圳市华科电子有限公司',
    ])).toEqual({ subtotal: 12266, tax: 1538.44, total: 13804.44 });
  });
});
