// The eighteenth held-out set (heldout18.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back from the PDF with the project's PDF text loader, not with the extractor; for a document
// drawn to an image, the strings it drew), the sums add up (net lines plus tax, gross lines that make the total), the
// amounts a total is not are printed beside it (the LBP VAT, the riel, the balance after a deposit), the non-invoices
// are labelled as such, and the set is registered apart from the default corpus as `generated-heldout18`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT18_FAMILIES, heldOut18Doc, type HeldOut18Doc, type HeldOut18Family } from '../../fixtures/corpus/heldout18.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT15_FAMILY_NAMES, HELD_OUT16_FAMILY_NAMES, HELD_OUT17_FAMILY_NAMES, HELD_OUT18_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, expectPrintedUnsigned, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H18_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H18_SEEDS ?? 12) }, (_, i) => i + 1);

const group = (int: string, mark: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, mark);
/** Amounts as printed here: 1,234.56, 1.234,56 (Greek, Maltese), 1 234,00 (Kazakh), 1,234.500 (Jordanian), a minus. */
function amounts(x: number): string[] {
  const sign = x < 0 ? '-' : '';
  const out: string[] = [];
  for (const places of [2, 3]) {
    const [int, frac] = Math.abs(x).toFixed(places).split('.');
    for (const [g, d] of [[',', '.'], ['.', ','], [' ', ',']]) out.push(`${sign}${group(int, g)}${d}${frac}`, `${group(int, g)}${d}${frac}`);
  }
  return out;
}
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Dates: 14/03/2025, 14.03.2025, 14 Mar 2025. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}/${m}/${y}`, `${d}.${m}.${y}`, `${d} ${MON[Number(m) - 1]} ${y}`];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q)],
  // App purchases, a promotional credit and repair parts print no quantity of 1 on some layouts.
  noQuantity: (_t, l) => l.quantity === 1,
  currencyMarks: { EUR: ['EUR', '€'], KZT: ['KZT'], FJD: ['FJ$'], PGK: ['K'], GBP: ['£'], MUR: ['Rs'], BWP: ['P '], NAD: ['N$'], JOD: ['JOD', 'Jordanian Dinars'], USD: ['USD', '$'], AUD: ['A$'] },
};

const doc = cachedDocs<HeldOut18Family, HeldOut18Doc>(heldOut18Doc);
const writeCorpus = manifestWriter();
const texts = async (d: HeldOut18Doc) => (d.image ? d.drawn : printed(d.bytes));
const NOT_INVOICE = /^(DELTIO APOSTOLIS \/ DELIVERY NOTE|QUOTATION|STATEMENT OF ACCOUNT|ORDER CONFIRMATION|PAWN TICKET - CREDIT AGREEMENT)$/;
const KINDS = ['delivery_note', 'quote', 'statement', 'order_confirmation', 'pawn_ticket'];

describe('held-out families, eighteenth set', () => {
  it.each(HELD_OUT18_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut18Doc, doc, f, SEEDS));

  it.each(HELD_OUT18_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    // A Jordanian credit note's truth is negative; it prints its amounts positive.
    const { lines, total, subtotal, tax } = expectPrintedUnsigned(seed, t, xs, RENDERINGS);
    // Three decimals for dinars, two for the rest.
    const eps = t.currency === 'JOD' ? 0.0006 : 0.0051;
    if (d.gross) expect(close(lines, total, eps)).toBe(true);
    else if (subtotal !== null) expect(close(lines, subtotal, eps)).toBe(true);
    else expect(close(lines, total, eps)).toBe(true);
    if (subtotal !== null) expect(close(subtotal + tax!, total, eps)).toBe(true);
    if (subtotal === null && !d.gross) expect(tax).toBeNull();
    if (tax !== null) expect(tax).toBeLessThan(total * 0.25);
    // The number labelled is not the one printed beside it that a reader might take.
    if (d.fax) expect([xs.some((x) => /^\d\d\/\d\d\/\d{4} \d\d:\d\d FROM: \+2\d\d /.test(x)), xs.some((x) => /P\.1\/[12]$/.test(x))]).toEqual([true, true]);
    if (d.image) expect(xs).toContain(`No ${t.invoice_number}`);
    if (t.currency === 'JOD') expect(t.line_items!.every((l) => Math.abs(l.amount * 1000 - Math.round(l.amount * 1000)) < 1e-6)).toBe(true);
  }));

  it('prints the amounts a total is not: the LBP VAT, the riel, the balance after a deposit, the cloud credit', async () => {
    let lbp = 0;
    let riel = 0;
    let balance = 0;
    let credit = 0;
    for (const seed of Array.from({ length: 40 }, (_, i) => i + 1)) {
      const l = await doc('levant-invoice', seed);
      const lx = await texts(l);
      if (l.truth.currency === 'USD') { lbp++; expect(lx.some((x) => /^VAT in LBP at \d{2},\d{3}$/.test(x))).toBe(true); }
      const v = await doc('vet-pawn-kh', seed);
      const vx = await texts(v);
      if (vx.includes('TOTAL RIEL')) riel++;
      if (vx.includes('Balance due on collection')) { balance++; expect(vx).toContain('Deposit paid'); }
      const c = await doc('cloud-app-ticket', seed);
      if (c.truth.line_items?.some((x) => x.amount < 0)) { credit++; expect(c.truth.subtotal).toBeCloseTo(c.truth.line_items.reduce((a, x) => a + x.amount, 0), 2); }
    }
    expect([lbp > 3, riel > 3, balance > 3, credit > 3]).toEqual([true, true, true, true]);
  }, 120_000);

  it('varies language, currency, print and paper, and mixes non-invoices, receipts and credit notes among the invoices', async () => {
    const docs = [...(await Promise.all(HELD_OUT18_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))))), ...(await spreadDocs(heldOut18Doc, HELD_OUT18_FAMILIES))];
    await expectVariety(heldOut18Doc, HELD_OUT18_FAMILIES, docs, { langs: 3, currencies: 10 });
    const of = (type: string) => docs.filter((d) => d.truth.doc_type === type).length;
    expect({ receipts: of('receipt') >= 15, creditNotes: of('credit_note') >= 2, faxes: docs.filter((d) => d.fax).length >= 20, hand: docs.filter((d) => d.image).length >= 20, twoPageFax: docs.some((d) => d.fax && d.pages > 1) })
      .toEqual({ receipts: true, creditNotes: true, faxes: true, hand: true, twoPageFax: true });
    expect([...new Set(docs.map((d) => d.docKind).filter(Boolean))].sort()).toEqual([...KINDS].sort());
  }, 180_000);

  it('is registered apart from the default corpus as generated-heldout18, written the same for a seed', async () => {
    expect(HELD_OUT18_FAMILY_NAMES).toEqual(HELD_OUT18_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES, ...HELD_OUT13_FAMILY_NAMES, ...HELD_OUT14_FAMILY_NAMES, ...HELD_OUT15_FAMILY_NAMES, ...HELD_OUT16_FAMILY_NAMES, ...HELD_OUT17_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout18', HELD_OUT18_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
    // A fax is a binarised image (PNG, or a PDF of PNG pages), never a text PDF; a hand-filled book page never either.
    for (const d of docs.filter((x) => x.family === 'fax-copy')) expect([d.variant, /\.(png|pdf)$/.test(d.file)]).toEqual(['scan', true]);
    for (const d of docs.filter((x) => x.family === 'duplicate-book')) expect(d.variant).not.toBe('text');
  }, 90_000);
});
