// The twelfth held-out set (heldout12.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back from the text PDF with the project's PDF text loader, not with the extractor), the sums add
// up (net lines plus VAT, or gross lines that make the total on a till roll), credit notes are negative, quotes,
// delivery notes and reminders are labelled as non-invoices, and the set is registered apart from the default corpus as
// `generated-heldout12`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT12_FAMILIES, heldOut12Doc, plain1252, type HeldOut12Doc, type HeldOut12Family } from '../../fixtures/corpus/heldout12.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, expectPrintedWithLines, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H12_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H12_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts as printed here: 1 234,56 (Baltic), 1.234,56 (Slovenia, Serbia, Belgium, Austria, France), 1,234.56 (Ireland, US). */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const sign = x < 0 ? '-' : '';
  const g = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return [`${sign}${g(' ')},${frac}`, `${sign}${g('.')},${frac}`, `${sign}${g(',')}.${frac}`];
}
/** Dates: 14.03.2025 (and 14.03.2025. in Serbia), 14/03/2025, 03/14/2025 in the US, 14 Mar 2025 in Ireland. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1];
  return [`${d}.${m}.${y}`, `${d}/${m}/${y}`, `${m}/${d}/${y}`, `${Number(d)} ${mon} ${y}`];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q)],
  currencyMarks: { EUR: ['€', 'EUR'], RSD: ['din.', 'RSD'], USD: ['$'] },
  noQuantity: (t) => t.doc_type === 'receipt' && t.line_items!.length === 1,
};

const doc = cachedDocs<HeldOut12Family, HeldOut12Doc>(heldOut12Doc);
const writeCorpus = manifestWriter();
const texts = (d: HeldOut12Doc) => printed(d.bytes);
const NOT_INVOICE = /^(HINNAPAKKUMINE|SAATELEHT|KOMERCINIS PASIULYMAS|CENU PIEDAVAJUMS|PONUDBA|DOBAVNICA|PREDRACUN|OTPREMNICA|OFFRE DE PRIX|OFFERTE|QUOTATION|STATEMENT REMINDER|PRE-TREATMENT ESTIMATE)$/;
const KINDS = ['quote', 'delivery_note', 'reminder'];

describe('held-out families, twelfth set', () => {
  it.each(HELD_OUT12_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut12Doc, doc, f, SEEDS));

  it.each(HELD_OUT12_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    const lines = expectPrintedWithLines(seed, t, xs, RENDERINGS);
    expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (t.due_date) expect(t.due_date > t.invoice_date!).toBe(true);
    expect(t.due_date === null).toBe(t.doc_type !== 'invoice');
    const sign = t.doc_type === 'credit_note' ? -1 : 1;
    expect(t.total! * sign).toBeGreaterThan(0);
    if (d.gross) expect(close(lines, t.total!)).toBe(true);
    else if (t.subtotal !== null) expect(close(lines, t.subtotal)).toBe(true);
    else expect(close(lines, t.total!)).toBe(true);
    if (t.subtotal !== null) expect(close(t.subtotal + t.tax!, t.total!, 0.0051)).toBe(true);
    if (t.tax !== null) expect(Math.abs(t.tax)).toBeLessThan(Math.abs(t.total!) * 0.25);
    // Every string is one a Windows-1252 font can print.
    for (const s of [t.vendor_name!, ...t.line_items!.map((l) => l.description)]) expect(plain1252(s)).toBe(s);
  }));

  it('drops the marks a Windows-1252 program cannot print, keeping š and ž', () => {
    expect(plain1252('UAB Žalgirio ąžuolas, Rīga, Petrović, Đorđe')).toBe('UAB Žalgirio ažuolas, Riga, Petrovic, Dorde');
  });

  it('varies language, currency and page count, and mixes non-invoices, receipts and credit notes among the invoices', async () => {
    const all = await Promise.all(HELD_OUT12_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    const spread = await spreadDocs(heldOut12Doc, HELD_OUT12_FAMILIES);
    await expectVariety(heldOut12Doc, HELD_OUT12_FAMILIES, [...all, ...spread], { langs: 8, currencies: 3 });
    expect(spread.some((d) => d.thermal)).toBe(true);
    expect(spread.filter((d) => d.truth.doc_type === 'credit_note').length).toBeGreaterThanOrEqual(2);
    expect(spread.filter((d) => d.truth.doc_type === 'receipt').length).toBeGreaterThanOrEqual(40);
    expect(spread.some((d) => d.pages > 1 && d.truth.doc_type === 'invoice')).toBe(true);
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/.test(t))).toBe(true);
    expect(xs.some((t) => /^EOR: /.test(t))).toBe(true);
    expect(xs.some((t) => /Balance Due/.test(t))).toBe(true);
  }, 120_000);

  it('is registered apart from the default corpus as generated-heldout12, written the same for a seed', async () => {
    expect(HELD_OUT12_FAMILY_NAMES).toEqual(HELD_OUT12_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout12', HELD_OUT12_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
  }, 60_000);
});
