// The eighth held-out set (heldout8.ts): each family is the same for a seed, every labelled value is
// printed in the document's text (a PDF read back with the project's PDF text loader, not with the
// extractor; a Vietnamese invoice drawn to an image by the strings it drew), the sums add up the way each
// document prints them, quotes and delivery notes are labelled as non-invoices, and the set is registered
// apart from the default corpus as `generated-heldout8`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT8_FAMILIES, heldOut8Doc, noMarks, roPlain, vndInWords, type HeldOut8Doc, type HeldOut8Family } from '../../fixtures/corpus/heldout8.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, expectNotInvoice, expectPrintedWithLines, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, printed, type Renderings } from './printedValues.js';

// H8_SEEDS=200 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H8_SEEDS ?? 12) }, (_, i) => i + 1);

/**
 * Amounts in every form used here: 1,234.56 (Canada, South Africa, UK, US), 1 234,56 (Québec, South Africa),
 * 1 234.56 (a Pastel grid), 1.234,56 (Romania, Germany), 1234,56 (Romania ungrouped), and whole numbers
 * 1.234.000 (dong) and 12 345 (forints).
 */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const group = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = [`${group(',')}.${frac}`, `${group('.')},${frac}`, `${group(' ')},${frac}`, `${group(' ')}.${frac}`, `${int}.${frac}`, `${int},${frac}`];
  if (Number.isInteger(x)) out.push(group('.'), group(' '));
  return out;
}
/** Quantities: 12, 7,5 (Québec, Germany, Hungary), hours as 1.50, 10.000 (Vietnamese thousands), 4,5 AW-free litres. */
const quantities = (q: number) => [String(q), String(q).replace('.', ','), q.toFixed(2), q.toFixed(2).replace('.', ','), q.toLocaleString('de-DE')];

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};
/** Every way a date may be printed here: ISO, 2025/03/14, 2025.03.14., day-first, month-first, written, Vietnamese. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const out = [iso, `${y}/${m}/${d}`, `${y}.${m}.${d}.`, `${m}/${d}/${y}`, `Ngày ${d} tháng ${m} năm ${y}`, noMarks(`Ngày ${d} tháng ${m} năm ${y}`)];
  for (const sep of ['/', '.', '-']) out.push(`${d}${sep}${m}${sep}${y}`);
  const en = MONTHS.en[Number(m) - 1];
  out.push(`${en} ${Number(d)}, ${y}`, `${Number(d)} ${en.slice(0, 3)} ${y}`, `${Number(d)} ${MONTHS.fr[Number(m) - 1]} ${y}`);
  return out;
}

const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { CAD: ['$'], VND: ['VND'], ZAR: ['R ', ...'0123456789'.split('').map((c) => `R${c}`)], HUF: ['Ft'], RON: ['lei'], GBP: ['£'], USD: ['$'], EUR: ['€'] },
  // A fee row (MOT, shop supplies, Altöl-Entsorgung) prints its quantity of one, but the check needs none.
  noQuantity: (t, l) => l.quantity === 1,
};

const doc = cachedDocs<HeldOut8Family, HeldOut8Doc>(heldOut8Doc);
const texts = async (d: HeldOut8Doc) => d.lines ?? (await printed(d.bytes));
const writeCorpus = manifestWriter();
const NOT_INVOICE = /^(ESTIMATE|QUOTE|QUOTATION|SOUMISSION|B[AẢ]NG B[AÁ]O GI[AÁ]|PHI[EẾ]U XU[AẤ]T KHO|DELIVERY NOTE|D[IÍ]JBEK[EÉ]R[OÕÖŐ]|[AÁ]RAJ[AÁ]NLAT|FACTURA PROFORMA|AVIZ DE INSOTIRE A MARFII|Kostenvoranschlag)(?!\w)/;

describe('held-out families, eighth set', () => {
  it.each(HELD_OUT8_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut8Doc, doc, f, SEEDS));

  it.each(HELD_OUT8_FAMILIES)('%s: every labelled value is printed, and the sums add up', async (f) => {
    let invoices = 0;
    for (const seed of SEEDS) {
      const d = await doc(f, seed);
      const { truth: t, docKind } = d;
      const xs = await texts(d);
      if (t.doc_type === 'other') {
        expectNotInvoice(t, docKind, xs, ['quote', 'delivery_note'], NOT_INVOICE);
        continue;
      }
      invoices++;
      // GST and QST (or PST) printed without their sum: each part printed, and the parts make the labelled tax.
      if (d.taxParts) expect(close(d.taxParts.reduce((a, b) => a + b, 0), t.tax!)).toBe(true);
      for (const part of d.taxParts ?? []) expectPrintedWithLines(seed, { ...t, tax: part }, xs, RENDERINGS);
      const lines = expectPrintedWithLines(seed, d.taxParts ? { ...t, tax: d.taxParts[0] } : t, xs, RENDERINGS);
      // Every family prints a net amount: the lines (fees and an MOT outside VAT among them) make it, and the
      // taxes added to it make the total.
      expect(close(lines, t.subtotal!)).toBe(true);
      expect(close(t.subtotal! + t.tax!, t.total!)).toBe(true);
      expect(t.tax!).toBeLessThan(t.subtotal! * 0.28);
      expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (t.due_date) expect(t.due_date >= t.invoice_date!).toBe(true);
      expect(t.doc_type).toBe('invoice');
      if (t.currency === 'VND' || t.currency === 'HUF') {
        // Whole dong and forints, a Vietnamese invoice without a due date and with the total in words.
        for (const x of [t.total!, t.subtotal!, t.tax!, ...t.line_items!.map((l) => l.amount)]) expect(Number.isInteger(x)).toBe(true);
        if (t.currency === 'VND') {
          expect(t.due_date).toBeNull();
          const words = vndInWords(t.total!);
          expect(xs.some((x) => x.includes(d.lines ? words : noMarks(words)))).toBe(true);
        }
      }
      // The letters outside Windows-1252 are printed and labelled without their marks in a PDF.
      if (!d.lines) expect(JSON.stringify(t)).not.toMatch(/[őűŐŰășțĂȘȚđĐơưƠƯ]/);
      if (t.currency === 'RON') expect(JSON.stringify(t)).toBe(JSON.stringify(JSON.parse(roPlain(JSON.stringify(t)))));
    }
    expect(invoices).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('writes Vietnamese amounts in words as invoices do', () => {
    expect(vndInWords(1234000)).toBe('Một triệu hai trăm ba mươi tư nghìn đồng.');
    expect(vndInWords(15105000)).toBe('Mười lăm triệu một trăm lẻ năm nghìn đồng.');
    expect(vndInWords(2021500)).toBe('Hai triệu không trăm hai mươi mốt nghìn năm trăm đồng.');
    expect(vndInWords(310000)).toBe('Ba trăm mười nghìn đồng.');
  });

  it('varies language, currency, number style and page count, and mixes non-invoices among the invoices', async () => {
    const all = await Promise.all(HELD_OUT8_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    await expectVariety(heldOut8Doc, HELD_OUT8_FAMILIES, all, { langs: 6, currencies: 7 });
    expect(all.some((d) => d.lines)).toBe(true);
    expect(all.some((d) => d.truth.currency === 'VND' && !d.lines)).toBe(true);
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /\d\.\d{3}\.\d{3}\b/.test(t))).toBe(true);
    expect(xs.some((t) => /\d \d{3},\d\d \$/.test(t))).toBe(true);
    expect(xs.some((t) => /\d \d{3} Ft/.test(t))).toBe(true);
    expect(xs.some((t) => /\bR ?\d/.test(t))).toBe(true);
    expect(xs.some((t) => /\d{4}\.\d\d\.\d\d\./.test(t))).toBe(true);
    expect(xs.some((t) => /RT0001/.test(t))).toBe(true);
    expect(xs.some((t) => /TQ0001/.test(t))).toBe(true);
  });

  it('is registered apart from the default corpus as generated-heldout8, written the same for a seed', async () => {
    expect(HELD_OUT8_FAMILY_NAMES).toEqual(HELD_OUT8_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout8', HELD_OUT8_FAMILY_NAMES, earlier);
    for (const d of docs) {
      if (d.family === 'vn-hoa-don') expect(['text', 'scan', 'photo']).toContain(d.variant);
      else expect(['text', 'scan']).toContain(d.variant);
      expect(['quote', 'delivery_note'].includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
    }
  }, 60_000);
});
