// The daemon of the scale benchmark, in its own process: what `docsync start` runs (the
// daemon and the control API/UI server) minus the CLI's argument parsing.
// argv: configFile dataDir serviceUrl (key in DOCSYNC_API_KEY). DOCSYNC_MODULES picks the
// code: `dist/src` (compiled by `npm run build`, as the tray app runs it, plain node) or
// `src` (the TypeScript sources, run with `--import tsx` as `npx docsync` does).
// Prints one JSON line {"idleAfterMs": ..., "cpuMsAtIdle": ...} once idle, then runs until killed.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setStartFlags } from '../../src/cli/startFlags.mjs';

const t0 = performance.now();
// As bin/docsync.mjs does for `docsync start`, before anything is loaded.
setStartFlags();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const load = (m) => import(pathToFileURL(path.join(root, process.env.DOCSYNC_MODULES ?? 'dist/src', m)).href);
const [configFile, dataDir, serviceUrl] = process.argv.slice(2);
const { loadConfig } = await load('sync/config.js');
const { runDaemon } = await load('sync/run.js');
const { startControl } = await load('control/start.js');
const config = loadConfig(configFile);
const running = await runDaemon({ locations: { configFile, dataDir }, config, serviceUrl, ownProcess: true });
const control = await startControl(running, config, 0);
const started = performance.now();
// Idle once three checks in a row find nothing to do; 25 ms apart, so the check adds at most ~75 ms
// to the figure (100 ms apart before 2026-11-26: up to 0.3 s of the earlier figures was this wait).
await running.daemon.waitIdle(600_000, 25);
const cpu = process.cpuUsage();
// CPU time says what a busy machine's wall clock hides: the machine's other work stretches the wall time, not this.
console.log(JSON.stringify({ importAndStartMs: Math.round(started - t0), idleAfterMs: Math.round(performance.now() - t0), sinceProcessStartMs: Math.round(performance.now()), cpuMsAtIdle: Math.round((cpu.user + cpu.system) / 1000), heapUsedMbAtIdle: Math.round(process.memoryUsage().heapUsed / 1048576) }));
process.on('SIGTERM', () => void control.close().then(() => running.stop()).then(() => process.exit(0)));
