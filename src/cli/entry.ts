// Entry of the compiled CLI (`npm run build`): the tray app's utility process runs
// dist/src/cli/entry.js with the command as its arguments. `bin/docsync.mjs` runs the
// TypeScript sources through tsx instead.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';

// Node puts this file's path before the arguments; Electron's utility process may not.
const self = fileURLToPath(import.meta.url);
const at = process.argv.findIndex((a, i) => i > 0 && path.resolve(a) === self);
const args = process.argv.slice(at > 0 ? at + 1 : 1);
// The daemon's young generation, and incremental marking off until the start's work is done, are set
// before anything else is loaded (see tuneHeap and restAfterStart, sync/run.ts).
if (args[0] === 'start') for (const flag of ['--max-semi-space-size=1', '--semi-space-growth-factor=1', '--no-incremental-marking']) v8.setFlagsFromString(flag);
const { main } = await import('./main.js');
await main([process.execPath, self, ...args]);
