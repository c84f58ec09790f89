// The V8 flags of `docsync start`, in one place. Plain JavaScript so that every launcher can import
// it before anything else is loaded: bin/docsync.mjs (plain JS, runs from the repository),
// src/cli/entry.ts (compiled to dist/src/cli/entry.js, which the tray app runs; bin/build.mjs copies
// this file beside it) and the scale bench's daemon (test/bench/syncDaemon.mjs).
// - A 1 MB young generation that does not grow (tuneHeap, src/sync/run.ts): set on the first line,
//   before the imports have grown it.
// - Incremental marking off until the start's work is done (restAfterStart, src/sync/run.ts).
// test/unit/sync/startFlags.test.ts fails if a launcher sets flags of its own or stops using these.
import v8 from 'node:v8';

export const START_V8_FLAGS = Object.freeze(['--max-semi-space-size=1', '--semi-space-growth-factor=1', '--no-incremental-marking']);

/** Sets START_V8_FLAGS in this process (call it before importing the daemon's modules). */
export function setStartFlags() {
  for (const flag of START_V8_FLAGS) v8.setFlagsFromString(flag);
}
