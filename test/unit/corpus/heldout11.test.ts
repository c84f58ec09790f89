// The eleventh held-out set (heldout11.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (a text PDF read back with the project's PDF text loader, not with the extractor; a document drawn to
// an image through the strings it drew), the sums add up the way each document prints them (net lines plus tax, lines
// including tax that make the total, a Tunisian timbre fiscal or a Czech rounding on top), credit notes are negative,
// quotes, delivery notes and reminders are labelled as non-invoices, and the set is registered apart from the default
// corpus as `generated-heldout11`.
import { describe, expect, it } from 'vitest';
import { cp1252, esWords, frWords, HELD_OUT11_FAMILIES, heldOut11Doc, type HeldOut11Doc, type HeldOut11Family } from '../../fixtures/corpus/heldout11.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, expectPrintedWithLines, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H11_SEEDS=150 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H11_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts as printed here: 12 345,60 (Czech, Moroccan, Tunisian with three decimals), 1.234,56 and whole 1.234.567 (Chile, Colombia, Croatia), 1,234.56 (Peru, Singapore, Hong Kong). */
function amounts(x: number): string[] {
  const out: string[] = [];
  for (const places of [2, 3, 0]) {
    if (places === 0 && !Number.isInteger(x)) continue;
    if (places === 3 && Math.abs(x * 1000 - Math.round(x * 1000)) > 1e-6) continue;
    const [int, frac] = Math.abs(x).toFixed(places).split('.');
    const sign = x < 0 ? '-' : '';
    const g = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    if (places === 0) out.push(`${sign}${g('.')}`, `${sign}${int}`);
    else out.push(`${sign}${g(' ')},${frac}`, `${sign}${g('.')},${frac}`, `${sign}${g(',')}.${frac}`);
  }
  return out;
}
const quantities = (q: number) => [String(q)];
const MON = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ES_MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];
/** Dates: 14.03.2025, 14. 3. 2025, 14.03.2025. (Croatia), 14/03/2025, 14-03-2025, ISO, 14 Mar 2025, 14 de Marzo del 2025. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [`${d}.${m}.${y}`, `${Number(d)}. ${Number(m)}. ${y}`, `${d}/${m}/${y}`, `${d}-${m}-${y}`, iso, `${Number(d)} ${MON[Number(m) - 1]} ${y}`, `${Number(d)} de ${ES_MONTHS[Number(m) - 1]} del ${y}`];
}
const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { CZK: ['Kč', 'CZK', 'Kc'], EUR: ['€', 'EUR'], MAD: ['DH', 'MAD'], TND: ['DT', 'TND'], CLP: ['$'], COP: ['$'], PEN: ['S/', 'SOLES'], HRK: ['HRK', 'kn'], SGD: ['S$', 'GST'], HKD: ['HK$'] },
  // A boleta prints no quantity of one.
  noQuantity: (t, l) => t.currency === 'CLP' && t.doc_type === 'receipt' && l.quantity === 1,
};

const doc = cachedDocs<HeldOut11Family, HeldOut11Doc>(heldOut11Doc);
const writeCorpus = manifestWriter();
/** The printed strings: a text PDF's read back, an image's as drawn. */
const texts = async (d: HeldOut11Doc) => (d.image ? d.drawn : printed(d.bytes));
const NOT_INVOICE = /^(Z[AÁ]LOHOV[AÁ] FAKT|DODACÍ LIST|DODACI LIST|UPOMÍNKA|UPOMINKA|UPOMIENKA|DEVIS|FACTURE PROFORMA|BON DE LIVRAISON|COTIZACI|GU[IÍ]A DE DESPACHO|PONUDA|OTPREMNICA|TREATMENT PLAN|PAYMENT REMINDER)/;
const KINDS = ['quote', 'delivery_note', 'reminder'];

describe('held-out families, eleventh set', () => {
  it.each(HELD_OUT11_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut11Doc, doc, f, SEEDS));

  it.each(HELD_OUT11_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    const lines = expectPrintedWithLines(seed, t, xs, RENDERINGS);
    expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (t.due_date) expect(t.due_date > t.invoice_date!).toBe(true);
    const sign = t.doc_type === 'credit_note' ? -1 : 1;
    expect(t.total! * sign).toBeGreaterThan(0);
    const adjust = d.adjust ?? 0;
    if (d.grossLines) expect(close(lines, t.total! - adjust)).toBe(true);
    else expect(close(lines, t.subtotal!)).toBe(true);
    if (t.subtotal !== null) expect(close(t.subtotal + t.tax! + adjust, t.total!, 0.0051)).toBe(true);
    if (t.tax !== null) expect(Math.abs(t.tax)).toBeLessThan(Math.abs(t.total!) * 0.25);
    // Whole pesos in Chile and Colombia, three decimals in Tunisia, a stamp of 1 or 0.6 dinar.
    if (t.currency === 'CLP' || t.currency === 'COP') for (const x of [t.total!, t.tax!, ...t.line_items!.map((l) => l.amount)]) expect(Number.isInteger(x)).toBe(true);
    if (t.currency === 'TND') expect([0.6, 1]).toContain(adjust);
    else if (t.currency !== 'CZK') expect(adjust).toBe(0);
    else expect(Math.abs(adjust)).toBeLessThan(0.5);
    // A Moroccan or Tunisian facture writes its total in words.
    if (t.currency === 'MAD' || t.currency === 'TND') expect(xs.join(' ')).toContain(frWords(Math.floor(t.total!)).slice(1, 30));
  }));

  it('writes amounts in French and Spanish words', () => {
    expect(frWords(1980)).toBe('mille neuf cent quatre-vingts');
    expect(frWords(200071)).toBe('deux cent mille soixante et onze');
    expect(frWords(3421)).toBe('trois mille quatre cent vingt et un');
    expect(esWords(1180)).toBe('mil ciento ochenta');
    expect(esWords(21500)).toBe('veintiún mil quinientos');
    expect(esWords(1000100)).toBe('un millón cien');
    expect(cp1252('Účetní kancelář Šimková, Đurić')).toBe('Úcetní kancelár Šimková, Duric');
  });

  it('varies language, currency, layout and page count, and mixes non-invoices, receipts and credit notes among the invoices', async () => {
    const all = await Promise.all(HELD_OUT11_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    const spread = await spreadDocs(heldOut11Doc, HELD_OUT11_FAMILIES);
    await expectVariety(heldOut11Doc, HELD_OUT11_FAMILIES, [...all, ...spread], { langs: 5, currencies: 8 });
    expect(spread.some((d) => d.thermal)).toBe(true);
    expect(spread.some((d) => d.image)).toBe(true);
    expect(spread.filter((d) => d.truth.doc_type === 'credit_note').length).toBeGreaterThanOrEqual(2);
    expect(spread.filter((d) => d.truth.doc_type === 'receipt').length).toBeGreaterThanOrEqual(10);
    expect(spread.some((d) => (d.adjust ?? 0) !== 0 && d.truth.currency === 'CZK')).toBe(true);
    expect(spread.some((d) => d.truth.currency === 'TND')).toBe(true);
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /Celkem k úhrad|Celkem k uhrad|Celkom k úhrade/.test(t))).toBe(true);
    expect(xs.some((t) => /Arrêtée la présente facture/.test(t))).toBe(true);
    expect(xs.some((t) => /JIR:/.test(t))).toBe(true);
    expect(xs.some((t) => /GST/.test(t))).toBe(true);
  }, 120_000);

  it('is registered apart from the default corpus as generated-heldout11, written the same for a seed', async () => {
    expect(HELD_OUT11_FAMILY_NAMES).toEqual(HELD_OUT11_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout11', HELD_OUT11_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
  }, 60_000);
});
