// The tenth held-out set (heldout10.ts): each family is the same for a seed, every labelled value is printed in the
// document's text (read back with the project's PDF text loader, not with the extractor), the sums add up the way each
// document prints them (net lines plus tax, or lines including tax that make the total), credit notes are negative,
// quotes, delivery notes, order confirmations and reminders are labelled as non-invoices, and the set is registered apart
// from the default corpus as `generated-heldout10`.
import { describe, expect, it } from 'vitest';
import { HELD_OUT10_FAMILIES, heldOut10Doc, nairaInWords, wordsEn, type HeldOut10Doc, type HeldOut10Family } from '../../fixtures/corpus/heldout10.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, expectPrintedWithLines, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, spreadDocs, printed, type Renderings } from './printedValues.js';

// H10_SEEDS=200 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H10_SEEDS ?? 12) }, (_, i) => i + 1);

/**
 * Amounts in every form used here: 1,234.56 (Philippines, Kenya, Nigeria), 1.234,56 (an Argentine ERP, Brazil),
 * 1234,56 (AFIP's print), and whole krónur 123.456.
 */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const group = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = [`${group(',')}.${frac}`, `${group('.')},${frac}`, `${int},${frac}`];
  if (Number.isInteger(x)) out.push(group('.'));
  return out;
}
/** Quantities: 12, AFIP's 12,00, Icelandic hours 7,5, negative on a Kreditreikningur. */
const quantities = (q: number) => [String(q), q.toFixed(2).replace('.', ','), String(q).replace('.', ',')];

const EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const IS = ['janúar', 'febrúar', 'mars', 'apríl', 'maí', 'júní', 'júlí', 'ágúst', 'september', 'október', 'nóvember', 'desember'];
/** Every way a date is printed here: day-first with slashes or dots, month-first, written in English, Nigerian or Icelandic. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const day = Number(d);
  const th = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  const month = EN[Number(m) - 1];
  return [`${d}/${m}/${y}`, `${d}.${m}.${y}`, `${m}/${d}/${y}`, `${month} ${day}, ${y}`, `${day}${th} ${month}, ${y}`, `${day}. ${IS[Number(m) - 1]} ${y}`];
}

const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { ARS: ['$'], PHP: ['PHP'], KES: ['KES', 'Ksh'], NGN: ['NGN'], BRL: ['R$'], ISK: ['kr.', 'ISK'] },
  // A till roll prints no quantity of one; other layouts print it, but the check needs none.
  noQuantity: (t, l) => l.quantity === 1,
};

const doc = cachedDocs<HeldOut10Family, HeldOut10Doc>(heldOut10Doc);
const writeCorpus = manifestWriter();
/**
 * The printed strings; an NFS-e's discrimination is free text ("Consulta veterinária - R$ 180,00"), so each run's
 * beginnings before a " - " are read as the description they start with.
 */
async function texts(d: HeldOut10Doc): Promise<string[]> {
  const xs = await printed(d.bytes);
  if (d.truth.currency !== 'BRL') return xs;
  return [...xs, ...xs.flatMap((x) => [...x.matchAll(/ - /g)].map((m) => x.slice(0, m.index)))];
}
const NOT_INVOICE = /^(PRESUPUESTO|REMITO|DELIVERY RECEIPT|QUOTATION|PROFORMA INVOICE|PAYMENT REMINDER|ORÇAMENTO|PROPOSTA COMERCIAL|TILBOÐ|PÖNTUNARSTAÐFESTING)(?!\w)/;
const KINDS = ['quote', 'delivery_note', 'reminder', 'order_confirmation'];

describe('held-out families, tenth set', () => {
  it.each(HELD_OUT10_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut10Doc, doc, f, SEEDS));

  it.each(HELD_OUT10_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    const lines = expectPrintedWithLines(seed, t, xs, RENDERINGS);
    expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (t.due_date) expect(t.due_date >= t.invoice_date!).toBe(true);
    // A credit note's figures are negative; its lines carry the sign they are printed with (an Argentine nota de
    // crédito prints them positive, a Kreditreikningur negative).
    const sign = t.doc_type === 'credit_note' ? -1 : 1;
    expect(t.total! * sign).toBeGreaterThan(0);
    if (t.doc_type === 'credit_note') expect(['ARS', 'ISK']).toContain(t.currency);
    if (d.grossLines) {
      // Prices including tax (or none): the lines make the total; a net printed beside the tax adds up with it.
      expect(close(Math.abs(lines), Math.abs(t.total!))).toBe(true);
      if (t.subtotal !== null) expect(close(t.subtotal + t.tax!, t.total!)).toBe(true);
    } else {
      expect(close(Math.abs(lines), Math.abs(t.subtotal!))).toBe(true);
      expect(close(t.subtotal! + t.tax!, t.total!)).toBe(true);
    }
    if (t.tax !== null) expect(Math.abs(t.tax)).toBeLessThan(Math.abs(t.total!) * 0.25);
    // An NFS-e's ISS is inside the service value (2-5 %) and no net is printed beside it.
    if (t.currency === 'BRL') { expect(t.subtotal).toBeNull(); expect(t.tax! / t.total!).toBeGreaterThanOrEqual(0.0199); expect(t.tax! / t.total!).toBeLessThanOrEqual(0.0501); }
    // Whole krónur.
    if (t.currency === 'ISK') for (const x of [t.total!, t.subtotal!, t.tax!, ...t.line_items!.map((l) => l.amount)]) expect(Number.isInteger(x)).toBe(true);
    // A Nigerian invoice writes its total in words.
    if (t.currency === 'NGN') expect(xs.some((x) => x.includes(nairaInWords(t.total!).slice(0, 40)))).toBe(true);
  }));

  it('writes naira in words as Nigerian invoices do', () => {
    expect(wordsEn(1205000)).toBe('One Million, Two Hundred and Five Thousand');
    expect(nairaInWords(617931.5)).toBe('Six Hundred and Seventeen Thousand, Nine Hundred and Thirty-One Naira, Fifty Kobo Only');
    expect(nairaInWords(58750)).toBe('Fifty-Eight Thousand, Seven Hundred and Fifty Naira Only');
  });

  it('varies language, currency, layout and page count, and mixes non-invoices and credit notes among the invoices', async () => {
    const all = await Promise.all(HELD_OUT10_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    await expectVariety(heldOut10Doc, HELD_OUT10_FAMILIES, all, { langs: 4, currencies: 6 });
    expect(all.some((d) => d.thermal)).toBe(true);
    // Credit notes among spread seeds (neighbouring small seeds draw alike at first).
    const spread = await spreadDocs(heldOut10Doc, ['ar-factura', 'is-reikningur']);
    expect(spread.filter((d) => d.truth.doc_type === 'credit_note').length).toBeGreaterThanOrEqual(4);
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /Comp\. Nro: \d{8}/.test(t))).toBe(true);
    expect(xs.some((t) => /N° \d{4}-\d{8}/.test(t))).toBe(true);
    expect(xs.some((t) => /^VATable Sales/.test(t))).toBe(true);
    expect(xs.some((t) => /CU Invoice Number|CU INVOICE NO/.test(t))).toBe(true);
    expect(xs.some((t) => /VALOR TOTAL DO SERVIÇO/.test(t))).toBe(true);
    expect(xs.some((t) => /DANFSe/.test(t))).toBe(true);
    expect(xs.some((t) => /Gjalddagi/.test(t))).toBe(true);
  });

  it('is registered apart from the default corpus as generated-heldout10, written the same for a seed', async () => {
    expect(HELD_OUT10_FAMILY_NAMES).toEqual(HELD_OUT10_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout10', HELD_OUT10_FAMILY_NAMES, earlier);
    for (const d of docs) expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
  }, 60_000);
});
