// The server side of the service benchmark, run in its own process so the load generator
// does not share its event loop: `hello` is a bare Fastify hello-world route, `service` the
// local service with a fresh data folder and an unthrottled key. Prints one JSON line with
// its address, then serves until killed.
import Fastify from 'fastify';
import { PerformanceObserver } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startService } from '../../src/service/app.js';
import { createKey } from '../../src/service/store/tenancy.js';

async function main(mode: string): Promise<void> {
  if (mode === 'hello') {
    const app = Fastify();
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    // Exit through process.exit so a profile asked for with --cpu-prof is written.
    process.on('SIGTERM', () => process.exit(0));
    console.log(JSON.stringify({ url: `http://127.0.0.1:${port}` }));
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-bench-'));
  const service = await startService({ dataDir, rateLimit: { rate: 1e9, burst: 1e9 } });
  const key = createKey(service.db);
  const cleanup = () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('SIGTERM', cleanup);
  process.on('SIGINT', cleanup);
  console.log(JSON.stringify({ url: service.url, key: key.key }));
}

// The parent asks for this process's CPU time around each measurement: CPU per request is a
// figure that a busy machine disturbs far less than requests per second.
// And for the time its garbage collector took (ms so far: full = mark-compact, young = the rest).
const gcMs = { young: 0, full: 0 };
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs[(e as unknown as { detail?: { kind?: number } }).detail?.kind === 4 ? 'full' : 'young'] += e.duration;
}).observe({ entryTypes: ['gc'] });
process.on('message', (message) => {
  if (message === 'cpu') process.send?.(process.cpuUsage());
  if (message === 'gc') process.send?.({ ...gcMs });
});

await main(process.argv[2] ?? 'service');
