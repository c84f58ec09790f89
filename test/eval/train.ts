// `npm run train [-- --corpus DIR|SET,...] [--generated N] [--cache]`: fits the
// extraction ranker on the generated corpus plus labelled manifest corpora and
// generated sets (default: ../shared/corpora/sroie-dev when present, which with the
// generated corpus is what the committed weights were trained on; held-out sets only when
// named, never heldout5 or the newest blind sets) and writes its weights to
// src/service/processing/extract/rank/weights.json, which the service loads. Adding tuning
// sets made the calibrators stricter (fewer sure values, none more right; 2026-11-30).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeProcessing } from '../../src/service/processing/engine.js';
import { RANKED_ROLES } from '../../src/service/processing/extract/rank/features.js';
import { loadCorpus } from './evaluate.js';
import { GENERATED_CORPORA, GENERATED_DEFAULT_COUNT, generatedCorpus } from './generated.js';
import { readCorpus, type Corpus } from './manifest.js';
import { fitRanker, samplesOf, type DocSamples } from './training.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const WEIGHTS_FILE = path.join(root, 'src/service/processing/extract/rank/weights.json');

export async function train(opts: { corpus?: string; generated?: string; cache?: boolean }): Promise<void> {
  const shared = path.join(root, '..', 'shared', 'corpora', 'sroie-dev');
  const names = opts.corpus ? opts.corpus.split(',').filter(Boolean) : fs.existsSync(shared) ? [shared] : [];
  const corpora: Corpus[] = [await generatedCorpus(Number(opts.generated ?? 168))];
  for (const name of names.filter((n) => n !== 'generated')) {
    corpora.push(GENERATED_CORPORA.includes(name) ? await generatedCorpus(GENERATED_DEFAULT_COUNT[name], undefined, name) : readCorpus(name));
  }
  const docs: DocSamples[] = [];
  try {
    for (const c of corpora) {
      const { loaded } = await loadCorpus(c, { cache: opts.cache !== false });
      docs.push(...loaded.map((l) => samplesOf(l, c.name)));
      console.log(`${c.name}: ${c.docs.length} documents read`);
    }
  } finally {
    await closeProcessing();
  }
  const weights = fitRanker(docs, corpora.map((c) => ({ corpus: c.name, documents: c.docs.length })));
  for (const role of RANKED_ROLES) {
    const withRole = docs.filter((d) => d.roles[role]);
    const reachable = withRole.filter((d) => d.roles[role]!.right.some(Boolean)).length;
    console.log(`${role}: ${withRole.length} documents, a right candidate in ${reachable} (the ranker's ceiling)`);
  }
  fs.writeFileSync(WEIGHTS_FILE, `${JSON.stringify(weights, null, 1)}\n`);
  console.log(`written: ${path.relative(root, WEIGHTS_FILE)}`);
}
