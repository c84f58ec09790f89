// One eval over a labelled corpus: read every document once (timed), extract the
// invoice schema, score each labelled field, and report per-field accuracy,
// documents fully right, speed, peak memory, a calibration table (confidence
// bucket against accuracy) and the failures. With `folds`, the ranker is trained
// per fold on the other folds (plus the base training set) and scored only on
// documents it did not see.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MALLOC_ENV } from '../../main/supervisor.js';
import { accentsOf, type DocumentKind } from '../../src/service/processing/engine.js';
import { classifyDocument, INVOICE_LIKE, type DocumentType } from '../../src/service/processing/doctype.js';
import type { PageLayout } from '../../src/service/processing/layout/model.js';
import type { ExtractedField } from '../../src/service/processing/types.js';
import type { Corpus, CorpusDoc } from './manifest.js';
import { cacheFileOf, inputOf, isCached, pagesOf } from './pages.js';
import { describe, EVAL_SCHEMA, same, TITLE_OF } from './score.js';

export interface Loaded { doc: CorpusDoc; pages: PageLayout[]; kind: DocumentKind }

/** Extracts one document; `fold` names the documents a trained model must not have seen. */
export type Extract = (pages: PageLayout[]) => ExtractedField[];

export interface EvalOptions { cache: boolean }

/** The service's processingConcurrency by default (src/service/options.ts). */
const SERVICE_CONCURRENCY = 2;

/**
 * Every document's page layouts. Those not in the page cache (all of them without `cache`) are
 * read first by the engine alone in a child process, as the service reads uploads
 * (engineChild.ts): its speed and peak memory are the speed and memory figures.
 */
export async function loadCorpus(corpus: Corpus, opts: EvalOptions) {
  const toRead = opts.cache ? corpus.docs.filter((d) => !isCached(d)) : corpus.docs;
  const engine = toRead.length ? readInEngine(toRead) : undefined;
  const loaded: Loaded[] = [];
  for (const doc of corpus.docs) {
    try {
      const { pages } = await pagesOf(doc, { cache: true });
      loaded.push({ doc, pages, kind: classifyDocument(pages) });
    } catch (err) {
      console.error(`${doc.id}: could not be read: ${(err as Error).message}`);
      loaded.push({ doc, pages: [], kind: { type: 'other', confidence: 0 } });
    }
  }
  return { loaded, speed: engine ? speedOf(engine, corpus.docs.length - toRead.length) : null };
}

interface EngineRun {
  byKind: Record<string, { documents: number; pages: number; seconds: number; cpuSeconds: number }>;
  peakRssMB: number;
  errors: string[];
  /** The compiled engine (dist/) read, not the TypeScript through tsx. */
  compiled: boolean;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The engine that reads: the compiled one (dist/, built first when stale), as `npm start` and the
 * tray app run it; the TypeScript through tsx with `EVAL_ENGINE=tsx` or when the build fails (tsx's
 * loader adds about 330 MB to a process that reads PDFs, so its memory figure is not the service's).
 */
function engineModule(): { engine: string; compiled: boolean; nodeArgs: string[] } {
  if (process.env.EVAL_ENGINE !== 'tsx') {
    const built = spawnSync(process.execPath, [path.join(root, 'bin/build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
    if (built.status === 0) return { engine: path.join(root, 'dist/src/service/processing/engine.js'), compiled: true, nodeArgs: [] };
    console.error('the build failed: the engine is read through tsx, and its memory figure is not the service\'s');
  }
  return { engine: path.join(root, 'src/service/processing/engine.ts'), compiled: false, nodeArgs: ['--import', 'tsx'] };
}

function readInEngine(docs: CorpusDoc[]): EngineRun {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-engine-'));
  try {
    const job = path.join(dir, 'job.json');
    const out = path.join(dir, 'out.json');
    const { engine, compiled, nodeArgs } = engineModule();
    const jobDocs = docs.map((d) => ({ id: d.id, kind: d.kind, input: inputOf(d), cacheFile: cacheFileOf(d) }));
    fs.writeFileSync(job, JSON.stringify({ engine, schema: EVAL_SCHEMA, concurrency: SERVICE_CONCURRENCY, docs: jobDocs }));
    const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'engineChild.mjs');
    // glibc's malloc as the tray app starts the daemon (main/supervisor.ts MALLOC_ENV); a caller's
    // own settings win (MALLOC_ARENA_MAX=16 measures glibc's default arenas on 2 cores).
    const env = { ...MALLOC_ENV, ...process.env };
    const r = spawnSync(process.execPath, [...nodeArgs, child, job, out], { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`the engine's process failed (${r.status ?? r.signal})`);
    const run = { ...(JSON.parse(fs.readFileSync(out, 'utf8')) as Omit<EngineRun, 'compiled'>), compiled };
    for (const e of run.errors) console.error(`${e} (engine)`);
    return run;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Pages per second and CPU seconds per page of the engine's run, in all and per kind (text PDFs, scans). */
function speedOf(run: EngineRun, cached: number) {
  const rate = (k: { pages: number; seconds: number; cpuSeconds: number }) => ({
    pages: k.pages, seconds: r1(k.seconds), pagesPerSecond: r2(k.pages / k.seconds), cpuSecondsPerPage: r2(k.cpuSeconds / Math.max(1, k.pages)),
  });
  const kinds = Object.values(run.byKind);
  const sum = (key: 'pages' | 'seconds' | 'cpuSeconds') => kinds.reduce((n, k) => n + k[key], 0);
  return {
    ...rate({ pages: sum('pages'), seconds: sum('seconds'), cpuSeconds: sum('cpuSeconds') }),
    ...Object.fromEntries(Object.entries(run.byKind).map(([kind, k]) => [kind, rate(k)])),
    cachedDocuments: cached,
    servicePeakRssMB: run.peakRssMB,
    engine: run.compiled ? 'compiled' : 'tsx',
  };
}

interface Tally { right: number; total: number }
const r1 = (n: number) => Math.round(n * 10) / 10;
const r2 = (n: number) => Math.round(n * 100) / 100;
const pct = (t: Tally) => (t.total ? r1((t.right / t.total) * 100) : null);

export const BUCKETS = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0001];

export interface Outcome { doc: CorpusDoc; key: string; expected: unknown; got: unknown; confidence: number; right: boolean }

/** Each document's fields, with the accents PaddleOCR cannot read restored from the scan's image
 *  (the service's last step, extract/accents.ts). Box readings are kept per document across calls. */
export const accentPass = { ms: 0, ocrPages: 0 };
const readings = new Map<string, Map<string, Promise<string>>>();
export async function extractAll(loaded: Loaded[], extract: (l: Loaded) => ExtractedField[]): Promise<ExtractedField[][]> {
  const out: ExtractedField[][] = [];
  for (const l of loaded) {
    const fields = l.pages.length ? extract(l) : [];
    let reading = readings.get(l.doc.file);
    if (!reading) {
      readings.set(l.doc.file, (reading = new Map()));
      accentPass.ocrPages += l.pages.filter((p) => p.source === 'ocr').length;
    }
    const t0 = performance.now();
    out.push(await accentsOf(fields, l.pages, { bytes: fs.readFileSync(l.doc.file), fileName: path.basename(l.doc.file), mediaType: l.doc.mediaType }, reading));
    accentPass.ms += performance.now() - t0;
  }
  return out;
}

export function score(loaded: Loaded[], extract: (l: Loaded, index: number) => ExtractedField[]): Outcome[] {
  const out: Outcome[] = [];
  loaded.forEach((l, i) => {
    const fields = l.pages.length ? extract(l, i) : [];
    const byTitle = new Map(fields.map((f) => [f.title, f]));
    for (const key of l.doc.fields) {
      if (key === 'doc_type') {
        // Scored as the service acts on it: an invoice, receipt or credit note is extracted, anything else is not.
        const expected = INVOICE_LIKE.has(l.doc.truth.doc_type as DocumentType) ? 'invoice-like' : 'other';
        const got = INVOICE_LIKE.has(l.kind.type) ? 'invoice-like' : 'other';
        out.push({ doc: l.doc, key, expected, got: `${got} (${l.kind.type})`, confidence: 1, right: expected === got });
        continue;
      }
      const title = TITLE_OF[key];
      if (!title) continue;
      const f = byTitle.get(title);
      const expected = l.doc.truth[key] ?? null;
      const got = f?.value ?? null;
      out.push({ doc: l.doc, key, expected, got, confidence: f?.confidence ?? 0, right: same(key, expected, got) });
    }
  });
  return out;
}

export function report(outcomes: Outcome[]) {
  const perField: Record<string, Tally> = {};
  const perDoc = new Map<string, boolean>();
  const overall: Tally = { right: 0, total: 0 };
  for (const o of outcomes) {
    const t = (perField[o.key] ??= { right: 0, total: 0 });
    t.total++; overall.total++;
    if (o.right) { t.right++; overall.right++; }
    perDoc.set(o.doc.id, (perDoc.get(o.doc.id) ?? true) && o.right);
  }
  const fully = [...perDoc.values()].filter(Boolean).length;
  const byKind: Record<string, { documents: number; fields: number | null; fullyRight: number | null }> = {};
  for (const kind of ['text', 'scan']) {
    const os = outcomes.filter((o) => o.doc.kind === kind);
    if (!os.length) continue;
    const docs = [...new Set(os.map((o) => o.doc.id))];
    const right = docs.filter((id) => perDoc.get(id)).length;
    byKind[kind] = { documents: docs.length, fields: pct({ right: os.filter((o) => o.right).length, total: os.length }), fullyRight: pct({ right, total: docs.length }) };
  }
  return {
    documents: perDoc.size,
    byKind,
    fieldAccuracy: Object.fromEntries(Object.entries(perField).map(([k, t]) => [k, pct(t)])),
    overallAccuracy: pct(overall),
    fullyRight: { documents: fully, percent: pct({ right: fully, total: perDoc.size }) },
    calibration: calibration(outcomes.filter((o) => o.key !== 'doc_type')),
    failures: outcomes.filter((o) => !o.right)
      .map((o) => `${o.doc.id} ${o.key} (conf ${o.confidence.toFixed(2)}): ${describe(o.expected, o.got)}`),
  };
}

/** Confidence buckets against accuracy: a value marked sure must be right. Empty
 *  values count when the truth has one (a miss at confidence 0). */
function calibration(outcomes: Outcome[]) {
  const rows = [];
  for (let b = 0; b < BUCKETS.length - 1; b++) {
    const inB = outcomes.filter((o) => o.confidence >= BUCKETS[b] && o.confidence < BUCKETS[b + 1]);
    rows.push({
      bucket: `${BUCKETS[b].toFixed(2)}-${Math.min(1, BUCKETS[b + 1]).toFixed(2)}`,
      fields: inB.length,
      accuracy: pct({ right: inB.filter((o) => o.right).length, total: inB.length }),
    });
  }
  const sure = outcomes.filter((o) => o.confidence >= 0.9);
  // Per field: how many of its values were sure, and how many of those right (where the review work goes).
  const byField: Record<string, { fields: number; right: number; of: number }> = {};
  for (const o of outcomes) {
    const t = (byField[o.key] ??= { fields: 0, right: 0, of: 0 });
    t.of++;
    if (o.confidence >= 0.9) { t.fields++; if (o.right) t.right++; }
  }
  return {
    buckets: rows,
    sure: { threshold: 0.9, fields: sure.length, share: pct({ right: sure.length, total: outcomes.length }),
      accuracy: pct({ right: sure.filter((o) => o.right).length, total: sure.length }), byField },
  };
}
