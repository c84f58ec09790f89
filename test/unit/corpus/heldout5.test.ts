// The fifth held-out set (heldout5.ts): each family is the same for a seed, every labelled value
// is printed in the document's text (a PDF read back with the project's PDF text loader, not with the
// extractor; a Japanese receipt drawn to an image by the strings it drew), the sums add up the way
// each document prints them, quotes, reminders and purchase orders are labelled as non-invoices, and
// the set is registered apart from the default corpus as `generated-heldout5`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT5_FAMILIES, heldOut5Doc, type HeldOut5Doc, type HeldOut5Family } from '../../fixtures/corpus/heldout5.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, printed, type Renderings, unprinted } from './printedValues.js';

// H5_SEEDS=200 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H5_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts in every grouping used here: 1,234.56, 1.234,56, 1'234.56 (CHF), 1 234.56 (a QR-bill), 1234.56, and whole yen 1,234. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const group = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = [`${group(',')}.${frac}`, `${group('.')},${frac}`, `${group("'")}.${frac}`, `${group(' ')}.${frac}`, `${int}.${frac}`];
  if (Number.isInteger(x)) out.push(group(','));
  return out;
}
const quantities = (q: number) => [String(q), String(q).replace('.', ',')];

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};
/** Every way a date may be printed here, the Japanese ones (年月日, slashes, the Reiwa era) included. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const out = [iso];
  for (const sep of ['/', '.', '-']) out.push(`${d}${sep}${m}${sep}${y}`);
  const en = MONTHS.en[Number(m) - 1];
  out.push(`${d}-${en.slice(0, 3)}-${y}`, `${Number(d)} ${en.slice(0, 3)} ${y}`);
  for (const names of Object.values(MONTHS)) out.push(`${Number(d)} ${names[Number(m) - 1]} ${y}`, `${Number(d)}. ${names[Number(m) - 1]} ${y}`);
  out.push(`${y}年${m}月${d}日`, `${y}/${m}/${d}`, `${y}年${Number(m)}月${Number(d)}日`, `令和${Number(y) - 2018}年${Number(m)}月${Number(d)}日`);
  return out;
}

const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { EUR: ['EUR', '€'], CHF: ['CHF'], GBP: ['GBP', '£'], AUD: ['AUD'], NZD: ['NZD'], JPY: ['¥', '￥'] },
  // A till receipt prints no quantity on a line of one.
  noQuantity: (t, l) => t.doc_type === 'receipt' && l.quantity === 1,
};

const doc = cachedDocs<HeldOut5Family, HeldOut5Doc>(heldOut5Doc);
const texts = async (d: HeldOut5Doc) => d.lines ?? (await printed(d.bytes));
const writeCorpus = manifestWriter();
const NOT_INVOICE = /^(Angebot|Kostenvoranschlag|Zahlungserinnerung|\d\. Mahnung|Rappel|1er rappel|2e rappel|PURCHASE ORDER|QUOTE|QUOTATION)\b/;

describe('held-out families, fifth set', () => {
  it.each(HELD_OUT5_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut5Doc, doc, f, SEEDS));

  it.each(HELD_OUT5_FAMILIES)('%s: every labelled value is printed, and the sums add up', async (f) => {
    let invoices = 0;
    for (const seed of SEEDS) {
      const d = await doc(f, seed);
      const { truth: t, docKind } = d;
      const xs = await texts(d);
      if (t.doc_type === 'other') {
        expect(['quote', 'reminder', 'purchase_order']).toContain(docKind);
        expect(Object.entries(t).filter(([k, v]) => k !== 'doc_type' && v !== null)).toEqual([]);
        expect(xs.some((x) => NOT_INVOICE.test(x))).toBe(true);
        continue;
      }
      invoices++;
      // unprinted() checks subtotal as a number; a GST-inclusive invoice or a receipt with tax included has none (labelled null).
      const missing = unprinted(t.subtotal === null ? { ...t, subtotal: t.total } : t, xs, RENDERINGS);
      expect({ seed, missing }).toEqual({ seed, missing: [] });
      expect(t.doc_type).toBe(f === 'konbini-receipt' ? 'receipt' : 'invoice');
      expect(t.line_items!.length).toBeGreaterThan(0);
      for (const l of t.line_items!) expect(Math.abs(l.quantity * l.unit_price - l.amount)).toBeLessThanOrEqual(0.0051);
      const lines = t.line_items!.reduce((s, l) => s + l.amount, 0);
      if (t.subtotal === null) {
        // Prices include the tax: the lines sum to the total, the tax is the share of it.
        expect(close(lines, t.total!)).toBe(true);
        expect(t.tax!).toBeGreaterThan(0);
        expect(t.tax!).toBeLessThan(t.total! * 0.14);
      } else {
        expect(close(lines, t.subtotal)).toBe(true);
        // A Swiss total is rounded to 5 Rappen.
        expect(Math.abs(t.subtotal + t.tax! - t.total!)).toBeLessThanOrEqual(f === 'qr-rechnung' ? 0.025 : 0.005);
      }
      if (f === 'konbini-receipt') {
        expect(d.lines).toBeDefined();
        expect(Buffer.from(d.bytes).subarray(1, 4).toString()).toBe('PNG');
        expect(Number.isInteger(t.total)).toBe(true);
      }
    }
    expect(invoices).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('varies language, currency, number style and page count, and mixes non-invoices among the invoices', async () => {
    const all = await Promise.all(HELD_OUT5_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    await expectVariety(heldOut5Doc, HELD_OUT5_FAMILIES, all, { langs: 7, currencies: 5 });
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /\d\.\d{3},\d\d/.test(t))).toBe(true);
    expect(xs.some((t) => /\d,\d{3}\.\d\d/.test(t))).toBe(true);
    expect(xs.some((t) => /\d'\d{3}\.\d\d/.test(t))).toBe(true);
  });

  it('is registered apart from the default corpus as generated-heldout5, written the same for a seed', async () => {
    expect(HELD_OUT5_FAMILY_NAMES).toEqual(HELD_OUT5_FAMILIES);
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout5', HELD_OUT5_FAMILY_NAMES, [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES]);
    for (const d of docs) {
      if (d.family === 'konbini-receipt') expect(['scan', 'photo']).toContain(d.variant);
      else expect(['text', 'scan']).toContain(d.variant);
      expect(['quote', 'reminder', 'purchase_order'].includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
    }
  }, 60_000);
});
