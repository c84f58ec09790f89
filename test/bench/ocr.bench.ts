// `npm run bench -- ocr`: OCR engines against SROIE's line transcriptions.
// Reads a corpus in the manifest format of ../shared/corpora/README.md at run
// time (never copied into the repository) and, per engine, scores the page
// text (CER with and without spaces), truth lines found, CPU seconds per page,
// wall pages per second at the service's concurrency, peak RSS and startup.
// Each engine runs in its own child process (ocrRunner.ts) so those figures are
// its own. Engines are the service's paths (src/service/processing/ocr/recognize.ts).
//
// Env: OCR_CORPUS=DIR (default ../shared/corpora/sroie-dev from the repo root),
//      OCR_ENGINES=tesseract,paddle, OCR_LIMIT=N (first N receipts),
//      OCR_CONCURRENCY=N (default 2, the service's processingConcurrency);
//      PADDLE_DET_LIMIT, PADDLE_SPACE_GAP, PADDLE_THREADS (see ocr/paddle.ts) are passed on.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTruthCsv, scorePage, type PageScore } from './ocrScore.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');

interface ManifestDoc {
  id: string;
  file: string;
  ocr?: string;
}

function corpusDocs(dir: string, limit: number): { id: string; file: string; csv: string }[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { documents: ManifestDoc[] };
  return manifest.documents
    .filter((d) => d.ocr && fs.existsSync(path.join(dir, d.ocr)))
    .slice(0, limit)
    .map((d) => ({ id: d.id, file: path.join(dir, d.file), csv: path.join(dir, d.ocr!) }));
}

interface RunnerOut {
  startup: { wallS: number; cpuS: number };
  run: { wallS: number; cpuS: number };
  peakRssMb: number;
  pages: { id: string; cells: { text: string; x0: number; x1: number; y0: number; y1: number }[]; quality: number; error?: string }[];
}

function runEngine(engine: string, docs: { id: string; file: string }[], concurrency: number): RunnerOut {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-ocrbench-'));
  try {
    const job = path.join(tmp, 'job.json');
    const out = path.join(tmp, 'out.json');
    fs.writeFileSync(job, JSON.stringify({ engine, files: docs, concurrency }));
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'ocrRunner.ts'), job, out], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (r.status !== 0 || !fs.existsSync(out)) throw new Error(`${engine} runner failed (exit ${r.status})`);
    return JSON.parse(fs.readFileSync(out, 'utf8')) as RunnerOut;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

const round = (n: number, d = 3): number => Math.round(n * 10 ** d) / 10 ** d;

function summarise(engine: string, out: RunnerOut, truth: Map<string, string>) {
  const total: PageScore = { chars: 0, errors: 0, charsNoSpace: 0, errorsNoSpace: 0, errorsCaseless: 0, errorsNoSpaceCaseless: 0, lines: 0, found: 0 };
  const perPage: { id: string; cer: number; cerNoSpacesCaseless: number; found: string; quality: number }[] = [];
  for (const p of out.pages) {
    const s = scorePage(parseTruthCsv(truth.get(p.id)!), p.cells);
    for (const k of Object.keys(total) as (keyof PageScore)[]) total[k] += s[k];
    perPage.push({
      id: p.id,
      cer: round(s.errors / s.chars),
      cerNoSpacesCaseless: round(s.errorsNoSpaceCaseless / s.charsNoSpace),
      found: `${s.found}/${s.lines}`,
      quality: round(p.quality, 2),
    });
  }
  const n = out.pages.length;
  return {
    engine,
    pages: n,
    errors: out.pages.filter((p) => p.error).map((p) => `${p.id}: ${p.error}`),
    cer: round(total.errors / total.chars),
    cerNoSpaces: round(total.errorsNoSpace / total.charsNoSpace),
    cerCaseless: round(total.errorsCaseless / total.chars),
    cerNoSpacesCaseless: round(total.errorsNoSpaceCaseless / total.charsNoSpace),
    linesFound: round(total.found / total.lines),
    linesMissed: total.lines - total.found,
    cpuSecondsPerPage: round(out.run.cpuS / n, 2),
    wallPagesPerSecond: round(n / out.run.wallS, 2),
    peakRssMb: Math.round(out.peakRssMb),
    startupWallS: round(out.startup.wallS, 2),
    startupCpuS: round(out.startup.cpuS, 2),
    perPage,
  };
}

export async function run(): Promise<object> {
  const corpus = path.resolve(root, process.env.OCR_CORPUS ?? '../shared/corpora/sroie-dev');
  if (!fs.existsSync(path.join(corpus, 'manifest.json'))) {
    console.log(`no corpus at ${corpus} (set OCR_CORPUS=DIR to a folder with manifest.json and ocr/*.csv)`);
    return { corpus, skipped: 'corpus not found' };
  }
  const limit = Number(process.env.OCR_LIMIT ?? Infinity);
  const concurrency = Number(process.env.OCR_CONCURRENCY ?? 2);
  const engines = (process.env.OCR_ENGINES ?? 'tesseract,paddle').split(',').map((e) => e.trim()).filter(Boolean);
  const docs = corpusDocs(corpus, limit);
  if (!docs.length) return { corpus, skipped: 'no documents with an ocr transcription' };
  const truth = new Map(docs.map((d) => [d.id, fs.readFileSync(d.csv, 'utf8')]));
  const settings = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('PADDLE_')));
  const results = [];
  for (const engine of engines) {
    console.log(`${engine}: ${docs.length} pages, concurrency ${concurrency}`);
    results.push(summarise(engine, runEngine(engine, docs, concurrency), truth));
  }
  console.table(results.map(({ perPage, errors, ...r }) => ({ ...r, errors: errors.length })));
  return { corpus: path.relative(root, corpus), pages: docs.length, concurrency, settings, results };
}
