// The second held-out set (heldout2.ts): each family is the same for a seed, every labelled
// value is printed in the document's text (read back with pdf.js, not with the engine), the sums
// add up, and the multi-page invoice prints its totals on the last page only.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../fixtures/corpus/data.js';
import { fmt, HELD_OUT2_FAMILIES, heldOut2Doc, type HeldOut2Doc, type HeldOut2Family } from '../../fixtures/corpus/heldout2.js';
import { DEFAULT_FAMILY_NAMES, HELD_OUT2_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, hasNumber, manifestWriter, unprinted, type Renderings } from './printedValues.js';

const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * The printed strings of each page, as pdf.js reads them: its text items, with items on one
 * baseline at most a space apart joined again (pdf.js splits monospace text at spaces, and
 * bridges column gaps with blank items, which are dropped).
 */
async function pageTexts(pdf: Uint8Array): Promise<string[][]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: path.join(pdfjsDir, 'standard_fonts') + path.sep, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const runs: { str: string; x: number; y: number; end: number; size: number }[] = [];
    for (const i of content.items) {
      if (!('str' in i) || !i.str.trim()) continue;
      const [size, , , , x, y] = i.transform as number[];
      const last = runs[runs.length - 1];
      if (last && Math.abs(last.y - y) < 0.5 && x - last.end < size * 0.7 && x >= last.x) {
        last.str += (x - last.end > size * 0.1 ? ' ' : '') + i.str;
        last.end = x + i.width;
      } else runs.push({ str: i.str, x, y, end: x + i.width, size });
    }
    pages.push(runs.map((r) => r.str.trim()).filter(Boolean));
  }
  await doc.destroy();
  return pages;
}

const amounts = (x: number) => (['us', 'space', 'dot'] as const).map((st) => fmt(Math.abs(x), st));
const quantities = (q: number) => [String(q), String(q).replace('.', ','), q.toFixed(3).replace('.', ',')];

function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const month = new Date(`${iso}T00:00:00Z`).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return [iso, iso.slice(2), `${d}.${m}.${y}`, `${d}-${m}-${y}`, `${d}/${m}/${y}`, `${m}/${d}/${y}`, `${Number(d)}.${Number(m)}.${y}`, `${month} ${Number(d)}, ${y}`];
}

const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { EUR: ['EUR', '€'], USD: ['USD', '$'], SEK: ['SEK', 'kr'], NOK: ['NOK', 'kr'], DKK: ['DKK', 'kr'] },
  // Till receipts print no quantity for a single item (a line "2 st x 12,50" for more).
  noQuantity: (t, l) => t.doc_type === 'receipt' && l.quantity === 1,
};

const doc = cachedDocs<HeldOut2Family, HeldOut2Doc>(heldOut2Doc);
const writeCorpus = manifestWriter();

describe('held-out families, second set', () => {
  it.each(HELD_OUT2_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', async (f) => {
    for (const seed of SEEDS.slice(0, 3)) {
      const a = await doc(f, seed);
      const b = await heldOut2Doc(f, new Rng(seed));
      expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
      expect(b.truth).toEqual(a.truth);
    }
    const truths = await Promise.all(SEEDS.map(async (s) => (await doc(f, s)).truth));
    expect(new Set(truths.map((t) => t.invoice_number)).size).toBeGreaterThan(SEEDS.length / 2);
    expect(new Set(truths.map((t) => t.total)).size).toBe(SEEDS.length);
  });

  it.each(HELD_OUT2_FAMILIES)('%s: every labelled value is printed, and the sums add up', async (f) => {
    for (const seed of SEEDS) {
      const { bytes, truth: t, pages } = await doc(f, seed);
      const texts = (await pageTexts(bytes)).flat();
      expect({ seed, missing: unprinted(t, texts, RENDERINGS) }).toEqual({ seed, missing: [] });
      expect((await pageTexts(bytes)).length).toBe(pages);
      expect(t.line_items!.length).toBeGreaterThan(0);
      expect(Math.abs(t.subtotal! + t.tax! - t.total!)).toBeLessThan(0.005);
      // Invoices and credit notes list net lines; till receipts list gross lines with the tax inside.
      const lines = t.line_items!.reduce((s, l) => s + Math.abs(l.amount), 0);
      expect(Math.abs(lines - Math.abs(t.doc_type === 'receipt' ? t.total! : t.subtotal!))).toBeLessThan(0.005);
      for (const l of t.line_items!) {
        const gross = l.quantity * l.unit_price;
        // The Portuguese fatura's discount column lowers a line below quantity x price.
        if (f === 'margin-fatura') expect(Math.abs(l.amount)).toBeLessThanOrEqual(gross + 0.005);
        else expect(Math.abs(Math.abs(l.amount) - gross)).toBeLessThanOrEqual(0.0051);
      }
      expect(t.doc_type).toBe({ 'nordic-pages': 'invoice', 'credit-memo': 'credit_note', 'margin-fatura': 'invoice', 'nordic-kvitto': 'receipt' }[f]);
      if (f === 'credit-memo') expect(t.total).toBeLessThan(0);
    }
  });

  it('nordic-pages continues its items over pages and prints the totals on the last page only', async () => {
    let multi = 0;
    for (const seed of SEEDS) {
      const { bytes, truth: t, pages } = await doc('nordic-pages', seed);
      if (pages < 2) continue;
      multi++;
      const texts = await pageTexts(bytes);
      expect(hasNumber(texts[pages - 1], amounts(t.total!))).toBe(true);
      for (const p of texts.slice(0, -1)) expect(hasNumber(p, amounts(t.total!))).toBe(false);
      // Each page but the last ends on a carried-forward sum that the next page starts from.
      for (let i = 1; i < pages; i++) expect(texts[i].some((x) => /^(Overført|Transport)/.test(x))).toBe(true);
    }
    expect(multi).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('is registered apart from the default corpus and written the same for a seed', async () => {
    expect(HELD_OUT2_FAMILY_NAMES).toEqual(HELD_OUT2_FAMILIES);
    expect(DEFAULT_FAMILY_NAMES.filter((f) => HELD_OUT2_FAMILY_NAMES.includes(f))).toEqual([]);
    const run = () => writeCorpus(4, 11, HELD_OUT2_FAMILY_NAMES);
    const a = await run();
    const b = await run();
    expect(b.m).toEqual(a.m);
    expect(b.hashes).toEqual(a.hashes);
    expect(a.m.documents.map((d) => d.family)).toEqual(HELD_OUT2_FAMILIES);
  });
});
