import fs from 'node:fs';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeProcessing, processFile } from '../../../src/service/processing/engine.js';
import { locateFields } from '../../../src/service/processing/extract/locate.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { accentLanguage, withAccents, wordAccents } from '../../../src/service/processing/extract/accents.js';
import { tidyVendorName } from '../../../src/service/processing/extract/vendor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { drawnPage, INVOICE_SCHEMA, inputFor, tempDir } from './helpers.js';

// The vendor's failure classes of the eighth held-out set's families (a tuning set since session 13), reproduced on
// pages made by hand with other names and figures (linesFromText: cells two spaces apart): a Hungarian számla's and a
// Romanian factura's seller and buyer headings over two columns, a Vietnamese VAT invoice's seller label (with and
// without its marks, with its English gloss) and buyer labels, a garage's customer printed beside the car, and
// PaddleOCR's 6 for an ó.

const page = (lines: string[], source: 'text' | 'ocr' = 'text', width = 595): PageLayout[] =>
  [{ number: 1, width, height: 842, source, quality: 1, lines: linesFromText(lines.join('\n'), 1) }];
const vendorField = (lines: string[], source: 'text' | 'ocr' = 'text', width = 595) =>
  extractFields(page(lines, source, width), INVOICE_SCHEMA).find((f) => f.title === 'Vendor Name')!;
const vendorOf = (lines: string[], source: 'text' | 'ocr' = 'text', width = 595) => vendorField(lines, source, width).value;

describe("a Hungarian számla: the name under the seller's heading (Eladó), not the title nor the buyer's (Vevő)", () => {
  const szamla = (head: string[], seller: string, buyer: string) => [
    '                                                          SZÁMLA',
    '                                              Számla sorszáma: KT-2023-0412',
    ...head,
    `${seller.padEnd(45)}${buyer}`,
    `${'2600 Vác'.padEnd(45)}8230 Balatonfüred`,
    `${'Fő utca 12.'.padEnd(45)}Petőfi sétány 3.`,
    `${'Adószám: 12345678-2-13'.padEnd(45)}Adószám: 87654321-1-19`,
    'Fizetési mód      Teljesítés dátuma    Számla kelte    Fizetési határidő',
    'Átutalás          2023.05.02.          2023.05.03.     2023.05.18.',
    'Megnevezés              Menny.    Nettó egységár    Nettó érték    ÁFA %    Bruttó érték',
    'Tölgy étkezőasztal      2 db      180 000           360 000        27%      457 200',
    'Összesen                                            360 000        97 200   457 200',
    'Fizetendő:  457 200 Ft',
  ];

  it('the two headings on one line', () => {
    expect(vendorOf(szamla([`${'Eladó'.padEnd(45)}Vevő`], 'Dunakanyar Asztalosipari Kft.', 'Balaton Vendégház Bt.'))).toBe('Dunakanyar Asztalosipari Kft.');
  });

  it("scanned: the headings on lines of their own, either first, the seller's ó read as a 6", () => {
    const seller = 'Dunakanyar Asztalosipari Kft.';
    expect(vendorOf(szamla(['Elad6', `${''.padEnd(45)}Vevo`], seller, 'Balaton Vendeghaz Bt.'), 'ocr')).toBe(seller);
    expect(vendorOf(szamla([`${''.padEnd(45)}Vevo`, 'Elad6'], seller, 'Balaton Vendeghaz Bt.'), 'ocr')).toBe(seller);
  });

  it("PaddleOCR's 6 for an ó in the name is put back (\"Fuvaroz6\" -> \"Fuvarozó\")", () => {
    expect(vendorOf(szamla([`${'Elad6'.padEnd(45)}Vevo`], 'Sopron Fuvaroz6 Kft.', 'Balaton Vendeghaz Bt.'), 'ocr')).toBe('Sopron Fuvarozó Kft.');
    // After a consonant in a word in small letters only; a text layer's name is what was printed.
    expect(tidyVendorName('Studio6 Kft.', true)).toBe('Studio6 Kft.');
    expect(tidyVendorName('PLANET6 Kft.', true)).toBe('PLANET6 Kft.');
    expect(tidyVendorName('Sopron Fuvaroz6 Kft.', false)).toBe('Sopron Fuvaroz6 Kft.');
  });
});

describe("a Romanian factura: the supplier's heading over its column (Furnizor / Cumpărător)", () => {
  it('the two headings on lines of their own, each name on a line of its own under them', () => {
    const lines = [
      'Furnizor:',
      `${''.padEnd(50)}Cumpărător:`,
      'Mures Lactate Montana SRL',
      `${''.padEnd(50)}Hotel Cetatea Alba SA`,
      'Nr. Reg. Com.: J26/1234/2015',
      `${''.padEnd(50)}Nr. Reg. Com.: J01/987/2001`,
      'CIF: RO11223344',
      `${''.padEnd(50)}CIF: RO55667788`,
      '                       FACTURA',
      'Seria: MS   Nr.: 0004411',
      'Data emiterii: 12.09.2022',
      'Nr.   Denumirea produselor    U.M.   Cant.   Pret unitar   Valoarea   Valoarea TVA',
      '1     Branza telemea          kg     40      30,00         1.200,00   108,00',
      'Total de plata:  1.308,00 lei',
    ];
    expect(vendorOf(lines, 'ocr')).toBe('Mures Lactate Montana SRL');
  });
});

describe("a Vietnamese VAT invoice (hóa đơn): the name after the seller's label, never the label", () => {
  const hoaDon = (seller: string, buyer: string[]) => [
    seller,
    'Mã số thuế: 0312345678',
    'Địa chỉ: 45 Lê Lợi, Phường Bến Nghé, Quận 1, TP. Hồ Chí Minh',
    'Điện thoại: 028 3822 1100',
    '              HÓA ĐƠN GIÁ TRỊ GIA TĂNG          Ký hiệu: 1C23TAA',
    '              Ngày 09 tháng 03 năm 2023          Số: 00000871',
    ...buyer,
    'Mã số thuế: 0109876543',
    'Hình thức thanh toán: Chuyển khoản',
    'STT   Tên hàng hóa, dịch vụ     Đơn vị tính   Số lượng   Đơn giá     Thành tiền',
    '1     Cà phê rang xay 500g       Gói           10         150.000     1.500.000',
    'Cộng tiền hàng:                                                      1.500.000',
    'Tổng cộng tiền thanh toán:                                           1.620.000',
  ];
  const buyer = ['Họ tên người mua hàng: Trần Văn Bình', 'Tên đơn vị: CÔNG TY TNHH KHÁCH SẠN BIỂN XANH'];

  it('"Đơn vị bán hàng" with the name in the next cell', () => {
    expect(vendorOf(hoaDon('Đơn vị bán hàng    CÔNG TY CỔ PHẦN CÀ PHÊ CAO NGUYÊN', buyer))).toBe('CÔNG TY CỔ PHẦN CÀ PHÊ CAO NGUYÊN');
  });

  it('printed without its marks ("Don vi ban hang"), and with its English gloss "(Seller)"', () => {
    const plain = ['Ho ten nguoi mua hang: Tran Van Binh', 'Ten don vi: CONG TY TNHH KHACH SAN BIEN XANH'];
    expect(vendorOf(hoaDon('Don vi ban hang    CONG TY CO PHAN CA PHE CAO NGUYEN', plain), 'ocr')).toBe('CONG TY CO PHAN CA PHE CAO NGUYEN');
    expect(vendorOf(hoaDon('Don vi ban hang (Seller): CONG TY CO PHAN CA PHE CAO NGUYEN', plain))).toBe('CONG TY CO PHAN CA PHE CAO NGUYEN');
  });
});

describe("a garage's repair order: the shop at the head, not the customer printed beside the car", () => {
  const order = (customer: string, car: string[]) => [
    'Lakeside Brake & Auto Repair                                   INVOICE',
    '410 Harbor Drive',
    'Tacoma, WA 98402                                    RO #       41187',
    '(253) 555-0148                                      Date       04/11/2021',
    'Dealer/Repair Lic. #556120                          Advisor    DAN',
    '',
    `${customer.padEnd(40)}${car[0]}`,
    `${'77 Pacific Ave'.padEnd(40)}${car[1] ?? ''}`,
    'Tacoma, WA 98405',
    'Odometer In: 61,204  Out: 61,209',
    'LABOR                                         Hours    Rate     Amount',
    'Replace front brake pads and rotors           1.80     140.00   252.00',
    'Subtotal                                                        252.00',
    'Sales tax                                                        25.70',
    'TOTAL                                                           277.70',
  ];

  it('a customer whose name carries a business word, beside a model year, make, model and engine', () => {
    expect(vendorOf(order('Cascade Cleaning Services', ['2018 Ford Escape SE 1.5L   Lic: WA BRT4471', 'VIN: 1FMCU0GD5JUA22345']), 'ocr')).toBe('Lakeside Brake & Auto Repair');
  });

  it('the car in cells of its own', () => {
    expect(vendorOf(order('Cascade Cleaning Services', ['2018 Ford Escape SE 1.5L  Lic: WA BRT4471']))).toBe('Lakeside Brake & Auto Repair');
  });
});

describe("the accent pass reads a Hungarian or Vietnamese scan's marks (tesseract's hun and vie data)", () => {
  const ocrPage = (...texts: string[]) => [{ number: 1, width: 100, height: 100, source: 'ocr' as const, quality: 1,
    lines: texts.map((text) => ({ text, page: 1, x0: 0, x1: 1, y0: 0, y1: 1, cells: [] })) }];

  it("guesses the language from the page's words, as PaddleOCR read them", () => {
    expect(accentLanguage(ocrPage('SZAMLA', 'Elad6  Vevo', 'Ad6szam: 12345678-2-13', 'Fizetesi hatarido', 'Osszesen', 'Fizetendo: 457 200 Ft'))).toBe('hun');
    expect(accentLanguage(ocrPage('HOA DON GIA TRI GIA TANG', 'Ma so thue: 0312345678', 'Ho ten nguoi mua hang', 'Don vi tinh  So luong  Thanh tien'))).toBe('vie');
  });

  it("carries a Vietnamese name's stacked marks and đ's stroke over, on the same letters", () => {
    expect(withAccents('CONG TY CO PHAN DUONG SAT', 'CÔNG TY CỔ PHẦN ĐƯỜNG SẮT')).toBe('CÔNG TY CỔ PHẦN ĐƯỜNG SẮT');
    expect(wordAccents('Cong ty Duong Sat 1 kg', 'Công ty Đường Sắt 1 ko')).toBe('Công ty Đường Sắt 1 kg');
    // Never another letter: a d that tesseract read as another letter stays as it is.
    expect(withAccents('CONG TY DUONG', 'CÔNG TY BƯỜNG')).toBeUndefined();
  });
});

describe("a scanned számla's seller with its marks, on a page scanned upside down", () => {
  const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  afterAll(async () => {
    await closeProcessing();
  });

  /** A Hungarian invoice's head, drawn, blurred, saved as JPEG, turned by 180 degrees as a sheet fed the wrong way. */
  async function upsideDown(seller: string): Promise<Buffer> {
    GlobalFonts.registerFromPath(FONT, 'Noto Sans CJK');
    const rows: Array<[string, string]> = [['SZÁMLA', ''], ['Eladó', 'Vevő'], [seller, 'Balaton Vendégház Bt.'], ['2600 Vác, Fő utca 12.', '8230 Balatonfüred'],
      ['Adószám: 12345678-2-13', 'Adószám: 87654321-1-19'], ['Számla kelte: 2023.05.03.', 'Fizetési határidő: 2023.05.18.'],
      ['Összesen nettó: 360 000 Ft', 'ÁFA 27%: 97 200 Ft'], ['Fizetendő:', '457 200 Ft']];
    const texts = rows.flatMap(([left, right], i): Array<[string, number, number]> => [[left, i ? 100 : 1000, 130 + i * 70], [right, 750, 130 + i * 70]]);
    const png = await drawnPage(1400, 1000, '28px "Noto Sans CJK"', texts.filter(([t]) => t));
    return sharp(png).rotate(180).grayscale().blur(0.5).jpeg({ quality: 85 }).toBuffer();
  }

  it('PaddleOCR reads it turned, without its marks; the seller\'s box is read from the crop turned upright', { timeout: 180_000 }, async () => {
    if (!fs.existsSync(FONT)) throw new Error(`font ${FONT} missing: apt-get install fonts-noto-cjk`);
    const file = path.join(tempDir(), 'szamla.jpg');
    fs.writeFileSync(file, await upsideDown('Szépvölgyi Fuvarozó Kft.'));
    const res = await processFile(inputFor(file, 'image/jpeg', { schema: INVOICE_SCHEMA }));
    const page = res.documents[0]!.pages[0]!;
    expect(page.text).toMatch(/Sz[eé]pvolgyi Fuvaroz[6o]/);
    const vendor = res.documents[0]!.fields.find((f) => f.title === 'Vendor Name')!;
    expect(vendor.value).toBe('Szépvölgyi Fuvarozó Kft.');
    // Its box is on the page as given: the head of the sheet, at the foot of the image.
    expect(vendor.source!.box[1]).toBeGreaterThan(0.5);
  });

  it('a name mended of OCR\'s digits is still found in the cell it was read from', () => {
    const pages = page(['Elad6                                Vevo', 'Sopron Fuvaroz6 Kft.                 Balaton Vendeghaz Bt.'], 'ocr');
    const field = { title: 'Vendor Name', type: 'string' as const, description: '', hidden: false, value: 'Sopron Fuvarozó Kft.', confidence: 0.8 };
    expect(locateFields(pages, [field])[0]!.source?.page).toBe(1);
  });
});
