// `npm run eval`: extraction accuracy and speed on the generated corpus.
// Exact match after normalisation, per field and overall, separately for text
// PDFs and scans; pages per second per kind. The corpus is generated into a temp
// folder (cached by the generator's source hash) and never committed.
//
// Env: EVAL_KIND=text|scan (one kind only), EVAL_FILTER=<regex on file name>,
//      EVAL_COUNT=<documents> (default 88), EVAL_FRESH=1 (regenerate).

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeProcessing, processFile } from '../../src/service/processing/engine.js';
import { poolSize } from '../../src/service/processing/ocr/pool.js';
import type { ProcessInput, SchemaForExtraction } from '../../src/service/processing/types.js';
import { generateCorpus, type GroundTruth } from '../fixtures/corpus/generate.js';

const SCHEMA: SchemaForExtraction = {
  id: 'eval-invoice',
  blueprintId: 'eval',
  name: 'Invoice',
  fields: [
    { title: 'Invoice Number', type: 'STRING' },
    { title: 'Invoice Date', type: 'DATE' },
    { title: 'Due Date', type: 'DATE' },
    { title: 'Vendor Name', type: 'STRING' },
    { title: 'Total', type: 'NUMBER' },
    { title: 'Tax', type: 'NUMBER' },
    { title: 'Currency', type: 'STRING' },
    { title: 'Line Items', type: 'OBJECT', items: [
      { title: 'Description', type: 'STRING' }, { title: 'Quantity', type: 'NUMBER' },
      { title: 'Unit Price', type: 'NUMBER' }, { title: 'Amount', type: 'NUMBER' },
    ] },
  ],
};

const here = path.dirname(fileURLToPath(import.meta.url));

async function corpus(count: number): Promise<{ dir: string; truth: GroundTruth[] }> {
  const genDir = path.join(here, '..', 'fixtures', 'corpus');
  const hash = crypto.createHash('sha256');
  for (const f of fs.readdirSync(genDir).sort()) if (f.endsWith('.ts')) hash.update(fs.readFileSync(path.join(genDir, f)));
  const dir = path.join(os.tmpdir(), `docsync-corpus-${hash.digest('hex').slice(0, 12)}-${count}`);
  const done = path.join(dir, '.complete');
  if (fs.existsSync(done) && !process.env.EVAL_FRESH) {
    const truth = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as GroundTruth);
    return { dir, truth };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const truth = await generateCorpus(dir, count);
  fs.writeFileSync(done, '');
  return { dir, truth };
}

function normText(v: unknown): string {
  return String(v ?? '').normalize('NFC').toLowerCase().replace(/\s+/g, ' ').replace(/^[\s.,:;#]+|[\s.,:;]+$/g, '');
}

function same(expected: unknown, actual: unknown): boolean {
  if (expected === null || expected === undefined) return actual === null || actual === undefined || actual === '';
  if (typeof expected === 'number') return typeof actual === 'number' && Math.abs(actual - expected) < 0.005;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    return expected.every((row, i) => Object.entries(row as object).every(([k, v]) => same(v, (actual[i] as Record<string, unknown>)?.[k])));
  }
  return normText(expected) === normText(actual);
}

function describeMiss(expected: unknown, actual: unknown): string {
  if (Array.isArray(expected) && Array.isArray(actual) && actual.length === expected.length) {
    const i = expected.findIndex((row, k) => !same([row], [actual[k]]));
    return `row ${i + 1}: expected ${JSON.stringify(expected[i])} got ${JSON.stringify(actual[i])}`;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) return `expected ${expected.length} rows, got ${actual.length}`;
  return `expected ${JSON.stringify(expected)?.slice(0, 120)} got ${JSON.stringify(actual)?.slice(0, 120)}`;
}

interface Tally { right: number; total: number }
const pct = (t: Tally) => (t.total ? Math.round((t.right / t.total) * 1000) / 10 : null);

async function runKind(docs: GroundTruth[], dir: string, concurrency: number) {
  const perField: Record<string, Tally> = {};
  const overall: Tally = { right: 0, total: 0 };
  const misses: string[] = [];
  let pages = 0;
  let failures = 0;
  const started = Date.now();
  const cpuBefore = process.cpuUsage(); // includes the OCR worker threads
  const queue = [...docs];
  const work = async () => {
    for (let gt = queue.shift(); gt; gt = queue.shift()) {
      const input: ProcessInput = {
        filePath: path.join(dir, gt.file), fileName: gt.file, mediaType: '', ocrModel: 'Model_ENG_O5.6',
        isSplit: false, isSplitExcel: false, retainOriginalZipFileName: false, schema: SCHEMA, candidateSchemas: [SCHEMA],
      };
      let values: Record<string, unknown> = {};
      try {
        const res = await processFile(input);
        pages += res.documents[0]?.pageCount ?? 0;
        values = Object.fromEntries((res.documents[0]?.fields ?? []).map((f) => [f.title, f.value]));
      } catch (err) {
        failures++;
        misses.push(`${gt.file}: FAILED ${(err as Error).message}`);
      }
      for (const [field, expected] of Object.entries(gt.fields)) {
        const ok = same(expected, values[field]);
        const t = (perField[field] ??= { right: 0, total: 0 });
        t.total++; overall.total++;
        if (ok) { t.right++; overall.right++; }
        else misses.push(`${gt.file} ${field}: ${describeMiss(expected, values[field])}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, work));
  const seconds = (Date.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuSecondsPerPage = (cpu.user + cpu.system) / 1e6 / Math.max(1, pages);
  return {
    documents: docs.length,
    pages,
    failures,
    seconds: Math.round(seconds * 10) / 10,
    pagesPerSecond: Math.round((pages / seconds) * 100) / 100,
    concurrency,
    // CPU time per page, all threads: the load-independent cost; on an idle machine with
    // `concurrency` cores the speed is at most concurrency / cpuSecondsPerPage pages per second.
    cpuSecondsPerPage: Math.round(cpuSecondsPerPage * 100) / 100,
    overallAccuracy: pct(overall),
    fieldAccuracy: Object.fromEntries(Object.entries(perField).map(([k, t]) => [k, pct(t)])),
    misses,
  };
}

export async function run(): Promise<object> {
  const count = Number(process.env.EVAL_COUNT ?? 88);
  const { dir, truth } = await corpus(count);
  const filter = process.env.EVAL_FILTER ? new RegExp(process.env.EVAL_FILTER) : undefined;
  const picked = truth.filter((t) => !filter || filter.test(t.file));
  const out: Record<string, unknown> = { corpus: { dir, documents: picked.length, layouts: new Set(picked.map((t) => t.layout)).size } };
  try {
    for (const kind of ['text', 'scan'] as const) {
      if (process.env.EVAL_KIND && process.env.EVAL_KIND !== kind) continue;
      const docs = picked.filter((t) => t.kind === kind);
      // Text PDFs run one at a time (CPU-bound on the main thread); scans run as
      // many at once as the OCR pool has workers, as the service's queue would.
      out[kind] = await runKind(docs, dir, kind === 'scan' ? poolSize() : 1);
    }
  } finally {
    await closeProcessing();
  }
  return out;
}
