import { describe, expect, it } from 'vitest';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes of the thirteenth held-out set (blind for its first read, 2026-11-28, a tuning set since): an English
// "PRICE QUOTATION", a "PRICE LIST", a "PAYMENT REMINDER" and an Ecuadorian "GUÍA DE REMISIÓN" read as invoices (its text
// PDFs read worse than its scans for that: a quote's every field was wrong); Israel's shekel printed "NIS", and the rupee
// printed "Rs." on Pakistani and Sri Lankan slips, read as other currencies; a "TAX INVOICE No." title whose tax word
// hid the number (a company's registration number taken instead), an Egyptian e-invoice's "Internal ID", a "No." OCR
// glued to the number, Pakistan's FBR fiscal number taken for the bill's; a "Net EUR" column after a per-line discount;
// a till's article code before each item's name; a till's "VAT 18% included" line. Pages made by hand, with other
// names and figures (linesFromText: cells two spaces apart).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] => [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
/** Cells in columns 20 characters wide, as a table prints them. */
const cols = (...c: string[]) => c.map((x) => x.padEnd(20)).join('').trimEnd();
const values = (lines: string[], source: 'text' | 'ocr' = 'text') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA));

describe('documents that are no invoices, under titles no list knew', () => {
  const table = [cols('Item Code', 'Description', 'Qty', 'Unit Price', 'Total'), cols('AB-100200', 'Gravel (m3)', '6', '410.00', '2,460.00'),
    cells('Net Amount', '2,460.00 EGP'), cells('VAT (14%)', '344.40 EGP'), cells('Total Amount', '2,804.40 EGP')];

  it('a "PRICE QUOTATION" and a "PRICE LIST"', () => {
    expect(classifyDocument(page(['PRICE QUOTATION', 'Delta Quarry Works', cells('Date: 04/05/2022', 'Valid for 30 days'), ...table])).type).toBe('other');
    expect(classifyDocument(page(['Kyrenia Wholesale Ltd', 'PRICE LIST', cells('Date:', '01/02/2023'), cols('Item', 'Price EUR', 'Unit'), cols('Olive oil 5L', '38.50', 'each'), cols('Tahini 1kg', '7.20', 'each')], 'ocr')).type).toBe('other');
  });

  it('a "PAYMENT REMINDER" citing the invoice it chases', () => {
    const reminder = ['Famagusta Foods Ltd', 'VAT Reg. No. CY12345678X', cells('PAYMENT REMINDER', 'Date:', '09/10/2021'), 'Customer', 'Harbour Taverna',
      'Dear customer, according to our records the following invoices remain unpaid.', 'Invoice INV552190 dated 25/08/2021 balance EUR 1.204,50', 'Please settle within 7 days.'];
    expect(classifyDocument(page(reminder, 'ocr')).type).toBe('other');
  });

  it('an Ecuadorian "GUÍA DE REMISIÓN" is a delivery note', () => {
    const guia = [cells('Comercial Cotopaxi', 'R.U.C.: 1790012345001'), 'GUIA DE REMISION', 'Dir. Matriz: Av. Amazonas 300, Quito', cells('Fecha de emision: 03/03/2020', 'Fecha de vencimiento: 02/04/2020'),
      cols('Cód.', 'Cant.', 'Descripción'), cols('12345', '4', 'Cemento 50 kg')];
    expect(classifyDocument(page(guia, 'ocr')).type).toBe('delivery_note');
  });
});

describe('currencies printed as words of their countries', () => {
  it('Israel\'s "NIS" is the shekel', () => {
    const invoice = ['Galil Software Ltd.', 'TAX INVOICE  No. 30417', cells('Date:', '02/02/2022'), cols('Description', 'Qty', 'Unit price', 'Amount (NIS)'), cols('Support hours', '3', '450.00', '1,350.00'),
      cells('Total before VAT', 'NIS 1,350.00'), cells('VAT 17%', 'NIS 229.50'), cells('Total incl. VAT', 'NIS 1,579.50')];
    expect(values(invoice).Currency).toBe('ILS');
  });

  it('"Rs." is the rupee of the country the slip\'s words place it in', () => {
    const slip = (where: string[]) => ['Model Town Mart', ...where, 'SALES TAX INVOICE', cells('Bill No: 512233', '14-02-2023 10:12'), cells('Milk 1L', '290.00'), cells('Rice 5kg', '1,950.00'),
      cells('TOTAL (Rs.)', '2,240.00'), cells('CASH', '3,000.00'), cells('BALANCE', '760.00'), cells('Amount Paid', 'Rs. 2,240.00')];
    expect(values(slip(['Main Boulevard, Lahore', 'NTN: 1234567-8'])).Currency).toBe('PKR');
    expect(values(slip(['Galle Road, Colombo 03'])).Currency).toBe('LKR');
  });
});

describe('the invoice number', () => {
  it('after a "TAX INVOICE / RECEIPT No." title, not the company\'s registration number', () => {
    const invoice = ['Ayalon Print Ltd.', cells('7 Herzl St, Haifa', 'Tel. 04-8120000'), cells('Company No. 51-244180-3', 'Osek Murshe 514418033'), cells('TAX INVOICE / RECEIPT No. 61120', 'ORIGINAL'),
      cells('Bill to:', 'Date: 11/03/2021'), cells('Carmel Bakery Ltd.', 'Payment terms: Net 30 - due 10/04/2021'),
      cols('Description', 'Qty', 'Unit price', 'Amount'), cols('Flyers A5', '2', '310.00', '620.00'), cells('Total before VAT', 'NIS 620.00'), cells('VAT 17%', 'NIS 105.40'), cells('Total incl. VAT', 'NIS 725.40')];
    expect(values(invoice)['Invoice Number']).toBe('61120');
  });

  it('an Egyptian e-invoice\'s "Internal ID"', () => {
    const invoice = ['E-INVOICE', cells('Issuer', 'Receiver'), cells('Delta Quarry Works', 'Sinai Builders'), cells('Internal ID: INV-2022-40917', 'Date Issued: 04/05/2022 10:15'),
      'UUID: 8841207755190342', ...[cols('Description', 'Qty', 'Unit Price', 'Total'), cols('Gravel (m3)', '6', '410.00', '2,460.00'), cells('Net Amount', '2,460.00 EGP'), cells('VAT (14%)', '344.40 EGP'), cells('Total Amount', '2,804.40 EGP')]];
    expect(values(invoice)['Invoice Number']).toBe('INV-2022-40917');
  });

  it('without the "No." OCR glued to it', () => {
    // The title over the number's cell, as the RIDE's box prints it (a label to the number below).
    const factura = [cells('Agricola Los Rios S.A.', 'R.U.C.: 0990012345001'), `${' '.repeat(40)}FACTURA`, 'Dir.Matriz:Av. Olmedo 210, Guayaquil', cells('Obligado a llevar contabilidad: SI', 'No.001-003-000417220'), 'CLAVE DE ACCESO:',
      '140220190109900123450011001003000417220123456781', 'AMBIENTE PRODUCCION EMISION :NORMAL', cells('Fecha de emision:14/02/2019', 'Fecha de vencimiento: 01/03/2019'), cells('Razon social: Frutas del Sur', 'RUC/CI:0912345678001'),
      cols('Cant.', 'Descripción', 'P. Unitario', 'Precio Total'), cols('2', 'Banano caja', '12.00', '24.00'), cells('SUBTOTAL 12%', 'USD 24.00'), cells('IVA 12%', 'USD 2.88'), cells('VALOR TOTAL', 'USD 26.88')];
    expect(values(factura, 'ocr')['Invoice Number']).toBe('001-003-000417220');
  });

  it('not the FBR fiscal number under a Pakistani slip, the bill\'s own label misread', () => {
    const slip = ['Model Town Mart', 'NTN: 1234567-8', 'SALES TAX INVOICE', cells('Bi11 N0: 512233', '14-02-2023 10:12'), cells('Milk 1L', '290.00'), cells('Rice 5kg', '1,950.00'),
      cells('TOTAL (Rs.)', '2,240.00'), cells('Amount Paid', 'Rs. 2,240.00'), 'FBR Invoice # 77102938475610293847'];
    expect(values(slip, 'ocr')['Invoice Number']).not.toBe('77102938475610293847');
  });
});

describe('item rows', () => {
  it('a "Net EUR" column after a discount in per cent is each line\'s amount', () => {
    const invoice = ['Famagusta Foods Ltd', 'INVOICE', cells('Invoice No:', 'SI551021'), cells('Date:', '05/05/2020'),
      cols('Description', 'Price', 'Qty', 'Disc.%', 'Net EUR'), cols('Carob syrup 400g', '5.20', '10', '10', '46.80'), cols('Charcoal 10kg', '12.40', '2', '', '24.80'),
      cells('Net', '71.60'), cells('VAT 19%', '13.60'), cells('Total EUR', '85.20')];
    expect(values(invoice)['Line Items']).toEqual([
      { Description: 'Carob syrup 400g', Quantity: 10, 'Unit Price': 5.2, Amount: 46.8 },
      { Description: 'Charcoal 10kg', Quantity: 2, 'Unit Price': 12.4, Amount: 24.8 },
    ]);
  });

  it('a till\'s article code before the name is no part of it', () => {
    const slip = ['Hill Street Grocers', 'TAX INVOICE', cells('Bill No: 402211', '03/03/2022 18:40'), '-'.repeat(30),
      cells('5512093', 'Red Lentils 1kg'), cells('2 x 410.00', '820.00'), cells('0093321', 'Coconut Milk 400ml'), cells('3 x 255.00', '765.00'), '-'.repeat(30),
      cells('NET TOTAL', '1,585.00'), cells('CASH', '2,000.00'), cells('BALANCE', '415.00')];
    expect((values(slip, 'ocr')['Line Items'] as Record<string, unknown>[] | null)?.map((r) => r.Description)).toEqual(['Red Lentils 1kg', 'Coconut Milk 400ml']);
  });
});

describe('a till\'s tax included in its prices', () => {
  it('"VAT 18% included" is the tax', () => {
    const slip = ['Hill Street Grocers', 'TAX INVOICE', cells('Bill No: 402211', '03/03/2022 18:40'), cells('Red Lentils 1kg', '820.00'), cells('Coconut Milk 400ml', '765.00'),
      cells('NET TOTAL', '1,585.00'), cells('CASH', '2,000.00'), cells('BALANCE', '415.00'), cells('VAT 18% included', '241.78'), cells('Amount Paid', 'LKR 1,585.00')];
    expect(values(slip).Tax).toBe(241.78);
  });
});

describe('an e-invoice portal\'s "Issuer" and "Receiver" boxes', () => {
  it('the vendor is the issuer\'s name, not the receiver\'s or the heading', () => {
    const invoice = ['E-INVOICE', 'Document Type: Invoice (I)     Version 1.0', cells('Issuer', 'Receiver'), cells('Delta Quarry Works', 'Sinai Builders'),
      cells('Tax Registration Number: 311-204-998', 'Tax Registration Number: 702-118-455'), cells('Internal ID: INV-2022-40917', 'Date Issued: 04/05/2022 10:15'),
      cols('Description', 'Qty', 'Unit Price', 'Total'), cols('Gravel (m3)', '6', '410.00', '2,460.00'), cells('Net Amount', '2,460.00 EGP'), cells('VAT (14%)', '344.40 EGP'), cells('Total Amount', '2,804.40 EGP')];
    expect(values(invoice, 'ocr')['Vendor Name']).toBe('Delta Quarry Works');
  });
});

describe('a till\'s "NET TOTAL" with the tax included in its prices', () => {
  const slip = (vat: string) => ['Hill Street Grocers', 'TAX INVOICE', cells('Bill No: 402211', '03/03/2022 18:40'), cells('Red Lentils 1kg', '820.00'), cells('Coconut Milk 400ml', '765.00'),
    cells('NET TOTAL', '1,585.00'), cells('CASH', '2,000.00'), cells('BALANCE', '415.00'), cells(vat, '241.78'), cells('Amount Paid', 'LKR 1,585.00')];

  it('is the total, no net before tax', () => {
    const read = values(slip('VAT 18% included'), 'ocr');
    expect([read.Subtotal, read.Total, read.Tax]).toEqual([null, 1585, 241.78]);
  });

  it('the rate before "included" is no tax where OCR misread its % sign', () => {
    expect(values(slip('VAT 18+ included'), 'ocr').Tax).toBe(241.78);
  });
});

describe('a label OCR read with digits for its letters', () => {
  it('"Bi11 No:" is "Bill No:"', () => {
    const slip = ['Model Town Mart', 'NTN: 1234567-8', 'SALES TAX INVOICE', cells('Bi11 No: 512233', '14-02-2023 10:12'), cells('Milk 1L', '290.00'), cells('Rice 5kg', '1,950.00'),
      cells('TOTAL (Rs.)', '2,240.00'), cells('Amount Paid', 'Rs. 2,240.00')];
    expect(values(slip, 'ocr')['Invoice Number']).toBe('512233');
  });
});

describe('a tax rate in a cell of its own', () => {
  it('between the tax\'s label and its amount ("GST | 18s incl. | 241.78", OCR\'s "s" for %)', () => {
    const slip = ['Model Town Mart', 'NTN: 1234567-8', 'SALES TAX INVOICE', cells('Bill No: 512233', '14-02-2023 10:12'), cells('Milk 1L', '290.00'), cells('Rice 5kg', '1,295.00'),
      cells('TOTAL (Rs.)', '1,585.00'), cells('CASH', '2,000.00'), cells('BALANCE', '415.00'), cells('GST', '18s incl.', '241.78'), cells('Amount Paid', 'Rs. 1,585.00')];
    expect(values(slip, 'ocr').Tax).toBe(241.78);
  });
});

describe('a name left without its figures just over the totals', () => {
  it('is not given the net\'s figure: "Total before VAT" ends the items and is the subtotal', () => {
    const invoice = ['Hadera Signs Ltd.', 'TAX INVOICE No. 40022', cells('Date:', '20/07/2021'), cols('Description', 'Qty', 'Unit price', 'Amount (NIS)'),
      cols('Desk lamp', '2', '40.00', '80.00'), cols('Cable tray', '1', '35.50', '35.50'), 'Wall bracket (row lost)',
      `${' '.repeat(20)}${cols('Total before VAT', '', 'NIS 115.50')}`, `${' '.repeat(20)}${cols('VAT 17%', '', 'NIS 19.64')}`, `${' '.repeat(20)}${cols('Total incl. VAT', '', 'NIS 135.14')}`];
    const read = values(invoice, 'ocr');
    expect(read.Subtotal).toBe(115.5);
    expect((read['Line Items'] as unknown[]).length).toBe(2);
  });
});

describe('a label OCR misread with its value glued to its colon', () => {
  it('"Intemal ID:INV-2019-0417" ("rn" read "m") is the Internal ID', () => {
    const invoice = ['E-INVOICE', cells('Issuer', 'Receiver'), cells('Delta Quarry Works', 'Sinai Builders'), cells('Intemal ID:INV-2019-0417', 'Date Issued:04/05/2019 10:15'),
      'UUID:8841207755190342', cols('Description', 'Qty', 'Unit Price', 'Total'), cols('Gravel (m3)', '6', '410.00', '2,460.00'),
      cells('Net Amount', '2,460.00 EGP'), cells('VAT (14%)', '344.40 EGP'), cells('Total Amount', '2,804.40 EGP')];
    expect(values(invoice, 'ocr')['Invoice Number']).toBe('INV-2019-0417');
  });
});
