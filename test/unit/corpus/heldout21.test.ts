// The twenty-first held-out set (heldout21.ts): the papers of the set's own 50 documents (seed 20251130, drawn as the
// manifest draws them, without the costly captures) print every labelled value (read back with the project's PDF text
// loader) and their sums add up; the set mixes kinds, languages and captures as its header says; a few captures are made
// whole and checked for what they claim: a searchable scan's invisible layer (render mode 3) reads back as the printed
// strings or as the garbled layer it says, a sideways page's /Rotate entry, a photo's EXIF Orientation, a fax TIFF's
// pages and resolution. Kept cheap (CI time): no corpus written to disk, the captures chosen small.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { date21, HELD_OUT21_FAMILIES, heldOut21Doc, heldOut21Paper, money21, type HeldOut21Family, type Lang21, type Paper21 } from '../../fixtures/corpus/heldout21.js';
import { DEFAULT_FAMILY_NAMES, HELD_OUT20_FAMILY_NAMES, HELD_OUT21_FAMILY_NAMES, streamFor } from '../../fixtures/corpus/manifest.js';
import { GENERATED_CORPORA, GENERATED_DEFAULT_COUNT, GENERATED_DEFAULT_SEED } from '../../eval/generated.js';
import { close, eachInvoice, expectPrintedUnsigned, printed, type Renderings } from './printedValues.js';

const LANGS: Lang21[] = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl'];
const RENDERINGS: Renderings = {
  amounts: (x) => LANGS.map((l) => money21(Math.abs(x), l)),
  dates: (iso) => LANGS.map((l) => date21(iso, l)),
  quantities: (q) => [String(q)],
  noQuantity: () => false,
  currencyMarks: { EUR: ['€', 'EUR'], GBP: ['£', 'GBP'], PLN: ['zł', 'PLN'] },
};
/** A PDF's streams inflated and joined (pdf-lib writes them deflated): its content operators. */
function contentStreams(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf);
  const out: string[] = [];
  for (let i = raw.indexOf('stream\n'); i >= 0; i = raw.indexOf('stream\n', i + 1)) {
    const end = raw.indexOf('endstream', i);
    try { out.push(zlib.inflateSync(raw.subarray(i + 7, end)).toString('latin1')); } catch { /* an image or a stream not deflated */ }
  }
  return out.join('\n');
}
const NOT_INVOICE = /^(QUOTATION|ANGEBOT|DEVIS|PRESUPUESTO|PREVENTIVO|OFFERTE|ORÇAMENTO|OFERTA|ORDER CONFIRMATION|AUFTRAGSBESTÄTIGUNG|CONFIRMATION DE COMMANDE|CONFIRMACIÓN DE PEDIDO|CONFERMA D'ORDINE|ORDERBEVESTIGING|CONFIRMAÇÃO DE ENCOMENDA|POTWIERDZENIE ZAMÓWIENIA|DELIVERY NOTE|LIEFERSCHEIN|BON DE LIVRAISON|ALBARÁN|DOCUMENTO DI TRASPORTO|PAKBON|GUIA DE REMESSA|DOWÓD DOSTAWY)$/;
const KINDS = ['quote', 'order_confirmation', 'delivery_note'];

// The set as `npm run eval -- --corpus generated-heldout21` makes it: document i of family i mod 6, its own stream.
const SEED = 20251130;
const setPapers: Promise<Paper21[]> = Promise.all(Array.from({ length: 50 }, (_, i) => heldOut21Paper(HELD_OUT21_FAMILIES[i % 6], streamFor(SEED, i))));

describe('held-out families, twenty-first set (captures)', () => {
  it('every labelled value of the set\'s papers is printed, and the sums add up', async () => {
    const papers = await setPapers;
    for (const f of HELD_OUT21_FAMILIES) {
      const mine = papers.filter((_, i) => HELD_OUT21_FAMILIES[i % 6] === f);
      await eachInvoice(mine.map((_, k) => k), async (k) => mine[k], (p) => printed(p.pdf), KINDS, NOT_INVOICE, (p, xs, k) => {
        const { lines, total, subtotal, tax } = expectPrintedUnsigned(k, p.truth, xs, RENDERINGS);
        // A receipt's lines are gross (they make the total); an invoice's net (they make the subtotal).
        expect(close(lines, p.kind === 'receipt' ? total : subtotal!, 0.0051)).toBe(true);
        expect(close(subtotal! + tax!, total, 0.0051)).toBe(true);
        expect(tax!).toBeLessThan(total * 0.2);
      });
    }
  });

  it('mixes kinds, languages and captures; multi-page papers where a family says so', async () => {
    const papers = await setPapers;
    const of = (t: string) => papers.filter((p) => p.truth.doc_type === t).length;
    expect({ invoices: of('invoice') >= 30, receipts: of('receipt') >= 4, others: of('other') >= 2 && of('other') <= 10 }).toEqual({ invoices: true, receipts: true, others: true });
    expect(new Set(papers.map((p) => p.lang)).size).toBeGreaterThanOrEqual(7);
    expect(new Set(papers.map((p) => p.capture)).size).toBeGreaterThanOrEqual(20);
    for (const p of papers) expect(p.truth.doc_type === 'other').toBe(KINDS.includes(p.docKind ?? ''));
    const twoPage = papers.filter((p) => p.capture.endsWith('2p') || p.capture === 'terms-page' || p.capture === 'stapled-receipt');
    expect(twoPage.every((p) => p.pages === 2)).toBe(true);
    for (const p of papers.filter((q) => q.capture.endsWith('2p'))) {
      // Totals on page 2 only: the total's run is on the last page.
      const xs = p.runs.filter((r) => r.text === `${p.lang === 'en' ? '£' : ''}${money21(Math.abs(p.truth.total!), p.lang)}${p.lang === 'pl' ? ' zł' : p.lang === 'en' ? '' : ' €'}`);
      expect(xs.map((r) => r.page)).toEqual([2]);
    }
  });

  it('the same paper for the same stream, different ones for other streams; registered apart as generated-heldout21', async () => {
    const papers = await setPapers;
    for (let i = 0; i < 6; i++) {
      const again = await heldOut21Paper(HELD_OUT21_FAMILIES[i], streamFor(SEED, i));
      expect(Buffer.from(again.pdf).equals(Buffer.from(papers[i].pdf))).toBe(true);
      expect(again.truth).toEqual(papers[i].truth);
    }
    expect(new Set(papers.map((p) => createHash('sha256').update(p.pdf).digest('hex'))).size).toBe(50);
    expect(HELD_OUT21_FAMILY_NAMES).toEqual(HELD_OUT21_FAMILIES);
    expect([...DEFAULT_FAMILY_NAMES, ...HELD_OUT20_FAMILY_NAMES].filter((f) => HELD_OUT21_FAMILY_NAMES.includes(f))).toEqual([]);
    expect(GENERATED_CORPORA).toContain('generated-heldout21');
    expect([GENERATED_DEFAULT_COUNT['generated-heldout21'], GENERATED_DEFAULT_SEED['generated-heldout21']]).toEqual([50, SEED]);
  });

  /** The set's first document of the family with the capture, made whole (the set's papers are made already). */
  async function withCapture(f: HeldOut21Family, capture: string) {
    const papers = await setPapers;
    const i = papers.findIndex((p, k) => HELD_OUT21_FAMILIES[k % 6] === f && p.capture === capture);
    expect(i).toBeGreaterThanOrEqual(0);
    return heldOut21Doc(f, streamFor(SEED, i));
  }

  it('a searchable scan carries an invisible text layer: the printed strings, or the garbled layer it says', async () => {
    for (const capture of ['good-layer', 'ocr-errors']) {
      const d = await withCapture('searchable-scan', capture);
      const xs = await printed(d.bytes);
      const drawn = d.paper.runs.map((r) => r.text);
      // The layer is in render mode 3 over an image page.
      expect(contentStreams(d.bytes)).toMatch(/\b3 Tr\b/);
      expect(d.layer!.text.length).toBeGreaterThan(20);
      if (capture === 'good-layer') {
        expect(d.layer!.errors).toEqual([]);
        expect(d.layer!.text).toEqual(drawn);
        expect(xs.join(' ').replace(/\s+/g, '')).toContain(d.paper.truth.doc_type === 'other' ? drawn[0].replace(/\s+/g, '') : money21(Math.abs(d.truth.total!), d.paper.lang).replace(/\s+/g, ''));
      } else {
        expect(d.layer!.errors.length).toBeGreaterThanOrEqual(3);
        expect(d.layer!.text).not.toEqual(drawn);
        const swapped = d.layer!.errors.filter((e) => e.startsWith('swap: ')).map((e) => e.split(' -> ')[1]);
        expect(swapped.length).toBeGreaterThanOrEqual(2);
        for (const s of swapped) expect(d.layer!.text).toContain(s);
      }
    }
  });

  it('a sideways page is turned upright by /Rotate; a phone photo by its EXIF Orientation; a fax is a multi-page 1-bit TIFF', async () => {
    const r = await withCapture('rotated-page', 'rotate-entry');
    const page = (await PDFDocument.load(r.bytes)).getPage(0);
    expect([90, 270]).toContain(page.getRotation().angle);
    expect(page.getRotation().angle).toBe(r.paper.turn);
    expect(page.getWidth()).toBeGreaterThan(page.getHeight());
    const e = await withCapture('exif-photo', 'exif-8');
    const m = await sharp(e.bytes).metadata();
    expect([m.format, m.orientation, m.width! > m.height!]).toEqual(['jpeg', 8, true]);
    // What a viewer shows: the orientation applied, the page tall again.
    const { info } = await sharp(e.bytes).rotate().resize({ width: 200 }).raw().toBuffer({ resolveWithObject: true });
    expect(info.height > info.width).toBe(true);
    const f = await withCapture('multi-tiff-fax', 'fax-normal');
    const t = await sharp(f.bytes).metadata();
    expect([t.format, t.pages ?? 1, f.pages, f.ext, f.mediaType]).toEqual(['tiff', f.paper.pages, f.paper.pages, 'tif', 'image/tiff']);
    expect(f.paper.runs.filter((x) => /^FROM: .* PAGE \d\/\d$/.test(x.text)).length).toBe(f.paper.pages);
  });
});
