// The generated corpus in the shared manifest format: deterministic for a seed, each document
// independent of the count and of the other families, truth in the shared keys.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_FAMILY_NAMES, FAMILIES as MAKERS, generateManifestCorpus, HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT15_FAMILY_NAMES, HELD_OUT16_FAMILY_NAMES, HELD_OUT17_FAMILY_NAMES, HELD_OUT18_FAMILY_NAMES, HELD_OUT19_FAMILY_NAMES, HELD_OUT20_FAMILY_NAMES, HELD_OUT21_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES, type Manifest } from '../../fixtures/corpus/manifest.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function gen(count: number, families: string[], seed = 99): Promise<{ m: Manifest; hashes: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  dirs.push(dir);
  const m = await generateManifestCorpus(dir, { count, seed, families });
  const hashes = m.documents.map((d) => createHash('sha256').update(fs.readFileSync(path.join(dir, d.file))).digest('hex'));
  return { m, hashes };
}

// With seed 99 these draw four text documents and two scans: quick, and both kinds are covered.
const FAMILIES = ['thermal', 'other-note', 'two-column', 'credit-note', 'other-letter-docx', 'other-statement'];
/** The six documents written once for the file's tests (the first test writes them again to compare). */
let six: Promise<{ m: Manifest; hashes: string[] }> | undefined;
const written = () => (six ??= gen(6, FAMILIES));

describe('generateManifestCorpus', () => {
  it('writes the same documents for the same seed, and the first ones again for a smaller count', async () => {
    const a = await written();
    const b = await gen(6, FAMILIES);
    const c = await gen(3, FAMILIES);
    expect(b.m).toEqual(a.m);
    expect(b.hashes).toEqual(a.hashes);
    expect(c.hashes).toEqual(a.hashes.slice(0, 3));
    expect(c.m.documents).toEqual(a.m.documents.slice(0, 3));
  });

  it('labels each document in the shared keys with its family, variant and type', async () => {
    const { m } = await written();
    expect(m.documents.map((d) => d.family)).toEqual(FAMILIES);
    for (const d of m.documents) {
      expect(['text', 'scan']).toContain(d.kind);
      expect(d.fields).toEqual(expect.arrayContaining(['doc_type', 'vendor_name', 'invoice_date', 'total']));
      expect(Object.keys(d.truth).sort()).toEqual(['currency', 'doc_type', 'due_date', 'invoice_date', 'invoice_number', 'line_items', 'subtotal', 'tax', 'total', 'vendor_name']);
      if (d.truth.doc_type === 'other') {
        expect(d.doc_kind).toBeTruthy();
        expect(Object.entries(d.truth).filter(([k, v]) => k !== 'doc_type' && v !== null)).toEqual([]);
      } else {
        expect(d.truth.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(typeof d.truth.total).toBe('number');
      }
    }
    const credit = m.documents.find((d) => d.family === 'credit-note')!;
    expect(credit.truth.doc_type).toBe('credit_note');
    expect(credit.truth.total).toBeLessThan(0);
    const note = m.documents.find((d) => d.family === 'other-note')!;
    expect(note.mediaType).toBe('text/plain');
    expect(note.file).toMatch(/\.txt$/);
  });

  it('rejects an unknown family', async () => {
    await expect(gen(1, ['no-such-family'])).rejects.toThrow(/Unknown family/);
  });

  it('keeps the held-out families out of the default corpus, and writes them the same for a seed with sums that add up', async () => {
    expect(HELD_OUT_FAMILY_NAMES).toEqual(['wide-summary', 'utility-bill', 'shop-receipt']);
    expect(DEFAULT_FAMILY_NAMES.filter((f) => HELD_OUT_FAMILY_NAMES.includes(f))).toEqual([]);
    expect(Object.keys(MAKERS).sort()).toEqual([...DEFAULT_FAMILY_NAMES, ...HELD_OUT_FAMILY_NAMES, ...HELD_OUT2_FAMILY_NAMES, ...HELD_OUT3_FAMILY_NAMES, ...HELD_OUT4_FAMILY_NAMES, ...HELD_OUT5_FAMILY_NAMES, ...HELD_OUT6_FAMILY_NAMES, ...HELD_OUT7_FAMILY_NAMES, ...HELD_OUT8_FAMILY_NAMES, ...HELD_OUT9_FAMILY_NAMES, ...HELD_OUT10_FAMILY_NAMES, ...HELD_OUT11_FAMILY_NAMES, ...HELD_OUT12_FAMILY_NAMES, ...HELD_OUT13_FAMILY_NAMES, ...HELD_OUT14_FAMILY_NAMES, ...HELD_OUT15_FAMILY_NAMES, ...HELD_OUT16_FAMILY_NAMES, ...HELD_OUT17_FAMILY_NAMES, ...HELD_OUT18_FAMILY_NAMES, ...HELD_OUT19_FAMILY_NAMES, ...HELD_OUT20_FAMILY_NAMES, ...HELD_OUT21_FAMILY_NAMES].sort());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
    dirs.push(dir);
    // The families a default corpus cycles through (none generated with count 0).
    const byDefault = await generateManifestCorpus(dir, { count: 0 });
    expect(byDefault.families.length).toBeGreaterThanOrEqual(DEFAULT_FAMILY_NAMES.length - 1);
    expect(byDefault.families.filter((f) => HELD_OUT_FAMILY_NAMES.includes(f))).toEqual([]);
    const a = await gen(3, HELD_OUT_FAMILY_NAMES, 7);
    const b = await gen(3, HELD_OUT_FAMILY_NAMES, 7);
    expect(b.m).toEqual(a.m);
    expect(b.hashes).toEqual(a.hashes);
    expect(a.m.documents.map((d) => [d.family, d.truth.doc_type])).toEqual([['wide-summary', 'invoice'], ['utility-bill', 'invoice'], ['shop-receipt', 'receipt']]);
    for (const { truth: t } of a.m.documents) {
      const lines = t.line_items!.reduce((s, l) => s + l.amount, 0);
      expect(Math.abs(t.subtotal! + t.tax! - t.total!)).toBeLessThan(0.005);
      // Invoices print net lines; the shop receipt prints gross lines and the tax inside them.
      expect(Math.abs(lines - (t.doc_type === 'receipt' ? t.total! : t.subtotal!))).toBeLessThan(0.005);
      for (const l of t.line_items!) expect(Math.abs(l.quantity * l.unit_price - l.amount)).toBeLessThan(0.005);
    }
  });
});
