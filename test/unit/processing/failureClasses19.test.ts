import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { classifyDocument } from '../../../src/service/processing/doctype.js';
import { EVAL_SCHEMA } from '../../eval/score.js';
import { valuesOf } from './helpers.js';

// Failure classes of the nineteenth held-out set (session 25). Pages made by hand, with other names and figures
// (linesFromText: cells two spaces apart, a line every 12 points).

const page = (lines: string[], source: 'text' | 'ocr' = 'text'): PageLayout[] =>
  [{ number: 1, width: 900, height: 1200, source, quality: source === 'text' ? 1 : 0.95, lines: linesFromText(lines.join('\n'), 1) }];
const cells = (...c: string[]) => c.join('      ');
const values = (lines: string[], source: 'text' | 'ocr' = 'text') => valuesOf(extractFields(page(lines, source), EVAL_SCHEMA));

describe('an invoice printed from a web mail client', () => {
  it('the sender "Name <address>" on the From line is the vendor\'s name, without its address', () => {
    const mail = [cells('12/06/2024, 09:12', 'Mail - Jo Bloggs - Outlook'), 'Invoice 4471 from Harbourside Signs Ltd',
      'From: Harbourside Signs Ltd <billing@harboursidesigns.co.uk>', 'Sent: Monday, 10 June 2024 11:02', 'To: Dunmore Bakery <ap@dunmorebakery.co.uk>',
      'Hi Dunmore team,', 'Please find your invoice below.', 'INVOICE', cells('Invoice number', '4471'), cells('Date', '07/06/2024'),
      cells('Description', 'Qty', 'Unit price', 'Amount'), cells('Shop fascia sign', '1', '640.00', '640.00'), cells('Fitting (hours)', '3', '45.00', '135.00'),
      cells('Subtotal', '£775.00'), cells('VAT 20%', '£155.00'), cells('Total GBP', '£930.00')];
    expect(values(mail)['Vendor Name']).toBe('Harbourside Signs Ltd');
  });
});

describe('a mail whose OCR spaced its sender\'s address', () => {
  it('"Name <accounts @ example.ie>" is the name', () => {
    const mail = ['From: Shannon Valve Services Ltd <accounts @ shannonvalve.ie>', 'Sent: Tuesday, 3 September 2024 10:15', 'INVOICE', cells('Invoice number', 'SV-1182'),
      cells('Date', '30/08/2024'), cells('Description', 'Qty', 'Unit price', 'Amount'), cells('Valve service', '2', '150.00', '300.00'),
      cells('Subtotal', '€300.00'), cells('VAT 23%', '€69.00'), cells('Total EUR', '€369.00')];
    expect(values(mail, 'ocr')['Vendor Name']).toBe('Shannon Valve Services Ltd');
  });
});

describe('a delivery note and its invoice in one file', () => {
  const note = ['Murray Building Supplies Pty Ltd', '12 Depot Rd, Albury NSW 2640', 'DELIVERY NOTE', cells('Delivery note no.', 'DN41822'), cells('Delivery date', '03/05/2023'),
    cells('Description', 'Qty ordered', 'Qty delivered'), cells('Treated pine 90x45, 4.8m', '12', '12'), cells('Cement 20kg', '10', '10'), 'Received in good order (signature)'];
  const invoice = ['Murray Building Supplies Pty Ltd', '12 Depot Rd, Albury NSW 2640', 'TAX INVOICE', cells('Invoice no.', 'IN55120'), cells('Date', '05/05/2023'),
    cells('Description', 'Qty', 'Unit price', 'Amount'), cells('Treated pine 90x45, 4.8m', '12', '21.50', '258.00'), cells('Cement 20kg', '10', '9.80', '98.00'),
    cells('Subtotal', '$356.00'), cells('GST 10%', '$35.60'), cells('Total AUD', '$391.60')];
  const two = (a: string[], b: string[]): PageLayout[] => [page(a)[0], { ...page(b)[0], number: 2, lines: linesFromText(b.join('\n'), 2) }];
  it('is an invoice, read from its invoice page', () => {
    expect(classifyDocument(two(note, invoice)).type).toBe('invoice');
    const v = valuesOf(extractFields(two(note, invoice), EVAL_SCHEMA));
    expect([v['Invoice Number'], v['Invoice Date'], v.Total]).toEqual(['IN55120', '2023-05-05', 391.6]);
  });
  it('a delivery note alone, or over a page without an invoice\'s title and total, is still a delivery note', () => {
    expect(classifyDocument(page(note)).type).toBe('delivery_note');
    expect(classifyDocument(two(note, ['Terms and conditions', 'Goods remain our property until paid in full.'])).type).toBe('delivery_note');
  });
});

describe('a customer statement and a transfer confirmation are no invoices', () => {
  it('a route handheld\'s CUSTOMER STATEMENT and a phone\'s "Transfer sent" are of type other', () => {
    const statement = ['KANO BOTTLING DEPOT LTD', 'TIN 12345678-0001', 'ZARIA DEPOT - VAN SALES', 'CUSTOMER STATEMENT', 'DATE: 14/02/2022', 'CUST: 220431', 'BALANCE B/F  12,400.00',
      cells('17/01/2022 INV 745349', '83,200.00'), cells('PAYMENT', '-50,000.00'), cells('BALANCE DUE', '45,600.00'), 'CUSTOMER SIGNATURE'];
    const transfer = ['20:37', 'Transfer sent', '$1,250.00', 'Corrib Electrical Ltd', cells('Reference', 'INV-4417'), cells('From', 'Business Current ··1234'),
      cells('Date', '07 Mar 2025, 11:56'), cells('Status', 'Completed')];
    expect(classifyDocument(page(statement, 'ocr')).type).toBe('other');
    expect(classifyDocument(page(transfer, 'ocr')).type).toBe('other');
  });
});

describe('a phone\'s order receipt', () => {
  const order = ['21:04', 'Order details', 'Bondi Noodle Bar', 'Delivered · 11 Jan 2025, 17:43', 'Order #38F114', cells('1x', 'Laksa', '$18.50'), cells('2x', 'Spring rolls', '$12.00'),
    cells('Item total', '$30.50'), cells('Delivery fee', '$4.99'), cells('Total', '$35.49'), cells('Includes GST', '$3.23'), 'Paid with Visa ···· 4421'];
  it('its Order # is its number', () => {
    expect(values(order, 'ocr')['Invoice Number']).toBe('38F114');
  });
  it('the screen\'s title "Order details" names no one', () => {
    expect(values(order, 'ocr')['Vendor Name']).not.toBe('Order details');
  });
});

describe('an Indian tax invoice\'s "Taxable Value" and "Total GST"', () => {
  it('the taxable value is the subtotal, the tax CGST + SGST as "Total GST" prints it', () => {
    const inv = ['GUPTA HARDWARE STORES', '17, Lajpat Rai Market, Delhi-110006', 'GSTIN: 07ABCDE1234F1Z5', 'TAX INVOICE', cells('Invoice No. 41/24-25', 'Date: 12.06.2024'),
      'M/s.: Sunrise Guest House', cells('Particulars', 'Qty', 'Rate', 'Amount'), cells('Steel almirah', '2', '12,450.00', '24,900.00'),
      cells('Ceiling fans', '6', '2,315.50', '13,893.00'), cells('Taxable Value', '38,793.00'), cells('CGST@9%', '3,491.37'), cells('SGST @9%', '3,491.37'),
      cells('Total GST', '6,982.74'), cells('Grand Total Rs.', '45,775.74'), 'For GUPTA HARDWARE STORES', 'Authorised Signatory'];
    const v = values(inv, 'ocr');
    expect([v.Subtotal, v.Tax, v.Total]).toEqual([38793, 6982.74, 45775.74]);
  });
});

describe('a Spanish ride receipt on a phone', () => {
  const ride = ['19:54', 'Recibo del viaje', 'Viajes Rapidos App', 'Recibo núm. RX-2024-1187342', 'ID del viaje 7ab21c90-b314', '12 Mar 2024 · 08:40',
    cells('Tarifa base', 'MX$35.00'), cells('Distancia (6.2 km)', 'MX$37.20'), cells('Tiempo (18 min)', 'MX$36.00'), cells('Total', 'MX$108.20'), 'IVA incluido (16%) MX$14.92'];
  it('"Recibo núm." labels the receipt\'s number', () => {
    expect(values(ride, 'ocr')['Invoice Number']).toBe('RX-2024-1187342');
  });
  it('the title "Recibo del viaje" names no one', () => {
    expect(values(ride, 'ocr')['Vendor Name']).not.toBe('Recibo del viaje');
  });
});

describe('an Austrian receipt\'s VAT id', () => {
  it('"UID ATU..." names no one, also on the tallest line at the head (a handwritten note beside it)', () => {
    const receipt = ['Cafe Lindner', 'Hauptplatz 4, Graz', 'UID ATU61234567', cells('Bon-Nr. 4412', '03.05.2023 10:14'), cells('Melange', '4,20'),
      cells('Apfelstrudel', '5,10'), cells('SUMME EUR', '9,30'), cells('20%', 'Netto', 'USt', 'Brutto'), cells('7,75', '1,55', '9,30'), 'Vielen Dank!'];
    const pages = page(receipt, 'ocr');
    pages[0].lines[2].y1 += 24;
    expect(valuesOf(extractFields(pages, EVAL_SCHEMA))['Vendor Name']).toBe('Cafe Lindner');
  });
});

describe('a note written beside a stapled receipt', () => {
  it('the project it is booked to ("Projekt 17 / Reise") names no one', () => {
    const receipt = ['Bahnhofsbistro Mitte', cells('Bahnhofstr. 12, Ulm', 'Projekt 17 / Reise'), 'USt-IdNr. DE123456789', cells('Bon-Nr. 55120', '12.03.2024 08:14'),
      cells('Kaffee', '3,20'), cells('Brezel', '1,90'), cells('SUMME EUR', '5,10'), cells('19%', 'Netto', 'MwSt', 'Brutto'), cells('4,29', '0,81', '5,10'), 'Vielen Dank!'];
    const pages = page(receipt, 'ocr');
    pages[0].lines[1].y1 += 24;
    expect(valuesOf(extractFields(pages, EVAL_SCHEMA))['Vendor Name']).toBe('Bahnhofsbistro Mitte');
  });
});
