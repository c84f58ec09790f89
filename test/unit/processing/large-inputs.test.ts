// Issue 18: inputs far larger than any invoice are processed or refused with a clear reason
// (a ProcessingError with a code), never a stack overflow from spreading every line or word
// into one call. The limits are in src/service/processing/limits.ts.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { processFile } from '../../../src/service/processing/engine.js';
import { buildLines, linesFromText } from '../../../src/service/processing/layout/lines.js';
import { PROCESSING_LIMITS } from '../../../src/service/processing/limits.js';
import { layout } from '../../../src/service/processing/loaders/text.js';
import { ProcessingError } from '../../../src/service/processing/types.js';
import { inputFor, tempDir, valuesOf } from './helpers.js';

const dir = tempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function refusal(promise: Promise<unknown>): Promise<ProcessingError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProcessingError);
  return error as ProcessingError;
}

function invoiceLines(n: number): string {
  const lines = ['ACME Corp', 'Invoice Number: INV-1042', 'Date: 2024-03-01'];
  for (let i = 0; i < n; i++) lines.push(`Item ${i}    1    ${(i % 100) + 0.5}    ${(i % 100) + 0.5}`);
  lines.push('Total: 123.45');
  return lines.join('\n');
}


// Spreading more than about 120,000 arguments into one call overflowed the stack.
const MANY = 300_000;

describe('layout helpers over more elements than a call takes arguments', () => {
  it(`bounds a page of ${MANY} lines and a line of ${MANY} words without overflowing the stack`, () => {
    const lines = linesFromText('a  b\n'.repeat(MANY), 1);
    expect(lines).toHaveLength(MANY);
    const page = layout(lines, 1);
    expect(page.height).toBe((MANY - 1) * 12 + 10);
    const words = Array.from({ length: MANY }, (_, i) => ({ text: 'w', x0: i * 10, x1: i * 10 + 5, y0: 100, y1: 110 }));
    const [line] = buildLines(words, 1);
    expect(line!.x1).toBe((MANY - 1) * 10 + 5);
    expect(line!.y0).toBe(100);
  });
});

describe('large documents', () => {
  it('refuses a 1,000,000-line text file with TOO_MANY_LINES, at once', async () => {
    const file = path.join(dir, 'million.txt');
    fs.writeFileSync(file, `Invoice Number: INV-1\n${'Item 1    1    9.50    9.50\n'.repeat(999_999)}Total: 9.50`);
    const error = await refusal(processFile(inputFor(file, 'text/plain')));
    expect(error.code).toBe('TOO_MANY_LINES');
    expect(error.reason).toMatch(/1000001 lines of text; at most 100000/);
  });

  it('refuses a CSV over the line limit the same way', async () => {
    const file = path.join(dir, 'big.csv');
    fs.writeFileSync(file, 'a,b\n'.repeat(PROCESSING_LIMITS.lines + 10));
    expect((await refusal(processFile(inputFor(file, 'text/csv')))).code).toBe('TOO_MANY_LINES');
  });

  it('processes a 20,000-line text file within the limits', async () => {
    const file = path.join(dir, 'long.txt');
    fs.writeFileSync(file, invoiceLines(20_000));
    const result = await processFile(inputFor(file, 'text/plain'));
    const values = valuesOf(result.documents[0]!.fields);
    expect(values['Invoice Number']).toBe('INV-1042');
    expect(values['Total']).toBe(123.45);
  });

  it('processes a 300-page PDF (text pages) and reads every page', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let p = 0; p < 300; p++) {
      const page = doc.addPage([595, 842]);
      const lines = p === 0 ? ['ACME Corp', 'Invoice Number: INV-300', 'Invoice Date: 2024-03-01'] : [`Page ${p + 1} of 300`, `Item ${p}    1    9.50    9.50`];
      lines.forEach((s, i) => page.drawText(s, { x: 50, y: 780 - i * 14, size: 10, font }));
    }
    const file = path.join(dir, 'pages300.pdf');
    fs.writeFileSync(file, await doc.save());
    const result = await processFile(inputFor(file, 'application/pdf'));
    const document = result.documents[0]!;
    expect(document.pageCount).toBe(300);
    expect(document.pages[299]!.text).toContain('Page 300 of 300');
    expect(valuesOf(document.fields)['Invoice Number']).toBe('INV-300');
  });

  it('downscales a 50-megapixel photo before OCR (processed, one page)', async () => {
    const file = path.join(dir, 'photo50mp.jpg');
    await sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: '#ffffff' } }).jpeg().toFile(file);
    const result = await processFile(inputFor(file, 'image/jpeg'));
    expect(result.documents[0]!.pageCount).toBe(1);
    expect(result.documents[0]!.pages[0]!.source).toBe('ocr');
  }, 60_000);

  it('refuses an image over the pixel limit with IMAGE_TOO_LARGE, before decoding it', async () => {
    // A PNG whose header says 12,000 x 10,000 (120 megapixels): only the header is read.
    const small = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const ihdr = small.subarray(12, 29); // "IHDR" + 13 bytes of data
    ihdr.writeUInt32BE(12_000, 4);
    ihdr.writeUInt32BE(10_000, 8);
    small.writeUInt32BE(zlib.crc32(ihdr), 29);
    const file = path.join(dir, 'huge.png');
    fs.writeFileSync(file, small);
    const error = await refusal(processFile(inputFor(file, 'image/png')));
    expect(error.code).toBe('IMAGE_TOO_LARGE');
    expect(error.reason).toMatch(/12000 x 10000 \(120 megapixels\); at most 100 megapixels/);
  });
});
