// The nineteenth held-out set (heldout19.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back from the PDF with the project's PDF text loader, not with the extractor; for a screenshot
// or a page drawn to an image, the strings it drew), the sums add up (net lines plus tax, gross lines that make the
// total), the amounts a total is not are printed beside it (the van-sales previous balance, amount collected and new
// balance, the food order's item total, the stamp's date), the non-invoices are labelled as such, and the set is
// registered apart from the default corpus as `generated-heldout19`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT19_FAMILIES, heldOut19Doc, lakh, type HeldOut19Doc, type HeldOut19Family } from '../../fixtures/corpus/heldout19.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT15_FAMILY_NAMES, HELD_OUT16_FAMILY_NAMES, HELD_OUT17_FAMILY_NAMES, HELD_OUT18_FAMILY_NAMES, HELD_OUT19_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, expectPrintedUnsigned, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H19_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H19_SEEDS ?? 12) }, (_, i) => i + 1);

const group = (int: string, mark: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, mark);
/** Amounts as printed here: 1,234.56, 1.234,56 (German, Portuguese), 1,23,456.78 (Indian), a minus. */
function amounts(x: number): string[] {
  const sign = x < 0 ? '-' : '';
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const out = [lakh(x), lakh(Math.abs(x))];
  for (const [g, d] of [[',', '.'], ['.', ',']]) out.push(`${sign}${group(int, g)}${d}${frac}`, `${group(int, g)}${d}${frac}`);
  return out;
}
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Dates: 14/03/2025, 14.03.2025, 14-03-2025, 2025-03-14, 14 Mar 2025, Mar 14, 2025. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}/${m}/${y}`, `${d}.${m}.${y}`, `${d}-${m}-${y}`, iso, `${d} ${MON[Number(m) - 1]} ${y}`, `${MON[Number(m) - 1]} ${Number(d)}, ${y}`];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q)],
  // Fees, fare parts and promotions print no quantity of 1.
  noQuantity: (_t, l) => l.quantity === 1,
  currencyMarks: { EUR: ['EUR', '€'], GBP: ['£', 'GBP'], AUD: ['$', 'AUD'], NZD: ['$', 'NZD'], CAD: ['CAD'], USD: ['$'], MXN: ['MX$', 'MXN'], ZAR: ['R ', 'ZAR'], PHP: ['PHP'], NGN: ['NGN'], INR: ['Rs.'], KES: ['KSh'] },
};

const doc = cachedDocs<HeldOut19Family, HeldOut19Doc>(heldOut19Doc);
const writeCorpus = manifestWriter();
const texts = async (d: HeldOut19Doc) => (d.image ? d.drawn : printed(d.bytes));
const NOT_INVOICE = /^(Transfer sent|ORDER CONFIRMATION|QUOTATION|ANGEBOT|ORCAMENTO|CUSTOMER STATEMENT|ESTADO DE CUENTA)$/;
const KINDS = ['payment_confirmation', 'order_confirmation', 'quote', 'statement'];
const PNG = [0x89, 0x50, 0x4e, 0x47];

describe('held-out families, nineteenth set', () => {
  it.each(HELD_OUT19_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut19Doc, doc, f, SEEDS));

  it.each(HELD_OUT19_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    // A credit note's truth is negative; it prints its amounts positive.
    const { lines, total, subtotal, tax } = expectPrintedUnsigned(seed, t, xs, RENDERINGS);
    if (d.gross) expect(close(lines, total, 0.0051)).toBe(true);
    else expect(close(lines, subtotal!, 0.0051)).toBe(true);
    if (subtotal !== null) expect(close(subtotal + tax!, total, 0.0051)).toBe(true);
    expect(tax).not.toBeNull();
    expect(tax!).toBeLessThan(total * 0.25);
    if (d.screenshot) expect([...d.bytes.subarray(0, 4)]).toEqual(PNG);
    if (f === 'phone-screenshot' || f === 'stapled-receipt') expect(t.doc_type).toBe('receipt');
  }));

  it('prints beside the total the amounts it is not: balances, the item total, the stamp date; a web mail prints three dates', async () => {
    let van = 0;
    let food = 0;
    let mail = 0;
    let stamp = 0;
    for (const seed of Array.from({ length: 18 }, (_, i) => i + 1)) {
      const v = await doc('van-sales', seed);
      const vx = await texts(v);
      if (v.truth.total !== null) {
        van++;
        for (const k of [/^(PREVIOUS BALANCE|SALDO ANTERIOR)$/, /^(AMOUNT COLLECTED|ABONO \/ COBRADO)$/, /^(NEW BALANCE|SALDO NUEVO)$/]) expect(vx.some((x) => k.test(x))).toBe(true);
        // Returned empties or bread returns are negative lines.
        expect(v.truth.line_items!.some((l) => l.amount < 0 && l.unit_price < 0)).toBe(true);
      }
      const s = await doc('phone-screenshot', seed);
      if (s.drawn.includes('Item total')) { food++; expect(s.truth.subtotal).toBeNull(); }
      const w = await doc('webmail-print', seed);
      const wx = await texts(w);
      if (wx.some((x) => x.startsWith('Sent: '))) mail++;
      expect(wx.some((x) => /^\d\d\/\d\d\/\d{4}, \d\d:\d\d$/.test(x))).toBe(true);
      expect(wx.some((x) => /^https:\/\//.test(x))).toBe(true);
      const r = await doc('stapled-receipt', seed);
      if (r.drawn.some((x) => /^(GEBUCHT|PAID|BETAALD)$/.test(x))) stamp++;
    }
    expect([van > 6, food > 2, mail, stamp]).toEqual([true, true, 18, 18]);
  }, 180_000);

  it('varies language, currency, print and paper, and mixes non-invoices, receipts and credit notes among the invoices', async () => {
    // Drawn images are slow (about 1 s each), so 16 documents a family besides the seeds', not the 40 of the earlier sets.
    const docs = [...(await Promise.all(HELD_OUT19_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))))), ...(await spreadDocs(heldOut19Doc, HELD_OUT19_FAMILIES, 16))];
    await expectVariety(heldOut19Doc, HELD_OUT19_FAMILIES, docs, { langs: 4, currencies: 12, perFamily: 16 });
    const of = (type: string) => docs.filter((d) => d.truth.doc_type === type).length;
    expect({ receipts: of('receipt') >= 30, creditNotes: of('credit_note') >= 4, screenshots: docs.filter((d) => d.screenshot).length >= 20, images: docs.filter((d) => d.image && !d.screenshot).length >= 30, twoPages: docs.filter((d) => d.pages > 1).length >= 24 })
      .toEqual({ receipts: true, creditNotes: true, screenshots: true, images: true, twoPages: true });
    expect([...new Set(docs.map((d) => d.docKind).filter(Boolean))].sort()).toEqual([...KINDS].sort());
  }, 420_000);

  it('is registered apart from the default corpus as generated-heldout19, written the same for a seed', async () => {
    expect(HELD_OUT19_FAMILY_NAMES).toEqual(HELD_OUT19_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES, ...HELD_OUT13_FAMILY_NAMES, ...HELD_OUT14_FAMILY_NAMES, ...HELD_OUT15_FAMILY_NAMES, ...HELD_OUT16_FAMILY_NAMES, ...HELD_OUT17_FAMILY_NAMES, ...HELD_OUT18_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout19', HELD_OUT19_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
    // A screenshot is the phone's PNG (never degraded); a stapled sheet or a typewritten page is never a text PDF.
    for (const d of docs.filter((x) => x.family === 'phone-screenshot')) expect([d.variant, d.file.endsWith('.png'), d.mediaType]).toEqual(['scan', true, 'image/png']);
    for (const d of docs.filter((x) => x.family === 'stapled-receipt' || x.family === 'typewriter')) expect(d.variant).not.toBe('text');
  }, 120_000);
});
