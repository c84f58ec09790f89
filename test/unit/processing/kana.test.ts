import fs from 'node:fs';
import path from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { closeProcessing, processFile } from '../../../src/service/processing/engine.js';
import { japanese, withKana } from '../../../src/service/processing/extract/accents.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { drawnPage, INVOICE_SCHEMA, inputFor, tempDir } from './helpers.js';

// A Japanese scan read without a Japanese model (the default English one): PaddleOCR's Chinese/English dictionary has
// 5 of the ~180 kana, so line-item descriptions lose theirs ("清掃サービス" read "清", "コピー用紙 A4" read "用纸A4",
// a kanji in its simplified Chinese form). The generated corpus's ja-invoice layout showed it (docs/ocr.md).

const ocrPage = (...texts: string[]): PageLayout[] => [{ number: 1, width: 100, height: 100, source: 'ocr', quality: 1,
  lines: texts.map((text) => ({ text, page: 1, x0: 0, x1: 1, y0: 0, y1: 1, cells: [] })) }];

describe('a page is Japanese', () => {
  it('by two words only Japanese prints, not by a Chinese fapiao or one word', () => {
    expect(japanese(ocrPage('請求書', '株式会社 | 御中', '合計 ￥953,640'))).toBe(true);
    expect(japanese(ocrPage('增值税专用发票', '销售方：上海某某有限公司', '价税合计 ¥1,130.00'))).toBe(false);
    expect(japanese(ocrPage('INVOICE', 'Total 953,640 円'))).toBe(false);
  });
});

describe("tesseract's Japanese reading of a description's row", () => {
  it('gives back the kana PaddleOCR dropped, and the kanji in their Japanese form', () => {
    expect(withKana('清', '清掃 サー ビス 1')).toBe('清掃サービス');
    expect(withKana('用纸A4', 'コピ ー 用 紙 A4 4')).toBe('コピー用紙 A4');
    expect(withKana('-豆1kg', 'コー ヒー 豆 1kg 6')).toBe('コーヒー豆 1kg');
    expect(withKana('研修费', '研修 費')).toBe('研修費');
  });

  it('is not taken where it loses a kanji or a figure PaddleOCR read, or reads noise', () => {
    expect(withKana('配送料', '配天料に')).toBeUndefined();
    expect(withKana('用纸A4', 'コピー用紙')).toBeUndefined();
    expect(withKana('清', 'ーー ご ご ーー 着 間 上 症 症 症 症')).toBeUndefined();
    expect(withKana('配送料', '配送料')).toBeUndefined();
  });
});

describe('a scanned Japanese invoice read with the default model', () => {
  const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  afterAll(async () => {
    await closeProcessing();
  });

  it('has its descriptions and its seller with their kana', { timeout: 180_000 }, async () => {
    if (!fs.existsSync(FONT)) throw new Error(`font ${FONT} missing: apt-get install fonts-noto-cjk`);
    GlobalFonts.registerFromPath(FONT, 'Noto Sans CJK JP');
    const row = (y: number, ...cols: string[]): Array<[string, number, number]> => cols.map((c, k) => [c, [80, 640, 780, 980][k]!, y]);
    const texts: Array<[string, number, number]> = [['請求書', 520, 90], ['株式会社サクラ商事 御中', 80, 170], ['請求日：2024年3月12日', 800, 170],
      ['下記の通りご請求申し上げます。', 80, 230], ['有限会社佐藤印刷', 800, 230], ...row(330, '品名', '数量', '単価', '金額'), ...row(400, '清掃サービス', '3', '12,000', '36,000'),
      ...row(470, 'コーヒー豆 1kg', '2', '2,400', '4,800'), ...row(540, 'ウェブサイト保守', '1', '30,000', '30,000'),
      ['小計', 640, 640], ['￥70,800', 980, 640], ['消費税（10%）', 640, 700], ['￥7,080', 980, 700], ['合計', 640, 760], ['￥77,880', 980, 760]];
    const png = await drawnPage(1240, 860, '30px "Noto Sans CJK JP"', texts);
    const file = path.join(tempDir(), 'seikyusho.jpg');
    fs.writeFileSync(file, await sharp(png).grayscale().blur(0.4).jpeg({ quality: 88 }).toBuffer());
    const res = await processFile(inputFor(file, 'image/jpeg', { schema: INVOICE_SCHEMA }));
    const items = res.documents[0]!.fields.find((f) => f.title === 'Line Items')!.value as Record<string, unknown>[];
    expect(items.map((r) => String(r.Description).replace(/\s/g, ''))).toEqual(['清掃サービス', 'コーヒー豆1kg', 'ウェブサイト保守']);
    // Read between its own cells: not the sentence printed on its line.
    expect(res.documents[0]!.fields.find((f) => f.title === 'Vendor Name')!.value).toBe('有限会社佐藤印刷');
  });
});
