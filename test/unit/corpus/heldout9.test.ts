// The ninth held-out set (heldout9.ts): each family is the same for a seed, every labelled value is printed in
// the document's text (a PDF read back with the project's PDF text loader, not with the extractor), the sums add up
// the way each document prints them (a CFDI's retentions taken off after the tax, a receipt roll's lines including
// the tax), quotes, delivery notes, purchase orders and statements are labelled as non-invoices, and the set is
// registered apart from the default corpus as `generated-heldout9`.
import { describe, expect, it } from 'vitest';
import { enWords, HELD_OUT9_FAMILIES, heldOut9Doc, idWords, type HeldOut9Doc, type HeldOut9Family } from '../../fixtures/corpus/heldout9.js';
import { HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, eachInvoice, expectPrintedWithLines, expectRegisteredApart, expectSameForSeed, expectVariety, manifestWriter, printed, type Renderings } from './printedValues.js';

// H9_SEEDS=200 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H9_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts in every form used here: 1,234.56 (Mexico, the Gulf, US, Ireland), 1.234,56 and 1 234,56 (Portugal), whole rupiah 1.250.000. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const group = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const out = [`${group(',')}.${frac}`, `${group('.')},${frac}`, `${group(' ')},${frac}`];
  if (Number.isInteger(x)) out.push(group('.'));
  return out;
}
/** Quantities: 12, hours as 1.50, 7,50 (Portugal), 1.000 (Indonesian thousands). */
const quantities = (q: number) => [String(q), String(q).replace('.', ','), q.toFixed(2), q.toFixed(2).replace('.', ','), q.toLocaleString('de-DE')];

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  id: ['Januari', 'Februari', 'Maret', 'April', 'Mei', 'Juni', 'Juli', 'Agustus', 'September', 'Oktober', 'November', 'Desember'],
};
/** Every way a date may be printed here: ISO (also with a time after a T), day-first, month-first, written in English or Indonesian. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const en = MONTHS.en[Number(m) - 1];
  const out = [iso, `${m}/${d}/${y}`, `${d}/${m}/${y}`, `${d}-${m}-${y}`, `${d}-${en.slice(0, 3)}-${y}`];
  out.push(`${en} ${Number(d)}, ${y}`, `${Number(d)} ${en} ${y}`, `${Number(d)} ${MONTHS.id[Number(m) - 1]} ${y}`);
  return out;
}

const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { MXN: ['MXN'], USD: ['$', 'USD'], EUR: ['€', 'EUR'], IDR: ['Rp', 'IDR'], AED: ['AED'], SAR: ['SAR'] },
  // A disbursement, an outlay or a receipt line of one prints no quantity.
  noQuantity: (t, l) => l.quantity === 1,
};

const doc = cachedDocs<HeldOut9Family, HeldOut9Doc>(heldOut9Doc);
const texts = (d: HeldOut9Doc) => printed(d.bytes);
const writeCorpus = manifestWriter();
const KINDS = ['quote', 'delivery_note', 'purchase_order', 'statement'];
const NOT_INVOICE = /^(COTIZACI[OÓ]N|NOTA DE REMISI[OÓ]N|OR[CÇ]AMENTO|GUIA DE REMESSA|NOTA DE ENCOMENDA|PENAWARAN HARGA|SURAT JALAN|PURCHASE ORDER|QUOTATION|PROFORMA INVOICE|DELIVERY NOTE|STATEMENT OF ACCOUNT)(?!\w)/;

describe('held-out families, ninth set', () => {
  it.each(HELD_OUT9_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut9Doc, doc, f, SEEDS));

  it.each(HELD_OUT9_FAMILIES)('%s: every labelled value is printed, and the sums add up', (f) => eachInvoice(SEEDS, (seed) => doc(f, seed), texts, KINDS, NOT_INVOICE, (d, xs, seed) => {
    const t = d.truth;
    const lines = expectPrintedWithLines(seed, t, xs, RENDERINGS);
    expect(t.doc_type).toBe('invoice');
    expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    if (t.due_date) expect(t.due_date >= t.invoice_date!).toBe(true);
    if (t.subtotal === null) {
      // A US law firm's invoice: no tax, its time entries and disbursements make its own total.
      expect(t.tax).toBeNull();
      expect(t.currency).toBe('USD');
      expect(close(lines, t.total!)).toBe(true);
      return;
    }
    // The lines make the net amount (or, on a receipt roll, the total with the tax in it); the tax added to the net
    // and the retentions taken off make the total.
    expect(close(lines, d.grossLines ? t.total! : t.subtotal)).toBe(true);
    expect(close(t.subtotal + t.tax! - (d.retained ?? 0), t.total!)).toBe(true);
    expect(t.tax!).toBeLessThan(t.subtotal * 0.24);
    if (d.retained) {
      // ISR and IVA retenidos of a professional (10 % and two thirds of the IVA), RESICO's 1.25 %, 4 % on freight.
      expect(t.currency === 'MXN' || t.currency === 'USD').toBe(true);
      expect(d.retained).toBeLessThan(t.subtotal * 0.21);
    }
    if (t.currency === 'IDR') for (const x of [t.total!, t.subtotal, t.tax!, ...t.line_items!.map((l) => l.amount)]) expect(Number.isInteger(x)).toBe(true);
  }));

  it('writes amounts in words as Gulf and Indonesian invoices do', () => {
    expect(enWords(1234)).toBe('One Thousand Two Hundred Thirty-Four');
    expect(enWords(1015)).toBe('One Thousand Fifteen');
    expect(enWords(2300500)).toBe('Two Million Three Hundred Thousand Five Hundred');
    expect(idWords(1250000)).toBe('satu juta dua ratus lima puluh ribu');
    expect(idWords(111)).toBe('seratus sebelas');
    expect(idWords(1019)).toBe('seribu sembilan belas');
    expect(idWords(23456789)).toBe('dua puluh tiga juta empat ratus lima puluh enam ribu tujuh ratus delapan puluh sembilan');
  });

  it('varies language, currency, number style and page count, and mixes non-invoices among the invoices', async () => {
    const all = await Promise.all(HELD_OUT9_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    await expectVariety(heldOut9Doc, HELD_OUT9_FAMILIES, all, { langs: 4, currencies: 6 });
    expect(all.some((d) => d.thermal)).toBe(true);
    expect(all.some((d) => d.retained)).toBe(true);
    const xs = (await Promise.all(all.map(texts))).flat();
    expect(xs.some((t) => /Rp ?\d{1,3}(\.\d{3})+\b/.test(t))).toBe(true);
    expect(xs.some((t) => /\d\.\d{3},\d\d €/.test(t) || /\d \d{3},\d\d EUR/.test(t))).toBe(true);
    expect(xs.some((t) => /^ATCUD: /.test(t))).toBe(true);
    expect(xs.some((t) => /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(t))).toBe(true);
    expect(xs.some((t) => /^(Folio fiscal: )?[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-4/.test(t))).toBe(true);
    expect(xs.some((t) => /^(TRN|VAT No|VAT Number): (100\d{11}3|3\d{13}3)$/.test(t))).toBe(true);
    expect(xs.some((t) => /Terbilang/.test(t))).toBe(true);
  });

  it('is registered apart from the default corpus as generated-heldout9, written the same for a seed', async () => {
    expect(HELD_OUT9_FAMILY_NAMES).toEqual(HELD_OUT9_FAMILIES);
    const earlier = [...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES];
    const docs = await expectRegisteredApart(writeCorpus, 'generated-heldout9', HELD_OUT9_FAMILY_NAMES, earlier);
    for (const d of docs) {
      expect(['text', 'scan', 'photo']).toContain(d.variant);
      expect(KINDS.includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
    }
  }, 60_000);
});
