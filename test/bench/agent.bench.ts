// `npm run bench -- agent`: answer quality of the agent on the generated invoice corpus (see
// test/fixtures/agentEval.ts). The text PDFs are used (scans too with AGENT_EVAL_SCANS=1).
// An answer is correct when it states the right figure and cites the right documents.
// Env: AGENT_EVAL_COUNT=<corpus documents> (default 24).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestService } from '../../src/service/testing.js';
import { evaluate, upload, type Doc } from '../fixtures/agentEval.js';
import { generateCorpus } from '../fixtures/corpus/generate.js';

export async function run(): Promise<object> {
  const count = Number(process.env.AGENT_EVAL_COUNT ?? 24);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-agent-eval-'));
  const svc = await startTestService({ agent: { streamChunkDelayMs: 0 } });
  try {
    const truth = (await generateCorpus(dir, count)).filter((t) => t.kind === 'text' || process.env.AGENT_EVAL_SCANS);
    const docs = (await Promise.all(truth.map((t) => upload(svc, dir, t)))).filter((d): d is Doc => d !== undefined);
    const results = await evaluate(svc, docs);
    const categories: Record<string, { asked: number; correct: number }> = {};
    for (const r of results) {
      const c = (categories[r.category] ??= { asked: 0, correct: 0 });
      c.asked++;
      if (r.ok) c.correct++;
    }
    const correct = results.filter((r) => r.ok).length;
    const figures = {
      documents: docs.length,
      questions: results.length,
      correct,
      accuracy: Math.round((correct / Math.max(1, results.length)) * 1000) / 1000,
      categories,
      wrong: results.filter((r) => !r.ok).map(({ prompt, answer }) => ({ prompt, answer })),
    };
    console.log(JSON.stringify({ ...figures, wrong: figures.wrong.length }, null, 2));
    return figures;
  } finally {
    await svc.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
