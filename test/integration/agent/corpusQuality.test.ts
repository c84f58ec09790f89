// Issue 6's quality bar on the processing corpus: at least 20 questions with known answers
// (lookups, sums, counts, dates), at least 90% answered correctly with correct citations.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { evaluate, upload, type Doc } from '../../fixtures/agentEval.js';
import { generateCorpus } from '../../fixtures/corpus/generate.js';

let svc: TestService;
let dir: string;
let docs: Doc[];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  svc = await startTestService({ agent: { streamChunkDelayMs: 0 } });
  const text = (await generateCorpus(dir, 16)).filter((t) => t.kind === 'text');
  docs = (await Promise.all(text.map((t) => upload(svc, dir, t)))).filter((d): d is Doc => d !== undefined);
}, 300_000);
afterAll(async () => {
  await svc.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('answer quality on the generated corpus', () => {
  it('answers at least 90% of at least 20 questions correctly, citing the right documents', async () => {
    expect(docs.length).toBeGreaterThanOrEqual(7);
    const results = await evaluate(svc, docs);
    const wrong = results.filter((r) => !r.ok);
    if (wrong.length) console.log(wrong.map((r) => `${r.prompt}\n  ${r.answer}`).join('\n'));
    expect(results.length).toBeGreaterThanOrEqual(20);
    expect(wrong.length / results.length).toBeLessThanOrEqual(0.1);
  }, 300_000);
});
