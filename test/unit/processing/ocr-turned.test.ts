// A sparse page photographed upside down: PaddleOCR reads its zeros, eights and brackets with
// confidence ("( ) 000 8 000 00'0"), so its confidence alone never asked whether the page was
// turned. A page of fewer than 20 words is checked too (ocr/recognize.ts FEW_WORDS). The photo
// is generated: document 31 of the thirteenth held-out set (an Egyptian e-invoice, a tuning set).
import { afterAll, describe, expect, it } from 'vitest';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { ocrImage, prepareImage } from '../../../src/service/processing/ocr/recognize.js';
import { generatedDocument, HELD_OUT13_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';

afterAll(async () => {
  await closeProcessing();
});

describe('turned sparse pages', () => {
  it('reads a sparse photo taken upside down the right way up', { timeout: 180_000 }, async () => {
    const made = await generatedDocument(HELD_OUT13_FAMILY_NAMES, 30);
    expect(made.ext).toBe('jpg');
    const page = await ocrImage(await prepareImage(Buffer.from(made.bytes)), ['eng'], 1);
    const text = page.lines.map((l) => l.text).join('\n');
    expect(page.turned?.degrees).toBe(180);
    expect(text).toContain('E-INVOICE');
    expect(text).toContain(String(made.truth.invoice_number));
  });
});
