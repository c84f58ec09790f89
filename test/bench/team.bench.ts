// `npm run bench -- team` (issue 21): the team service's throughput, uploads processed per second,
// with one and with two service processes on the same PostgreSQL database (a throw-away cluster,
// test/helpers/postgresCluster.ts) and one blob folder. The uploads (text invoices through the
// real engine) are sent round-robin to the processes, as a reverse proxy would, all at once; the
// clock runs from the first ticket to the last upload completed. Each configuration gets a fresh
// database and runs TEAM_BENCH_ROUNDS times (median). Also counted: uploads processed more than
// once (must be 0).
// Options: --docs N (TEAM_BENCH_DOCS, default 200), --rounds N (TEAM_BENCH_ROUNDS, default 3),
// --concurrency N (processing jobs per process, default 2).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openServiceDatabase } from '../../src/service/store/open.js';
import type { SqlDatabase } from '../../src/service/store/sql.js';
import { createKey } from '../../src/service/store/tenancy.js';
import { startPostgresCluster } from '../helpers/postgresCluster.js';
import { INVOICE_TEXT } from '../integration/service/uploadHelpers.js';
import { startTeamProcess, stopTeamProcess, uploadText } from '../integration/service/postgres/teamProcesses.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function waitUntil(check: () => boolean, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface Round {
  processes: number;
  seconds: number;
  uploadsPerSecond: number;
  processedTwice: number;
  shares: number[];
}

async function round(databaseUrl: string, processes: number, docs: number, concurrency: number): Promise<Round> {
  const blobs = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-team-bench-'));
  // Each process appends `done <pid> <file>` to the run log per run it finished (serviceProcess.ts).
  const runLog = path.join(blobs, 'runs.log');
  const env = { DOCSYNC_DATABASE: databaseUrl, DOCSYNC_BLOBS: blobs, DOCSYNC_CONCURRENCY: String(concurrency), DOCSYNC_RUN_LOG: runLog };
  const procs = await Promise.all(Array.from({ length: processes }, () => startTeamProcess(env)));
  const db: SqlDatabase = openServiceDatabase('', databaseUrl);
  try {
    const { key } = createKey(db);
    const started = performance.now();
    // At most 16 requests in flight, like a few busy desktops.
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let i = next++; i < docs; i = next++) {
          await uploadText(procs[i % processes]!.url, key, `inv-${i}.txt`, INVOICE_TEXT.replace('INV-1042', `INV-${i}`));
        }
      }),
    );
    const done = () => (db.prepare(`SELECT count(*) FROM uploads WHERE status <> 'waiting'`).pluck().get() as number) >= docs;
    await waitUntil(done, `${docs} uploads processed`, 20 * 60_000);
    const seconds = (performance.now() - started) / 1000;
    const failed = db.prepare(`SELECT count(*) FROM uploads WHERE status = 'failed'`).pluck().get() as number;
    if (failed > 0) throw new Error(`${failed} uploads failed`);
    const processedTwice = db
      .prepare(`SELECT count(*) FROM (SELECT upload_id FROM upload_steps WHERE step = 'processing_started' GROUP BY upload_id HAVING count(*) > 1) AS twice`)
      .pluck()
      .get() as number;
    // Runs each process finished (a done job's row is deleted, so the run log tells).
    const perPid = new Map<string, number>();
    for (const line of fs.readFileSync(runLog, 'utf8').split('\n')) {
      const [what, pid] = line.split(' ');
      if (what === 'done') perPid.set(pid!, (perPid.get(pid!) ?? 0) + 1);
    }
    const shares = [...perPid.values()].sort((a, b) => b - a);
    return { processes, seconds: +seconds.toFixed(2), uploadsPerSecond: +(docs / seconds).toFixed(2), processedTwice, shares };
  } finally {
    db.close();
    await Promise.all(procs.map(stopTeamProcess));
    fs.rmSync(blobs, { recursive: true, force: true });
  }
}

export async function run(options: Record<string, string | boolean>) {
  const docs = Number(options.docs ?? process.env.TEAM_BENCH_DOCS ?? 200);
  const rounds = Number(options.rounds ?? process.env.TEAM_BENCH_ROUNDS ?? 3);
  const concurrency = Number(options.concurrency ?? 2);
  const cluster = startPostgresCluster();
  const results: Record<string, Round[]> = { one: [], two: [] };
  try {
    for (let r = 0; r < rounds; r++) {
      // Alternated, so a change in the machine's load falls on both.
      for (const [name, processes] of [['one', 1], ['two', 2]] as const) {
        const url = cluster.createDatabase(`team_${name}_${r}`);
        const result = await round(url, processes, docs, concurrency);
        results[name]!.push(result);
        console.log(
          `round ${r + 1}: ${processes} process(es): ${result.uploadsPerSecond} uploads/s (${result.seconds} s), jobs per process ${result.shares.join('/')}, processed twice: ${result.processedTwice}, load ${os.loadavg()[0]!.toFixed(2)}`,
        );
      }
    }
  } finally {
    cluster.stop();
  }
  const one = median(results.one!.map((r) => r.uploadsPerSecond));
  const two = median(results.two!.map((r) => r.uploadsPerSecond));
  return {
    docs,
    rounds,
    concurrencyPerProcess: concurrency,
    loadAverage: os.loadavg().map((l) => +l.toFixed(2)),
    uploadsPerSecond: { oneProcess: one, twoProcesses: two, ratio: +(two / one).toFixed(2) },
    processedTwice: [...results.one!, ...results.two!].reduce((n, r) => n + r.processedTwice, 0),
    perRound: results,
  };
}
