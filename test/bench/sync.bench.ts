// `npm run bench -- sync`: the sync daemon's latency, throughput and scale (issue 3), and four
// desktops on one shared folder (issue 21, part `shared`: sharedFolder.ts).
// The service runs in its own process (serviceServer.ts) so its processing does not share
// the daemon's event loop; the scale part runs the daemon in its own process too.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import PQueue from 'p-queue';
import { ClientRemote } from '../../src/sync/clientRemote.js';
import { parseConfig } from '../../src/sync/config.js';
import { Daemon } from '../../src/sync/daemon.js';
import { startEmbeddedService, type EmbeddedService } from '../../src/sync/embedded.js';
import { silentLogger } from '../../src/sync/logger.js';
import { openStateDb } from '../../src/sync/state/db.js';
import { sharedFolder } from './sharedFolder.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const cpuSeconds = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1e6;

interface Server { url: string; key: string; child: ChildProcess }

/** The child's first JSON line on stdout; anything else it prints (e.g. with --trace-gc) goes to stderr. */
function jsonLine(child: ChildProcess, label: string): Promise<string> {
  return new Promise<string>((resolve) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const lines = out.split('\n');
      out = lines.pop()!;
      for (const l of lines) {
        if (l.startsWith('{"')) resolve(l);
        else process.stderr.write(`[${label}] ${l}\n`);
      }
    });
  });
}

async function startServer(): Promise<Server> {
  // SYNC_BENCH_SERVICE_PROFILE_DIR: a CPU profile of the service's process, written when it stops.
  const prof = process.env.SYNC_BENCH_SERVICE_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SYNC_BENCH_SERVICE_PROFILE_DIR}`] : [];
  // SYNC_BENCH_SERVICE_NODE_FLAGS: node flags for the service's process only (e.g. --max-semi-space-size=16).
  const flags = (process.env.SYNC_BENCH_SERVICE_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...prof, ...flags, '--import', 'tsx', path.join(HERE, 'serviceServer.ts'), 'service'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const line = await jsonLine(child, 'service');
  return { ...(JSON.parse(line) as { url: string; key: string }), child };
}

/** CPU time the service process has used so far, in ms. */
function serviceCpuMs(s: Server): Promise<number> {
  return new Promise((resolve) => {
    s.child.once('message', (m) => {
      const u = m as NodeJS.CpuUsage;
      resolve((u.user + u.system) / 1000);
    });
    s.child.send('cpu');
  });
}

/** The service process's CPU so far, user and system apart (ms), and the requests it answered by route. */
async function serviceUsage(s: Server): Promise<{ userMs: number; systemMs: number; requests: Record<string, number>; io: Record<string, number> }> {
  const u = await new Promise<NodeJS.CpuUsage>((resolve) => {
    s.child.once('message', (m) => resolve(m as NodeJS.CpuUsage));
    s.child.send('cpu');
  });
  const { requests, io } = await new Promise<{ requests: Record<string, number>; io: Record<string, number> }>((resolve) => {
    s.child.once('message', (m) => resolve(m as { requests: Record<string, number>; io: Record<string, number> }));
    s.child.send('requests');
  });
  return { userMs: u.user / 1000, systemMs: u.system / 1000, requests, io };
}

/** What the service did between two usages: CPU seconds (user, system) and requests per file by route. */
function usageSince(from: Awaited<ReturnType<typeof serviceUsage>>, to: Awaited<ReturnType<typeof serviceUsage>>, files: number) {
  const perFile: Record<string, number> = {};
  for (const [route, n] of Object.entries(to.requests)) {
    const d = n - (from.requests[route] ?? 0);
    if (d > 0) perFile[route] = round(d / files, 2);
  }
  // Write and read calls per file: SQLite writes a commit's pages one call each, so more commits (or pages) per file show here.
  const calls = (k: string) => (to.io[k] === undefined ? undefined : round((to.io[k]! - (from.io[k] ?? 0)) / files, 1));
  return { userS: round((to.userMs - from.userMs) / 1000, 2), systemS: round((to.systemMs - from.systemMs) / 1000, 2), requestsPerFile: perFile, writeCallsPerFile: calls('syscw'), readCallsPerFile: calls('syscr') };
}

/** Milliseconds the service process has spent in its garbage collector so far (full: mark-compact). */
function serviceGcMs(s: Server): Promise<{ young: number; full: number }> {
  return new Promise((resolve) => {
    s.child.once('message', (m) => resolve(m as { young: number; full: number }));
    s.child.send('gc');
  });
}

/** What the service's GC took since `from`, rounded to ms. */
async function serviceGcSince(s: Server, from: { young: number; full: number }): Promise<{ young: number; full: number }> {
  const now = await serviceGcMs(s);
  return { young: round(now.young - from.young, 0), full: round(now.full - from.full, 0) };
}

async function stopServer(s: Server): Promise<void> {
  s.child.kill('SIGTERM');
  await new Promise((r) => s.child.once('exit', r));
}

function tmp(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-bench-'));
}

async function startDaemon(server: Server, inbox: string, dataDir: string, settleMs = 1000, embedded?: EmbeddedService): Promise<Daemon> {
  const config = parseConfig({ settleMs, folders: [{ path: inbox, remotePath: 'Bench' }] });
  const remote = embedded
    ? new ClientRemote({ baseUrl: embedded.url, apiKey: embedded.apiKey }, embedded)
    : new ClientRemote({ baseUrl: server.url, apiKey: server.key });
  return Daemon.start({ config, dataDir, remote, log: silentLogger() });
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/**
 * 1. 200 files at 20 per second: last write -> JSON sidecar. With `embedded` (part
 * `latency-embedded`), the service runs in the daemon's process as `docsync start` runs it
 * without a service address, announcing finished uploads instead of being polled.
 */
async function latency(server: Server, embedded = false) {
  const dir = tmp();
  const inbox = path.join(dir, 'inbox');
  fs.mkdirSync(inbox);
  const service = embedded ? await startEmbeddedService(path.join(dir, 'data')) : undefined;
  const daemon = await startDaemon(server, inbox, path.join(dir, 'data'), 1000, service);
  // CPU time is what a busy machine disturbs least: this process (daemon, bench loop, and the
  // embedded service when there is one) and the service process.
  const cpu0 = process.cpuUsage();
  const serviceCpu0 = await serviceCpuMs(server);
  const lastWrite = new Map<string, number>();
  const lastWriteWall = new Map<string, number>();
  const sidecarAt = new Map<string, number>();
  const N = 200;
  const watcher = setInterval(() => {
    for (const [name] of lastWrite) {
      if (!sidecarAt.has(name) && fs.existsSync(path.join(inbox, `${name}.values.json`))) sidecarAt.set(name, performance.now());
    }
  }, 5);
  for (let i = 0; i < N; i++) {
    const name = `lat${i}.txt`;
    fs.writeFileSync(path.join(inbox, name), `INVOICE\nInvoice Number: L-${i}\nDate: 2024-05-01\nTotal: ${i}.00\n`);
    lastWrite.set(name, performance.now());
    lastWriteWall.set(name, Date.now());
    await sleep(50);
  }
  const end = Date.now() + 300_000;
  while (sidecarAt.size < N && Date.now() < end) await sleep(20);
  clearInterval(watcher);
  const cpu = process.cpuUsage(cpu0);
  const serviceCpu = (await serviceCpuMs(server)) - serviceCpu0;
  const breakdown = stageMedians(daemon);
  const stages = stagePercentiles(daemon, lastWriteWall);
  await daemon.stop();
  await service?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const lat = [...sidecarAt].map(([name, t]) => (t - lastWrite.get(name)!) / 1000);
  return {
    files: N, completed: lat.length, settleWindowS: 1, p50S: round(percentile(lat, 50), 3), p95S: round(percentile(lat, 95), 3),
    maxS: round(Math.max(...lat), 3), targetP95S: 1.5, medianStageS: breakdown, stageS: stages,
    cpuS: { benchProcess: round((cpu.user + cpu.system) / 1e6, 2), serviceProcess: round(serviceCpu / 1000, 2) },
  };
}

/**
 * 1b. Documents dropped one at a time into a folder, to their values on disk (last write -> JSON
 * sidecar), through the embedded service as `npm start` runs it: text PDFs beside scanned pages
 * (image-only, read by OCR), from the generated corpus (test/fixtures/corpus). Each waits for the
 * one before it, so a figure is one document's path, not a queue. SYNC_BENCH_DOCS: how many
 * documents are generated (default 40; the families alternate text and scan variants).
 */
async function documentLatency() {
  const { generateManifestCorpus } = await import('../fixtures/corpus/manifest.js');
  const dir = tmp();
  const corpus = path.join(dir, 'corpus');
  const manifest = await generateManifestCorpus(corpus, { count: Number(process.env.SYNC_BENCH_DOCS ?? 40) });
  const inbox = path.join(dir, 'inbox');
  fs.mkdirSync(inbox);
  const dataDir = path.join(dir, 'data');
  const service = await startEmbeddedService(dataDir);
  const config = parseConfig({ settleMs: 1000, folders: [{ path: inbox, remotePath: 'Bench' }] });
  const daemon = await Daemon.start({ config, dataDir, remote: new ClientRemote({ baseUrl: service.url, apiKey: service.apiKey }, service), log: silentLogger() });
  const seconds: Record<string, number[]> = {};
  const pdfPages: Record<string, number[]> = {};
  try {
    for (const doc of manifest.documents) {
      // Text PDFs and scanned pages (a JPEG, or an image-only PDF of several): the two figures asked for.
      const kind = doc.kind === 'scan' ? 'scan' : doc.mediaType === 'application/pdf' ? 'textPdf' : null;
      if (!kind) continue;
      const name = path.basename(doc.file);
      const target = path.join(inbox, name);
      fs.copyFileSync(path.join(corpus, doc.file), target);
      const t0 = performance.now();
      const sidecar = `${target}.values.json`;
      const end = Date.now() + 120_000;
      while (!fs.existsSync(sidecar) && Date.now() < end) await sleep(20);
      if (!fs.existsSync(sidecar)) continue;
      (seconds[kind] ??= []).push((performance.now() - t0) / 1000);
      (pdfPages[kind] ??= []).push(doc.pages);
    }
  } finally {
    await daemon.stop();
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const stat = (xs: number[] = []) => (xs.length ? { n: xs.length, p50S: round(percentile(xs, 50), 2), p95S: round(percentile(xs, 95), 2), maxS: round(Math.max(...xs), 2) } : { n: 0 });
  return {
    settleWindowS: 1, textPdf: stat(seconds.textPdf), scan: stat(seconds.scan),
    scanPages: pdfPages.scan ? { max: Math.max(...pdfPages.scan) } : undefined,
    note: 'one document at a time, last write -> values.json beside it, embedded service (OCR on this machine for the scans)',
  };
}

/** Where the time goes, from the event log: discovered -> settled -> processing (uploaded) -> exported. */
function stageMedians(daemon: Daemon): Record<string, number> {
  const rows = daemon.db
    .prepare(
      `SELECT file_id, MIN(CASE WHEN to_status='discovered' THEN at END) d, MIN(CASE WHEN to_status='settled' THEN at END) s,
              MIN(CASE WHEN to_status='processing' THEN at END) p, MIN(CASE WHEN to_status='exported' THEN at END) e
       FROM events GROUP BY file_id`,
    )
    .all() as Array<{ d: number; s: number; p: number; e: number }>;
  const med = (f: (r: { d: number; s: number; p: number; e: number }) => number) => round(percentile(rows.map(f), 50) / 1000, 3);
  return { discoveredToSettled: med((r) => r.s - r.d), settledToUploaded: med((r) => r.p - r.s), uploadedToExported: med((r) => r.e - r.p) };
}

/**
 * The same stages from the file's last write (wall clock) on, p50 and p95 each, so a tail can
 * be traced to a stage: write -> settled (the settle window), settled -> uploaded (ticket + PUT),
 * uploaded -> exported (processing + result polling + values + sidecar).
 */
function stagePercentiles(daemon: Daemon, lastWriteWall: Map<string, number>): Record<string, { p50: number; p95: number }> {
  const rows = daemon.db
    .prepare(
      `SELECT f.rel_path name, MIN(CASE WHEN e.to_status='settled' THEN e.at END) s,
              MIN(CASE WHEN e.to_status='processing' THEN e.at END) p, MIN(CASE WHEN e.to_status='exported' THEN e.at END) e
       FROM events e JOIN files f ON f.id = e.file_id GROUP BY e.file_id`,
    )
    .all() as Array<{ name: string; s: number; p: number; e: number }>;
  const known = rows.filter((r) => lastWriteWall.has(r.name) && r.e);
  const stat = (f: (r: { name: string; s: number; p: number; e: number }) => number) => {
    const v = known.map(f);
    return { p50: round(percentile(v, 50) / 1000, 3), p95: round(percentile(v, 95) / 1000, 3) };
  };
  return {
    writeToSettled: stat((r) => r.s - lastWriteWall.get(r.name)!),
    settledToUploaded: stat((r) => r.p - r.s),
    uploadedToExported: stat((r) => r.e - r.p),
  };
}

function dropFiles(dir: string, n: number, size: number, prefix = 't'): void {
  for (let i = 0; i < n; i++) fs.writeFileSync(path.join(dir, `${prefix}${i}.bin`), randomBytes(size));
}

/** The baseline: the same client, ticket + PUT in a loop at the same concurrency; no watcher, no database. */
async function plainLoop(server: Server, dir: string, n: number): Promise<number> {
  const remote = new ClientRemote({ baseUrl: server.url, apiKey: server.key });
  const q = new PQueue({ concurrency: 4 });
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const f = path.join(dir, `t${i}.bin`);
    void q.add(() => remote.upload(f, { fileName: `base${i}.bin`, fileType: 'application/octet-stream', destinationPath: 'Base', isEphemeral: false, isSplit: false }, () => `base-${i}-${t0}`, () => undefined));
  }
  await q.onIdle();
  const s = (performance.now() - t0) / 1000;
  // Let the service finish processing these before the daemon's run, so neither run pays for the other.
  const last = await remote.upload(path.join(dir, 't0.bin'), { fileName: 'last.bin', fileType: 'application/octet-stream', isEphemeral: false, isSplit: false }, () => `last-${t0}`, () => undefined);
  while ((await remote.progress(last.uploadId)).status === 'waiting') await sleep(200);
  await remote.close();
  return n / s;
}

const THROUGHPUT_FILES = Number(process.env.SYNC_BENCH_FILES ?? 2000);

/** The plain loop's round: its files/s, and CPU seconds of this process and of the service. */
async function plainRound(server: Server) {
  const baseDir = tmp();
  dropFiles(baseDir, THROUGHPUT_FILES, 200 * 1024);
  const cpu0 = process.cpuUsage();
  const svc0 = await serviceCpuMs(server);
  const gc0 = await serviceGcMs(server);
  const use0 = await serviceUsage(server);
  const filesPerS = await plainLoop(server, baseDir, THROUGHPUT_FILES);
  const cpuS = { clientProcess: round(cpuSeconds(process.cpuUsage(cpu0)), 2), serviceProcess: round(((await serviceCpuMs(server)) - svc0) / 1000, 2) };
  const serviceGc = await serviceGcSince(server, gc0);
  const service = usageSince(use0, await serviceUsage(server), THROUGHPUT_FILES);
  fs.rmSync(baseDir, { recursive: true, force: true });
  return { filesPerS, cpuS, serviceGcMs: serviceGc, service };
}

/**
 * SQL statements run per SQL text (SYNC_BENCH_SQL=1): better-sqlite3's statements counted as
 * they run, for the statements-per-file figure of a round. Patched on the prototype before the
 * daemon prepares anything.
 */
const sqlCounts = new Map<string, number>();
async function countStatements(): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (this: unknown, sql: string) {
    const st = prepare.call(this as never, sql);
    const key = sql.replace(/\s+/g, ' ').slice(0, 160);
    for (const m of ['run', 'get', 'all', 'iterate'] as const) {
      const f = (st as unknown as Record<string, (...a: unknown[]) => unknown>)[m]!;
      (st as unknown as Record<string, unknown>)[m] = (...a: unknown[]) => {
        sqlCounts.set(key, (sqlCounts.get(key) ?? 0) + 1);
        return f.apply(st, a);
      };
    }
    return st;
  } as typeof prepare;
}

/** Statements per file since the last call: the top ones, and their total. */
function takeStatementCounts(files: number): { perFile: number; top: Array<[string, number]> } {
  const all = [...sqlCounts].sort((x, y) => y[1] - x[1]);
  sqlCounts.clear();
  const total = all.reduce((n, [, c]) => n + c, 0);
  return { perFile: round(total / files, 1), top: all.slice(0, 12).map(([sql, c]) => [sql, round(c / files, 2)]) };
}

/** Milliseconds this process spent in V8's garbage collector since the last call, by kind (young, full). */
let gcMs = { young: 0, full: 0 };
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    // NODE_PERFORMANCE_GC_MAJOR = 4 (mark-compact); the rest (scavenges, incremental steps, weak callbacks) count as young.
    const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind === 4 ? 'full' : 'young';
    gcMs[kind] += e.duration;
  }
});
function takeGcMs(): { young: number; full: number } {
  const taken = { young: round(gcMs.young, 0), full: round(gcMs.full, 0) };
  gcMs = { young: 0, full: 0 };
  return taken;
}

/**
 * SYNC_BENCH_PROFILE_DIR: a CPU profile of this process (the daemon and the bench loop) per daemon
 * round, `round-<n>.cpuprofile`, to see what a round that costs more than the others spent it on.
 */
async function profiled<T>(name: string, body: () => Promise<T>): Promise<T> {
  const dir = process.env.SYNC_BENCH_PROFILE_DIR;
  if (!dir) return body();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

interface DaemonHarness { daemon: Daemon; inbox: string; staging: string }

/**
 * The daemon's round: 2,000 new files moved into its inbox at once. Files/s until every one is
 * uploaded (the throughput), then on until every one is exported (here: failed, the service
 * reads nothing in random bytes) and the ledgers are written: the daemon's CPU seconds of the
 * whole round, the figure that must not grow with the rows the earlier rounds left in state.db.
 */
async function daemonRound(server: Server, h: DaemonHarness, roundNo: number) {
  const N = THROUGHPUT_FILES;
  const { daemon, inbox, staging } = h;
  // Written beside the inbox first and then moved in, as a person drops a batch (a move on the
  // same disk): all 2,000 appear at once, and the clock does not count this process writing 400 MB.
  const prefix = `r${roundNo}-t`;
  dropFiles(staging, N, 200 * 1024, prefix);
  // A file counts once its bytes are in (it leaves `uploading` with an upload id), told by the
  // daemon's own events: polling the database here would take the daemon's thread from it.
  const uploadedIds = new Set<number>();
  const doneIds = new Set<number>();
  let firstUpload = 0;
  let allUploaded = () => {};
  let allDone = () => {};
  const uploaded = new Promise<void>((resolve) => (allUploaded = resolve));
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const listener = ({ file, from }: { file: { id: number; status: string; upload_id: string | null; rel_path: string }; from: string | null }) => {
    if (!file.rel_path.startsWith(prefix)) return;
    if (file.status === 'uploading' && !firstUpload) firstUpload = performance.now();
    if (from === 'uploading' && file.status !== 'uploading' && file.upload_id) uploadedIds.add(file.id);
    if (file.status === 'exported' || file.status === 'failed') doneIds.add(file.id);
    if (uploadedIds.size >= N) allUploaded();
    if (doneIds.size >= N) allDone();
  };
  daemon.emitter.on('file', listener);
  takeStatementCounts(1);
  const cpu0 = process.cpuUsage();
  const svc0 = await serviceCpuMs(server);
  const gc0 = await serviceGcMs(server);
  const use0 = await serviceUsage(server);
  const t0 = performance.now();
  for (const f of fs.readdirSync(staging)) fs.renameSync(path.join(staging, f), path.join(inbox, f));
  const moveS = (performance.now() - t0) / 1000;
  await Promise.race([uploaded, sleep(600_000)]);
  const totalS = (performance.now() - t0) / 1000;
  const uploadPhaseS = (performance.now() - firstUpload) / 1000;
  const uploadCpuS = cpuSeconds(process.cpuUsage(cpu0));
  const serviceUploadCpuS = ((await serviceCpuMs(server)) - svc0) / 1000;
  const serviceGc = await serviceGcSince(server, gc0);
  const useUploaded = await serviceUsage(server);
  await Promise.race([done, sleep(600_000)]);
  await daemon.waitIdle(600_000, 100);
  await daemon.outputs.ledger.flush();
  const roundCpuS = cpuSeconds(process.cpuUsage(cpu0));
  const useEnd = await serviceUsage(server);
  const roundS = (performance.now() - t0) / 1000;
  daemon.emitter.off('file', listener);
  return {
    filesPerS: N / totalS, uploadPhaseFilesPerS: N / uploadPhaseS, uploaded: uploadedIds.size, done: doneIds.size, moveS, roundS,
    cpuS: { daemonProcess: round(uploadCpuS, 2), serviceProcess: round(serviceUploadCpuS, 2), daemonWholeRound: round(roundCpuS, 2) },
    serviceGcMs: serviceGc,
    // The service's CPU (user, system) and requests per file to uploaded and over the whole round.
    service: { toUploaded: usageSince(use0, useUploaded, N), wholeRound: usageSince(use0, useEnd, N) },
    statements: process.env.SYNC_BENCH_SQL ? takeStatementCounts(N) : undefined,
  };
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/**
 * 2. 2,000 files of 200 KB dropped at once: files/s until all are uploaded, next to the plain
 * loop. The two alternate over SYNC_BENCH_ROUNDS rounds (default 10) and the ratio is the median
 * of the rounds' ratios: the machine's speed drifts over a run (the plain loop alone has ranged
 * from 45 to 348 files/s here), and a drift between one plain phase and one daemon phase moves a
 * single ratio by 0.3 and more. One daemon and one state.db serve every round, as in a daemon
 * that runs for months: round k starts with the 2,000 (k-1) rows, events and ledger rows the
 * rounds before it left, and its CPU must not grow with them.
 */
async function throughput(server: Server) {
  const rounds = Number(process.env.SYNC_BENCH_ROUNDS ?? 10);
  if (process.env.SYNC_BENCH_SQL) await countStatements();
  const dir = tmp();
  const inbox = path.join(dir, 'inbox');
  const staging = path.join(dir, 'staging');
  fs.mkdirSync(inbox);
  fs.mkdirSync(staging);
  const h: DaemonHarness = { daemon: await startDaemon(server, inbox, path.join(dir, 'data')), inbox, staging };
  const plain: Awaited<ReturnType<typeof plainRound>>[] = [];
  const daemon: Awaited<ReturnType<typeof daemonRound>>[] = [];
  const gcPerRound: Array<{ young: number; full: number }> = [];
  const order: string[] = [];
  const plainLoad: Array<[number, number]> = [];
  const daemonLoad: Array<[number, number]> = [];
  // This process's GC in the plain loop's rounds: the daemon's heap is collected there too.
  const plainGc: Array<{ young: number; full: number }> = [];
  gcObserver.observe({ entryTypes: ['gc'] });
  try {
    for (let i = 0; i < rounds; i++) {
      // The order alternates (plain first in odd rounds, the daemon first in even ones): with the plain
      // loop always first, a machine whose load rises through the run slows the daemon's half of every
      // pair, and one whose load falls, the plain loop's. The load average at each half's start and end
      // shows which pairs the machine's other work moved.
      const runPlain = async () => {
        const from = os.loadavg()[0]!;
        takeGcMs();
        plain.push(await plainRound(server));
        plainGc.push(takeGcMs());
        plainLoad.push([round(from, 1), round(os.loadavg()[0]!, 1)]);
      };
      const runDaemon = async () => {
        const from = os.loadavg()[0]!;
        takeGcMs();
        daemon.push(await profiled(`round-${i + 1}`, () => daemonRound(server, h, i)));
        gcPerRound.push(takeGcMs());
        daemonLoad.push([round(from, 1), round(os.loadavg()[0]!, 1)]);
      };
      const daemonFirst = i % 2 === 1;
      order.push(daemonFirst ? 'daemon, plain' : 'plain, daemon');
      if (daemonFirst) {
        await runDaemon();
        await runPlain();
      } else {
        await runPlain();
        await runDaemon();
      }
      const p = plain[i]!;
      const d = daemon[i]!;
      console.log(`round ${i + 1}/${rounds} (${order[i]}): plain ${round(p.filesPerS)} files/s, daemon ${round(d.filesPerS)} files/s, ratio ${round(d.filesPerS / p.filesPerS, 2)}; `
        + `daemon CPU ${d.cpuS.daemonProcess} s to uploaded, ${d.cpuS.daemonWholeRound} s whole round (${round(d.roundS)} s), GC ${gcPerRound[i]!.young} ms young + ${gcPerRound[i]!.full} ms full; plain client CPU ${p.cpuS.clientProcess} s (GC ${plainGc[i]!.young} ms young + ${plainGc[i]!.full} ms full); `
        + `load plain ${plainLoad[i]!.join(' -> ')}, daemon ${daemonLoad[i]!.join(' -> ')}`);
      console.log(`  service CPU ${p.cpuS.serviceProcess} s in the plain loop's round (GC ${p.serviceGcMs.young} ms young + ${p.serviceGcMs.full} ms full), ${d.cpuS.serviceProcess} s in the daemon's to uploaded (GC ${d.serviceGcMs.young} + ${d.serviceGcMs.full} ms)`);
      const use = (u: ReturnType<typeof usageSince>) => `user ${u.userS} + sys ${u.systemS} s, per file ${Object.entries(u.requestsPerFile).map(([r, n]) => `${r} ${n}`).join(', ')}, write calls ${u.writeCallsPerFile}, read calls ${u.readCallsPerFile}`;
      console.log(`  service plain: ${use(p.service)}; daemon to uploaded: ${use(d.service.toUploaded)}; daemon whole round: ${use(d.service.wholeRound)}`);
      if (d.statements) console.log(`  statements per file: ${d.statements.perFile}`, d.statements.top);
    }
  } finally {
    gcObserver.disconnect();
    await h.daemon.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const ratios = daemon.map((d, i) => round(d.filesPerS / plain[i]!.filesPerS, 2));
  const uploadPhaseRatios = daemon.map((d, i) => round(d.uploadPhaseFilesPerS / plain[i]!.filesPerS, 2));
  const wholeCpu = daemon.map((d) => d.cpuS.daemonWholeRound);
  const uploadCpu = daemon.map((d) => d.cpuS.daemonProcess);
  // Growth of the daemon's CPU per round: the median of the last three rounds against the first three's.
  const growth = (xs: number[]) => (xs.length >= 6 ? round(median(xs.slice(-3)) / median(xs.slice(0, 3)) - 1, 3) : null);
  return {
    files: THROUGHPUT_FILES, fileKB: 200, concurrency: 4, rounds,
    uploaded: daemon.map((d) => d.uploaded), exportedOrFailed: daemon.map((d) => d.done),
    plainLoopFilesPerS: plain.map((p) => round(p.filesPerS)),
    daemonFilesPerS: daemon.map((d) => round(d.filesPerS)),
    daemonUploadPhaseFilesPerS: daemon.map((d) => round(d.uploadPhaseFilesPerS)),
    moveIntoInboxS: daemon.map((d) => round(d.moveS, 2)),
    ratioPerRound: ratios, ratio: median(ratios), target: 0.9, pass: median(ratios) >= 0.9,
    orderPerRound: order,
    // 1-minute load average at the start and end of each half of a round.
    loadPerRound: { plainLoop: plainLoad, daemon: daemonLoad },
    uploadPhaseRatioPerRound: uploadPhaseRatios, uploadPhaseRatio: median(uploadPhaseRatios),
    daemonCpuPerRoundS: { toUploaded: uploadCpu, wholeRound: wholeCpu },
    daemonCpuGrowth: { toUploaded: growth(uploadCpu), wholeRound: growth(wholeCpu), target: 0.1, how: 'median of the last 3 rounds / median of the first 3 - 1' },
    // A busy machine makes every CPU second dearer (fewer writes share a commit, shared caches):
    // the plain loop's CPU in the same round moves with it, history does not.
    daemonCpuPerPlainCpu: { toUploaded: uploadCpu.map((c, i) => round(c / plain[i]!.cpuS.clientProcess, 2)), growth: growth(uploadCpu.map((c, i) => c / plain[i]!.cpuS.clientProcess)) },
    cpuS: { plainLoop: plain.map((p) => p.cpuS), daemon: daemon.map((d) => ({ ...d.cpuS })) },
    // Time in V8's garbage collector during each daemon round (this process: daemon and bench loop).
    gcMsPerRound: gcPerRound,
    plainLoopGcMsPerRound: plainGc,
    // The service process's GC time in each plain loop's round and each daemon round (to uploaded).
    serviceGcMsPerRound: { plainLoop: plain.map((p) => p.serviceGcMs), daemon: daemon.map((d) => d.serviceGcMs) },
    // The service's CPU, user and system apart, and its requests per file by route, in each round.
    servicePerRound: { plainLoop: plain.map((p) => p.service), daemon: daemon.map((d) => d.service) },
    statementsPerFile: daemon.map((d) => d.statements?.perFile ?? null),
    note: 'daemonFilesPerS counts from the move into the inbox (includes the 1 s settle window); the upload phase from the first upload; daemon CPU includes moving the files in; one daemon and state.db for all rounds',
  };
}

function readProc(pid: number): { rssMb: number; peakRssMb: number; cpuTicks: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return { rssMb: round(kb('VmRSS') / 1024), peakRssMb: round(kb('VmHWM') / 1024), cpuTicks: Number(stat[11]) + Number(stat[12]) };
}

/** CPU ticks per thread name (`node` is the main thread; V8's and libuv's workers have their own). */
function threadTicks(pid: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const raw = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
      const f = raw.slice(raw.lastIndexOf(') ') + 2).split(' ');
      out[name] = (out[name] ?? 0) + Number(f[11]) + Number(f[12]);
    } catch {
      // the thread ended
    }
  }
  return out;
}

/** The compiled code, as `npm ci` and `npm start` make it (bin/build.mjs: nothing to do when current). */
function buildDist(): void {
  const root = path.resolve(HERE, '..', '..');
  const r = spawnSync(process.execPath, [path.join(root, 'bin', 'build.mjs'), '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed: bin/build.mjs');
}

/**
 * 3. Scale: N synced files (10,000, 100,000 and 1,000,000 by default; SYNC_BENCH_SCALE="n,n,..."):
 * start to idle, peak RSS, idle CPU of `docsync start`'s daemon and UI server in their own
 * process. `compiled` runs the JavaScript `npm run build` makes, as `npm start` and the tray app
 * run it (the target); `tsx` the TypeScript sources, as `docsync` runs right after an edit.
 * The tree is sparse: 1,000 empty files per folder (no data blocks, only inodes and directory
 * entries: about 250 MB of disk at 1,000,000), each with its row in state.db as if synced.
 */
async function scale(server: Server, mode: 'compiled' | 'tsx', N: number) {
  // SYNC_BENCH_SCALE_DIR: where the tree goes (e.g. /dev/shm when the disk is too busy to
  // create 1,000,000 files in reasonable time; the daemon's state.db goes there too).
  const dir = process.env.SYNC_BENCH_SCALE_DIR ? fs.mkdtempSync(path.join(process.env.SYNC_BENCH_SCALE_DIR, 'docsync-bench-')) : tmp();
  const inbox = path.join(dir, 'inbox');
  const dataDir = path.join(dir, 'data');
  const t0 = performance.now();
  const db = openStateDb(dataDir);
  const insert = db.prepare(
    `INSERT INTO files (folder, rel_path, size, mtime_ms, sha256, status, remote_path, upload_id, file_ids, created_at, updated_at, exported_at)
     VALUES (?, ?, ?, ?, ?, 'exported', 'Bench', 'u', '[]', ?, ?, ?)`,
  );
  const perDir = Math.min(N, 1000);
  const now = Date.now();
  const seedDir = db.transaction((d: number) => {
    const sub = path.join(inbox, `d${d}`);
    fs.mkdirSync(sub, { recursive: true });
    for (let i = 0; i < perDir; i++) {
      const f = path.join(sub, `f${i}.txt`);
      fs.closeSync(fs.openSync(f, 'w'));
      const st = fs.statSync(f);
      insert.run(inbox, `d${d}/f${i}.txt`, st.size, st.mtimeMs, 'x', now, now, now);
    }
  });
  for (let d = 0; d < N / perDir; d++) seedDir(d);
  db.close();
  const seedS = (performance.now() - t0) / 1000;
  const config = path.join(dir, 'config.json');
  fs.writeFileSync(config, JSON.stringify({ folders: [{ path: inbox, remotePath: 'Bench' }], log: { level: 'warn' }, ...(process.env.SYNC_BENCH_CLAIMS_OFF ? { sharedFolders: { claims: 'off' } } : {}) }));

  const loadAtStart = os.loadavg().map((n) => round(n, 2));
  const start = performance.now();
  // SYNC_BENCH_NODE_FLAGS: e.g. "--max-semi-space-size=2" to see what V8's young generation costs in RSS.
  const flags = (process.env.SYNC_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const loader = mode === 'tsx' ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...flags, ...loader, path.join(HERE, 'syncDaemon.mjs'), config, dataDir, server.url], {
    env: { ...process.env, DOCSYNC_API_KEY: server.key, DOCSYNC_MODULES: mode === 'tsx' ? 'src' : 'dist/src' },
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: path.resolve(HERE, '..', '..'), // where `--import tsx` resolves
  });
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, readProc(child.pid!).peakRssMb);
    } catch {
      // exited
    }
  }, 100);
  const line = await jsonLine(child, 'daemon');
  const startToIdleS = (performance.now() - start) / 1000;
  const inner = JSON.parse(line) as { importAndStartMs: number; idleAfterMs: number; cpuMsAtIdle: number; heapUsedMbAtIdle: number };
  const atIdle = readProc(child.pid!);
  // CPU ticks per 10 s of a minute and a half of idle: shows whether idle CPU is steady or a burst
  // after start. The first minute holds V8's one full GC that gives back start-up garbage (its
  // memory reducer, ~50 ms); the minute from 30 s on is the daemon at rest.
  const idleTicksPer10s: number[] = [];
  let last = atIdle.cpuTicks;
  const threadsAtIdle = threadTicks(child.pid!);
  let idleTicksByThreadFirst10s: Record<string, number> = {};
  for (let i = 0; i < 9; i++) {
    await sleep(10_000);
    if (i === 0) {
      const now = threadTicks(child.pid!);
      idleTicksByThreadFirst10s = Object.fromEntries(Object.entries(now).map(([k, v]) => [k, v - (threadsAtIdle[k] ?? 0)]).filter(([, d]) => d !== 0));
    }
    const t = readProc(child.pid!).cpuTicks;
    idleTicksPer10s.push(t - last);
    last = t;
  }
  const after = readProc(child.pid!);
  clearInterval(sampler);
  const ticksPerS = 100;
  const pctOfMinute = (ticks: number[]) => round((ticks.reduce((a, b) => a + b, 0) / ticksPerS / 60) * 100, 3);
  const idleCpuPct = pctOfMinute(idleTicksPer10s.slice(0, 6));
  const idleCpuSteadyPct = pctOfMinute(idleTicksPer10s.slice(3));
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const check = openStateDb(dataDir);
  const changed = check.prepare("SELECT COUNT(*) FROM files WHERE status != 'exported'").pluck().get() as number;
  check.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return {
    mode, files: N, seedS: round(seedS), loadAtStart, startToIdleS: round(startToIdleS, 2), daemonStartToIdleS: round(inner.idleAfterMs / 1000, 2),
    daemonCpuToIdleS: round(inner.cpuMsAtIdle / 1000, 2), heapUsedMbAtIdle: inner.heapUsedMbAtIdle,
    peakRssMb: Math.max(peak, after.peakRssMb), rssAfterIdleMb: after.rssMb, idleCpuPercent: idleCpuPct, idleCpuPercentFrom30s: idleCpuSteadyPct, idleTicksPer10s, idleTicksByThreadFirst10s,
    rowsNotExportedAfter: changed, nodeFlags: flags.join(' '), targets: N >= 1_000_000 ? { startToIdleS: 20, peakRssMb: 400 } : { startToIdleS: 2, peakRssMb: 100, idleCpuPercent: 0.1 },
  };
}

/**
 * Options (`npm run bench -- sync --part scale --sizes 10000,100000`), or the environment as before:
 * part (SYNC_BENCH_PART): latency, latency-embedded, documents, throughput, shared or scale (all but
 * latency-embedded by default); sizes (SYNC_BENCH_SCALE): the scale part's numbers of files;
 * tsx (SYNC_BENCH_SCALE_TSX): `--tsx false` skips the run of the TypeScript sources at 100,000.
 */
export async function run(options: Record<string, string | boolean> = {}): Promise<object> {
  const server = await startServer();
  try {
    const only = typeof options.part === 'string' ? options.part : process.env.SYNC_BENCH_PART;
    const result: Record<string, unknown> = { load: os.loadavg().map((n) => round(n, 2)) };
    if (!only || only === 'latency') result.latency = await latency(server);
    if (only === 'latency-embedded') result.latencyEmbedded = await latency(server, true);
    if (!only || only === 'documents') {
      result.documents = await documentLatency();
      const d = result.documents as { textPdf: { p95S?: number }; scan: { p95S?: number } };
      console.log(`documents to values on disk, p95: text PDF ${d.textPdf.p95S} s, scanned page ${d.scan.p95S} s`);
    }
    if (!only || only === 'throughput') result.throughput = await throughput(server);
    if (!only || only === 'shared') result.sharedFolder = await sharedFolder(server);
    if (!only || only === 'scale') {
      buildDist();
      const sizes = String(options.sizes ?? process.env.SYNC_BENCH_SCALE ?? '10000,100000,1000000').split(',').map(Number);
      const compiled: Array<Awaited<ReturnType<typeof scale>>> = [];
      for (const n of sizes) {
        const r = await scale(server, 'compiled', n);
        console.log(`scale ${n} files (compiled): start to idle ${r.startToIdleS} s (daemon CPU ${r.daemonCpuToIdleS} s), peak RSS ${r.peakRssMb} MB, idle CPU ${r.idleCpuPercent}% (first minute), ${r.idleCpuPercentFrom30s}% (from 30 s), load ${r.loadAtStart.join(' ')}`);
        compiled.push(r);
      }
      result.scale = compiled;
      // How start-up time and memory grow with the number of files, from the smallest size on.
      result.scaleGrowth = compiled.map((r) => ({
        files: r.files, filesX: round(r.files / compiled[0]!.files), startToIdleS: r.startToIdleS, startToIdleX: round(r.startToIdleS / compiled[0]!.startToIdleS, 2),
        daemonCpuToIdleS: r.daemonCpuToIdleS, daemonCpuX: round(r.daemonCpuToIdleS / compiled[0]!.daemonCpuToIdleS, 2),
        peakRssMb: r.peakRssMb, rssPer1kFilesKb: round(((r.peakRssMb - compiled[0]!.peakRssMb) * 1024) / Math.max(1, (r.files - compiled[0]!.files) / 1000), 1),
      }));
      printGrowth(compiled);
      const tsx = String(options.tsx ?? process.env.SYNC_BENCH_SCALE_TSX ?? 'true') !== 'false';
      if (tsx && sizes.includes(100_000)) result.scaleTsx = await scale(server, 'tsx', 100_000);
    }
    return result;
  } finally {
    await stopServer(server);
  }
}

/** The growth table of the scale part, one line per size, with the targets of issue 20 beside. */
function printGrowth(runs: Array<Awaited<ReturnType<typeof scale>>>): void {
  const cells = (xs: Array<string | number>) => xs.map((x, i) => String(x).padStart(i === 0 ? 9 : 13)).join(' ');
  console.log(cells(['files', 'start->idle s', 'daemon CPU s', 'peak RSS MB', 'idle CPU %', 'from 30 s %', 'load (1 min)']));
  for (const r of runs) {
    const t = r.targets as { startToIdleS: number; peakRssMb: number; idleCpuPercent?: number };
    const mark = (v: number, target: number | undefined) => (target === undefined ? `${v}` : `${v}${v <= target ? ' ok' : ' >'}${target}`);
    console.log(cells([r.files, mark(r.startToIdleS, t.startToIdleS), r.daemonCpuToIdleS, mark(r.peakRssMb, t.peakRssMb), mark(r.idleCpuPercent, t.idleCpuPercent),
      mark(r.idleCpuPercentFrom30s, t.idleCpuPercent), r.loadAtStart[0]!]));
  }
}
