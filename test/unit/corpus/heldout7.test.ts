// The seventh held-out set (heldout7.ts): each family is the same for a seed, every labelled value is
// printed in the document's text (a PDF read back with the project's PDF text loader, not with the
// extractor), the sums add up the way each document prints them, pro formas, sales orders, delivery notes
// and annual statements are labelled as non-invoices, and the set is registered apart from the default
// corpus as `generated-heldout7`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT7_FAMILIES, heldOut7Doc, type HeldOut7Doc, type HeldOut7Family } from '../../fixtures/corpus/heldout7.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, expectNotInvoice, expectPrintedWithLines, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, printed, type Renderings } from './printedValues.js';

// H7_SEEDS=200 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H7_SEEDS ?? 12) }, (_, i) => i + 1);

/**
 * Amounts in every form used here: 1,234.56 (UK, US), 1.234,56 (Italy, Brazil, Turkey, France, Germany),
 * 1234.56 (an Italian invoice printing the XML's numbers), four decimals (a DANFE's unit value 12,3400, an
 * Italian unit price below one), and a rate in pence (0.245 printed 24.50p or 24.500p).
 */
function amounts(x: number): string[] {
  const out: string[] = [];
  for (const d of [2, 4]) {
    const [int, frac] = Math.abs(x).toFixed(d).split('.');
    const group = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    out.push(`${group(',')}.${frac}`, `${group('.')},${frac}`, `${int}.${frac}`);
  }
  if (Math.abs(x) < 1) out.push(`${(Math.abs(x) * 100).toFixed(2)}p`, `${(Math.abs(x) * 100).toFixed(3)}p`);
  return out;
}
/** Quantities: 12, 7,5, 3.00 / 3,00 (Italian), 10,0000 (a DANFE), 1,234 (kWh). */
const quantities = (q: number) => [String(q), String(q).replace('.', ','), q.toFixed(2), q.toFixed(2).replace('.', ','), q.toFixed(4).replace('.', ','), q.toLocaleString('en-US')];

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** Every way a date may be printed here: ISO, day-first with / - ., month-first, "15 March 2024", "15 Mar 2024". */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const en = MONTHS[Number(m) - 1];
  return [iso, `${d}/${m}/${y}`, `${d}-${m}-${y}`, `${d}.${m}.${y}`, `${m}/${d}/${y}`, `${Number(d)} ${en} ${y}`, `${Number(d)} ${en.slice(0, 3)} ${y}`];
}

const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { EUR: ['€', 'EUR'], BRL: ['R$', 'BRL'], TRY: ['TL', 'TRY'], GBP: ['£', 'GBP'], USD: ['$', 'USD'] },
  // A till line, fare of one, savings row or Zuzahlung prints no quantity.
  noQuantity: (t, l) => l.quantity === 1,
};

const doc = cachedDocs<HeldOut7Family, HeldOut7Doc>(heldOut7Doc);
const texts = async (d: HeldOut7Doc) => printed(d.bytes);
const writeCorpus = manifestWriter();
const NOT_INVOICE = /^(FATTURA PRO FORMA|AVVISO DI PARCELLA|PEDIDO DE VENDA|e-Irsaliye|Your Annual Statement)\b/;

describe('held-out families, seventh set', () => {
  it.each(HELD_OUT7_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut7Doc, doc, f, SEEDS));

  it.each(HELD_OUT7_FAMILIES)('%s: every labelled value is printed, and the sums add up', async (f) => {
    let invoices = 0;
    for (const seed of SEEDS) {
      const d = await doc(f, seed);
      const { truth: t, docKind } = d;
      const xs = await texts(d);
      if (t.doc_type === 'other') {
        expectNotInvoice(t, docKind, xs, ['quote', 'order_confirmation', 'delivery_note', 'statement'], NOT_INVOICE);
        continue;
      }
      invoices++;
      const lines = expectPrintedWithLines(seed, t, xs, RENDERINGS);
      const beside = d.besideTax ?? 0;
      if (t.subtotal === null) {
        // A DANFE without IPI: the lines and the freight less the discount make the total.
        expect(t.tax).toBeNull();
        expect(close(lines + beside, t.total!)).toBe(true);
      } else {
        // A receipt's prices include the tax (France, Germany) or the tax is added to them (US); everywhere else
        // the lines (with a cassa contribution) sum to the net amount.
        if (t.doc_type === 'receipt') expect(close(lines, t.total!) || close(lines, t.subtotal)).toBe(true);
        else expect(close(lines + (d.notInLines ?? 0), t.subtotal)).toBe(true);
        expect(close(t.subtotal + t.tax! + beside, t.total!)).toBe(true);
      }
      expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (t.due_date) expect(t.due_date >= t.invoice_date!).toBe(true);
      expect(t.doc_type).toBe(f === 'pharmacy-receipt' ? 'receipt' : 'invoice');
      if (f === 'pharmacy-receipt') expect(d.thermal).toBe(true);
      if (f === 'energy-bill') expect(d.pages).toBe(2);
      if (f === 'fattura-pa' && d.notInLines) expect(xs.some((x) => x.startsWith('TC'))).toBe(true);
      // The Turkish letters outside Windows-1252 are printed and labelled without their marks.
      if (f === 'e-fatura-tr') expect(JSON.stringify(t)).not.toMatch(/[şğıİŞĞ]/);
    }
    expect(invoices).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('varies language, currency, number style and page count, and mixes non-invoices among the invoices', async () => {
    const all = await Promise.all(HELD_OUT7_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    await expectVariety(heldOut7Doc, HELD_OUT7_FAMILIES, all, { langs: 7, currencies: 5 });
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /\d\.\d{3},\d\d/.test(t))).toBe(true);
    expect(xs.some((t) => /\d,\d{3}\.\d\d/.test(t))).toBe(true);
    expect(xs.some((t) => /^\d{4,}\.\d\d$/.test(t))).toBe(true);
    expect(xs.some((t) => /\d{2}-\d{2}-\d{4}/.test(t))).toBe(true);
    expect(xs.some((t) => /\d\.\d\d\dp\b|\d\.\d\dp\b/.test(t))).toBe(true);
  });

  it('is registered apart from the default corpus as generated-heldout7, written the same for a seed', async () => {
    expect(HELD_OUT7_FAMILY_NAMES).toEqual(HELD_OUT7_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout7', HELD_OUT7_FAMILY_NAMES, earlier);
    for (const d of docs) {
      if (d.family === 'pharmacy-receipt') expect(['text', 'scan', 'photo']).toContain(d.variant);
      else expect(['text', 'scan']).toContain(d.variant);
      expect(['quote', 'order_confirmation', 'delivery_note', 'statement'].includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
    }
  }, 60_000);
});
