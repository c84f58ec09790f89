// One process of a team service, for teamService.test.ts and the `team` benchmark: the service on
// the PostgreSQL database DOCSYNC_DATABASE with its blobs in DOCSYNC_BLOBS, printing its address
// as a line of JSON once it listens. Its processor is the real engine, with two hooks for the
// tests: each run's start and end are appended to DOCSYNC_RUN_LOG (`start|done <pid> <uploadId>`),
// DOCSYNC_DELAY_MS lengthens each run, and with DOCSYNC_HANG=1 a file named hang-* never finishes
// (a process killed mid-work).
//   node --import tsx test/integration/service/postgres/serviceProcess.ts
import fs from 'node:fs';
import { startService } from '../../../../src/service/app.js';
import { processFile } from '../../../../src/service/processing/engine.js';
import type { ProcessInput } from '../../../../src/service/processing/types.js';

const env = process.env;
const log = env.DOCSYNC_RUN_LOG;
const uploadOf = (input: ProcessInput) => input.fileName;
const note = (what: string, input: ProcessInput) => {
  if (log) fs.appendFileSync(log, `${what} ${process.pid} ${uploadOf(input)}\n`);
};

const service = await startService({
  dataDir: env.DOCSYNC_BLOBS!,
  database: env.DOCSYNC_DATABASE!,
  port: 0,
  processingConcurrency: Number(env.DOCSYNC_CONCURRENCY ?? 2),
  processingLeaseMs: Number(env.DOCSYNC_LEASE_MS ?? 60_000),
  rateLimit: { rate: 100_000, burst: 100_000 },
  async processor(input) {
    note('start', input);
    if (env.DOCSYNC_HANG === '1' && input.fileName.startsWith('hang-')) {
      await new Promise((_, reject) => input.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
    }
    const pause = Number(env.DOCSYNC_DELAY_MS ?? 0);
    if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    const result = await processFile(input);
    note('done', input);
    return result;
  },
});
process.stdout.write(`${JSON.stringify({ url: service.url, pid: process.pid })}\n`);
const stop = async () => {
  await service.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
