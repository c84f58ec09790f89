import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { vendorUnproven } from '../../../src/service/processing/extract/vendorDoubts.js';
import { INVOICE_SCHEMA } from './helpers.js';

// A vendor the ranker chose is "sure" (>= 0.9) only with evidence of its own: several candidates to
// choose among (over one, the ranker's probability is 1 whatever it is), a business's form in the name
// (SDN BHD, SAS, s.r.o., (주), 有限公司), and no telephone, registration or label in it. Generated pages
// as OCR gives them: a Korean card receipt whose Hangul the OCR model could not read keeps only its
// figures and a telephone line, which must not come out as a sure vendor.

// Lines 12 units apart; a blank line leaves a gap. The page is as tall as given (its top half is where a vendor stands).
const vendorOf = (text: string, height = 1051) => {
  const pages: PageLayout[] = [{ number: 1, width: 717, height, source: 'ocr', quality: 1, lines: linesFromText(text, 1) }];
  return extractFields(pages, INVOICE_SCHEMA).find((f) => f.title === 'Vendor Name')!;
};

describe('a vendor is sure only on evidence of its own', () => {
  it('the one readable line of a receipt whose name OCR lost: a telephone, not sure', () => {
    const vendor = vendorOf(['：685-29-65419', '：0   TE：02-596-0321', '[   ]', '2 ：2017-03-16 08:25', '：06241809',
      '3L', '11,000   1   11,000', '30', '18,100   1   18,100', '32,709', '3,271', '35,980', '50,000', '14,020'].join('\n'));
    expect(vendor.confidence).toBeLessThan(0.9);
  });

  it('three letters left of a tax invoice whose name OCR lost: not sure', () => {
    const vendor = vendorOf(['克 20170215-41383754-95558493', '158-20-89755   296-40-85862', '（', 'E', 'DEH', '号   号', '', '', '',
      '2017.02.15   4,241,000   424,100', '号', '02   15   SET   10   147,000   1,470,000   147,000', '02 15   EA   12   26,000   312,000   31,200',
      '4,665,100   4,665,100'].join('\n'), 200);
    expect(vendor.value).toBe('DEH');
    expect(vendor.confidence).toBeLessThan(0.9);
  });

  it('a shop receipt headed by its company with its legal form stays sure', () => {
    const vendor = vendorOf(['UNIHAKKA INTERNATIONAL SDN BHD', '(867388-U)', '12, JALAN TAMPOI 7/4, KAWASAN PERINDUSTRIAN TAMPOI',
      '81200 JOHOR BAHRU, JOHOR', 'TAX INVOICE', 'INVOICE # : OR18041602170394', 'DATE : 16 APR 2018 12:35',
      'SAMBAL TOFU   1   2.83   2.83', 'VEGE   1   1.89   1.89', 'TOTAL AMOUNT   4.72', 'CASH   10.00', 'CHANGE   5.30'].join('\n'));
    expect(vendor.value).toBe('UNIHAKKA INTERNATIONAL SDN BHD');
    expect(vendor.confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('vendorUnproven', () => {
  it('asks for a business form, several candidates and a name', () => {
    expect(vendorUnproven('Atelier Dupont SARL', 7)).toBe(false);
    expect(vendorUnproven('Úcetní kancelár Novotná s.r.o.', 5)).toBe(false);
    expect(vendorUnproven('Hurtownia Budowlana MARBUD Sp. z o.o.', 5)).toBe(false);
    expect(vendorUnproven('杭州青禾餐饮管理有限公司', 5)).toBe(false);
    expect(vendorUnproven('(주)한결테크', 5)).toBe(false);
    expect(vendorUnproven('Atelier Dupont SARL', 1)).toBe(true);
    expect(vendorUnproven('Copper & Quill Design', 7)).toBe(true);
    expect(vendorUnproven('TEL: 03-7865 2211 SDN BHD', 7)).toBe(true);
  });
});
