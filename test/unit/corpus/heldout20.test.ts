// The twentieth held-out set (heldout20.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back with the project's loaders, not with the extractor: the PDF text loader for PDFs, the
// Word loader for a .docx, the workbook loader for an .xlsx), the sums add up (net lines plus tax, gross lines that make
// the total), the amount in the other currency is printed beside a dual-currency total, the non-invoices are labelled
// as such, and the set is registered apart from the default corpus as `generated-heldout20`. Kept cheap (CI time):
// 8 seeds a family (the same documents for every check), no corpus written to disk.
import { describe, expect, it } from 'vitest';
import { docxPages } from '../../../src/service/processing/loaders/docx.js';
import { xlsxSheets } from '../../../src/service/processing/loaders/xlsx.js';
import { Rng } from '../../fixtures/corpus/data.js';
import { HELD_OUT20_FAMILIES, heldOut20Doc, money, type HeldOut20Doc, type HeldOut20Family } from '../../fixtures/corpus/heldout20.js';
import { DEFAULT_FAMILY_NAMES, FAMILIES, HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT15_FAMILY_NAMES, HELD_OUT16_FAMILY_NAMES, HELD_OUT17_FAMILY_NAMES, HELD_OUT18_FAMILY_NAMES, HELD_OUT19_FAMILY_NAMES, HELD_OUT20_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { GENERATED_CORPORA, GENERATED_DEFAULT_COUNT, GENERATED_DEFAULT_SEED } from '../../eval/generated.js';
import { cachedDocs, close, eachInvoice, expectPrintedUnsigned, expectSameForSeed, printed, type Renderings } from './printedValues.js';

// H20_SEEDS=100 widens the check.
// Spread seeds: neighbouring small seeds draw alike at first.
const SEEDS = Array.from({ length: Number(process.env.H20_SEEDS ?? 8) }, (_, i) => Math.imul(i + 1, 0x9e3779b1));

/** Amounts as printed: 1 234,56, 1 234.56, 1.234,56, 1,234.56, 1'234.56, and an .xlsx cell's number (1234.5). */
const amounts = (x: number): string[] => [...Object.values(money).map((f) => f(Math.abs(x))), String(Math.abs(x))];
/** Dates: 25.11.2026, 25/11/2026, 25-11-2026, 25. 11. 2026, 25 Nov 2026, 2026-11-25 (an .xlsx date cell). */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}.${m}.${y}`, `${d}/${m}/${y}`, `${d}-${m}-${y}`, `${Number(d)}. ${Number(m)}. ${y}`, `${Number(d)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]} ${y}`, iso];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q)], noQuantity: () => false,
  currencyMarks: {
    BGN: ['лв.'], UAH: ['грн'], RSD: ['дин.', 'RSD'], KZT: ['тенге', 'тг'], EUR: ['€', 'EUR'], GBP: ['£', 'GBP'], PLN: ['zł'], CZK: ['Kč'],
    USD: ['$'], CAD: ['CA$'], AUD: ['A$'], CHF: ['CHF'], AED: ['AED'],
  },
};

const doc = cachedDocs<HeldOut20Family, HeldOut20Doc>(heldOut20Doc);
/** What the project's loaders read: PDF text runs, a Word body's lines and cells, a workbook's lines and cells. */
async function texts(d: HeldOut20Doc): Promise<string[]> {
  if (d.format === 'pdf') return printed(d.bytes);
  const pages = d.format === 'docx' ? await docxPages(Buffer.from(d.bytes)) : (await xlsxSheets(Buffer.from(d.bytes))).map((s) => s.page);
  return pages.flatMap((p) => p.lines.flatMap((l) => [l.text.trim(), ...l.cells.map((c) => c.text.trim())]));
}
const NOT_INVOICE = /^(ПРОФОРМА ФАКТУРА|ПРЕДРАЧУН|КОМЕРЦІЙНА ПРОПОЗИЦІЯ|КОММЕРЧЕСКОЕ ПРЕДЛОЖЕНИЕ|ΠΡΟΣΦΟΡΑ|PONUDA|Offerte|QUOTATION|ESTIMATE|QUOTE|ANGEBOT|DEVIS|PRESUPUESTO|PREVENTIVO|OFFERTE|OFERTA|NABÍDKA)( (№|бр\.|br\.) \S+)?$/;
const KINDS = ['quote', 'proforma'];

describe('held-out families, twentieth set', () => {
  it.each(HELD_OUT20_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut20Doc, doc, f, SEEDS));

  it.each(HELD_OUT20_FAMILIES)('%s: every labelled value is read back by the project\'s loaders, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    // A credit note's truth is negative; it prints its amounts positive.
    const { lines, total, subtotal, tax } = expectPrintedUnsigned(seed, t, xs, RENDERINGS);
    if (d.gross || subtotal === null) expect(close(lines, total, 0.0051)).toBe(true);
    else expect(close(lines, subtotal, 0.0051)).toBe(true);
    if (subtotal !== null && tax !== null) expect(close(subtotal + tax, total, 0.0051)).toBe(true);
    if (tax !== null) expect(tax).toBeLessThan(total * 0.25);
    expect(d.format === 'pdf' ? [...d.bytes.subarray(0, 4)] : [...d.bytes.subarray(0, 2)]).toEqual(d.format === 'pdf' ? [0x25, 0x50, 0x44, 0x46] : [0x50, 0x4b]);
    if (f === 'cyrillic-invoice') expect(xs.some((x) => /[а-яА-ЯіїєЄІЇ]{4}/.test(x))).toBe(true);
    if (f === 'greek-invoice') expect(xs.some((x) => /[α-ωΑ-Ω]{4}/.test(x))).toBe(true);
  }));

  it('prints the other currency beside a dual-currency total; reads Word and Excel files and the second sheet', async () => {
    let beside = 0;
    const formats = new Set<string>();
    for (const seed of SEEDS) {
      const d = await doc('dual-currency', seed);
      const xs = await texts(d);
      if (d.truth.total !== null) {
        // The total in the payable currency and, beside it or under it, the same in the other currency.
        expect(xs.some((x) => /kn\)$|лв\. \/ .*€$|€ \/ .*лв\.$|^Entspricht ca\. EUR|^Equivalent: USD|^TOTAL USD|^ОБЩА СУМА (лв\.|€)$/.test(x))).toBe(true);
        beside++;
      }
      for (const f of ['docx-invoice', 'xlsx-invoice'] as const) formats.add((await doc(f, seed)).format);
    }
    expect(beside).toBeGreaterThanOrEqual(SEEDS.length / 2);
    expect([...formats].sort()).toEqual(['docx', 'pdf', 'xlsx']);
  });

  it('mixes formats, scripts, receipts, credit notes and non-invoices', async () => {
    const docs = await Promise.all(HELD_OUT20_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    const of = (type: string) => docs.filter((d) => d.truth.doc_type === type).length;
    const n = docs.length;
    expect({ receipts: of('receipt') >= n * 0.12, creditNotes: of('credit_note') >= 1, others: of('other') >= n * 0.06 && of('other') <= n * 0.25, docx: docs.some((d) => d.format === 'docx'), xlsx: docs.some((d) => d.format === 'xlsx') })
      .toEqual({ receipts: true, creditNotes: true, others: true, docx: true, xlsx: true });
    expect(new Set(docs.map((d) => d.truth.currency).filter(Boolean)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(docs.map((d) => d.lang)).size).toBeGreaterThanOrEqual(10);
    for (const d of docs) expect(d.truth.doc_type === 'other').toBe(KINDS.includes(d.docKind ?? ''));
  });

  it('is registered apart from the default corpus as generated-heldout20; a .docx or .xlsx is kept as a text document', async () => {
    expect(HELD_OUT20_FAMILY_NAMES).toEqual(HELD_OUT20_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES, ...HELD_OUT13_FAMILY_NAMES, ...HELD_OUT14_FAMILY_NAMES, ...HELD_OUT15_FAMILY_NAMES, ...HELD_OUT16_FAMILY_NAMES, ...HELD_OUT17_FAMILY_NAMES, ...HELD_OUT18_FAMILY_NAMES, ...HELD_OUT19_FAMILY_NAMES];
    expect([...DEFAULT_FAMILY_NAMES, ...earlier].filter((f) => HELD_OUT20_FAMILY_NAMES.includes(f))).toEqual([]);
    expect(GENERATED_CORPORA).toContain('generated-heldout20');
    expect([GENERATED_DEFAULT_COUNT['generated-heldout20'], GENERATED_DEFAULT_SEED['generated-heldout20']]).toEqual([50, 20251126]);
    // The makers of the Word and Excel families (no scan: cheap); seeds whose document stays a .docx / .xlsx.
    const kept: string[] = [];
    for (const f of ['docx-invoice', 'xlsx-invoice']) {
      for (const seed of [1, 2, 3, 4]) {
        const d = await heldOut20Doc(f as HeldOut20Family, new Rng(seed));
        if (d.format === 'pdf') continue;
        const made = await FAMILIES[f](new Rng(seed));
        expect([made.variant, made.ext, made.mediaType.includes(d.format === 'docx' ? 'wordprocessingml' : 'spreadsheetml')]).toEqual(['text', d.format, true]);
        expect(Buffer.from(made.bytes).equals(Buffer.from(d.bytes))).toBe(true);
        kept.push(f);
      }
    }
    expect(new Set(kept).size).toBe(2);
  });
});
