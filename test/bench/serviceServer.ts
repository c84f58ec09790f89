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
  // Requests by method and route (ids folded), for the requests-per-file figures of a round.
  service.app.server.on('request', (req: { method?: string; url?: string }) => {
    const route = `${req.method} ${(req.url ?? '').split('?')[0]!.replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}|\/[0-9a-f]{32,}/gi, '/:id')}`;
    requests.set(route, (requests.get(route) ?? 0) + 1);
  });
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
const requests = new Map<string, number>();
/** Linux: read and write calls and bytes so far (/proc/self/io: sockets, blobs and SQLite's pages alike); {} elsewhere. */
function ioCounts(): Record<string, number> {
  try {
    return Object.fromEntries(fs.readFileSync('/proc/self/io', 'utf8').trim().split('\n').map((l) => l.split(': ')).map(([k, v]) => [k!, Number(v)]));
  } catch {
    return {};
  }
}
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs[(e as unknown as { detail?: { kind?: number } }).detail?.kind === 4 ? 'full' : 'young'] += e.duration;
}).observe({ entryTypes: ['gc'] });
process.on('message', (message) => {
  if (message === 'cpu') process.send?.(process.cpuUsage());
  if (message === 'gc') process.send?.({ ...gcMs });
  if (message === 'requests') process.send?.({ requests: Object.fromEntries(requests), io: ioCounts() });
});

await main(process.argv[2] ?? 'service');
