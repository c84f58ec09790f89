// The sixth held-out set (heldout6.ts): each family is the same for a seed, every labelled value
// is printed in the document's text (a PDF read back with the project's PDF text loader, not with the
// extractor; a CJK document drawn to an image by the strings it drew), the sums add up the way each
// document prints them, quotes and booking confirmations are labelled as non-invoices, and the set is
// registered apart from the default corpus as `generated-heldout6`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT6_FAMILIES, heldOut6Doc, type HeldOut6Doc, type HeldOut6Family } from '../../fixtures/corpus/heldout6.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, expectNotInvoice, expectPrintedWithLines, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, printed, type Renderings } from './printedValues.js';

// H6_SEEDS=200 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H6_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts in every grouping used here: 1,234.56, 1.234,56, 1 234,56 (Polish, Czech, French), 1234.56 (a fapiao), whole won 1,234,000. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const group = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = [`${group(',')}.${frac}`, `${group('.')},${frac}`, `${group(' ')},${frac}`, `${int}.${frac}`];
  if (Number.isInteger(x)) out.push(group(','));
  return out;
}
/** Quantities: 12, 7,5 (Polish, Czech), and hours as 1.50. */
const quantities = (q: number) => [String(q), String(q).replace('.', ','), q.toFixed(2)];

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};
/** Every way a date may be printed here: day-first, month-first, written, Czech "5. 3. 2024", airline 03NOV25, Korean, Chinese. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const out = [iso, `${m}/${d}/${y}`, `${Number(d)}. ${Number(m)}. ${y}`, `${y}/${m}/${d}`, `${y}.${m}.${d}`, `${y}年${m}月${d}日`, `${y}년 ${m}월 ${d}일`];
  for (const sep of ['/', '.', '-']) out.push(`${d}${sep}${m}${sep}${y}`);
  const en = MONTHS.en[Number(m) - 1];
  out.push(`${en} ${Number(d)}, ${y}`, `${en.slice(0, 3)} ${Number(d)}, ${y}`, `${Number(d)} ${en.slice(0, 3)} ${y}`, `${d}${en.slice(0, 3).toUpperCase()}${y.slice(2)}`);
  for (const names of Object.values(MONTHS)) out.push(`${Number(d)} ${names[Number(m) - 1]} ${y}`);
  return out;
}

const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  // A Korean document prints no currency mark: its title (영수증, 세금계산서) stands for KRW here.
  currencyMarks: { PLN: ['PLN', 'zl'], CZK: ['CZK', 'Kc'], USD: ['$', 'USD'], EUR: ['€', 'EUR'], GBP: ['£', 'GBP'], KRW: ['원', '영수증', '세금계산서'], CNY: ['¥', '￥'] },
  // Fare rows, disbursements and till lines of one print no quantity.
  noQuantity: (t, l) => l.quantity === 1,
};

const doc = cachedDocs<HeldOut6Family, HeldOut6Doc>(heldOut6Doc);
const texts = async (d: HeldOut6Doc) => d.lines ?? (await printed(d.bytes));
const writeCorpus = manifestWriter();
const NOT_INVOICE = /^(Faktura pro forma|CENOV[AÁ] NAB[IÍ]DKA|ESTIMATE|DEVIS|Booking confirmation)\b/;

describe('held-out families, sixth set', () => {
  it.each(HELD_OUT6_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut6Doc, doc, f, SEEDS));

  it.each(HELD_OUT6_FAMILIES)('%s: every labelled value is printed, and the sums add up', async (f) => {
    let invoices = 0;
    for (const seed of SEEDS) {
      const d = await doc(f, seed);
      const { truth: t, docKind } = d;
      const xs = await texts(d);
      if (t.doc_type === 'other') {
        expectNotInvoice(t, docKind, xs, ['quote', 'booking_confirmation'], NOT_INVOICE);
        continue;
      }
      invoices++;
      const lines = expectPrintedWithLines(seed, t, xs, RENDERINGS);
      if (t.subtotal === null) {
        // No net amount printed: the lines sum to the total, any tax is included in it.
        expect(t.doc_type === 'receipt' || t.tax === null).toBe(true);
        expect(close(lines, t.total!)).toBe(true);
        if (t.tax !== null) expect(t.tax).toBeLessThan(t.total! * 0.21);
      } else {
        // A receipt's prices include the tax (a Korean card receipt, a German taxi receipt printing its Netto);
        // everywhere else the lines sum to the net amount.
        expect(close(lines, t.doc_type === 'receipt' ? t.total! : t.subtotal)).toBe(true);
        // A Czech total is rounded to whole koruna.
        expect(Math.abs(t.subtotal + t.tax! - t.total!)).toBeLessThanOrEqual(t.currency === 'CZK' ? 0.5 : 0.005);
      }
      expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (t.due_date) expect(t.due_date >= t.invoice_date!).toBe(true);
      if (f === 'ride-receipt') expect(t.doc_type).toBe('receipt');
      if (f === 'cjk-invoice') {
        expect(d.lines).toBeDefined();
        expect(Buffer.from(d.bytes).subarray(1, 4).toString()).toBe('PNG');
      }
      // The Polish and Czech letters outside Windows-1252 are printed and labelled without their marks.
      if (f === 'faktura-vat') expect(JSON.stringify(t)).not.toMatch(/[ąćęłńśźżčďěňřťů]/i);
    }
    expect(invoices).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('varies language, currency, number style and page count, and mixes non-invoices among the invoices', async () => {
    const all = await Promise.all(HELD_OUT6_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    await expectVariety(heldOut6Doc, HELD_OUT6_FAMILIES, all, { langs: 8, currencies: 6 });
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /\d \d{3},\d\d/.test(t))).toBe(true);
    expect(xs.some((t) => /\d,\d{3}\.\d\d/.test(t))).toBe(true);
    expect(xs.some((t) => /\d{2}\/\d{2}\/\d{2}\b/.test(t))).toBe(true);
  });

  it('is registered apart from the default corpus as generated-heldout6, written the same for a seed', async () => {
    expect(HELD_OUT6_FAMILY_NAMES).toEqual(HELD_OUT6_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout6', HELD_OUT6_FAMILY_NAMES, earlier);
    for (const d of docs) {
      if (d.family === 'cjk-invoice') expect(['scan', 'photo']).toContain(d.variant);
      else expect(['text', 'scan']).toContain(d.variant);
      expect(['quote', 'booking_confirmation'].includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
    }
  }, 60_000);
});
