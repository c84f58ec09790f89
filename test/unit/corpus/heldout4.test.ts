// The fourth held-out set (heldout4.ts): each family is the same for a seed, every labelled value
// is printed in the document's text (read back with the project's PDF text loader, not with the
// extractor), the sums add up the way each document prints them, quotes and order confirmations
// are labelled as non-invoices, and the set is registered apart from the default corpus as
// `generated-heldout4`.
import { describe, expect, it } from 'vitest';
import { GENERATED_CORPORA, GENERATED_DEFAULT_COUNT } from '../../eval/generated.js';
import { HELD_OUT4_FAMILIES, heldOut4Doc, type HeldOut4Doc, type HeldOut4Family } from '../../fixtures/corpus/heldout4.js';
import { DEFAULT_FAMILY_NAMES, HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../../fixtures/corpus/manifest.js';
import { cachedDocs, close, expectSameForSeed, manifestWriter, printed, type Renderings, unprinted } from './printedValues.js';

// H4_SEEDS=200 widens the check.
const SEEDS = Array.from({ length: Number(process.env.H4_SEEDS ?? 12) }, (_, i) => i + 1);

/** Amounts in every grouping used here: 1,234.56, 1 234,56, 1.234,56 and the Indian 1,23,456.78. */
function amounts(x: number): string[] {
  const [int, frac] = Math.abs(x).toFixed(2).split('.');
  const group = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const indian = int.length > 3 ? `${int.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${int.slice(-3)}` : int;
  // A price per litre or gallon is printed with three decimals (1.510).
  return [`${group(',')}.${frac}`, `${group(' ')},${frac}`, `${group('.')},${frac}`, `${indian}.${frac}`, Math.abs(x).toFixed(3)];
}
// Litres are printed with two decimals (20.40), gallons with three (8.360).
const quantities = (q: number) => [String(q), String(q).replace('.', ','), q.toFixed(2), q.toFixed(3)];

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  es: ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  fr: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
};
/** Every way a date may be printed here. */
function dates(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  const out = [iso, `${m}/${d}/${y}`, `${d}/${m}/${y.slice(2)}`];
  for (const sep of ['/', '.', '-']) out.push(`${d}${sep}${m}${sep}${y}`);
  const en = MONTHS.en[Number(m) - 1];
  out.push(`${d}-${en.slice(0, 3)}-${y}`, `${Number(d)} ${en.slice(0, 3)} ${y}`, `${en.slice(0, 3)} ${Number(d)}, ${y}`, `${en} ${Number(d)}, ${y}`);
  for (const names of Object.values(MONTHS)) out.push(`${Number(d)} ${names[Number(m) - 1]} ${y}`, `${Number(d)}. ${names[Number(m) - 1]} ${y}`, `${Number(d)} de ${names[Number(m) - 1]} de ${y}`);
  return out;
}

const noQuantity = new WeakSet<object>();
const RENDERINGS: Renderings = {
  amounts, quantities, dates,
  currencyMarks: { EUR: ['EUR', '€'], USD: ['USD', '$'], GBP: ['GBP', '£'], MXN: ['MXN'], INR: ['INR', 'Rs.'], AUD: ['AUD', '$'] },
  // A till receipt prints no quantity on a line of one.
  noQuantity: (t, l) => noQuantity.has(t) || (t.doc_type === 'receipt' && l.quantity === 1),
};

const doc = cachedDocs<HeldOut4Family, HeldOut4Doc>(async (f, rng) => {
  const d = await heldOut4Doc(f, rng);
  if (d.noQuantity) noQuantity.add(d.truth);
  return d;
});
const writeCorpus = manifestWriter();
const NOT_INVOICE = /^(PRESUPUESTO|COTIZACIÓN|PROFORMA INVOICE|QUOTATION|Quote|Angebot|Devis|Order Confirmation|Bestellbestätigung|Confirmation de commande)\b/;

describe('held-out families, fourth set', () => {
  it.each(HELD_OUT4_FAMILIES)('%s: the same document for the same seed, different ones for other seeds', (f) => expectSameForSeed(heldOut4Doc, doc, f, SEEDS));

  it.each(HELD_OUT4_FAMILIES)('%s: every labelled value is printed, and the sums add up', async (f) => {
    let invoices = 0;
    for (const seed of SEEDS) {
      const { bytes, truth: t, docKind } = await doc(f, seed);
      // "Rs.2,15,767.00": the currency glued to the amount, read apart here.
      const texts = (await printed(bytes)).map((x) => x.replace(/Rs\.(?=\d)/g, 'Rs. '));
      if (t.doc_type === 'other') {
        expect(['quote', 'order_confirmation']).toContain(docKind);
        expect(Object.entries(t).filter(([k, v]) => k !== 'doc_type' && v !== null)).toEqual([]);
        expect(texts.some((x) => NOT_INVOICE.test(x))).toBe(true);
        continue;
      }
      invoices++;
      // unprinted() checks subtotal as a number; an Australian receipt has none (labelled null).
      // A US order prints its items as "1 of: <description>".
      const missing = unprinted(t.subtotal === null ? { ...t, subtotal: t.total } : t, texts, RENDERINGS)
        .filter((m) => !(m.startsWith('description ') && texts.some((x) => x.endsWith(` of: ${m.slice(12)}`))))
        // The modern Indian layout prints only its CGST and SGST (or IGST) rows per rate, not their sum.
        .filter((m) => !(f === 'gst-invoice' && m.startsWith('tax ') && texts.includes('Total In Words')));
      expect({ seed, missing }).toEqual({ seed, missing: [] });
      expect(t.doc_type).toBe(f === 'fuel-receipt' ? 'receipt' : 'invoice');
      expect(t.line_items!.length).toBeGreaterThan(0);
      for (const l of t.line_items!) expect(Math.abs(l.quantity * l.unit_price - l.amount)).toBeLessThanOrEqual(0.0051);
      const lines = t.line_items!.reduce((s, l) => s + l.amount, 0);
      if (f === 'factura-retencion') {
        // The total after retentions (IRPF 7 or 15 %; ISR 10 % and two thirds of the IVA): at most 21 % of the base off.
        expect(close(lines, t.subtotal!)).toBe(true);
        const retention = t.subtotal! + t.tax! - t.total!;
        expect(retention).toBeGreaterThan(-0.005);
        expect(retention).toBeLessThanOrEqual(0.21 * t.subtotal!);
      } else if (f === 'gst-invoice') {
        // Rounded to the rupee; a round-off row says by how much.
        expect(close(lines, t.subtotal!)).toBe(true);
        expect(Math.abs(t.subtotal! + t.tax! - t.total!)).toBeLessThanOrEqual(0.5);
        expect(Number.isInteger(t.total)).toBe(true);
      } else if (f === 'marketplace-order') {
        expect(close(t.subtotal! + t.tax!, t.total!)).toBe(true);
        // EU: lines in gross prices sum to the total; US: items (shipping apart) before tax.
        expect(close(lines, t.total!) || lines <= t.subtotal! + 0.005).toBe(true);
      } else if (f === 'saas-invoice') {
        expect(close(lines, t.subtotal!)).toBe(true);
        expect(close(t.subtotal! + t.tax!, t.total!)).toBe(true);
      } else {
        if (t.subtotal === null) expect(Math.abs(lines - t.total!)).toBeLessThanOrEqual(0.025);
        else expect(close(t.subtotal + t.tax!, t.total!)).toBe(true);
      }
    }
    expect(invoices).toBeGreaterThanOrEqual(SEEDS.length / 2);
  });

  it('varies language, currency and number style, and mixes non-invoices among the invoices', async () => {
    const all = await Promise.all(HELD_OUT4_FAMILIES.flatMap((f) => SEEDS.map((s) => doc(f, s))));
    expect(new Set(all.map((d) => d.lang)).size).toBeGreaterThanOrEqual(7);
    expect(new Set(all.map((d) => d.truth.currency).filter(Boolean)).size).toBeGreaterThanOrEqual(5);
    const others = all.filter((d) => d.truth.doc_type === 'other').length;
    expect(others).toBeGreaterThan(0);
    expect(others).toBeLessThan(all.length / 3);
    const texts = (await Promise.all(all.map((d) => printed(d.bytes)))).flat();
    expect(texts.some((t) => /\d\.\d{3},\d\d/.test(t))).toBe(true);
    expect(texts.some((t) => /\d,\d{3}\.\d\d/.test(t))).toBe(true);
    expect(texts.some((t) => /\d,\d\d,\d{3}\.\d\d/.test(t))).toBe(true);
  });

  it('is registered apart from the default corpus as generated-heldout4, written the same for a seed', async () => {
    expect(HELD_OUT4_FAMILY_NAMES).toEqual(HELD_OUT4_FAMILIES);
    expect(DEFAULT_FAMILY_NAMES.filter((f) => HELD_OUT4_FAMILY_NAMES.includes(f))).toEqual([]);
    expect([...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES].filter((f) => HELD_OUT4_FAMILY_NAMES.includes(f))).toEqual([]);
    expect(GENERATED_CORPORA).toContain('generated-heldout4');
    expect(GENERATED_DEFAULT_COUNT['generated-heldout4']).toBe(50);
    const run = () => writeCorpus(5, 11, HELD_OUT4_FAMILY_NAMES);
    const a = await run();
    const b = await run();
    expect(b.m).toEqual(a.m);
    expect(b.hashes).toEqual(a.hashes);
    expect(a.m.documents.map((d) => d.family)).toEqual(HELD_OUT4_FAMILIES);
    for (const d of a.m.documents) {
      expect(d.kind).toBe(d.variant === 'text' ? 'text' : 'scan');
      if (d.family !== 'fuel-receipt') expect(['text', 'scan']).toContain(d.variant);
      expect(['quote', 'order_confirmation'].includes(d.doc_kind ?? '')).toBe(d.truth.doc_type === 'other');
    }
  }, 60_000);
});
