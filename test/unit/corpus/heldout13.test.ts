// The thirteenth held-out set (heldout13.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back from the text PDF with the project's PDF text loader, not with the extractor), the sums add
// up (net lines plus tax, or gross till-slip lines that make the total), quotes, delivery notes, price lists and
// reminders are labelled as non-invoices, and the set is registered apart from the default corpus as
// `generated-heldout13`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT13_FAMILIES, heldOut13Doc, latin1, type HeldOut13Doc, type HeldOut13Family } from '../../fixtures/corpus/heldout13.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, unprinted, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H13_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H13_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts as printed here: 1,234.56 (Egypt, Israel, Cyprus, Sri Lanka, Pakistan, Ecuador) or 1.234,56 (Cyprus, Uruguay). */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const sign = x < 0 ? '-' : '';
  const g = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [`${sign}${g(',')}.${frac}`, `${sign}${g('.')},${frac}`];
}
/** Dates: 14/03/2025, 14-03-2025. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}/${m}/${y}`, `${d}-${m}-${y}`];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q)],
  noQuantity: () => false,
  currencyMarks: { EGP: ['EGP'], ILS: ['NIS'], EUR: ['EUR'], LKR: ['LKR'], PKR: ['Rs.'], USD: ['USD'], UYU: ['$'] },
};

const doc = cachedDocs<HeldOut13Family, HeldOut13Doc>(heldOut13Doc);
const writeCorpus = manifestWriter();
const texts = (d: HeldOut13Doc) => printed(d.bytes);
const NOT_INVOICE = /^(PRICE QUOTATION|DELIVERY NOTE|PRICE LIST|PAYMENT REMINDER|PROFORMA|GUÍA DE REMISIÓN|COTIZACIÓN)(\s|$)/;
const KINDS = ['quote', 'delivery_note', 'price_list', 'reminder'];

describe('held-out families, thirteenth set', () => {
  it.each(HELD_OUT13_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut13Doc, doc, f, SEEDS));

  it.each(HELD_OUT13_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    // Every labelled value printed; a line's amount is quantity x unit price, or less where a discount is printed (a
    // Cypriot Disc. % column keeps the list price as the unit price).
    expect({ seed, missing: unprinted({ ...t, subtotal: t.subtotal ?? t.total, tax: t.tax ?? t.total }, xs, RENDERINGS) }).toEqual({ seed, missing: [] });
    expect(t.line_items!.length).toBeGreaterThan(0);
    for (const l of t.line_items!) {
      const off = l.quantity * l.unit_price - l.amount;
      expect(Math.abs(off) <= 0.0051 || (off > 0 && xs.includes('Disc.%'))).toBe(true);
    }
    const lines = t.line_items!.reduce((a, l) => a + l.amount, 0);
    expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (t.due_date) expect(t.due_date > t.invoice_date!).toBe(true);
    expect(t.total!).toBeGreaterThan(0);
    if (d.gross) expect(close(lines, t.total!)).toBe(true);
    // An Egyptian e-invoice's lines make the Total Sales Amount; its Net Amount (the subtotal) is after the Total Discount.
    else expect(close(lines, t.subtotal!) || (lines > t.subtotal! && xs.includes('Total Discount'))).toBe(true);
    if (t.subtotal !== null) expect(close(t.subtotal + t.tax!, t.total!, 0.0051)).toBe(true);
    expect(Math.abs(t.tax!)).toBeLessThan(Math.abs(t.total!) * 0.25);
    for (const s of [t.vendor_name!, ...t.line_items!.map((l) => l.description)]) expect(latin1(s)).toBe(s);
  }));

  it('varies language, currency and page count, and mixes non-invoices and receipts among the invoices', async () => {
    const all = await Promise.all(HELD_OUT13_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    const spread = await spreadDocs(heldOut13Doc, HELD_OUT13_FAMILIES);
    await expectVariety(heldOut13Doc, HELD_OUT13_FAMILIES, [...all, ...spread], { langs: 2, currencies: 6 });
    expect(spread.some((d) => d.thermal)).toBe(true);
    expect(spread.filter((d) => d.truth.doc_type === 'receipt').length).toBeGreaterThanOrEqual(40);
    expect(spread.some((d) => d.pages > 1 && d.truth.doc_type !== 'other')).toBe(true);
    // A discounted Cypriot line: quantity x list price is more than the net amount printed.
    expect(spread.some((d) => d.truth.line_items?.some((l) => l.quantity * l.unit_price - l.amount > 0.01))).toBe(true);
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /^Tax Registration Number: \d{3}-\d{3}-\d{3}$/.test(t))).toBe(true);
    expect(xs.some((t) => /^CLAVE DE ACCESO:$/.test(t))).toBe(true);
  }, 120_000);

  it('is registered apart from the default corpus as generated-heldout13, written the same for a seed', async () => {
    expect(HELD_OUT13_FAMILY_NAMES).toEqual(HELD_OUT13_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout13', HELD_OUT13_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
  }, 60_000);
});
