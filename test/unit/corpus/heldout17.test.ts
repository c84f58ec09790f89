// The seventeenth held-out set (heldout17.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back from the PDF with the project's PDF text loader, not with the extractor), the sums add up
// (net lines plus tax, gross lines that make the total, a tip written in on top), the amounts a total is not are
// printed beside it, the non-invoices are labelled as such, and the set is registered apart from the default corpus as
// `generated-heldout17`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT17_FAMILIES, heldOut17Doc, type HeldOut17Doc, type HeldOut17Family } from '../../fixtures/corpus/heldout17.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT15_FAMILY_NAMES, HELD_OUT16_FAMILY_NAMES, HELD_OUT17_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, expectPrintedUnsigned, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H17_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H17_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts as printed here: 1,234.56, 1234.56 (till rolls), whole francs 6,200, and the sign when printed negative. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const sign = x < 0 ? '-' : '';
  const g = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const out = [`${sign}${g}.${frac}`, `${sign}${int}.${frac}`];
  if (frac === '00') out.push(`${sign}${g}`);
  return out;
}
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Dates: 14/03/2025, 2025-03-14, 03/14/2025 (US), 14 Mar 2025. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}/${m}/${y}`, iso, `${m}/${d}/${y}`, `${d} ${MON[Number(m) - 1]} ${y}`];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q), `${q}.00`],
  // Fees, premiums, rent and school vote heads print no quantity; neither does a coupon.
  noQuantity: (_t, l) => l.quantity === 1,
  currencyMarks: { HNL: ['L.'], USD: ['US$', '$', 'USD'], PAB: ['B/.'], RWF: ['Frw'], ZMW: ['K ', 'ZMW'], GBP: ['£'], KES: ['KES'], ZAR: ['R '] },
};

const doc = cachedDocs<HeldOut17Family, HeldOut17Doc>(heldOut17Doc);
const writeCorpus = manifestWriter();
const texts = (d: HeldOut17Doc) => printed(d.bytes);
const NOT_INVOICE = /^(COTIZACI[OÓ]N|PROFORMA|PRO FORMA INVOICE|ZAHLUNGSERINNERUNG|1\. MAHNUNG|RELANCE - FACTURE IMPAY[EÉ]E|TENANT STATEMENT|ESTIMATE)$/;
const KINDS = ['quote', 'proforma', 'reminder', 'statement'];

describe('held-out families, seventeenth set', () => {
  it.each(HELD_OUT17_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut17Doc, doc, f, SEEDS));

  it.each(HELD_OUT17_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    // A credit note's truth is negative; it prints its amounts positive (a nota de crédito) or its totals with a minus.
    const { lines, total, subtotal, tax } = expectPrintedUnsigned(seed, t, xs, RENDERINGS);
    // Gross lines (tax included) make the total; net lines the subtotal; a tip written in comes on top.
    if (d.gross) expect(close(lines, total)).toBe(true);
    else if (subtotal !== null) expect(close(lines, subtotal)).toBe(true);
    else expect(close(lines, total)).toBe(true);
    if (subtotal !== null) expect(close(subtotal + tax! + (d.tip ?? 0), total, 0.0051)).toBe(true);
    if (subtotal === null && !d.gross) expect(tax).toBeNull();
    if (tax !== null) expect(tax).toBeLessThan(total * 0.25);
    // The number labelled is not the one printed beside it that a reader might take.
    if (t.currency === 'HNL') { expect(xs.some((x) => x.includes(`No. ${t.invoice_number}`))).toBe(true); expect(xs.some((x) => x.startsWith('CAI: '))).toBe(true); }
    if (t.currency === 'USD' && t.invoice_number!.startsWith('DTE-')) expect(xs.some((x) => x.startsWith('Código de generación: '))).toBe(true);
    if (t.currency === 'RWF') expect(xs.some((x) => x.includes(`RECEIPT NUMBER: ${t.invoice_number} N`))).toBe(true);
    if (t.currency === 'ZMW') expect(xs.some((x) => /Receipt No: \d+\/\d+ NS/.test(x))).toBe(true);
  }));

  it('prints the amounts a total is not: the local-currency equivalent, the arrears, the tip table, the savings', async () => {
    let equivalent = 0;
    let arrears = 0;
    let tips = 0;
    let blank = 0;
    for (const seed of Array.from({ length: 40 }, (_, i) => i + 1)) {
      const c = await doc('export-commercial', seed);
      const cx = await texts(c);
      if (c.truth.currency === 'USD') { equivalent++; expect(cx.some((x) => /^Equivalent in (EUR|GBP) at 1 USD = /.test(x))).toBe(true); }
      const r = await doc('rent-school-ins', seed);
      const rx = await texts(r);
      if (r.truth.currency === 'ZAR') { arrears++; expect(rx).toContain('TOTAL DUE'); expect(rx).toContain('Current charges'); }
      const u = await doc('us-retail-tip', seed);
      const ux = await texts(u);
      if (ux.includes('Suggested gratuity')) {
        if (u.tip) { tips++; expect(ux).toContain(`$${u.truth.total!.toFixed(2)}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',')); } else blank++;
      }
    }
    expect([equivalent > 5, arrears > 2, tips > 2, blank > 0]).toEqual([true, true, true, true]);
  }, 120_000);

  it('varies language, currency and page count, and mixes non-invoices, receipts and credit notes among the invoices', async () => {
    const docs = [...(await Promise.all(HELD_OUT17_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))))), ...(await spreadDocs(heldOut17Doc, HELD_OUT17_FAMILIES))];
    await expectVariety(heldOut17Doc, HELD_OUT17_FAMILIES, docs, { langs: 4, currencies: 8 });
    const of = (type: string) => docs.filter((d) => d.truth.doc_type === type).length;
    expect({ receipts: of('receipt') >= 15, creditNotes: of('credit_note') >= 4, longInvoice: docs.some((d) => d.pages > 1 && d.truth.doc_type !== 'other') })
      .toEqual({ receipts: true, creditNotes: true, longInvoice: true });
    expect([...new Set(docs.map((d) => d.docKind).filter(Boolean))].sort()).toEqual([...KINDS].sort());
  }, 180_000);

  it('is registered apart from the default corpus as generated-heldout17, written the same for a seed', async () => {
    expect(HELD_OUT17_FAMILY_NAMES).toEqual(HELD_OUT17_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES, ...HELD_OUT13_FAMILY_NAMES, ...HELD_OUT14_FAMILY_NAMES, ...HELD_OUT15_FAMILY_NAMES, ...HELD_OUT16_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout17', HELD_OUT17_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
  }, 90_000);
});
