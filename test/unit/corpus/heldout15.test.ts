// The fifteenth held-out set (heldout15.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back from the text PDF with the project's PDF text loader, not with the extractor; for a Thai
// document drawn to an image, the strings it drew), the sums add up (net lines plus tax, gross Guatemalan lines that
// make the total, negative avoirs), quotes, pro formas, delivery notes, reservations, letters and statements are
// labelled as non-invoices, and the set is registered apart from the default corpus as `generated-heldout15`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT15_FAMILIES, heldOut15Doc, type HeldOut15Doc, type HeldOut15Family } from '../../fixtures/corpus/heldout15.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT15_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, unprinted, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H15_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H15_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts as printed here: 1,234.56 / 1 234,56, and whole FCFA 1 250 000. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const sign = x < 0 ? '-' : '';
  const g = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = [`${sign}${g(',')}.${frac}`, `${sign}${g(' ')},${frac}`];
  if (frac === '00') out.push(`${sign}${g(' ')}`);
  return out;
}
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Dates: 14/03/2025, 03/14/2025 (US car rentals), 14 Mar 2025 (telco bills). */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}/${m}/${y}`, `${m}/${d}/${y}`, `${d} ${MON[Number(m) - 1]} ${y}`];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q)],
  noQuantity: () => false,
  currencyMarks: { THB: ['THB'], XOF: ['FCFA', 'F CFA', 'XOF'], GTQ: ['GTQ', 'Q'], CRC: ['CRC'], USD: ['USD', '$'], GBP: ['GBP', '£'], JMD: ['J$', 'JMD'], TTD: ['TT$', 'TTD'], EUR: ['€'] },
};

const doc = cachedDocs<HeldOut15Family, HeldOut15Doc>(heldOut15Doc);
const writeCorpus = manifestWriter();
const texts = async (d: HeldOut15Doc) => (d.image ? d.drawn : printed(d.bytes));
const NOT_INVOICE = /(QUOTATION|BON DE LIVRAISON|FACTURE PRO FORMA|FACTURA PROFORMA|RESERVATION CONFIRMATION|RE: IMPORTANT CHANGES|RELEVÉ DE COMPTE|^Objet : votre réclamation)/;
const KINDS = ['quote', 'delivery_note', 'proforma', 'reservation', 'letter', 'statement'];

describe('held-out families, fifteenth set', () => {
  it.each(HELD_OUT15_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut15Doc, doc, f, SEEDS));

  it.each(HELD_OUT15_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    expect({ seed, missing: unprinted({ ...t, subtotal: t.subtotal ?? t.total, tax: t.tax ?? t.total }, xs, RENDERINGS) }).toEqual({ seed, missing: [] });
    expect(t.line_items!.length).toBeGreaterThan(0);
    for (const l of t.line_items!) expect(Math.abs(l.quantity * l.unit_price - l.amount)).toBeLessThanOrEqual(0.0051);
    const lines = t.line_items!.reduce((a, l) => a + l.amount, 0);
    expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (t.due_date) expect(t.due_date > t.invoice_date!).toBe(true);
    expect(t.doc_type === 'credit_note' ? t.total! < 0 : t.total! > 0).toBe(true);
    // Gross Guatemalan lines make the total; net lines elsewhere make the subtotal, and subtotal plus tax the total.
    if (d.gross) expect(close(lines, t.total!)).toBe(true);
    else expect(close(lines, t.subtotal!)).toBe(true);
    if (t.subtotal !== null) expect(close(t.subtotal + t.tax!, t.total!, 0.0051)).toBe(true);
    expect(Math.abs(t.tax!)).toBeLessThan(Math.abs(t.total!) * 0.25);
    // The number labelled is not the one printed beside it that a reader might take (Clave, Serie, Account Number).
    if (t.currency === 'GTQ') expect(xs.some((x) => x === `Número DTE: ${t.invoice_number}`)).toBe(true);
    if (t.currency === 'CRC' || (t.currency === 'USD' && xs.some((x) => x.startsWith('Clave: ')))) expect(t.invoice_number).toMatch(/^\d{20}$/);
  }));

  it('prints the lines a total is not: the Thai withholding tax, the rental deposit, the telco arrears', async () => {
    let wht = 0;
    let deposit = 0;
    let arrears = 0;
    for (const seed of Array.from({ length: 30 }, (_, i) => i + 1)) {
      const th = await doc('th-tax-invoice', seed);
      const xs = await texts(th);
      const net = xs.find((x) => /Net Payment$/.test(x));
      if (net && th.truth.total) { wht++; expect(xs).toContain(`${(th.truth.total - Math.round(th.truth.subtotal! * 3) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`); }
      const car = await doc('car-rental', seed);
      if (car.truth.total) { deposit++; expect((await texts(car)).some((x) => /Deposit/.test(x))).toBe(true); }
      const tel = await doc('tt-jm-telco', seed);
      if (tel.truth.total) {
        const ys = await texts(tel);
        const i = ys.indexOf('Balance Brought Forward');
        if (ys[i + 1] !== '0.00') arrears++;
        expect(tel.pages).toBe(2);
      }
    }
    expect(wht).toBeGreaterThan(3);
    expect(deposit).toBeGreaterThan(10);
    expect(arrears).toBeGreaterThan(3);
  }, 120_000);

  it('varies language, currency and page count, and mixes non-invoices, receipts and credit notes among the invoices', async () => {
    const all = await Promise.all(HELD_OUT15_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    const spread = await spreadDocs(heldOut15Doc, HELD_OUT15_FAMILIES);
    await expectVariety(heldOut15Doc, HELD_OUT15_FAMILIES, [...all, ...spread], { langs: 4, currencies: 9 });
    expect(spread.filter((d) => d.truth.doc_type === 'receipt').length).toBeGreaterThanOrEqual(15);
    expect(spread.filter((d) => d.truth.doc_type === 'credit_note').length).toBeGreaterThanOrEqual(20);
    expect(spread.some((d) => d.pages > 1 && d.truth.doc_type !== 'other')).toBe(true);
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /^Consecutivo: \d{20}$/.test(t))).toBe(true);
    expect(xs.some((t) => /^Clave: \d{50}$/.test(t))).toBe(true);
  }, 180_000);

  it('is registered apart from the default corpus as generated-heldout15, written the same for a seed', async () => {
    expect(HELD_OUT15_FAMILY_NAMES).toEqual(HELD_OUT15_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES, ...HELD_OUT13_FAMILY_NAMES, ...HELD_OUT14_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout15', HELD_OUT15_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
  }, 90_000);
});
