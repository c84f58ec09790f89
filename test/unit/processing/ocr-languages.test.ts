// OCR per script on generated pages: Latin and Chinese read by PaddleOCR,
// Japanese and Thai by tesseract (docs/ocr.md). Pages are drawn at test time with
// @napi-rs/canvas in the system's Noto CJK and TLWG Garuda fonts (Debian
// fonts-noto-cjk, fonts-tlwg-garuda-ttf), scanned-looking (grey paper, slight blur, JPEG).
import fs from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../../src/service/processing/loaders/render.js';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { languagesFor } from '../../../src/service/processing/ocr/languages.js';
import { engineFor, ocrImage, prepareImage } from '../../../src/service/processing/ocr/recognize.js';

const FONTS: Record<string, string> = {
  'Noto Sans CJK': '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  Garuda: '/usr/share/fonts/truetype/tlwg/Garuda.ttf',
};
for (const [family, file] of Object.entries(FONTS)) {
  if (!fs.existsSync(file)) throw new Error(`font ${file} missing: apt-get install fonts-noto-cjk fonts-tlwg-garuda-ttf`);
  GlobalFonts.registerFromPath(file, family);
}

/** A receipt-like page: one line per entry, a label and an amount far apart on the last ones. */
async function page(lines: [string, string?][], font: string): Promise<Buffer> {
  const canvas = createCanvas(1100, 120 + lines.length * 70);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111111';
  ctx.font = `34px "${font}"`;
  lines.forEach(([left, right], i) => {
    ctx.fillText(left, 60, 100 + i * 70);
    if (right) ctx.fillText(right, 760, 100 + i * 70);
  });
  const png = await encodePng(canvas);
  return sharp(png).grayscale().blur(0.5).linear(0.9, 12).jpeg({ quality: 80 }).toBuffer();
}

const squash = (s: string): string => s.replace(/\s+/g, '');

afterAll(async () => {
  await closeProcessing();
});

const cases = [
  {
    model: 'Unified', engine: 'paddle', font: 'Noto Sans CJK',
    lines: [['Northwind Supplies Ltd'], ['Invoice No: NW-2024-0117'], ['Invoice Date: 14/03/2024'], ['Total GBP', '198.00']],
    expect: ['Northwind Supplies Ltd', 'NW-2024-0117', '14/03/2024', '198.00'],
  },
  {
    model: 'Unified_ZH_v1', engine: 'paddle', font: 'Noto Sans CJK',
    lines: [['北京华联商贸有限公司'], ['发票号码 NO.20240314'], ['开票日期 2024年3月14日'], ['价税合计', '198.00']],
    expect: ['北京华联商贸有限公司', '发票号码', '2024年3月14日', '价税合计', '198.00'],
  },
  {
    model: 'Unified_JP_v1', engine: 'tesseract', font: 'Noto Sans CJK',
    lines: [['株式会社山田商事'], ['請求書番号 INV-0042'], ['請求日 2024年3月14日'], ['合計金額', '19,800円']],
    expect: ['株式会社山田商事', '請求書番号', '2024年3月14日', '合計金額', '19,800'],
  },
  {
    model: 'Unified_TH_v1', engine: 'tesseract', font: 'Garuda',
    lines: [['บริษัท สยามการค้า จำกัด'], ['ใบกำกับภาษี เลขที่ TX-0042'], ['วันที่ 14/03/2024'], ['ยอดรวม', '1,980.00']],
    expect: ['สยามการค้า', 'ใบกำกับภาษี', '14/03/2024', 'ยอดรวม', '1,980.00'],
  },
] as const;

describe('OCR per script', () => {
  for (const c of cases) {
    it(`reads ${c.model} text with ${c.engine}`, { timeout: 120_000 }, async () => {
      const langs = languagesFor(c.model);
      expect(engineFor(langs)).toBe(c.engine);
      const image = await prepareImage(await page(c.lines.map((l) => [...l] as [string, string?]), c.font));
      const layout = await ocrImage(image, langs, 1);
      const text = layout.lines.map((l) => l.text).join('\n');
      for (const want of c.expect) expect(squash(text), text).toContain(squash(want));
      // The amount is its own cell, apart from its label, as the extractor's table reading needs.
      const last = layout.lines[layout.lines.length - 1]!;
      expect(last.cells.length, text).toBeGreaterThanOrEqual(2);
      expect(squash(last.cells[last.cells.length - 1]!.text)).toBe(squash(c.lines[3][1]!));
      expect(layout.quality).toBeGreaterThan(0.5);
      expect(layout.quality).toBeLessThanOrEqual(1);
    });
  }
});
