#!/usr/bin/env node
// The compiled code (`npm run build` after the UI's Vite build; `npm ci` runs it through
// `prepare`; `npm start` with --if-stale): tsc into dist/, the SQL migrations and the ranker's
// weights copied beside the modules that read them, then dist/.build.json (bin/built.mjs).
// --if-stale: nothing to do when dist/ is current.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsCurrent, sourcesMtimeMs, STAMP } from './built.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv.includes('--if-stale') && buildIsCurrent(root)) process.exit(0);
// Taken before compiling: a source saved during the build leaves the build stale.
const sourcesAt = sourcesMtimeMs(root);
// While tsc writes, dist/ is not current: bin/docsync.mjs runs the sources meanwhile.
fs.rmSync(path.join(root, STAMP), { force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
// The compiled modules read their SQL migrations from beside them (dist/src/...), and the
// extraction ranker its weights, the team service its PostgreSQL worker (plain JavaScript); tsc
// only emits JavaScript from TypeScript.
for (const dir of ['src/service/store/migrations', 'src/service/store/migrations-postgres', 'src/sync/state/migrations']) {
  fs.cpSync(path.join(root, dir), path.join(root, 'dist', dir), { recursive: true });
}
fs.cpSync(path.join(root, 'src/service/store/postgres/worker.mjs'), path.join(root, 'dist/src/service/store/postgres/worker.mjs'));
// The V8 flags of `docsync start`, read by dist/src/cli/entry.js (plain JavaScript, as bin/docsync.mjs reads it too).
fs.cpSync(path.join(root, 'src/cli/startFlags.mjs'), path.join(root, 'dist/src/cli/startFlags.mjs'));
for (const f of ['ortWorker.mjs', 'ctcSteps.mjs']) fs.cpSync(path.join(root, 'src/service/processing/ocr', f), path.join(root, 'dist/src/service/processing/ocr', f));
const weights = 'src/service/processing/extract/rank/weights.json';
fs.cpSync(path.join(root, weights), path.join(root, 'dist', weights));
fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify({ sourcesMtimeMs: sourcesAt, builtAt: new Date().toISOString() })}\n`);
