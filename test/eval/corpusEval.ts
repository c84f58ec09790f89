// The extraction eval on labelled corpora in the manifest format
// (../shared/corpora/README.md), or on the generated corpus (`generated`, or
// `generated-heldout` / `generated-heldout2` / `generated-heldout3` / `generated-heldout4` /
// `generated-heldout5` / `generated-heldout6` / `generated-heldout7` / `generated-heldout8` / `generated-heldout9` /
// `generated-heldout10` / `generated-heldout11` / `generated-heldout12` / `generated-heldout13` / `generated-heldout14` /
// `generated-heldout15` / `generated-heldout16` / `generated-heldout17` / `generated-heldout18` / `generated-heldout19` /
// `generated-heldout20` / `generated-heldout21`: only the held-out families of
// test/fixtures/corpus/heldout.ts / heldout2.ts / heldout3.ts / heldout4.ts / heldout5.ts / heldout6.ts / heldout7.ts /
// heldout8.ts / heldout9.ts / heldout10.ts / heldout11.ts / heldout12.ts / heldout13.ts / heldout14.ts / heldout15.ts /
// heldout16.ts / heldout17.ts / heldout18.ts / heldout19.ts / heldout20.ts / heldout21.ts; heldout5, heldout18, heldout19, heldout20 and heldout21 are blind sets, never trained on by default; heldout9 .. heldout14
// were until 2026-11-28, heldout15, heldout16 and heldout17 until 2026-11-29: heldout14 .. heldout17 are tuning sets
// since).
// Figures are for documents the ranker did not see: with folds, the ranker is
// trained once per fold on the other folds plus the --train corpora and scored on
// the fold it did not see. Folds are by document (`--folds K`) or by layout family
// (`--folds layout`: each family is held out whole, so the figure says what
// happens on a layout nobody trained on). Without folds the committed weights are
// used, and the report says whether they saw this corpus.

import fs from 'node:fs';
import { fieldsOf } from '../../src/service/processing/engine.js';
import { accentStats } from '../../src/service/processing/extract/accents.js';
import type { VendorMemory } from '../../src/service/processing/extract/memory/index.js';
import { committedWeights, type RankerWeights } from '../../src/service/processing/extract/rank/ranker.js';
import { accentPass, extractAll, loadCorpus, report, score, type Loaded } from './evaluate.js';
import { GENERATED_CORPORA, GENERATED_DEFAULT_COUNT, generatedCorpus } from './generated.js';
import { readCorpus, type Corpus } from './manifest.js';
import { EVAL_SCHEMA } from './score.js';
import { printMemory, vendorMemoryEval } from './memory.js';
import { fitRanker, foldOf, samplesOf, type DocSamples } from './training.js';

export interface CorpusEvalOptions {
  corpus: string; folds?: string; train?: string; cache?: boolean; generated?: string;
  /** Weights fitted by the caller on other corpora (`--folds set`), and what they were trained on. */
  weights?: { ranker: RankerWeights; method: string };
}

const memo = new Map<string, { corpus: Corpus; loaded: Loaded[]; speed: Awaited<ReturnType<typeof loadCorpus>>['speed'] }>();

/** A corpus read once per process: `generated` or a manifest folder. */
export async function corpusPages(name: string, opts: { cache: boolean; generated?: string }) {
  let got = memo.get(name);
  if (!got) {
    const gen = GENERATED_CORPORA.includes(name);
    if (!gen && !fs.existsSync(name)) throw new Error(`corpus folder not found: ${name}`);
    const corpus = gen ? await generatedCorpus(Number(opts.generated ?? GENERATED_DEFAULT_COUNT[name]), undefined, name) : readCorpus(name);
    const { loaded, speed } = await loadCorpus(corpus, { cache: opts.cache });
    memo.set(name, (got = { corpus, loaded, speed }));
  }
  return got;
}

export async function runCorpusEval(opts: CorpusEvalOptions): Promise<object> {
  const { corpus, loaded, speed } = await corpusPages(opts.corpus, { cache: Boolean(opts.cache), generated: opts.generated });
  const peakRssMB = peakRss();
  const scored = async (extract: (l: Loaded) => ReturnType<typeof fieldsOf>) => {
    const fields = await extractAll(loaded, extract);
    return report(score(loaded, (_, i) => fields[i]));
  };
  const rulesOnly = await scored((l) => fieldsOf(l.pages, EVAL_SCHEMA, l.kind, { ranker: null }));
  let ranked: ReturnType<typeof report>;
  let method: string;
  let weightsOf: (l: Loaded) => RankerWeights | undefined = () => undefined;
  if (opts.folds) {
    const base = await trainingDocs(opts.train, opts);
    const byLayout = opts.folds === 'layout';
    const folds = byLayout ? [...new Set(corpus.docs.map((d) => d.layout))].length : Number(opts.folds);
    const layouts = [...new Set(corpus.docs.map((d) => d.layout))].sort();
    const foldOfDoc = (l: Loaded) => (byLayout ? layouts.indexOf(l.doc.layout) : foldOf(l.doc.id, folds));
    const cv = crossValidated(loaded, corpus.name, folds, foldOfDoc, base);
    ranked = await scored((l) => fieldsOf(l.pages, EVAL_SCHEMA, l.kind, { ranker: cv.weights[foldOfDoc(l)] }));
    weightsOf = (l) => cv.weights[foldOfDoc(l)];
    method = `${byLayout ? `leave-one-layout-out (${folds} families)` : `${folds}-fold`} cross-validation, ranker trained on the other folds${base.length ? ` + ${base.length} documents of ${opts.train}` : ''}`;
  } else if (opts.weights) {
    const w = opts.weights.ranker;
    ranked = await scored((l) => fieldsOf(l.pages, EVAL_SCHEMA, l.kind, { ranker: w }));
    weightsOf = () => w;
    method = opts.weights.method;
  } else {
    const seen = committedWeights()?.trainedOn.some((t) => t.corpus === corpus.name);
    ranked = await scored((l) => fieldsOf(l.pages, EVAL_SCHEMA, l.kind));
    method = seen ? 'committed weights, WHICH WERE TRAINED ON THIS CORPUS (training figures; use --folds K)' : 'committed weights (corpus unseen)';
  }
  printReport(corpus.name, method, ranked, rulesOnly, speed, peakRssMB);
  for (const [name, s] of Object.entries(trainingSpeed)) console.log(`  training corpus ${name}, read by the engine: ${JSON.stringify(s)}`);
  console.log(`  accent pass      ${Math.round(accentPass.ms)} ms over ${accentPass.ocrPages} OCR'd pages (${accentPass.ocrPages ? Math.round(accentPass.ms / accentPass.ocrPages) : 0} ms per OCR'd page: page images rendered again, worker starts, box reads; readings reused between extractions)`);
  console.log(`  accents          ${accentStats.boxes} boxes re-read by tesseract in ${Math.round(accentStats.ms)} ms (${accentStats.boxes ? Math.round(accentStats.ms / accentStats.boxes) : 0} ms each), ${accentStats.restored} values given accents`);
  const withMemory = (l: Loaded, memory: VendorMemory[]) => fieldsOf(l.pages, EVAL_SCHEMA, l.kind, { ranker: weightsOf(l), memory });
  const vendorMemory = vendorMemoryEval(loaded, withMemory);
  printMemory(corpus.name, vendorMemory);
  // Where a corpus gives one vendor several layouts, also per template, as real vendors send them.
  const layouts = new Set(loaded.map((l) => l.doc.layout));
  const vendorTemplateMemory = layouts.size > 1 ? vendorMemoryEval(loaded, withMemory, 'template') : undefined;
  if (vendorTemplateMemory) printMemory(corpus.name, vendorTemplateMemory);
  return {
    corpus: { name: corpus.name, dir: corpus.dir, documents: corpus.docs.length }, method, speed, servicePeakRssMB: speed?.servicePeakRssMB ?? null, peakRssMB, trainingSpeed, vendorMemory, vendorTemplateMemory,
    ...ranked, rulesOnly: { fieldAccuracy: rulesOnly.fieldAccuracy, byKind: rulesOnly.byKind, fullyRight: rulesOnly.fullyRight, calibration: rulesOnly.calibration },
  };
}

/**
 * `--corpus A,B,C --folds set`: each corpus of the list held out whole in turn, the ranker (and its
 * calibrators) trained on the other corpora of the list plus the --train ones: what happens to a set
 * of layouts nobody trained or tuned on. Ends with a table of the sure values per left-out set, and
 * lists the sure-but-wrong values (only use it on tuning sets: it prints their failures).
 */
export async function runSetsEval(opts: CorpusEvalOptions): Promise<object> {
  const names = opts.corpus.split(',').filter(Boolean);
  const base = await trainingDocs(opts.train, opts);
  const own = new Map<string, DocSamples[]>();
  for (const name of names) {
    const { corpus, loaded } = await corpusPages(name, { cache: Boolean(opts.cache), generated: opts.generated });
    own.set(name, loaded.map((l) => samplesOf(l, corpus.name)));
  }
  const sets: Record<string, ReturnType<typeof report> & object> = {};
  for (const name of names) {
    const trainDocs = [...base, ...names.filter((n) => n !== name).flatMap((n) => own.get(n)!)];
    const others = [opts.train, ...names.filter((n) => n !== name)].filter(Boolean).join(',');
    const ranker = fitRanker(trainDocs, [{ corpus: `all but ${name}`, documents: trainDocs.length }]);
    sets[name] = await runCorpusEval({ ...opts, corpus: name, folds: undefined, weights: { ranker, method: `set held out whole, ranker trained on ${trainDocs.length} documents of ${others}` } }) as never;
  }
  console.log('\nleft-out set          sure fields  share   right   sure but wrong');
  for (const [name, r] of Object.entries(sets)) {
    const s = r.calibration.sure;
    const wrong = r.failures.filter((f) => Number(/\(conf ([\d.]+)\)/.exec(f)?.[1]) >= 0.9);
    console.log(`${name.padEnd(22)} ${String(s.fields).padStart(5)}  ${String(s.share).padStart(8)}%  ${String(s.accuracy).padStart(5)}%   ${wrong.length}`);
    for (const f of wrong) console.log(`    ${f}`);
  }
  return { method: `each of ${names.join(', ')} held out whole (--folds set), trained on the others${opts.train ? ` + ${opts.train}` : ''}`, sets };
}

function crossValidated(loaded: Loaded[], name: string, folds: number, foldOfDoc: (l: Loaded) => number, base: DocSamples[]) {
  const samples = loaded.map((l) => samplesOf(l, name));
  const weights: RankerWeights[] = [];
  for (let f = 0; f < folds; f++) {
    const trainDocs = [...base, ...samples.filter((_, i) => foldOfDoc(loaded[i]) !== f)];
    weights.push(fitRanker(trainDocs, [{ corpus: `${name} (folds other than ${f})`, documents: trainDocs.length }]));
  }
  return { weights };
}

/** The engine's speed and memory on the training corpora read afresh (printed and written with the eval's). */
const trainingSpeed: Record<string, unknown> = {};

/** Samples of the extra training corpora (comma-separated: manifest folders or `generated`). */
export async function trainingDocs(names: string | undefined, opts: { cache?: boolean; generated?: string }): Promise<DocSamples[]> {
  const out: DocSamples[] = [];
  for (const name of (names ?? '').split(',').filter(Boolean)) {
    const { corpus, loaded, speed } = await corpusPages(name, { cache: Boolean(opts.cache), generated: opts.generated });
    if (speed) trainingSpeed[corpus.name] = speed;
    out.push(...loaded.map((l) => samplesOf(l, corpus.name)));
  }
  return out;
}

export function peakRss(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

function printReport(name: string, method: string, rep: ReturnType<typeof report>, rules: ReturnType<typeof report>, speed: Awaited<ReturnType<typeof loadCorpus>>['speed'], rss: number): void {
  console.log(`\n${name}: ${rep.documents} documents; ${method}`);
  console.log(`  field            ranker   rules only`);
  for (const [k, v] of Object.entries(rep.fieldAccuracy)) console.log(`  ${k.padEnd(16)} ${String(v).padStart(5)}%   ${String(rules.fieldAccuracy[k]).padStart(5)}%`);
  for (const [k, v] of Object.entries(rep.byKind)) console.log(`  all fields, ${k.padEnd(5)} ${String(v.fields).padStart(5)}%   ${String(rules.byKind[k]?.fields).padStart(5)}%   (${v.documents} documents, fully right ${v.fullyRight}%)`);
  console.log(`  fully right      ${rep.fullyRight.documents} (${rep.fullyRight.percent}%)   ${rules.fullyRight.documents} (${rules.fullyRight.percent}%)`);
  console.log(`  speed            ${speed ? JSON.stringify(speed) : 'cached pages (no speed figure)'}`);
  if (speed) console.log(`  peak RSS         ${speed.servicePeakRssMB} MB: the service's engine reading the documents (its own process, ${speed.engine === 'compiled' ? 'the compiled code as npm start runs it' : 'the TypeScript through tsx: about 330 MB more than the service'}; pages, OCR, extraction, accents)`);
  console.log(`  peak RSS         ${rss} MB: this eval's process (the corpora's pages, rankers, accent pass)`);
  console.log('  calibration (confidence -> accuracy):');
  for (const b of rep.calibration.buckets) console.log(`    ${b.bucket}  ${String(b.fields).padStart(4)} fields  ${b.accuracy ?? '-'}%`);
  console.log(`    sure (>= 0.9): ${rep.calibration.sure.fields} fields (${rep.calibration.sure.share}% of all), ${rep.calibration.sure.accuracy ?? '-'}% right`);
  console.log(`      by field (sure right / sure / values): ${Object.entries(rep.calibration.sure.byField).map(([k, t]) => `${k} ${t.right}/${t.fields}/${t.of}`).join(', ')}`);
  console.log(`  failures: ${rep.failures.length} (in the JSON)`);
}
