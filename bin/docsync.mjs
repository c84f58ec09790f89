#!/usr/bin/env node
// The docsync command. Runs the compiled code (dist/, made by `npm run build`, by `npm ci`
// through `prepare`, and by `npm start` when a source changed) when it is current: it starts
// faster and uses less memory than the TypeScript loader (100,000 watched files: bench `sync`).
// Otherwise, after an edit, the TypeScript sources run directly through tsx.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsCurrent } from './built.mjs';
import { setStartFlags } from '../src/cli/startFlags.mjs';

// The daemon's young generation, and incremental marking off until the start's work is done, are set
// before anything else is loaded (src/cli/startFlags.mjs).
if (process.argv[2] === 'start') setStartFlags();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let main;
if (buildIsCurrent(root)) {
  ({ main } = await import(pathToFileURL(path.join(root, 'dist', 'src', 'cli', 'main.js')).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
await main(process.argv);
