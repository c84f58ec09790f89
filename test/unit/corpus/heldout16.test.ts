// The sixteenth held-out set (heldout16.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back from the text PDF with the project's PDF text loader, not with the extractor; for a CJK
// document drawn to an image, the strings it drew), the sums add up (net lines plus tax, gross lines that make the
// total, a CIS deduction after it), the non-invoices are labelled as such, and the set is registered apart from the
// default corpus as `generated-heldout16`.
import { describe, expect, it } from 'vitest';
import { bikramSambat, daxie, ddmmmyy, HELD_OUT16_FAMILIES, heldOut16Doc, lakh, rupeeWords, type HeldOut16Doc, type HeldOut16Family } from '../../fixtures/corpus/heldout16.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT15_FAMILY_NAMES, HELD_OUT16_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, unprinted, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H16_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H16_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts as printed here: 1,234.56, 1,23,456.00 (lakh), 1234.56 (fapiao), whole pesos 1.234.567 and NT$ 250. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const sign = x < 0 ? '-' : '';
  const g = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = [`${sign}${g(',')}.${frac}`, `${sign}${int}.${frac}`, `${sign}${lakh(Math.abs(x))}`];
  if (frac === '00') out.push(`${sign}${g('.')}`, `${sign}${int}`);
  return out;
}
const CL = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** Dates: 14/03/2025, 14 Mar 2025, 2025-03-14, 14 de Marzo de 2025, 14MAR25, 2025年03月14日. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}/${m}/${y}`, `${d} ${MON[Number(m) - 1]} ${y}`, iso, `${Number(d)} de ${CL[Number(m) - 1]} de ${y}`, ddmmmyy(iso), `${y}年${m}月${d}日`];
}
const RENDERINGS: Renderings = {
  amounts, dates, quantities: (q) => [String(q)],
  noQuantity: () => false,
  currencyMarks: { CLP: ['$'], SGD: ['S$', 'SGD'], MYR: ['RM', 'MYR'], HKD: ['HK$'], TWD: ['NT$'], CNY: ['¥'], EUR: ['EUR'], GBP: ['£', 'GBP'], NPR: ['Rs.'], BDT: ['Tk'] },
};

const doc = cachedDocs<HeldOut16Family, HeldOut16Doc>(heldOut16Doc);
const writeCorpus = manifestWriter();
const texts = async (d: HeldOut16Doc) => (d.image ? d.drawn : printed(d.bytes));
const NOT_INVOICE = /^(GUIA DE DESPACHO ELECTRONICA|PURCHASE ORDER|BOOKING CONFIRMATION|REMITTANCE ADVICE|APPLICATION FOR PAYMENT No\. \d|SALARY SLIP|STATEMENT OF ACCOUNT)/;
const KINDS = ['delivery_note', 'purchase_order', 'reservation', 'remittance', 'valuation', 'payslip', 'statement'];

describe('held-out families, sixteenth set', () => {
  it.each(HELD_OUT16_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut16Doc, doc, f, SEEDS));

  it.each(HELD_OUT16_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    // A credit note prints its amounts positive; its truth holds total, subtotal and tax negative (the convention).
    const credit = d.truth.doc_type === 'credit_note';
    if (credit) expect(d.truth.total! < 0 && (d.truth.tax === null || d.truth.tax <= 0)).toBe(true);
    const abs = (x: number | null) => (x === null ? x : Math.abs(x));
    const t = credit ? { ...d.truth, total: abs(d.truth.total), subtotal: abs(d.truth.subtotal), tax: abs(d.truth.tax) } : d.truth;
    expect({ seed, missing: unprinted({ ...t, subtotal: t.subtotal ?? t.total, tax: t.tax ?? t.total }, xs, RENDERINGS) }).toEqual({ seed, missing: [] });
    expect(t.line_items!.length).toBeGreaterThan(0);
    for (const l of t.line_items!) expect(Math.abs(l.quantity * l.unit_price - l.amount)).toBeLessThanOrEqual(0.0051);
    const lines = t.line_items!.reduce((a, l) => a + l.amount, 0);
    // A Nepali bill printing only the Bikram Sambat date has no Gregorian date to label.
    if (t.invoice_date === null) expect(t.currency).toBe('NPR');
    else expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (t.due_date) expect(t.due_date > t.invoice_date!).toBe(true);
    expect(t.total! > 0).toBe(true);
    // Gross lines (tax included) make the total; net lines the subtotal; a CIS deduction comes off after the total.
    if (d.gross) expect(close(lines, t.total!)).toBe(true);
    else expect(close(lines, t.subtotal!)).toBe(true);
    if (t.subtotal !== null) expect(close(t.subtotal + t.tax! - (d.withheld ?? 0), t.total!, 0.0051)).toBe(true);
    if (t.tax !== null) expect(t.tax).toBeLessThan(t.total! * 0.25);
    // The number labelled is not the one printed beside it that a reader might take.
    if (t.currency === 'CNY') expect(xs).toContain(`发票号码: ${t.invoice_number}`);
    if (t.currency === 'MYR') expect(xs.some((x) => x === `e-Invoice Code / Number: ${t.invoice_number}`)).toBe(true);
    if (t.currency === 'BDT') expect(xs.some((x) => x.includes(`Challan No.: ${t.invoice_number}`))).toBe(true);
  }));

  it('prints the amounts a total is not: the CIS deduction, the hotel deposit, a fapiao in capital numerals', async () => {
    let cis = 0;
    let deposit = 0;
    let fapiao = 0;
    for (const seed of Array.from({ length: 30 }, (_, i) => i + 1)) {
      const uk = await doc('uk-cis', seed);
      if (uk.withheld) { cis++; expect((await texts(uk)).some((x) => x.includes('Less CIS deduction 20% on labour'))).toBe(true); }
      const h = await doc('airline-hotel', seed);
      const hx = await texts(h);
      if (h.truth.doc_type === 'invoice') { deposit++; expect(hx.some((x) => x.startsWith('Less deposit received'))).toBe(true); }
      const cn = await doc('tw-cn-invoice', seed);
      if (cn.truth.currency === 'CNY') { fapiao++; expect(cn.drawn).toContain(`⊗${daxie(cn.truth.total!)}`); }
    }
    expect([cis > 5, deposit > 5, fapiao > 5]).toEqual([true, true, true]);
  }, 120_000);

  it('writes capital Chinese numerals, lakh grouping, rupees in words and Bikram Sambat dates', () => {
    expect(daxie(1234.56)).toBe('壹仟贰佰叁拾肆圆伍角陆分');
    expect(daxie(10005)).toBe('壹万零伍圆整');
    expect(daxie(120300.5)).toBe('壹拾贰万零叁佰圆伍角');
    expect(lakh(1234567.8)).toBe('12,34,567.80');
    expect(lakh(950)).toBe('950.00');
    expect(rupeeWords(123456)).toBe('Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six only');
    expect(bikramSambat('2024-04-14')).toBe('2081/01/01');
    expect(bikramSambat('2024-02-27')).toMatch(/^2080\/11\/\d\d$/);
  });

  it('varies language, currency and page count, and mixes non-invoices, receipts and credit notes among the invoices', async () => {
    const all = await Promise.all(HELD_OUT16_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    const spread = await spreadDocs(heldOut16Doc, HELD_OUT16_FAMILIES);
    await expectVariety(heldOut16Doc, HELD_OUT16_FAMILIES, [...all, ...spread], { langs: 3, currencies: 10 });
    expect(spread.filter((d) => d.truth.doc_type === 'receipt').length).toBeGreaterThanOrEqual(15);
    expect(spread.filter((d) => d.truth.doc_type === 'credit_note').length).toBeGreaterThanOrEqual(3);
    expect(spread.some((d) => d.pages > 1 && d.truth.doc_type !== 'other')).toBe(true);
    expect(new Set(spread.map((d) => d.docKind).filter(Boolean)).size).toBeGreaterThanOrEqual(6);
  }, 180_000);

  it('is registered apart from the default corpus as generated-heldout16, written the same for a seed', async () => {
    expect(HELD_OUT16_FAMILY_NAMES).toEqual(HELD_OUT16_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES, ...HELD_OUT13_FAMILY_NAMES, ...HELD_OUT14_FAMILY_NAMES, ...HELD_OUT15_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout16', HELD_OUT16_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
  }, 90_000);
});
