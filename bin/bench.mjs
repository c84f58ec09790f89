#!/usr/bin/env node
// `npm run bench -- <name> [...] [--option value]`: runs test/bench/<name>.bench.ts (all of them without a name),
// prints its figures and writes them to test/bench/results/<name>.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'test', 'bench');
const available = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace(/\.bench\.ts$/, ''));
// `--name value` and bare `--flag` options go to every chosen benchmark's run(options).
const names = [];
const options = {};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (!a.startsWith('--')) { names.push(a); continue; }
  const key = a.slice(2).replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  options[key] = args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[++i] : true;
}
const chosen = names.length ? names : available;
for (const name of chosen) {
  if (!available.includes(name)) {
    console.error(`no benchmark "${name}"; available: ${available.join(', ')}`);
    process.exit(2);
  }
}
fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
for (const name of chosen) {
  console.log(`\n== bench: ${name}`);
  const mod = await import(pathToFileURL(path.join(benchDir, `${name}.bench.ts`)).href);
  const result = { name, at: new Date().toISOString(), machine: { cpus: (await import('node:os')).cpus().length, node: process.version }, ...(await mod.run(options)) };
  // An eval of an outside corpus gets its own results file beside the generated corpus's.
  const suffix = typeof options.corpus === 'string' ? `-${path.basename(path.resolve(options.corpus))}` : '';
  const file = path.join(benchDir, 'results', `${name}${suffix}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
  console.log(`written: ${path.relative(root, file)}`);
}
process.exit(0);
