#!/usr/bin/env node
// `npm run build`: the compiled modules read their SQL migrations from beside them
// (dist/src/...), so the .sql files are copied there, and the extraction ranker
// its weights; tsc only emits JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const dir of ['src/service/store/migrations', 'src/sync/state/migrations']) {
  fs.cpSync(path.join(root, dir), path.join(root, 'dist', dir), { recursive: true });
}
const weights = 'src/service/processing/extract/rank/weights.json';
fs.cpSync(path.join(root, weights), path.join(root, 'dist', weights));
