// The daemon of the scale benchmark, in its own process: `docsync start` minus the CLI.
// argv: configFile dataDir serviceUrl (key in DOCSYNC_API_KEY). Prints one JSON line
// {"idleAfterMs": ...} once idle, then runs until killed.
import { loadConfig } from '../../src/sync/config.js';
import { runDaemon } from '../../src/sync/run.js';

const t0 = performance.now();
const [configFile, dataDir, serviceUrl] = process.argv.slice(2) as [string, string, string];
const running = await runDaemon({ locations: { configFile, dataDir }, config: loadConfig(configFile), serviceUrl });
const started = performance.now();
await running.daemon.waitIdle(600_000, 100);
console.log(JSON.stringify({ importAndStartMs: Math.round(started - t0), idleAfterMs: Math.round(performance.now() - t0), sinceProcessStartMs: Math.round(performance.now()) }));
process.on('SIGTERM', () => void running.stop().then(() => process.exit(0)));
