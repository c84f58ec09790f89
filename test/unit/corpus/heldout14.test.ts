// The fourteenth held-out set (heldout14.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back from the text PDF with the project's PDF text loader, not with the extractor), the sums add
// up (net lines plus tax, Ghanaian levies before VAT, gross till lines that make the total up to a printed 5-Rappen
// rounding), quotes, delivery notes and reminders are labelled as non-invoices, and the set is registered apart from the
// default corpus as `generated-heldout14`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT14_FAMILIES, heldOut14Doc, type HeldOut14Doc, type HeldOut14Family } from '../../fixtures/corpus/heldout14.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, unprinted, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H14_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H14_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts as printed here: 1,234.56 / 1.234,56 / 1 234,56 / 1'234.50, and whole units 1.250.000 or 12,500. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const sign = x < 0 ? '-' : '';
  const g = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = [`${sign}${g(',')}.${frac}`, `${sign}${g('.')},${frac}`, `${sign}${g(' ')},${frac}`, `${sign}${g("'")}.${frac}`];
  if (frac === '00') out.push(`${sign}${g('.')}`, `${sign}${g(',')}`);
  return out;
}
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Dates: 14.03.2025, 14.3.2025, 14/03/2025, 14-03-2025, 14-Mar-2025. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}.${m}.${y}`, `${Number(d)}.${Number(m)}.${y}`, `${d}/${m}/${y}`, `${d}-${m}-${y}`, `${d}-${MON[Number(m) - 1]}-${y}`];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q)],
  // An Austrian or Swiss till prints no quantity for a single item (the line shows its price only).
  noQuantity: (t, l) => t.doc_type === 'receipt' && l.quantity === 1 && (t.currency === 'CHF' || t.currency === 'EUR'),
  currencyMarks: { EUR: ['€', 'EUR'], GHS: ['GH¢'], TZS: ['TZS'], UGX: ['UGX'], PYG: ['Gs.'], DOP: ['RD$'], CHF: ['CHF'] },
};

const doc = cachedDocs<HeldOut14Family, HeldOut14Doc>(heldOut14Doc);
const writeCorpus = manifestWriter();
const texts = (d: HeldOut14Doc) => printed(d.bytes);
const NOT_INVOICE = /^(TARJOUS|MAKSUMUISTUTUS|PROFORMA INVOICE|WAYBILL|PRESUPUESTO|NOTA DE REMISIÓN|COTIZACIÓN|CONDUCE)$/;
const KINDS = ['quote', 'delivery_note', 'reminder'];

describe('held-out families, fourteenth set', () => {
  it.each(HELD_OUT14_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut14Doc, doc, f, SEEDS));

  it.each(HELD_OUT14_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    expect({ seed, missing: unprinted({ ...t, subtotal: t.subtotal ?? t.total, tax: t.tax ?? t.total }, xs, RENDERINGS) }).toEqual({ seed, missing: [] });
    expect(t.line_items!.length).toBeGreaterThan(0);
    // A line's amount is quantity x unit price, or less where a Finnish Ale % is printed (the list price kept).
    for (const l of t.line_items!) {
      const off = l.quantity * l.unit_price - l.amount;
      expect(Math.abs(off) <= 0.0051 || (off > 0 && xs.includes('Ale %'))).toBe(true);
    }
    const lines = t.line_items!.reduce((a, l) => a + l.amount, 0);
    expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (t.due_date) expect(t.due_date > t.invoice_date!).toBe(true);
    expect(t.doc_type === 'credit_note' ? t.total! < 0 : t.total! > 0).toBe(true);
    // Gross till lines make the total (a Swiss cash total rounded to 5 Rappen, the Rundung printed).
    if (d.gross) expect(close(lines, t.total!) || (Math.abs(lines - t.total!) < 0.026 && xs.some((x) => x.startsWith('Rundung')))).toBe(true);
    // Net lines make the subtotal; a Ghanaian subtotal is the Sub Total plus its levies (the lines make the Sub Total).
    else expect(close(lines, t.subtotal!) || (lines < t.subtotal! && xs.some((x) => x.startsWith('NHIL')))).toBe(true);
    if (t.subtotal !== null) expect(close(t.subtotal + t.tax!, t.total!, 0.0051)).toBe(true);
    expect(Math.abs(t.tax!)).toBeLessThan(Math.abs(t.total!) * 0.25);
  }));

  it('varies language, currency and page count, and mixes non-invoices, receipts and credit notes among the invoices', async () => {
    const all = await Promise.all(HELD_OUT14_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    const spread = await spreadDocs(heldOut14Doc, HELD_OUT14_FAMILIES);
    await expectVariety(heldOut14Doc, HELD_OUT14_FAMILIES, [...all, ...spread], { langs: 4, currencies: 7 });
    expect(spread.some((d) => d.thermal)).toBe(true);
    expect(spread.filter((d) => d.truth.doc_type === 'receipt').length).toBeGreaterThanOrEqual(60);
    expect(spread.some((d) => d.truth.doc_type === 'credit_note')).toBe(true);
    expect(spread.some((d) => d.pages > 1 && d.truth.doc_type !== 'other')).toBe(true);
    expect(spread.some((d) => d.truth.line_items?.some((l) => l.quantity * l.unit_price - l.amount > 0.01))).toBe(true);
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /^\*\*\* START OF LEGAL RECEIPT \*\*\*$/.test(t))).toBe(true);
    expect(xs.some((t) => /^Viitenumero$/.test(t))).toBe(true);
  }, 120_000);

  it('is registered apart from the default corpus as generated-heldout14, written the same for a seed', async () => {
    expect(HELD_OUT14_FAMILY_NAMES).toEqual(HELD_OUT14_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES, ...HELD_OUT13_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout14', HELD_OUT14_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
  }, 60_000);
});
