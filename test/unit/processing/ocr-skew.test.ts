// A tilted photo or scan is turned straight before PaddleOCR reads it (ocr/dbBoxes.ts skewOf,
// ocr/paddle.ts): the slope of the page comes from the detector's line cores, and a page of a
// few degrees is detected and read again upright. Pages drawn at test time (Noto Sans).
import fs from 'node:fs';
import { GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { findBoxes, skewOf } from '../../../src/service/processing/ocr/dbBoxes.js';
import { ocrImage, prepareImage } from '../../../src/service/processing/ocr/recognize.js';
import { pageWords } from '../../../src/service/processing/pageWords.js';
import { drawnPage } from './helpers.js';

const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
if (!fs.existsSync(FONT)) throw new Error(`font ${FONT} missing: apt-get install fonts-noto-cjk`);
GlobalFonts.registerFromPath(FONT, 'Noto Sans CJK');

afterAll(async () => {
  await closeProcessing();
});

const deg = (r: number) => (r * 180) / Math.PI;

/** A probability map with bars of text cores at `degrees`, as the detector marks lines. */
function mapOf(degrees: number, bars: Array<[number, number, number]>, w = 400, h = 300): Float32Array {
  const prob = new Float32Array(w * h);
  const t = Math.tan((degrees * Math.PI) / 180);
  for (const [x0, y0, len] of bars) {
    for (let x = x0; x < x0 + len; x++) {
      const yc = y0 + (x - x0) * t;
      for (let y = Math.round(yc) - 2; y <= Math.round(yc) + 2; y++) if (y >= 0 && y < h) prob[y * w + x] = 0.9;
    }
  }
  return prob;
}

describe('page skew from the detector map', () => {
  const lines: Array<[number, number, number]> = [[20, 30, 300], [20, 80, 200], [40, 130, 260], [20, 180, 120]];

  it('measures the slope of tilted lines', () => {
    expect(deg(skewOf(findBoxes(mapOf(4, lines), 400, 300)))).toBeCloseTo(4, 0);
    expect(deg(skewOf(findBoxes(mapOf(-3, lines), 400, 300)))).toBeCloseTo(-3, 0);
  });

  it('leaves a level page and a slight tilt alone', () => {
    expect(skewOf(findBoxes(mapOf(0, lines), 400, 300))).toBe(0);
    expect(skewOf(findBoxes(mapOf(0.8, lines), 400, 300))).toBe(0);
  });

  it('is not pulled by a few short tilted marks', () => {
    const prob = mapOf(0, lines);
    const marks = mapOf(9, [[300, 200, 30], [340, 240, 30]]);
    for (let i = 0; i < prob.length; i++) prob[i] = Math.max(prob[i]!, marks[i]!);
    expect(skewOf(findBoxes(prob, 400, 300))).toBe(0);
  });
});

/** An invoice's header block with labels and values far apart, turned by `degrees` as a photo would be. */
async function tiltedPage(degrees: number): Promise<Buffer> {
  const rows: Array<[string, string]> = [
    ['Invoice No:', 'A-3166-11'], ['Invoice Date:', '10 Oct 2024'], ['Due date:', '22/03/2024'],
    ['Subtotal', '15 522,83'], ['VAT (10%)', '1 552,28'], ['Amount due', '17 075,11 EUR'],
  ];
  const png = await drawnPage(1400, 200 + rows.length * 60, '26px "Noto Sans CJK"', rows.flatMap(([label, value], i): Array<[string, number, number]> => [
    [label, 100, 120 + i * 60],
    [value, 900, 120 + i * 60],
  ]));
  return sharp(png).rotate(degrees, { background: '#ffffff' }).grayscale().blur(0.6).jpeg({ quality: 80 }).toBuffer();
}

describe('a tilted page read by PaddleOCR', () => {
  it('reads each label with its value on one line', { timeout: 120_000 }, async () => {
    const layout = await ocrImage(await prepareImage(await tiltedPage(5)), ['eng'], 1);
    const text = layout.lines.map((l) => l.text).join('\n');
    const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
    const lineOf = (value: string) => layout.lines.find((l) => squash(l.text).includes(squash(value)));
    // Without straightening, a label's line runs into the value of the line above or below.
    for (const [word, value] of [['invoice', 'A-3166-11'], ['date', '22/03/2024'], ['subtotal', '15522,83'], ['amount', '17075,11']]) {
      expect(squash(lineOf(value!)?.text ?? ''), text).toContain(word);
    }
  });
});

describe('boxes of a straightened page, shown over the page as given', () => {
  it('turns each word back to where it is printed on the tilted image', { timeout: 120_000 }, async () => {
    const given = await prepareImage(await tiltedPage(5));
    const { width: W = 0, height: H = 0 } = await sharp(given).metadata();
    const layout = await ocrImage(given, ['eng'], 1);
    expect(layout.turned?.degrees).toBeCloseTo(-5, 0);
    // "17 075,11 EUR" was drawn from x 900 on the baseline at y 420 of a 1400 x 560 page, then the
    // page was turned 5 degrees clockwise about its centre onto a larger canvas.
    const rad = (5 * Math.PI) / 180;
    const [dx, dy] = [990 - 700, 411 - 280];
    const printed = { x: W / 2 + dx * Math.cos(rad) - dy * Math.sin(rad), y: H / 2 + dx * Math.sin(rad) + dy * Math.cos(rad) };
    const word = pageWords(layout).find((w) => w.text.replace(/\s+/g, '').startsWith('17075'));
    expect(word, JSON.stringify(pageWords(layout).map((w) => w.text))).toBeDefined();
    const [x0, y0, x1, y1] = word!.box;
    expect(printed.x).toBeGreaterThan(x0 * W);
    expect(printed.x).toBeLessThan(x1 * W);
    expect(printed.y).toBeGreaterThan(y0 * H);
    expect(printed.y).toBeLessThan(y1 * H);
    // In the straightened frame the same word sits about 25 px higher: off the printed text.
    const straight = pageWords({ ...layout, turned: undefined }).find((w) => w.text === word!.text)!;
    expect(printed.y).toBeGreaterThan(straight.box[3] * H);
  });
});
