// Shared by the held-out sets' tests (heldout2/3/4/5/6/7/8/9.test.ts): a PDF's printed strings, whether each labelled
// value of a generated document is printed in its text, documents cached per family and seed, and
// manifest corpora written twice into temp folders to compare.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect } from 'vitest';
import { openPdf, pdfPageText } from '../../../src/service/processing/loaders/pdf.js';
import { Rng } from '../../fixtures/corpus/data.js';
import type { Truth } from '../../fixtures/corpus/facts.js';
import { GENERATED_CORPORA, GENERATED_DEFAULT_COUNT } from '../../eval/generated.js';
import { DEFAULT_FAMILY_NAMES, generateManifestCorpus, type Manifest, type ManifestDocument } from '../../fixtures/corpus/manifest.js';

const printedOf = new WeakMap<Uint8Array, Promise<string[]>>();

/**
 * The printed strings of a PDF: the loader's words, neighbours on one baseline joined again. Read once per PDF (the
 * same bytes object) in a test file: a set's tests look at the same documents' strings several times (about 50 ms a read).
 */
export async function printed(pdf: Uint8Array): Promise<string[]> {
  let read = printedOf.get(pdf);
  if (!read) printedOf.set(pdf, (read = readPrinted(pdf)));
  return [...(await read)];
}

async function readPrinted(pdf: Uint8Array): Promise<string[]> {
  const doc = await openPdf(pdf);
  const runs: { str: string; x1: number; y: number; size: number }[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    for (const w of (await pdfPageText(doc, p)).words) {
      const size = w.y1 - w.y0;
      const last = runs[runs.length - 1];
      if (last && Math.abs(last.y - w.y1) < 0.5 && w.x0 >= last.x1 - 0.5 && w.x0 - last.x1 < size * 0.7) {
        last.str += (w.x0 - last.x1 > size * 0.1 ? ' ' : '') + w.text;
        last.x1 = w.x1;
      } else runs.push({ str: w.text, x1: w.x1, y: w.y1, size });
    }
  }
  await doc.destroy();
  return runs.map((r) => r.str.trim()).filter(Boolean);
}

/** Two amounts equal to the cent (sums of rounded parts). */
export const close = (a: number, b: number, eps = 0.005) => Math.abs(a - b) < eps;

export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a rendering of a value stands in one of the texts as a whole number (no digit or decimal part glued to it). */
export const hasNumber = (texts: string[], renderings: string[]) =>
  renderings.some((r) => texts.some((t) => new RegExp(`(?<![\\d.,'])${esc(r)}(?!\\d|[.,]\\d)`).test(t)));

export interface Renderings {
  amounts: (x: number) => string[];
  quantities: (q: number) => string[];
  dates: (iso: string) => string[];
  currencyMarks: Record<string, string[]>;
  /** A line whose quantity the layout does not print (checked apart by the caller). */
  noQuantity: (t: Truth, line: NonNullable<Truth['line_items']>[number]) => boolean;
}

/** The labelled values that are not printed: [] when the document shows every one. */
export function unprinted(t: Truth, texts: string[], r: Renderings): string[] {
  const missing: string[] = [];
  const has = (s: string) => texts.some((x) => x.includes(s));
  if (!has(t.vendor_name!)) missing.push(`vendor ${t.vendor_name}`);
  if (!texts.some((x) => new RegExp(`(?<![\\w/-])${esc(t.invoice_number!)}(?![\\w/-])`).test(x))) missing.push(`number ${t.invoice_number}`);
  for (const k of ['invoice_date', 'due_date'] as const) if (t[k] && !r.dates(t[k]!).some(has)) missing.push(`${k} ${t[k]}`);
  for (const k of ['total', 'subtotal', 'tax'] as const) if (!hasNumber(texts, r.amounts(t[k]!))) missing.push(`${k} ${t[k]}`);
  if (!r.currencyMarks[t.currency!].some(has)) missing.push(`currency ${t.currency}`);
  for (const l of t.line_items!) {
    // A description printed over two lines is both lines joined by a space.
    const whole = texts.includes(l.description) || texts.some((a) => texts.some((b) => `${a} ${b}` === l.description));
    if (!whole) missing.push(`description ${l.description}`);
    if (!r.noQuantity(t, l) && !hasNumber(texts, r.quantities(l.quantity))) missing.push(`quantity ${l.quantity}`);
    if (!hasNumber(texts, r.amounts(l.unit_price))) missing.push(`unit price ${l.unit_price}`);
    if (!hasNumber(texts, r.amounts(l.amount))) missing.push(`amount ${l.amount}`);
  }
  return missing;
}

/** Checks a non-invoice: one of the set's kinds, every invoice key null, and a title the set prints for such a document. */
export function expectNotInvoice(t: Truth, docKind: string | undefined, texts: string[], kinds: string[], title: RegExp): void {
  expect(kinds).toContain(docKind);
  expect(Object.entries(t).filter(([k, v]) => k !== 'doc_type' && v !== null)).toEqual([]);
  expect(texts.some((x) => title.test(x))).toBe(true);
}

/**
 * Checks a family's documents for the seeds: each non-invoice as `expectNotInvoice` does (one of `kinds`, titled by
 * `title`), each invoice by `check` with its printed strings; at least half of them must be invoices.
 */
export async function eachInvoice<D extends { truth: Truth; docKind?: string }>(
  seeds: number[], get: (seed: number) => Promise<D>, texts: (d: D) => Promise<string[]>, kinds: string[], title: RegExp,
  check: (d: D, texts: string[], seed: number) => void,
): Promise<void> {
  let invoices = 0;
  for (const seed of seeds) {
    const d = await get(seed);
    const xs = await texts(d);
    if (d.truth.doc_type === 'other') {
      expectNotInvoice(d.truth, d.docKind, xs, kinds, title);
      continue;
    }
    invoices++;
    check(d, xs, seed);
  }
  expect(invoices).toBeGreaterThanOrEqual(seeds.length / 2);
}

/**
 * Checks an invoice or receipt: every labelled value printed (a subtotal or tax labelled null, none printed, is not
 * looked for), at least one line, each line's quantity times unit price its amount. Returns the lines' sum.
 */
export function expectPrintedWithLines(seed: number, t: Truth, texts: string[], r: Renderings): number {
  const missing = unprinted({ ...t, subtotal: t.subtotal ?? t.total, tax: t.tax ?? t.total }, texts, r);
  expect({ seed, missing }).toEqual({ seed, missing: [] });
  expect(t.line_items!.length).toBeGreaterThan(0);
  for (const l of t.line_items!) expect(Math.abs(l.quantity * l.unit_price - l.amount)).toBeLessThanOrEqual(0.0051);
  return t.line_items!.reduce((s, l) => s + l.amount, 0);
}

/**
 * `expectPrintedWithLines` for a set whose credit notes print their amounts positive while their
 * truth is negative: the amounts looked for are the truth's without sign. Also the date's form, a
 * due date after it and the total's sign by kind. Gives the unsigned amounts and the lines' sum.
 */
export function expectPrintedUnsigned(seed: number, t: Truth, texts: string[], r: Renderings) {
  const abs = (x: number | null | undefined) => (x == null ? null : Math.abs(x));
  const total = abs(t.total)!;
  const subtotal = abs(t.subtotal);
  const tax = abs(t.tax);
  const lines = expectPrintedWithLines(seed, { ...t, total, subtotal, tax }, texts, r);
  expect(t.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  if (t.due_date) expect(t.due_date > t.invoice_date!).toBe(true);
  expect(t.doc_type === 'credit_note' ? t.total! < 0 : t.total! > 0).toBe(true);
  return { lines, total, subtotal, tax };
}

/** A family's document for a seed, made once per test file. */
export function cachedDocs<F extends string, D>(make: (f: F, rng: Rng) => Promise<D>): (f: F, seed: number) => Promise<D> {
  const docs = new Map<string, D>();
  return async (f, seed) => {
    const key = `${f}/${seed}`;
    if (!docs.has(key)) docs.set(key, await make(f, new Rng(seed)));
    return docs.get(key)!;
  };
}

/** Checks a family's documents: the same bytes and truth when made again for a seed, different bytes for different seeds. */
export async function expectSameForSeed<F extends string, D extends { bytes: Uint8Array; truth: Truth }>(
  make: (f: F, rng: Rng) => Promise<D>, cached: (f: F, seed: number) => Promise<D>, f: F, seeds: number[],
): Promise<void> {
  for (const seed of seeds.slice(0, 3)) {
    const a = await cached(f, seed);
    const b = await make(f, new Rng(seed));
    expect(Buffer.from(b.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    expect(b.truth).toEqual(a.truth);
  }
  const hashes = await Promise.all(seeds.map(async (s) => createHash('sha256').update((await cached(f, s)).bytes).digest('hex')));
  expect(new Set(hashes).size).toBe(seeds.length);
}

const spreads = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * The documents of `perFamily` spread seeds a family (the seeds `expectVariety` checks), made once per test file and
 * maker: a set's own checks over the spread and `expectVariety` share them instead of drawing every document twice.
 */
export function spreadDocs<F extends string, D>(make: (f: F, rng: Rng) => Promise<D>, families: readonly F[], perFamily = 40): Promise<D[]> {
  let made = spreads.get(make);
  if (!made) spreads.set(make, (made = new Map()));
  const docs = made;
  return Promise.all(families.flatMap((f) => Array.from({ length: perFamily }, (_, i) => {
    const key = `${f}/${i}`;
    if (!docs.has(key)) docs.set(key, make(f, new Rng(Math.imul(i + 1, 0x9e3779b1))));
    return docs.get(key) as Promise<D>;
  })));
}

/**
 * Checks a set's variety over its documents (languages, currencies, a document of several pages, two kinds
 * of non-invoice), and that non-invoices are 5-25% of 40 spread seeds per family (neighbouring small seeds
 * draw alike at first, and every family draws its kind early; the manifest mixes seed and index the same way).
 */
export async function expectVariety<F extends string, D extends { lang: string; pages: number; docKind?: string; truth: Truth }>(
  make: (f: F, rng: Rng) => Promise<D>, families: F[], all: D[], o: { langs: number; currencies: number; perFamily?: number },
): Promise<void> {
  expect(new Set(all.map((d) => d.lang)).size).toBeGreaterThanOrEqual(o.langs);
  expect(new Set(all.map((d) => d.truth.currency).filter(Boolean)).size).toBeGreaterThanOrEqual(o.currencies);
  expect(all.some((d) => d.pages > 1)).toBe(true);
  expect(new Set(all.map((d) => d.docKind).filter(Boolean)).size).toBeGreaterThanOrEqual(2);
  const many = await spreadDocs(make, families, o.perFamily);
  const others = many.filter((d) => d.truth.doc_type === 'other').length;
  expect(others).toBeGreaterThan(many.length / 20);
  expect(others).toBeLessThan(many.length / 4);
}

/**
 * Checks a held-out set's registration: its generated corpus `name` (50 documents by default), none of its
 * families in the default corpus or in the `earlier` sets, and one document per family written the same twice
 * for a seed, as text or scan. Returns the documents for the set's own checks.
 */
export async function expectRegisteredApart(
  write: ReturnType<typeof manifestWriter>, name: string, families: string[], earlier: string[],
): Promise<ManifestDocument[]> {
  expect(DEFAULT_FAMILY_NAMES.filter((f) => families.includes(f))).toEqual([]);
  expect(earlier.filter((f) => families.includes(f))).toEqual([]);
  expect(GENERATED_CORPORA).toContain(name);
  expect(GENERATED_DEFAULT_COUNT[name]).toBe(50);
  const a = await write(families.length, 11, families);
  const b = await write(families.length, 11, families);
  expect(b.m).toEqual(a.m);
  expect(b.hashes).toEqual(a.hashes);
  expect(a.m.documents.map((d) => d.family)).toEqual(families);
  for (const d of a.m.documents) expect(d.kind).toBe(d.variant === 'text' ? 'text' : 'scan');
  return a.m.documents;
}

/** A manifest corpus of the families written into a temp folder (removed after the file's tests), with each file's hash. */
export function manifestWriter(): (count: number, seed: number, families: string[]) => Promise<{ m: Manifest; hashes: string[] }> {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  return async (count, seed, families) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
    dirs.push(dir);
    const m = await generateManifestCorpus(dir, { count, seed, families });
    return { m, hashes: m.documents.map((d) => createHash('sha256').update(fs.readFileSync(path.join(dir, d.file))).digest('hex')) };
  };
}
