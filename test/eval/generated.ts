// The project's generated corpus as an eval corpus: generated into a temp folder
// (cached by the generator's source hash and the count) and read as CorpusDocs,
// with the truth keyed like the manifest format.

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus, type GroundTruth } from '../fixtures/corpus/generate.js';
import type { Corpus } from './manifest.js';
import { TITLE_OF } from './score.js';

const genDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'corpus');
const ITEM: Record<string, string> = { Description: 'description', Quantity: 'quantity', 'Unit Price': 'unit_price', Amount: 'amount' };

export async function generatedTruth(count: number, fresh = false): Promise<{ dir: string; truth: GroundTruth[] }> {
  const hash = crypto.createHash('sha256');
  for (const f of fs.readdirSync(genDir).sort()) if (f.endsWith('.ts')) hash.update(fs.readFileSync(path.join(genDir, f)));
  const dir = path.join(os.tmpdir(), `docsync-corpus-${hash.digest('hex').slice(0, 12)}-${count}`);
  const done = path.join(dir, '.complete');
  if (fs.existsSync(done) && !fresh) {
    const truth = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as GroundTruth);
    return { dir, truth };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  const truth = await generateCorpus(dir, count);
  fs.writeFileSync(done, '');
  return { dir, truth };
}

export async function generatedCorpus(count: number): Promise<Corpus> {
  const { dir, truth } = await generatedTruth(count);
  const keyOf = Object.fromEntries(Object.entries(TITLE_OF).map(([k, t]) => [t, k]));
  return {
    dir,
    name: 'generated',
    docs: truth.map((gt) => {
      const t: Record<string, unknown> = {};
      for (const [title, v] of Object.entries(gt.fields)) {
        const key = keyOf[title];
        if (!key) continue;
        t[key] = key === 'line_items' && Array.isArray(v)
          ? v.map((row) => Object.fromEntries(Object.entries(row as object).map(([k, x]) => [ITEM[k] ?? k, x])))
          : v;
      }
      return { id: gt.file, file: path.join(dir, gt.file), kind: gt.kind, mediaType: '', layout: gt.layout, fields: Object.keys(t), truth: t };
    }),
  };
}
