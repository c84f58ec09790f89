// Entry of the compiled CLI (`npm run build`): the tray app's utility process runs
// dist/src/cli/entry.js with the command as its arguments. `bin/docsync.mjs` runs the
// TypeScript sources through tsx instead.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setStartFlags } from './startFlags.mjs';

// Node puts this file's path before the arguments; Electron's utility process may not.
const self = fileURLToPath(import.meta.url);
const at = process.argv.findIndex((a, i) => i > 0 && path.resolve(a) === self);
const args = process.argv.slice(at > 0 ? at + 1 : 1);
// The daemon's young generation, and incremental marking off until the start's work is done, are set
// before anything else is loaded (startFlags.mjs).
if (args[0] === 'start') setStartFlags();
const { main } = await import('./main.js');
await main([process.execPath, self, ...args]);
