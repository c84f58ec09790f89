// The third held-out set (heldout3.ts): each family is the same for a seed, every labelled value
// is printed in the document's text (read back with the project's PDF text loader, not with the
// extractor), the sums add up, quotes are labelled as non-invoices, and the set is registered
// apart from the default corpus as `generated-heldout3`.
import { describe, expect, it } from 'vitest';
import { GENERATED_CORPORA, GENERATED_DEFAULT_COUNT } from '../../eval/generated.js';
import type { Truth } from '../../fixtures/corpus/facts.js';
import { HELD_OUT3_FAMILIES, heldOut3Doc, type HeldOut3Doc, type HeldOut3Family } from '../../fixtures/corpus/heldout3.js';
import { DEFAULT_FAMILY_NAMES, HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, expectSameForSeed, hasNumber, manifestWriter, printed, unprinted, type Renderings } from './printedValues.js';

// H3_SEEDS=300 widens the check (done when the families were written: every document printed its truth).
const SEEDS = Array.from({ length: Number(process.env.H3_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts in every grouping the world uses: 1,234.56, 1 234,56, 1.234,56 and 1'234.56. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const group = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [`${group(',')}.${frac}`, `${group(' ')},${frac}`, `${group('.')},${frac}`, `${group("'")}.${frac}`];
}
const quantities = (q: number) => [String(q), String(q).replace('.', ',')];

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  it: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  nl: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
};
/** Every way a date may be printed: day first with . / -, two-digit years, month first, written months. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const y2 = y.slice(2);
  const out = [iso, `${m}/${d}/${y}`];
  for (const sep of ['/', '.', '-']) out.push(`${d}${sep}${m}${sep}${y}`, `${d}${sep}${m}${sep}${y2}`);
  const en = MONTHS.en[Number(m) - 1];
  out.push(`${Number(d)} ${en.slice(0, 3)} ${y}`, `${d}-${en.slice(0, 3)}-${y2}`, `${en} ${Number(d)}, ${y}`);
  for (const names of Object.values(MONTHS)) out.push(`${Number(d)} ${names[Number(m) - 1]} ${y}`);
  return out;
}

const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { EUR: ['EUR', '€'], USD: ['USD', '$'], GBP: ['GBP', '£'], CHF: ['CHF'], SGD: ['SGD', 'S$'] },
  // A hotel folio has no quantity column: each charge is one at its amount (checked apart).
  noQuantity: (t) => folio.has(t),
};
const folio = new WeakSet<Truth>();

const doc = cachedDocs<HeldOut3Family, HeldOut3Doc>(async (f, rng) => {
  const d = await heldOut3Doc(f, rng);
  if (f === 'hotel-folio') folio.add(d.truth);
  return d;
});
const writeCorpus = manifestWriter();

describe('held-out families, third set', () => {
  it.each(HELD_OUT3_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut3Doc, doc, f, SEEDS));

  it.each(HELD_OUT3_FAMILIES)('%s: every labelled value is printed, and the sums add up', async (f) => {
    let invoices = 0;
    for (const seed of SEEDS) {
      const { bytes, truth: t, docKind } = await doc(f, seed);
      const texts = await printed(bytes);
      if (t.doc_type === 'other') {
        // A quote or pro forma: not an invoice, nothing labelled, and it says what it is.
        expect(docKind).toBe('quote');
        expect(Object.entries(t).filter(([k, v]) => k !== 'doc_type' && v !== null)).toEqual([]);
        expect(texts.some((x) => /^(Preventivo|OFFERTE|QUOTATION|PRO FORMA INVOICE|ESTIMATE)\b/.test(x))).toBe(true);
        continue;
      }
      invoices++;
      expect({ seed, missing: unprinted(t, texts, RENDERINGS) }).toEqual({ seed, missing: [] });
      if (f === 'hotel-folio') for (const l of t.line_items!) expect([l.quantity, l.unit_price]).toEqual([1, l.amount]);
      expect(t.doc_type).toBe(f === 'restaurant-bill' ? 'receipt' : 'invoice');
      expect(t.line_items!.length).toBeGreaterThan(0);
      expect(Math.abs(t.subtotal! + t.tax! - t.total!)).toBeLessThan(0.005);
      const lines = t.line_items!.reduce((s, l) => s + l.amount, 0);
      for (const l of t.line_items!) expect(Math.abs(l.quantity * l.unit_price - l.amount)).toBeLessThanOrEqual(0.0051);
      if (f === 'hotel-folio') expect(Math.abs(lines - t.total!)).toBeLessThan(0.005);
      else if (f === 'restaurant-bill') {
        // Dishes in gross prices (or US prices before sales tax); a service charge printed on top.
        const service = t.currency === 'USD' ? t.subtotal! - lines : t.total! - lines;
        expect(Math.abs(service) < 0.005 || (service > 0 && hasNumber(texts, amounts(service)))).toBe(true);
      } else expect(Math.abs(lines - t.subtotal!)).toBeLessThan(0.005);
    }
    expect(invoices).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('varies language, currency and number style, and mixes quotes among the invoices', async () => {
    const all = await Promise.all(HELD_OUT3_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    expect(new Set(all.map((d) => d.lang)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(all.map((d) => d.truth.currency).filter(Boolean)).size).toBeGreaterThanOrEqual(4);
    const quotes = all.filter((d) => d.truth.doc_type === 'other').length;
    expect(quotes).toBeGreaterThan(0);
    expect(quotes).toBeLessThan(all.length / 4);
    const texts = (await Promise.all(all.slice(0, 30).map((d) => printed(d.bytes)))).flat();
    expect(texts.some((t) => /\d\.\d{3},\d\d/.test(t))).toBe(true);
    expect(texts.some((t) => /\d,\d{3}\.\d\d/.test(t))).toBe(true);
  });

  it('is registered apart from the default corpus as generated-heldout3, text PDFs and scans, written the same for a seed', async () => {
    expect(HELD_OUT3_FAMILY_NAMES).toEqual(HELD_OUT3_FAMILIES);
    expect(DEFAULT_FAMILY_NAMES.filter((f) => HELD_OUT3_FAMILY_NAMES.includes(f))).toEqual([]);
    expect([...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES].filter((f) => HELD_OUT3_FAMILY_NAMES.includes(f))).toEqual([]);
    expect(GENERATED_CORPORA).toContain('generated-heldout3');
    expect(GENERATED_DEFAULT_COUNT['generated-heldout3']).toBe(60);
    const run = () => writeCorpus(5, 11, HELD_OUT3_FAMILY_NAMES);
    const a = await run();
    const b = await run();
    expect(b.m).toEqual(a.m);
    expect(b.hashes).toEqual(a.hashes);
    expect(a.m.documents.map((d) => d.family)).toEqual(HELD_OUT3_FAMILIES);
    for (const d of a.m.documents) {
      expect(['text', 'scan']).toContain(d.variant);
      expect(d.kind).toBe(d.variant);
      expect(d.doc_kind === 'quote').toBe(d.truth.doc_type === 'other');
    }
  }, 60_000);
});
