import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
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
