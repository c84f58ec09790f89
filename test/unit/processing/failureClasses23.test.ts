import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../src/service/processing/extract/context.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { findLabels } from '../../../src/service/processing/extract/labels.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { Line, PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';

// Failure classes of header and total fields on the weakest tuning sets (heldout9, heldout16, heldout13; session 23).
// Pages made by hand, with other names and figures (linesFromText: cells two spaces apart, a line every 12 points).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] =>
  [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const read = (lines: string[], source: 'text' | 'ocr' = 'text') =>
  Object.fromEntries(extractFields(page(lines, source), EVAL_SCHEMA).map((f) => [f.title, { value: f.value, confidence: f.confidence }]));

describe('an invoice number carrying its month in Roman numerals, read by OCR', () => {
  const faktur = (number: string) => ['CV Mitra Teknik Sentosa', 'Jl. Pemuda No. 7, Surabaya', 'NPWP: 01.234.567.8-901.000', cells('FAKTUR / INVOICE'),
    cells('Kepada Yth. / Bill To', 'No. Faktur / Invoice No.', number), cells('PT Karya Bangun Nusantara', 'Tanggal / Date', '14 Juli 2022'),
    cells('No', 'Nama Barang', 'Qty', 'Harga Satuan', 'Jumlah'), cells('1', 'Pompa air 1 HP', '2', '1.750.000', '3.500.000'),
    cells('Subtotal', 'Rp3.500.000'), cells('PPN 11%', 'Rp385.000'), cells('Total', 'Rp3.885.000')];
  it('a stroke of the numeral misread ("VI" for July\'s "VII", "VIIV") is the issue month, left for a person to check', () => {
    for (const misread of ['017/INV/MTS/VI/2022', '017/INV/MTS/VIIV/2022']) {
      const n = read(faktur(misread), 'ocr')['Invoice Number']!;
      expect(n.value).toBe('017/INV/MTS/VII/2022');
      expect(n.confidence).toBeLessThan(0.9);
    }
  });
  it('the numeral glued to the part before it, its separator lost ("MTSV/2022"), is not sure', () => {
    expect(read(faktur('017/INV/MTSVI/2022'), 'ocr')['Invoice Number']!.confidence).toBeLessThan(0.9);
  });
  it('the number of a text layer, or with a numeral of another month far from the issue month, is kept as printed', () => {
    expect(read(faktur('017/INV/MTS/VI/2022'))['Invoice Number']!.value).toBe('017/INV/MTS/VI/2022');
    expect(read(faktur('017/INV/MTS/XI/2022'), 'ocr')['Invoice Number']!.value).toBe('017/INV/MTS/XI/2022');
  });
});

/** A line of an OCR'd page: its top at y, 30 high, each cell [x, text] about 14 units a character. */
const line = (y: number, ...placed: Array<[number, string]>): Line => {
  const cells = placed.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 14 }));
  return { text: cells.map((c) => c.text).join('   '), cells, x0: cells[0]!.x0, x1: cells[cells.length - 1]!.x1, y0: y, y1: y + 30, page: 1 };
};
const scan = (lines: Line[]) => Object.fromEntries(extractFields([{ number: 1, width: 1700, height: 2400, source: 'ocr', quality: 0.9, lines }], EVAL_SCHEMA)
  .map((f) => [f.title, f.value]));

describe('a tilted scan whose totals\' figures OCR read as lines of their own, a little off their labels\' rows', () => {
  const head = [line(100, [150, 'Sinar Pelangi Trading Sdn. Bhd.']), line(150, [150, 'TAX INVOICE']), line(200, [150, 'Invoice No.: SP-20931']),
    line(250, [150, 'Date: 03/09/2024']), line(320, [150, 'Description'], [900, 'Qty'], [1100, 'Amount (RM)'])];
  it('each figure a little below its label ("Total Excluding Tax" over "976.50") is that label\'s, not the next one\'s (the cross-checks got this one before)', () => {
    const v = scan([...head, line(370, [150, 'Office chairs'], [900, '4'], [1300, '620.00']), line(420, [150, 'Standing desk'], [900, '1'], [1300, '356.50']),
      line(500, [900, 'Total Excluding Tax']), line(520, [1400, '976.50']), line(541, [900, 'Service Tax 8%']), line(561, [1400, '78.12']),
      line(582, [900, 'Total Including Tax'], [1400, '1,054.62']), line(625, [900, 'Total Payable Amount (MYR)'], [1400, 'RM 1,054.62'])]);
    expect(v.Subtotal).toBe(976.5);
    expect(v.Tax).toBe(78.12);
    expect(v.Total).toBe(1054.62);
  });
  it('each figure a little above its label ("65,907.00" over "Total price (Tk)") is that label\'s', () => {
    const v = scan([...head, line(370, [150, 'Jute sacks'], [900, '300'], [1300, '45,000.00']), line(420, [150, 'Hessian cloth'], [900, '100'], [1300, '20,907.00']),
      line(485, [1400, '65,907.00']), line(500, [900, 'Total price (Tk)']), line(526, [1400, '9,886.05']), line(541, [900, 'Total VAT 15%']),
      line(567, [1400, 'Tk 75,793.05']), line(582, [900, 'Total incl. all taxes'])]);
    expect(v.Tax).toBe(9886.05);
    expect(v.Total).toBe(75793.05);
  });
  it('a fapiao\'s 合计 row, its figures a little below the characters, gives its subtotal and tax', () => {
    const v = scan([line(60, [700, '上海增值税电子普通发票']), line(150, [1400, '发票号码：30118264']), line(185, [1400, '开票日期：2022年03月14日']),
      line(300, [130, '购买方'], [1000, '销售方']), line(335, [130, '名称：南京长江物流有限公司'], [1000, '名称：上海青松软件有限公司']),
      line(450, [130, '项目名称'], [500, '单位'], [700, '数量'], [850, '单价'], [1000, '金额'], [1200, '税率'], [1400, '税额']),
      line(495, [130, '*办公用品*复印纸'], [400, 'A4 70g'], [500, '箱'], [700, '10'], [850, '180.00'], [1000, '1800.00'], [1200, '13%'], [1400, '234.00']),
      line(530, [130, '*信息技术服务*软件维护费'], [500, '项'], [700, '1'], [850, '4200.00'], [1000, '4200.00'], [1200, '6%'], [1400, '252.00']),
      line(612, [180, '合 计']), line(632, [1000, '￥6000.00'], [1400, '￥486.00']), line(660, [130, '价税合计（大写）'], [500, '陆仟肆佰捌拾陆圆整'], [1100, '（小写）'], [1300, '￥6486.00'])]);
    expect(v.Subtotal).toBe(6000);
    expect(v.Tax).toBe(486);
    expect(v.Total).toBe(6486);
  });
});

describe('a number\'s label OCR ran together', () => {
  it('its abbreviation\'s point glued to the next word ("No.Faktur ：FP-2311-0412") is the label', () => {
    const faktur = ['CV Cahaya Makmur', 'Jl. Veteran No. 3, Malang', 'FAKTUR PENJUALAN', cells('Kepada Yth.', 'No.Faktur', '：FP-2311-0412'),
      cells('Toko Sumber Rejeki', 'Tanggal', '：07/11/2023'), cells('Sub Total', 'Rp250.000,00'), cells('PPN 11%', 'Rp27.500,00'), cells('Grand Total', 'Rp277.500,00')];
    expect(read(faktur, 'ocr')['Invoice Number']!.value).toBe('FP-2311-0412');
  });
  it('a bilingual label\'s English half glued to its Chinese half ("發票號码Invoice No：") is the label', () => {
    const invoice = ['祥興裝修工程有限公司', 'Cheung Hing Renovation Ltd.', '發票/ INVOICE', cells('客户To：', '發票號码Invoice No：CH230518'),
      cells('Kowloon Bay Properties Ltd.', '日期Date:18/05/2023'), cells('项目 Description', '金额Amount'), cells('Painting works', '8,400.00'), cells('總額 Total(HK$)', 'HK$8,400.00')];
    expect(read(invoice, 'ocr')['Invoice Number']!.value).toBe('CH230518');
  });
});

describe('a seller\'s ids printed under a seller\'s label', () => {
  it('"Supplier TIN: …  Supplier Registration No.: …" names no vendor: the name heading the e-invoice is', () => {
    const einvoice = ['e-Invoice', 'Cahaya Timur Engineering Sdn. Bhd.', 'Lot 5, Jalan Industri 3, 81400 Senai, Johor', 'Supplier TIN: C2231456780 Supplier Registration No.:201901034567',
      'SST Registration No.: J31-1808-32001234', 'e-Invoice Type: Invoice', 'e-Invoice Code/Number: INV2403-11873', 'e-Invoice Date & Time: 2024-03-08 10:12:45',
      'Buyer TIN: C9876501234 Buyer Name: Klinik Sejahtera Sdn Bhd', cells('Classification', 'Description', 'Qty', 'Unit Price', 'Tax Rate', 'Subtotal (RM)'),
      cells('022', 'Hydraulic hose 1 m', '4', '55.00', '8%', '220.00'), cells('Total Excluding Tax', '220.00'), cells('Sales Tax 8%', '17.60'),
      cells('Total Including Tax', '237.60'), cells('Total Payable Amount (MYR)', 'RM 237.60')];
    expect(read(einvoice, 'ocr')['Vendor Name']!.value).toBe('Cahaya Timur Engineering Sdn. Bhd.');
  });
});

describe('a long label with one letter of a short word misread by OCR', () => {
  it('"Nane of Registered Person:" is the seller\'s label still, its name the vendor', () => {
    const mushak = ['Government of the People\'s Republic of Bangladesh', 'National Board of Revenue', cells('Tax Invoice', 'Mushak-6.3'),
      'Nane of Registered Person: Padma Steel Works Ltd.', 'BIN of Registered Person: 001122334-0101', cells('Name of Purchaser : Jamuna Builders Ltd.', 'Challan No.: 5512044'),
      cells('Date of Issue: 12/03/2022'), cells('Total price (Tk)', '12,000.00'), cells('Total VAT 15%', '1,800.00'), cells('Total incl. all taxes', 'Tk 13,800.00')];
    expect(read(mushak, 'ocr')['Vendor Name']!.value).toBe('Padma Steel Works Ltd.');
  });
});

describe('a Taiwanese e-invoice slip read by OCR', () => {
  it('its 總計 misread "德計", the NT$ before its figure read "NTS", is its total, not an item\'s figure', () => {
    const slip = ['光華書局', cells('電子發票', '證明聯'), '113年05-06月', 'KQ-20485513', '2024-05-11 15:02:37', cells('隨機碼2231', '德計532'), '賣方 53120987',
      '光華書局有限公司大安店', '退貨時請攜帶電子發票證明聯', '交易明細', '筆記本 A5', cells('1×100', '100TX'), '便當雞腿', cells('1×100', '100TX'), '原子筆 藍',
      cells('1×32', '32TX'), '紅茶大杯', cells('2×100', '200TX'), '口罩盒裝', cells('1×100', '100TX'), cells('德計', 'NTS532'), cells('信用卡', '532')];
    expect(read(slip, 'ocr').Total!.value).toBe(532);
  });
});

describe('a till slip\'s tax its prices include, its rate misread by OCR', () => {
  const slip = (tax: string[]) => ['Metro Cash & Carry', 'Shop 4, Gulberg III, Lahore', 'NTN: 1234567-8', 'Receipt No: 448120', 'Date: 02/09/2021 18:40',
    cells('1120331', 'Basmati Rice 5kg'), cells('1 x 1,850.00', '1,850.00'), cells('2231009', 'Cooking Oil 3L'), cells('1 x 1,390.00', '1,390.00'),
    cells('TOTAL (RS.)', '3,240.00'), cells('CASH', '4,000.00'), cells('BALANCE', '760.00'), cells(...tax), cells('Amount Paid', 'Rs. 3,240.00')];
  it('is the figure after "GST @1s& incl.", "GST | l8l incl." or "CST @18% incl." (its G read as a C), not the rate', () => {
    for (const tax of [['GST @1s& incl.', '494.24'], ['GST', 'l8l incl.', '494.24'], ['CST @18% incl.', '494.24']]) expect(read(slip(tax), 'ocr').Tax!.value).toBe(494.24);
  });
});

describe('a short word of a label with a letter of thin strokes misread by OCR', () => {
  const labelled = (text: string, label: string) => findLabels(buildContext(page([text], 'ocr')), [label]).map((h) => [h.label, h.rest]);
  it('"Invoice Dale" (t read l) labels the invoice date, "Duc Date" (e read c) the due date', () => {
    expect(labelled('Invoice Dale   13/11/2023', 'invoice date')).toEqual([['invoice date', '']]);
    expect(labelled('Duc Date: 27/11/2023', 'due date')).toEqual([['due date', '27/11/2023']]);
  });
  it('a short word changed otherwise is another word ("Invoice Dare")', () => {
    expect(labelled('Invoice Dare   13/11/2023', 'invoice date')).toEqual([]);
  });
});

describe('an "Invoice" whose capital I OCR read as a small l', () => {
  it('"e-lnvoice" over the seller\'s name is the document\'s title, not a word of the name', () => {
    const einvoice = ['e-lnvoice', 'Cempaka Logistik Sdn.Bhd.', 'No. 3 Jalan Klang Lama, Kuala Lumpur', 'Supplier TIN : C1234509876', 'SST Registration No: W10-1808-32000111',
      'e-lnvoice Type: Invoice', 'e-lnvoice Code/Number:INV2405-10442', 'e-lnvoice Date & Time:2024-05-02 09:12:40', cells('Total Excluding Tax', '310.00'),
      cells('Sales Tax 10%', '31.00'), cells('Total Payable Amount (MYR)', 'RM 341.00')];
    expect(read(einvoice, 'ocr')['Vendor Name']!.value).toBe('Cempaka Logistik Sdn.Bhd.');
  });
});
