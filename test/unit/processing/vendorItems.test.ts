// Vendor memory of line items (issue 16, extract/memory/items.ts): the texts of the items a person
// saved on a vendor's document correct the same items read with OCR's slips on its next one.
import { describe, expect, it } from 'vitest';
import { learnCorrections, recallFields } from '../../../src/service/processing/extract/memory/index.js';
import { snapRows } from '../../../src/service/processing/extract/memory/items.js';
import type { MemoryWord } from '../../../src/service/processing/extract/memory/words.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import type { ExtractedField } from '../../../src/service/processing/types.js';
import { Rng } from '../../fixtures/corpus/data.js';
import { makeItems } from '../../fixtures/corpus/facts.js';

const ITEMS = ['Caffè in grani 1 kg', 'Monitor 27 inch', 'Consulting services', 'Formación'];
const row = (d: string, amount = 10) => ({ Description: d, Quantity: 1, 'Unit Price': amount, Amount: amount });
const texts = (rows: unknown) => (rows as Array<{ Description: string }>).map((r) => r.Description);

describe('vendor items', () => {
  it('gives a known item read with slips as that item, and leaves other texts', () => {
    const read = [row('Caffe in grani 1 kg'), row('Consuling services'), row('Monitor 24 inch'), row('Printer paper')];
    // Digits must agree: a 24 inch monitor is another item.
    expect(texts(snapRows(read, ITEMS))).toEqual(['Caffè in grani 1 kg', 'Consulting services', 'Monitor 24 inch', 'Printer paper']);
  });

  it('puts back the accents of the vendor\'s words in a text that is no known item', () => {
    expect(texts(snapRows([row('Caffe in grani 1 kg rif. ordine 4471'), row('Formacion avanzada')], ITEMS))).toEqual(['Caffè in grani 1 kg rif. ordine 4471', 'Formación avanzada']);
  });

  it('takes off position numbers read into the texts of every row', () => {
    expect(texts(snapRows([row('1 Monitor 27 inch'), row('2 Consulting services')], ITEMS))).toEqual(['Monitor 27 inch', 'Consulting services']);
    // One row starting with a number is no position column.
    expect(texts(snapRows([row('2 Monitor 27 inch stands'), row('Consulting services')], ITEMS))).toEqual(['2 Monitor 27 inch stands', 'Consulting services']);
  });

  it('reads OCR\'s look-alikes of digits as digits when matching a known item', () => {
    expect(texts(snapRows([row('Koffiebonen I kg'), row('Monitor 2l inch')], ['Koffiebonen 1 kg', 'Monitor 21 inch']))).toEqual(['Koffiebonen 1 kg', 'Monitor 21 inch']);
    // Digits must still agree: "I kg" is no 2 kg.
    expect(texts(snapRows([row('Koffiebonen I kg')], ['Koffiebonen 2 kg']))).toEqual(['Koffiebonen I kg']);
  });

  it('gives a Japanese item whose kana OCR dropped as the one known item it leaves', () => {
    const known = ['ウェブサイト保守', 'コーヒー豆 1kg', 'コピー用紙 A4'];
    expect(texts(snapRows([row('保守'), row('豆1kg'), row('用紙A4'), row('用')], known))).toEqual(['ウェブサイト保守', 'コーヒー豆 1kg', 'コピー用紙 A4', '用']);
    // Two known items that read alike without their kana: neither.
    expect(texts(snapRows([row('保守')], ['ウェブサイト保守', 'サーバー保守']))).toEqual(['保守']);
  });

  it('restores the generated corpus\'s Japanese vendor and items read without their katakana, as PaddleOCR reads them', () => {
    const rng = new Rng(16);
    const vendor = '合同会社ミドリ技研';
    const dropKana = (t: string) => t.replace(/[\p{Script=Katakana}ー]+/gu, ' ').trim();
    const sheet = (name: string, rows: string[]): { page: PageLayout; words: MemoryWord[] } => {
      const lines = [name, ...rows];
      return {
        page: { number: 1, width: 600, height: 800, source: 'ocr', quality: 1, lines: lines.map((t, i) => ({ text: t, x0: 20, x1: 300, y0: 20 + i * 30, y1: 40 + i * 30, page: 1, cells: [{ text: t, x0: 20, x1: 300 }] })) },
        words: lines.map((t, i) => ({ page: 1, text: t, box: [20 / 600, (20 + i * 30) / 800, 0.5, (40 + i * 30) / 800] })),
      };
    };
    // The first invoice, saved by a person: its vendor and its items as printed.
    const saved = makeItems(rng, 'ja', 12).map((i) => ({ Description: i.description, Quantity: i.quantity, 'Unit Price': i.unit_price, Amount: i.amount }));
    const first = sheet(vendor, saved.map((r) => r.Description));
    const memory = learnCorrections([], first.words, vendor, [
      { title: 'Vendor Name', type: 'string', value: vendor, corrected: true },
      { title: 'Line Items', type: 'OBJECT', value: saved, corrected: true },
    ]);
    // The next one, read without its katakana: its vendor and the known items whose kana-less text is theirs alone.
    const known = [...new Set(saved.map((r) => r.Description))];
    const next = saved.slice(0, 6);
    const read = sheet(dropKana(vendor), next.map((r) => dropKana(r.Description)));
    const rows = next.map((r) => ({ ...r, Description: dropKana(r.Description) }));
    const [items, name] = recallFields([read.page], [
      { title: 'Line Items', type: 'OBJECT', value: rows, confidence: 0.8, description: '', hidden: false },
      { title: 'Vendor Name', type: 'STRING', value: dropKana(vendor), confidence: 0.6, description: '', hidden: false },
    ], [memory]);
    expect(name).toMatchObject({ value: vendor, confidence: 0.95 });
    const alone = (d: string) => known.filter((k) => dropKana(k).replace(/\s+/g, '') === dropKana(d).replace(/\s+/g, '')).length === 1 && dropKana(d).replace(/\s+/g, '').length >= 2;
    const restorable = next.filter((r) => r.Description !== dropKana(r.Description) && alone(r.Description));
    expect(restorable.length).toBeGreaterThan(0);
    expect(texts(items!.value)).toEqual(next.map((r) => (r.Description === dropKana(r.Description) || alone(r.Description) ? r.Description : dropKana(r.Description))));
  });

  it('drops a row without any text where each row the vendor saved had one', () => {
    const read = [{ Description: null, Quantity: null, 'Unit Price': null, Amount: 60303.08 }, row('Consulting services')];
    expect(snapRows(read, ITEMS, true)).toEqual([row('Consulting services')]);
    // Without that lesson the row stays.
    expect(snapRows(read, ITEMS, false)).toHaveLength(2);
  });

  it('learns the items from a saved table and applies them to the vendor\'s next document', () => {
    const page: PageLayout = {
      number: 1, width: 600, height: 800, source: 'text', quality: 1,
      lines: [{ text: 'Conti & Figli S.p.A.', x0: 20, x1: 300, y0: 20, y1: 40, page: 1, cells: [{ text: 'Conti & Figli S.p.A.', x0: 20, x1: 300 }] }],
    };
    const words: MemoryWord[] = [{ page: 1, text: 'Conti & Figli S.p.A.', box: [0.03, 0.025, 0.5, 0.05] }];
    const memory = learnCorrections([], words, 'Conti & Figli S.p.A.', [
      { title: 'Line Items', type: 'OBJECT', value: ITEMS.map((d) => row(d)), corrected: true },
    ]);
    expect(memory.fields['Line Items']).toMatchObject({ items: ITEMS, texted: true });
    const field: ExtractedField = { title: 'Line Items', type: 'OBJECT', value: [{ Description: null, Amount: 912.5 }, row('Caffe in grani 1 kg')], confidence: 0.8, description: '', hidden: false };
    const vendor: ExtractedField = { title: 'Vendor Name', type: 'STRING', value: 'Conti & Figli S.p.A.', confidence: 0.8, description: '', hidden: false };
    const [items] = recallFields([page], [field, vendor], [memory]);
    expect(texts(items!.value)).toEqual(['Caffè in grani 1 kg']);
  });
});
