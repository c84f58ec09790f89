// Diacritics PaddleOCR cannot read (its dictionary has none) restored from tesseract's reading of
// the value's box (extract/accents.ts, issue 15): only the marks are taken, and only when tesseract
// reads the same letters. Scans drawn at test time (Noto Sans), blurred and saved as JPEG.
import fs from 'node:fs';
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/service/processing/loaders/render.js';
import { closeProcessing, pageImageOf, processFile } from '../../../src/service/processing/engine.js';
import { accentLanguage, restoreAccents, withAccents, wordAccents } from '../../../src/service/processing/extract/accents.js';
import { imagePages } from '../../../src/service/processing/loaders/images.js';
import type { ExtractedField } from '../../../src/service/processing/types.js';
import { drawnPage, INVOICE_SCHEMA, inputFor, tempDir } from './helpers.js';

const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
if (!fs.existsSync(FONT)) throw new Error(`font ${FONT} missing: apt-get install fonts-noto-cjk`);
GlobalFonts.registerFromPath(FONT, 'Noto Sans CJK');

afterAll(async () => {
  await closeProcessing();
});

/** A Spanish invoice scan whose vendor name carries accents. */
async function scan(vendor: string): Promise<Buffer> {
  const rows: Array<[string, string]> = [
    ['Factura n.º', 'F-2024-0815'], ['Fecha', '12/03/2024'],
    ['Base imponible', '1.250,00'], ['IVA (21%)', '262,50'], ['Total', '1.512,50 EUR'],
  ];
  const canvas = createCanvas(1400, 700);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111111';
  ctx.font = 'bold 40px "Noto Sans CJK"';
  ctx.fillText(vendor, 100, 100);
  ctx.font = '24px "Noto Sans CJK"';
  ctx.fillText('Calle Mayor 12, 28013 Madrid', 100, 150);
  rows.forEach(([label, value], i) => {
    ctx.fillText(label, 100, 280 + i * 60);
    ctx.fillText(value, 900, 280 + i * 60);
  });
  const png = await encodePng(canvas);
  return sharp(png).grayscale().blur(0.5).jpeg({ quality: 85 }).toBuffer();
}

describe('accents restored on scans', () => {
  it('carries only the marks over, on the same letters', () => {
    expect(withAccents('Ferreteria Lopez S.L.', 'Ferretería López S.L.')).toBe('Ferretería López S.L.');
    expect(withAccents('HEMKOP FALTOVERSTEN', 'Hemköp Fältöversten')).toBe('HEMKÖP FÄLTÖVERSTEN');
    // Spaces aside, and a value that is a run of the box's text.
    expect(withAccents('Weber Burobedarf', 'WeberBürobedarf GmbH')).toBe('Weber Bürobedarf');
    // Different letters: PaddleOCR's value stays.
    expect(withAccents('Weber Birobedarf', 'Weber Bürobedarf')).toBeUndefined();
    expect(withAccents('Lopez', 'Lópes')).toBeUndefined();
    // Nothing to add.
    expect(withAccents('Alpen Software AG', 'Alpen Software AG')).toBeUndefined();
  });

  it('carries marks word by word where the two readings differ elsewhere', () => {
    // A misread letter elsewhere ('1 ko' for '1 kg', '6009' for '600g') no longer costs the word its marks.
    expect(wordAccents('Kaffebonor 1 kg', 'Kaffebönor 1 ko')).toBe('Kaffebönor 1 kg');
    expect(wordAccents('SMOR BREGOTT 600g', 'Smör Bregott 6009')).toBe('SMÖR BREGOTT 600g');
    expect(wordAccents('Formacion incluye desplazamiento', 'Formación inciuye desplazamiento')).toBe('Formación incluye desplazamiento');
    // Only a word of the same letters: a misread word stays as it is; nothing to add, nothing changed.
    expect(wordAccents('Weber Birobedarf', 'Weber Bürobedarf')).toBeUndefined();
    expect(wordAccents('Lopez', 'Lópes')).toBeUndefined();
    // A word the reading marks two ways is left alone.
    expect(wordAccents('Pate', 'Pâte Paté')).toBeUndefined();
  });

  it('guesses the language whose marks to read from the page\'s words', () => {
    const page = (...texts: string[]) => [{ number: 1, width: 100, height: 100, source: 'ocr' as const, quality: 1,
      lines: texts.map((text) => ({ text, page: 1, x0: 0, x1: 1, y0: 0, y1: 1, cells: [] })) }];
    expect(accentLanguage(page('Factura F-1', 'Fecha 12/03/2024', 'IVA 21%'))).toBe('spa');
    expect(accentLanguage(page('Rechnung Nr. 4', 'MwSt. 19%', 'Gesamtbetrag'))).toBe('deu');
    expect(accentLanguage(page('KVITTO', 'Moms 12%', 'Att betala'))).toBe('swe');
    // English (or too little to tell): no language, so nothing is re-read.
    expect(accentLanguage(page('Invoice 1234', 'Date 12/03/2024', 'VAT 20%', 'Total due'))).toBeUndefined();
  });

  it('gives a scanned vendor name its accents back', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    const file = path.join(dir, 'factura.jpg');
    fs.writeFileSync(file, await scan('Ferretería López S.L.'));
    const res = await processFile(inputFor(file, 'image/jpeg', { schema: INVOICE_SCHEMA }));
    const vendor = res.documents[0]!.fields.find((f) => f.title === 'Vendor Name');
    expect(vendor?.value).toBe('Ferretería López S.L.');
    // PaddleOCR alone reads it without the accents (what this pass is for).
    expect(res.documents[0]!.pages[0]!.text).toContain('Ferreteria Lopez');
  });

  it('keeps PaddleOCR\'s value where tesseract reads other letters', { timeout: 180_000 }, async () => {
    const bytes = await scan('Ferretería López S.L.');
    const pages = await imagePages(bytes, ['eng']);
    const line = pages[0]!.lines.find((l) => /Ferreteria/i.test(l.text))!;
    const box: [number, number, number, number] = [line.x0 / pages[0]!.width, line.y0 / pages[0]!.height, line.x1 / pages[0]!.width, line.y1 / pages[0]!.height];
    const field = (value: string): ExtractedField => ({ title: 'Vendor Name', type: 'string', description: '', hidden: false, value, confidence: 0.9, source: { page: 1, box } });
    const image = pageImageOf(bytes, 'jpeg');
    // A value with a word whose letters differ from the print (as a misread would): that word is left
    // as it is, the word read with the same letters gets its marks.
    const [wrong] = await restoreAccents([field('Ferreteria Lopes S.L.')], pages, image);
    expect(wrong!.value).toBe('Ferretería Lopes S.L.');
    const [other] = await restoreAccents([field('Ferretaria Lopes S.L.')], pages, image);
    expect(other!.value).toBe('Ferretaria Lopes S.L.');
    const [right] = await restoreAccents([field('Ferreteria Lopez S.L.')], pages, image);
    expect(right!.value).toBe('Ferretería López S.L.');
  });

  it('gives a description printed over two lines the marks of each', { timeout: 180_000 }, async () => {
    const texts: Array<[string, number, number]> = [['Distribuciones Ruiz S.L.', 100, 90], ['FACTURA', 1000, 90], ['Factura N.: RE-2023-118', 100, 150],
      ['Fecha de emisión: 26/03/2023', 100, 200], ['Base imponible', 760, 600], ['6.225,60', 1140, 600], ['IVA 21%', 760, 650], ['1.307,38', 1140, 650],
      ['Total', 760, 700], ['7.532,98 EUR', 1140, 700]];
    [['Concepto', 'Precio', 'Cant.', 'Importe'], ['Formación', '311,20', '10', '3.112,00'], ['incluye desplazamiento'], ['Silla de oficina', '622,72', '5', '3.113,60'], ['según presupuesto P-118']]
      .forEach((row, i) => row.forEach((c, k) => texts.push([c, [100, 760, 960, 1140][k]!, 290 + i * 55])));
    const png = await drawnPage(1400, 760, '26px "Noto Sans CJK"', texts);
    const file = path.join(tempDir(), 'factura.jpg');
    fs.writeFileSync(file, await sharp(png).grayscale().blur(0.5).jpeg({ quality: 85 }).toBuffer());
    const res = await processFile(inputFor(file, 'image/jpeg', { schema: INVOICE_SCHEMA }));
    const items = res.documents[0]!.fields.find((f) => f.title === 'Line Items')!.value as Record<string, unknown>[];
    expect(items.map((r) => r.Description)).toEqual(['Formación incluye desplazamiento', 'Silla de oficina según presupuesto P-118']);
  });

  it('reads the boxes from the image OCR read, kept, as from the page rendered again', { timeout: 180_000 }, async () => {
    const bytes = await scan('Ferretería López S.L.');
    const kept = new Map<number, Buffer>();
    const pages = await imagePages(bytes, ['eng'], undefined, undefined, (n, png) => kept.set(n, png));
    expect([...kept.keys()]).toEqual([1]);
    // The kept image is the one the page would be rendered to again.
    expect(kept.get(1)!.equals((await pageImageOf(bytes, 'jpeg')(1))!)).toBe(true);
    const line = pages[0]!.lines.find((l) => /Ferreteria/i.test(l.text))!;
    const box: [number, number, number, number] = [line.x0 / pages[0]!.width, line.y0 / pages[0]!.height, line.x1 / pages[0]!.width, line.y1 / pages[0]!.height];
    const field: ExtractedField = { title: 'Vendor Name', type: 'string', description: '', hidden: false, value: 'Ferreteria Lopez S.L.', confidence: 0.9, source: { page: 1, box } };
    // No file to render from: only the kept image can give the accents.
    const [right] = await restoreAccents([field], pages, pageImageOf(Buffer.alloc(0), 'jpeg', kept));
    expect(right!.value).toBe('Ferretería López S.L.');
  });
});

describe('accents of an item whose one the table gave back', () => {
  it('finds the description OCR read with a letter for its one ("I kg") and gives it its marks', { timeout: 180_000 }, async () => {
    const texts: Array<[string, number, number]> = [['Torréfaction Morel SARL', 100, 90], ['FACTURE', 1000, 90], ['Date de facture : 03/06/2022', 100, 150],
      ['Désignation', 100, 290], ['Montant TTC', 1000, 290], ['Café en grains 1 kg', 100, 345], ['82,00', 1000, 345], ['Total TVA', 760, 450], ['4,51', 1000, 450]];
    const png = await drawnPage(1400, 600, '26px "Noto Sans CJK"', texts);
    const bytes = await sharp(png).grayscale().blur(0.5).jpeg({ quality: 85 }).toBuffer();
    const pages = await imagePages(bytes, ['eng']);
    // PaddleOCR's reading as scans give it, without the mark and a letter for the one ("Cafe en grains I kg").
    for (const line of pages[0]!.lines) {
      const misread = (t: string) => t.replace(/Caf[eé] en grains 1 kg/, 'Cafe en grains I kg');
      Object.assign(line, { text: misread(line.text), cells: line.cells.map((c) => ({ ...c, text: misread(c.text) })) });
    }
    expect(pages[0]!.lines.map((l) => l.text).join('\n')).toContain('Cafe en grains I kg');
    const items: ExtractedField = { title: 'Line Items', type: 'object', description: '', hidden: false, value: [{ Description: 'Cafe en grains 1 kg', Amount: 82 }], confidence: 0.8 };
    const [read] = await restoreAccents([items], pages, pageImageOf(bytes, 'jpeg'));
    expect((read!.value as Record<string, unknown>[])[0]!.Description).toBe('Café en grains 1 kg');
  });
});
