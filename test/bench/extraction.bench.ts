// `npm run eval`: extraction accuracy, calibration and speed, on documents the
// ranker did not see.
//   - the generated corpus (test/fixtures/corpus, generated into a temp folder),
//     each layout family held out whole (the ranker trains on the other families
//     plus the real receipts);
//   - ../shared/corpora/sroie-dev (real receipts) when present, 5-fold
//     cross-validated (trained on the other folds plus the generated corpus).
// `npm run eval -- --corpus DIR [--folds K|layout] [--train DIR,...|generated]`
// evaluates one corpus; `--corpus A,B,... --folds set` holds out each corpus of the list whole in turn
// (trained on the others plus --train): the leave-one-set-out figure.
// evaluates one corpus in the manifest format. `--cache` reuses page layouts read
// before (no speed figure then).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeProcessing } from '../../src/service/processing/engine.js';
import { runCorpusEval, runSetsEval, type CorpusEvalOptions } from '../eval/corpusEval.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function run(options: Partial<CorpusEvalOptions> = {}): Promise<object> {
  try {
    if (options.corpus && options.folds === 'set') return await runSetsEval({ ...options, corpus: options.corpus });
    if (options.corpus) return await runCorpusEval({ ...options, corpus: options.corpus });
    const sroie = path.join(root, '..', 'shared', 'corpora', 'sroie-dev');
    const hasSroie = fs.existsSync(sroie);
    const generated = await runCorpusEval({ ...options, corpus: 'generated', folds: 'layout', train: hasSroie ? sroie : undefined });
    const sroieDev = hasSroie
      ? await runCorpusEval({ ...options, corpus: sroie, folds: '5', train: 'generated' })
      : { skipped: `${sroie} not found` };
    return { generated, sroieDev };
  } finally {
    await closeProcessing();
  }
}
