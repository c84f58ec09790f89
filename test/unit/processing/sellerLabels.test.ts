import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { INVOICE_SCHEMA } from './helpers.js';

// The seller named under its own label, in languages whose invoices print the seller's and the buyer's
// blocks side by side under their headings: Polish (Sprzedawca / Nabywca), Czech (Dodavatel / Odběratel),
// and a Chinese VAT invoice's boxes (购买方 / 销售方, each with 名称). Generated pages.

const vendorOf = (lines: string[], source: 'text' | 'ocr' = 'text') => {
  const pages: PageLayout[] = [{ number: 1, width: 595, height: 842, source, quality: 1, lines: linesFromText(lines.join('\n'), 1) }];
  return extractFields(pages, INVOICE_SCHEMA).find((f) => f.title === 'Vendor Name')!.value;
};

const polish = (seller: string) => [
  'Faktura VAT nr FV/66/09/2022                           Data wystawienia   2022-09-18',
  '                                                       Data sprzedazy     2022-09-18',
  '',
  'Sprzedawca                               Nabywca',
  `${seller.padEnd(41)}Kowalski Meble Sp. z o.o.`,
  'ul. Skladowa 12                          ul. Przemyslowa 8',
  '61-897 Poznan                            62-300 Wrzesnia',
  'NIP 9702637146                           NIP 821-19-54-878',
  '',
  'Lp.  Nazwa             Ilosc  J.m.  Cena netto  Stawka  Wartosc netto  Wartosc brutto',
  '1    Jablka deserowe   334    kg    4,30        5%      1436,20        1508,01',
  'Razem:   1436,20   71,81   1 508,01',
  'Do zaplaty: 1 508,01 PLN',
];

describe('the seller under its own label', () => {
  it('Polish: the name under "Sprzedawca", not the title nor the buyer beside it', () => {
    expect(vendorOf(polish('Hurtownia Budowlana MARBUD Sp. z o.o.'))).toBe('Hurtownia Budowlana MARBUD Sp. z o.o.');
  });

  it('Polish, scanned: a legal form whose o OCR read as a zero is mended', () => {
    expect(vendorOf(polish('Hurtownia Budowlana MARBUD Sp. Z 0.0.'), 'ocr')).toBe('Hurtownia Budowlana MARBUD Sp. z o.o.');
  });

  it('Czech: the name under "Dodavatel:", not the sentence at the foot that opens with the word', () => {
    expect(vendorOf([
      'FAKTURA - DAŇOVÝ DOKLAD   20170838',
      '',
      'Dodavatel:                        Odběratel:',
      'Účetní kancelář Novotná s.r.o.    Ing. Petr Svoboda',
      'Náměstí Míru 9                    Lipová 28',
      'IČO: 36977450                     IČO: 77359240',
      '',
      'Datum vystavení:   20. 7. 2017',
      'Označení dodávky   Počet MJ   Cena za MJ   DPH %   Bez DPH   DPH   Celkem',
      'Knihy - dotisk   100 ks   96,50   15   9 650,00   1 447,50   11 097,50',
      'Celkem k úhradě   11 097,50 Kč',
      'Dodavatel je plátcem DPH. Děkujeme za včasnou úhradu.',
    ])).toBe('Účetní kancelář Novotná s.r.o.');
  });

  it('Chinese VAT invoice: the name after 名称 in the seller\'s box, not the title nor the buyer', () => {
    expect(vendorOf([
      '                 上海增值税电子普通发票               发票号码： 45370332',
      '                                                    开票日期： 2019年09月21日',
      '购买方 名   称：   广州市瑞丰贸易有限公司',
      '       纳税人识别号： 91440101MA59WX2772',
      '货物或应税劳务、服务名称   单位   数量   单价   金额   税率   税额',
      '餐饮服务*餐费   次   1   454.00   454.00   6%   27.24',
      '合   计   ￥454.00   ￥27.24',
      '价税合计（大写）   肆佰捌拾壹圆贰角肆分   （小写） ￥481.24',
      '销售方 名   称   杭州青禾餐饮管理有限公司',
      '       纳税人识别号： 91330106MA2CMW6089',
      '收款人：李娜   复核：刘洋   开票人：孙丽   销售方：（章）',
    ])).toBe('杭州青禾餐饮管理有限公司');
  });
});
