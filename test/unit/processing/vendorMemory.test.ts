// Vendor memory (issue 16) on hand-made pages: how a vendor is recognised, what a saved value
// teaches, and when the memory's reading replaces the extractor's.
import { describe, expect, it } from 'vitest';
import { gapped, sameVendor, vendorKeys } from '../../../src/service/processing/extract/memory/keys.js';
import { learnCorrections, recallFields } from '../../../src/service/processing/extract/memory/index.js';
import { learnField } from '../../../src/service/processing/extract/memory/learn.js';
import type { MemoryWord } from '../../../src/service/processing/extract/memory/words.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import type { ExtractedField } from '../../../src/service/processing/types.js';

/** A page of lines, each a list of cells at x positions (page 600 x 800, lines 20 units high). */
function page(lines: Array<Array<[number, string]>>): PageLayout {
  return {
    number: 1, width: 600, height: 800, source: 'text', quality: 1,
    lines: lines.map((cells, i) => ({
      text: cells.map(([, t]) => t).join(' '), x0: cells[0]![0], x1: 580, y0: 40 + i * 30, y1: 60 + i * 30, page: 1,
      cells: cells.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 7 })),
    })),
  };
}

const receipt = (total: string, name = 'KEDAI PAPAN YEW CHUAN') =>
  page([[[20, name]], [[20, 'GST REG NO: 000305590528']], [[20, 'No. 12 Jalan Besar']], [[20, 'TOTAL QTY'], [400, '3']], [[20, 'NET PAYABLE'], [400, total]], [[20, 'CASH'], [400, '100.00']]]);

const words = (p: PageLayout): MemoryWord[] =>
  p.lines.flatMap((l) => l.cells.map((c) => ({ page: 1, text: c.text, box: [c.x0 / 600, l.y0 / 800, c.x1 / 600, l.y1 / 800] as [number, number, number, number] })));

const field = (title: string, type: string, value: unknown, confidence: number): ExtractedField => ({ title, type, value, confidence, description: '', hidden: false });

describe('vendor memory', () => {
  it('recognises a vendor by its tax number, and by a letterhead read with an OCR slip', () => {
    const known = vendorKeys(words(receipt('12.00')));
    expect(known.taxIds).toEqual(['000305590528']);
    expect(sameVendor(vendorKeys(words(receipt('30.00'))), known)).toBe(1);
    const slipped = page([[[20, 'KEDAI PAPAN YEW CHUAM']], [[20, 'No. 12 Jalan Besar']]]);
    expect(sameVendor(vendorKeys(words(slipped)), { ...known, taxIds: [] })).toBeGreaterThanOrEqual(0.5);
    expect(sameVendor(vendorKeys(words(page([[[20, 'ANOTHER SHOP SDN BHD']]]))), known)).toBe(0);
    // The extractor's name with an OCR slip, on a page whose letterhead was not read.
    const weber = { taxIds: [], names: ['weberburobedarfgmbh'], header: ['weber'] };
    expect(sameVendor(vendorKeys(words(page([[[20, '###']]])), 'Weber Birobedarf GmbH'), weber)).toBeGreaterThanOrEqual(0.5);
    expect(sameVendor(vendorKeys(words(page([[[20, '###']]])), 'Webster Bedarf GmbH'), weber)).toBe(0);
  });

  it('recognises a Japanese vendor whose katakana OCR dropped, and no other vendor by its legal form alone', () => {
    const midori = learnCorrections([], words(page([[[20, '合同会社ミドリ技研']], [[20, '請求番号: INV-1']]])), '合同会社ミドリ技研', [
      { title: 'Vendor Name', type: 'string', value: '合同会社ミドリ技研', corrected: true },
    ]);
    const yamada = learnCorrections([midori], words(page([[[20, '株式会社山田商事']], [[20, '請求番号: INV-2']]])), '株式会社山田商事', [
      { title: 'Vendor Name', type: 'string', value: '株式会社山田商事', corrected: true },
    ]);
    // The scan's letterhead and the extractor both read the name without its katakana.
    const scan = page([[[20, '請求書']], [[600, '合同会社 技研']], [[20, '請求番号: INV-3']]]);
    const read = recallFields([scan], [field('Vendor Name', 'string', '合同会社 技研', 0.7)], [midori, yamada]);
    expect(read[0]).toMatchObject({ value: '合同会社ミドリ技研', confidence: 0.95 });
    expect(gapped('合同会社技研', '合同会社ミドリ技研')).toBe(true);
    // The legal form alone, a name's start alone, or another name are no reading of it.
    expect(gapped('合同会社', '合同会社ミドリ技研')).toBe(false);
    expect(gapped('合同会社ミドリ', '合同会社ミドリ技研')).toBe(false);
    expect(gapped('株式会社技研', '合同会社ミドリ技研')).toBe(false);
    const other = page([[[20, '請求書']], [[600, '合同会社 サクラ']], [[20, '請求番号: INV-4']]]);
    expect(recallFields([other], [field('Vendor Name', 'string', '合同会社 サクラ', 0.7)], [midori, yamada])[0]).toMatchObject({ value: '合同会社 サクラ', confidence: 0.7 });
  });

  it('learns the label beside a value, never a currency or a speck', () => {
    expect(learnField(words(receipt('12.00')), 'Total', 'number', 12, true)).toMatchObject({ label: 'netpayable', where: 'right', corrected: true });
    // "RM" before the amount is its currency: the label is the cell above.
    const inCell = page([[[20, 'Amount due']], [[20, 'RM 12.00']]]);
    expect(learnField(words(inCell), 'Total', 'number', 12, true)).toMatchObject({ label: 'amountdue', where: 'below' });
    expect(learnField(words(page([[[20, 'RM 12.00 z']]])), 'Total', 'number', 12, true)).toMatchObject({ label: null, where: null });
  });

  it('reads a corrected field where the correction said; a confirmed one only makes an agreeing value sure', () => {
    const first = receipt('12.00');
    const corrected = learnCorrections([], words(first), 'KEDAI PAPAN YEW CHUAN', [{ title: 'Total', type: 'number', value: 12, corrected: true }]);
    const next = receipt('45.50');
    const read = recallFields([next], [field('Total', 'number', 100, 0.8), field('Vendor Name', 'string', 'KEDAI PAPAN', 0.5)], [corrected]);
    expect(read[0]).toMatchObject({ value: 45.5, confidence: 0.95 });
    const confirmed = learnCorrections([], words(first), 'KEDAI PAPAN YEW CHUAN', [
      { title: 'Total', type: 'number', value: 12, corrected: false },
      { title: 'Vendor Name', type: 'string', value: 'KEDAI PAPAN YEW CHUAN', corrected: false },
    ]);
    const kept = recallFields([next], [field('Total', 'number', 100, 0.8), field('Vendor Name', 'string', 'KEDAI PAPAN', 0.5)], [confirmed]);
    expect(kept[0]).toMatchObject({ value: 100, confidence: 0.8 });
    // A vendor's name is the same on each of its documents.
    expect(kept[1]).toMatchObject({ value: 'KEDAI PAPAN YEW CHUAN', confidence: 0.95 });
    const agreeing = recallFields([next], [field('Total', 'number', 45.5, 0.8)], [confirmed]);
    expect(agreeing[0]).toMatchObject({ value: 45.5, confidence: 0.95 });
  });

  it('tells two vendors apart when both invoices carry the buyer\'s tax id and the customer\'s name is read as the vendor', () => {
    // Every invoice an office receives prints the office's own VAT number in the "bill to" block.
    const invoice = (vendor: string, total: string) =>
      page([[[20, vendor]], [[20, 'Invoice']], [[20, 'Bill to: Hooli Europe BV, VAT NL123456789B01']], [[20, 'TOTAL'], [400, total]]]);
    const learn = (memories: ReturnType<typeof learnCorrections>[], vendor: string) => {
      const m = learnCorrections(memories, words(invoice(vendor, '10.00')), vendor, [{ title: 'Vendor Name', type: 'string', value: vendor, corrected: true }]);
      return [...memories.filter((x) => x.id !== m.id), m];
    };
    const both = learn(learn([], 'Northwind Supplies Ltd'), 'Brightwater Catering plc');
    expect(both).toHaveLength(2);
    // The extractor took another known vendor's name; the letterhead says whose invoice it is.
    const next = invoice('Northwind Supplies Ltd', '20.00');
    const read = recallFields([next], [field('Vendor Name', 'string', 'Brightwater Catering plc', 0.6)], both);
    expect(read[0]).toMatchObject({ value: 'Northwind Supplies Ltd', confidence: 0.95 });
    // A third vendor with the same buyer is no known vendor: its values are left as read.
    const other = invoice('Initech GmbH', '30.00');
    const left = recallFields([other], [field('Vendor Name', 'string', 'Initech GmbH', 0.6)], both);
    expect(left[0]).toMatchObject({ value: 'Initech GmbH', confidence: 0.6 });
  });

  it('flags a remembered value printed otherwise than the vendor prints it, or one that breaks the totals', () => {
    const corrected = learnCorrections([], words(receipt('12.00')), 'KEDAI PAPAN YEW CHUAN', [{ title: 'Total', type: 'number', value: 12, corrected: true }]);
    // OCR lost the decimal point: "4550" beside the label is read, but not as sure.
    const lost = recallFields([receipt('4550')], [field('Total', 'NUMBER', 100, 0.8)], [corrected]);
    expect(lost[0]).toMatchObject({ value: 4550 });
    expect(lost[0]!.confidence).toBeLessThan(0.9);
    // Subtotal and tax as the extractor read them: they add up to the remembered total, or not.
    const parts = (sub: number, tax: number) => [field('Total', 'NUMBER', 100, 0.8), field('Subtotal', 'NUMBER', sub, 0.8), field('Tax', 'NUMBER', tax, 0.8)];
    expect(recallFields([receipt('45.50')], parts(43.1, 2.4), [corrected])[0]).toMatchObject({ value: 45.5, confidence: 0.95 });
    const broken = recallFields([receipt('45.50')], parts(40, 2.4), [corrected]);
    expect(broken[0]).toMatchObject({ value: 45.5 });
    expect(broken[0]!.confidence).toBeLessThan(0.9);
    // The extractor's own values keep their confidence: only what the memory changed is flagged.
    expect(broken[1]).toMatchObject({ value: 40, confidence: 0.8 });
  });

  it('learns a label and its value in one cell: text after the colon, a Japanese date with 年月日', () => {
    const invoice = (no: string, due: string) =>
      page([[[20, '有限会社佐藤印刷']], [[300, `請求番号：${no}`]], [[300, '請求日：2022/09/14']], [[20, `お支払期限：${due}`]]]);
    const first = invoice('INV-220914-86', '2022年10月14日');
    expect(learnField(words(first), 'Invoice Number', 'string', 'INV-220914-86', true)).toMatchObject({ label: '請求番号', where: 'same' });
    expect(learnField(words(first), 'Due Date', 'date', '2022-10-14', true)).toMatchObject({ label: 'お支払期限', where: 'same' });
    const memory = learnCorrections([], words(first), '有限会社佐藤印刷', [
      { title: 'Invoice Number', type: 'string', value: 'INV-220914-86', corrected: true },
      { title: 'Due Date', type: 'date', value: '2022-10-14', corrected: true },
    ]);
    const read = recallFields([invoice('INV-230105-12', '2023年2月4日')], [field('Invoice Number', 'STRING', null, 0), field('Due Date', 'DATE', null, 0)], [memory]);
    expect(read[0]).toMatchObject({ value: 'INV-230105-12', confidence: 0.95 });
    expect(read[1]).toMatchObject({ value: '2023-02-04', confidence: 0.95 });
  });
});

describe('vendor memory, a label cut otherwise', () => {
  const invoice = (cells: Array<[number, string]>) =>
    page([[[20, 'Ferretería López S.L.'], [300, 'Factura']], [[20, 'NIF: ES281065551']], [cells[0]!, ...cells.slice(1)], [[20, 'Total'], [400, '12,00']]]);
  const memory = () => learnCorrections([], words(invoice([[300, 'Nº Factura:'], [420, 'INV-2022/57281']])), 'Ferretería López S.L.', [
    { title: 'Invoice Number', type: 'string', value: 'INV-2022/57281', corrected: false },
  ]);

  it('fills a value the extractor missed when OCR glued the remembered label to it, for a person to check', () => {
    expect(memory().fields['Invoice Number']).toMatchObject({ label: 'nofactura', where: 'right' });
    const glued = invoice([[300, 'N°Factura:INV205504']]);
    const read = recallFields([glued], [field('Invoice Number', 'STRING', null, 0)], [memory()]);
    expect(read[0]).toMatchObject({ value: 'INV205504', confidence: 0.8 });
  });

  it('changes no value the extractor read, nor its confidence, from a label cut otherwise', () => {
    const glued = invoice([[300, 'N°Factura:INV205504']]);
    expect(recallFields([glued], [field('Invoice Number', 'STRING', 'INV205504', 0.97)], [memory()])[0]).toMatchObject({ value: 'INV205504', confidence: 0.97 });
    expect(recallFields([glued], [field('Invoice Number', 'STRING', 'X-1', 0.4)], [memory()])[0]).toMatchObject({ value: 'X-1', confidence: 0.4 });
  });
});

describe('vendor memory, amounts that add up', () => {
  const receipt = (sub: string, taxLabel: string, tax: string, total: string) =>
    page([[[20, 'Alpen Software AG']], [[20, 'Bahnhofstrasse 3']], [[20, 'NETTOBETRAG'], [400, sub]], [[20, taxLabel], [400, tax]], [[20, 'TOTAL EUR'], [400, total]]]);
  const amounts = (sub: number | null, tax: number | null, total: number | null) =>
    [field('Subtotal', 'NUMBER', sub, 0.8), field('Tax', 'NUMBER', tax, 0.89), field('Total', 'NUMBER', total, 0.95)];
  const confirmed = (titles = ['Subtotal', 'Tax', 'Total']) =>
    learnCorrections([], words(receipt('10.297,09', 'UMSATZSTEUER 19%', '1.956,45', '12.253,54')), 'Alpen Software AG',
      titles.map((title) => ({ title, type: 'NUMBER', value: { Subtotal: 10297.09, Tax: 1956.45, Total: 12253.54 }[title], corrected: false })));

  it('takes the tax that makes the vendor\'s amounts add up when it is printed, for a person to check', () => {
    // OCR read the rate "7%" as "78" beside the label, and the extractor took it for the tax.
    const next = receipt('27.084,78', 'UMSATZSTEUER 78', '1.895,93', '28.980,71');
    const read = recallFields([next], amounts(27084.78, 78, 28980.71), [confirmed()]);
    expect(read.map((f) => f.value)).toEqual([27084.78, 1895.93, 28980.71]);
    expect(read[1]!.confidence).toBe(0.8);
    // A subtotal the extractor did not find.
    expect(recallFields([next], amounts(null, 1895.93, 28980.71), [confirmed()])[0]).toMatchObject({ value: 27084.78, confidence: 0.8 });
  });

  it('leaves amounts when the one that adds up is not printed, or the vendor\'s document did not show all three', () => {
    const next = receipt('27.084,78', 'UMSATZSTEUER 78', '1.800,00', '28.980,71');
    // (the amounts still do not add up: the tax is flagged, not changed)
    expect(recallFields([next], amounts(27084.78, 78, 28980.71), [confirmed()])[1]).toMatchObject({ value: 78, confidence: 0.6 });
    const printed = receipt('27.084,78', 'UMSATZSTEUER 78', '1.895,93', '28.980,71');
    expect(recallFields([printed], amounts(27084.78, 78, 28980.71), [confirmed(['Subtotal', 'Total'])])[1]).toMatchObject({ value: 78, confidence: 0.89 });
  });

  it('makes neither part sure when the amounts read do not add up as the vendor\'s do', () => {
    // A credit note's tax "-2.908,05" read "62.908.05": the extractor was sure of it.
    const next = receipt('-13.847,84', 'btw 21%', '62.908.05', '-16.755,89');
    const read = recallFields([next], [field('Subtotal', 'NUMBER', -13847.84, 0.94), field('Tax', 'NUMBER', -62908.05, 0.99), field('Total', 'NUMBER', -16755.89, 0.95)], [confirmed()]);
    expect(read.map((f) => f.value)).toEqual([-13847.84, -62908.05, -16755.89]);
    expect(read.map((f) => f.confidence)).toEqual([0.6, 0.6, 0.95]);
  });
});

describe('vendor memory, what a vendor may print otherwise', () => {
  const invoice = (currency: string, sub: string, total: string) =>
    page([[[20, 'Tanaka Lim Associates Pte. Ltd.']], [[20, 'CURRENCY'], [400, currency]], [[20, 'SUBTOTAL'], [400, sub]], [[20, 'TOTAL'], [400, total]]]);
  const confirmed = learnCorrections([], words(invoice('CHF', '657.74', '657.74')), 'Tanaka Lim Associates Pte. Ltd.', [
    { title: 'Currency', type: 'string', value: 'CHF', corrected: false },
    { title: 'Subtotal', type: 'NUMBER', value: 657.74, corrected: false },
    { title: 'Total', type: 'NUMBER', value: 657.74, corrected: false },
  ]);
  const fields = (currency: string, sub: number) => [field('Vendor Name', 'string', 'Tanaka Lim Associates Pte. Ltd.', 0.9), field('Currency', 'string', currency, 0.88), field('Subtotal', 'NUMBER', sub, 0.85), field('Total', 'NUMBER', 880.2, 0.95)];

  it('keeps the currency printed on the document, not the one the vendor billed in before, for a person to check', () => {
    const read = recallFields([invoice('SGD', '880.20', '880.20')], fields('SGD', 880.2), [confirmed]);
    expect(read[1]).toMatchObject({ value: 'SGD', confidence: 0.6 });
    // The same currency as before is sure.
    expect(recallFields([invoice('CHF', '880.20', '880.20')], fields('CHF', 880.2), [confirmed])[1]).toMatchObject({ value: 'CHF', confidence: 0.95 });
  });

  it('makes no part sure whose sign is not the total\'s', () => {
    const read = recallFields([invoice('CHF', '-880.20', '880.20')], fields('CHF', -880.2), [confirmed]);
    expect(read[2]).toMatchObject({ value: -880.2, confidence: 0.6 });
  });
});

describe('vendor memory, a code printed as the vendor prints it', () => {
  const invoice = (label: string, no: string, order = 'PO-66167') =>
    page([[[20, 'Oakridge Facilities Limited'], [400, 'INVOICE']], [[20, 'Tel +46702755061'], [300, label], [420, no]], [[300, 'Invoice Date:'], [420, '10 Oct 2024']], [[300, 'Order No.:'], [420, order]]]);
  const memory = () => learnCorrections([], words(invoice('Invoice No:', 'RE-3935-67')), 'Oakridge Facilities Limited', [
    { title: 'Invoice Number', type: 'string', value: 'RE-3935-67', corrected: false },
  ]);

  it('takes the one code near its remembered place printed the vendor\'s way when OCR lost the label, for a person to check', () => {
    // The label read as "I"; the extractor took the day of the date for the number.
    const next = invoice('I', 'A-3166-11');
    expect(recallFields([next], [field('Invoice Number', 'string', '10', 0.18)], [memory()])[0]).toMatchObject({ value: 'A-3166-11', confidence: 0.8 });
    expect(recallFields([next], [field('Invoice Number', 'string', null, 0)], [memory()])[0]).toMatchObject({ value: 'A-3166-11', confidence: 0.8 });
  });

  it('takes the code alone from a cell that prints its label before it without a colon', () => {
    const bill = (no: string) => page([[[20, 'Trattoria Da Mario']], [[400, `Documento n. ${no}`]], [[20, 'Coperto'], [400, '2,00']]]);
    const memory = learnCorrections([], words(bill('72519')), 'Trattoria Da Mario', [{ title: 'Invoice Number', type: 'string', value: '72519', corrected: false }]);
    expect(recallFields([bill('88276')], [field('Invoice Number', 'string', null, 0)], [memory])[0]).toMatchObject({ value: '88276', confidence: 0.8 });
  });

  it('reads a corrected code that ended a longer cell as that cell\'s last words', () => {
    const bill = (no: string) => page([[[20, 'Trattoria Da Mario'], [400, `Documento n. ${no}`]], [[20, 'Coperto'], [400, '2,00']]]);
    const memory = learnCorrections([], words(bill('72519')), 'Trattoria Da Mario', [{ title: 'Invoice Number', type: 'string', value: '72519', corrected: true }]);
    expect(memory.fields['Invoice Number']).toMatchObject({ where: 'right', tail: 1 });
    expect(recallFields([bill('88276')], [field('Invoice Number', 'string', 'Documento n. 88276', 0.5)], [memory])[0]).toMatchObject({ value: '88276', confidence: 0.95 });
  });

  it('leaves a value read at good confidence, and a place with two such codes', () => {
    const next = invoice('I', 'A-3166-11');
    expect(recallFields([next], [field('Invoice Number', 'string', '10', 0.7)], [memory()])[0]).toMatchObject({ value: '10', confidence: 0.7 });
    const two = invoice('I', 'A-3166-11', 'PO-6616-22');
    expect(recallFields([two], [field('Invoice Number', 'string', null, 0)], [memory()])[0]).toMatchObject({ value: null });
  });
});

describe('vendor memory, a vendor of several layouts', () => {
  const doc = (title: string, label: string, no: string) => page([[[20, 'Oakridge Facilities Limited'], [400, title]], [[300, label], [420, no]], [[300, 'Date:'], [420, '06/06/2024']]]);
  const save = (memories: ReturnType<typeof learnCorrections>[], p: PageLayout, no: string) => {
    const m = learnCorrections(memories, words(p), 'Oakridge Facilities Limited', [{ title: 'Invoice Number', type: 'string', value: no, corrected: false }]);
    return [...memories.filter((x) => x.id !== m.id), m];
  };

  it('keeps where its invoices print the number after a receipt taught another label, and fills it from there', () => {
    const memories = save(save([], doc('INVOICE', 'Invoice No:', 'RE-3935-67'), 'RE-3935-67'), page([[[20, 'Oakridge Facilities Limited']], [[20, 'Receipt No: 450/2023']]]), '450/2023');
    expect(memories).toHaveLength(1);
    expect(memories[0]!.fields['Invoice Number']).toMatchObject({ label: 'receiptno', others: [{ label: 'invoiceno', where: 'right' }] });
    const next = doc('INVOICE', 'Invoice No:', 'RE-4410-02');
    expect(recallFields([next], [field('Invoice Number', 'string', null, 0)], memories)[0]).toMatchObject({ value: 'RE-4410-02', confidence: 0.8 });
    // Another layout's memory changes no value the extractor read, nor its confidence.
    expect(recallFields([next], [field('Invoice Number', 'string', 'RE-4410-02', 0.85)], memories)[0]).toMatchObject({ value: 'RE-4410-02', confidence: 0.85 });
  });
});
