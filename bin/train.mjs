#!/usr/bin/env node
// `npm run train [-- --corpus DIR,DIR] [--generated N]`: fits the extraction ranker (test/eval/train.ts).
import { register } from 'tsx/esm/api';

register();
const options = {};
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (!args[i].startsWith('--')) continue;
  const key = args[i].slice(2);
  options[key] = args[i + 1] !== undefined && !args[i + 1].startsWith('--') ? args[++i] : true;
}
const { train } = await import('../test/eval/train.ts');
await train(options);
process.exit(0);
