// `npm run bench -- syncInstructions` (issue 20): instructions per file of the sync daemon and of
// the bare ticket-and-PUT loop, counted by valgrind's callgrind in one process running the
// compiled code (syncRound.mjs, over `npm run build`'s dist/), every thread (the main thread and
// libuv's pool, which reads and stats the files). A count of instructions does not move with the
// machine's load, where the CPU seconds and files/s of `npm run bench -- sync --part throughput`
// do (two cores shared). The service runs in its own process, not counted. After a warm-up round
// of each (BENCH_WARMUP files, default 200), counting is on from just before the files are moved
// into the inbox (the daemon) or the loop starts (plain) until the last one is uploaded (left
// `uploading` with an upload id), for BENCH_FILES files of 200 KB (default 500). The count
// includes the daemon's timers meanwhile (its one-second control tick): under valgrind a round
// takes far longer than in a real run, so their share is larger here.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { valgrindInstalled } from './callgrind.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const FILES = Number(process.env.BENCH_FILES ?? 500);

function lineReader(child: ChildProcess): (want: (line: string) => boolean) => Promise<string> {
  const waiting: Array<{ want: (line: string) => boolean; resolve: (line: string) => void }> = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    const i = waiting.findIndex((w) => w.want(line));
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(line);
  });
  return (want) => new Promise((resolve) => waiting.push({ want, resolve }));
}

function writeFiles(dir: string, n: number, prefix: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < n; i++) fs.writeFileSync(path.join(dir, `${prefix}${i}.bin`), randomBytes(200 * 1024));
}

export async function run(): Promise<object> {
  if (!valgrindInstalled()) return { skipped: 'valgrind not installed' };
  const built = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'build.mjs'), '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('build failed: bin/build.mjs');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-bench-'));
  // BENCH_CALLGRIND_DIR: where the counts are kept, for callgrind_annotate (else removed with the run).
  const out = process.env.BENCH_CALLGRIND_DIR ?? path.join(dir, 'callgrind');
  const inbox = path.join(dir, 'inbox');
  fs.mkdirSync(out, { recursive: true });
  fs.mkdirSync(inbox);
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'serviceServer.ts'), 'service'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  const { url, key } = JSON.parse(await lineReader(server)((l) => l.startsWith('{"'))) as { url: string; key: string };
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--separate-threads=yes', '--instr-atstart=no', `--callgrind-out-file=${out}/cg.%p`,
      process.execPath, path.join(HERE, 'syncRound.mjs'), inbox, path.join(dir, 'data'), url],
    { cwd: ROOT, env: { ...process.env, DOCSYNC_API_KEY: key }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const next = lineReader(child);
  const say = (line: string) => child.stdin!.write(`${line}\n`);
  const control = (...args: string[]) => execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'ignore' });
  let dumps = 0;
  /** Instructions from zeroing to the dump: every thread's, and the main thread's. */
  const counted = async (body: () => Promise<void>): Promise<{ all: number; main: number }> => {
    control('-z');
    control('-i', 'on');
    await body();
    control('-i', 'off');
    control('-d');
    dumps++;
    let all = 0;
    let main = 0;
    for (const f of fs.readdirSync(out).filter((n) => n.startsWith(`cg.${child.pid}.${dumps}-`))) {
      const n = Number(/^totals:\s+(\d+)/m.exec(fs.readFileSync(path.join(out, f), 'utf8'))?.[1] ?? 0);
      all += n;
      if (f.endsWith('-01')) main = n;
    }
    return { all, main };
  };
  const daemonRound = async (prefix: string, n: number) => {
    const staging = path.join(dir, `staging-${prefix}`);
    writeFiles(staging, n, prefix);
    say(`daemon ${prefix} ${n}`);
    await next((l) => l === 'armed');
    return async () => {
      const done = next((l) => l.startsWith('{"uploaded"'));
      for (const f of fs.readdirSync(staging)) fs.renameSync(path.join(staging, f), path.join(inbox, f));
      await done;
    };
  };
  const plainRound = (name: string, n: number) => {
    const d = path.join(dir, name);
    writeFiles(d, n, 't');
    return async () => {
      const done = next((l) => l.startsWith('{"uploaded"'));
      say(`plain ${d} ${n}`);
      await done;
    };
  };
  try {
    await next((l) => l === 'ready');
    // Warm-up, not counted: the code compiled, state.db with rows, the connections open.
    await (await daemonRound('w-', WARMUP))();
    await plainRound('plain-w', WARMUP)();
    const plain = await counted(plainRound('plain-1', FILES));
    const daemon = await counted(await daemonRound('r1-', FILES));
    const per = (n: number) => Math.round(n / FILES);
    const result = {
      files: FILES, fileKB: 200, warmupFiles: WARMUP,
      instructionsPerFile: { plainLoop: per(plain.all), daemon: per(daemon.all) },
      mainThreadPerFile: { plainLoop: per(plain.main), daemon: per(daemon.main) },
      plainOverDaemon: Math.round((plain.all / daemon.all) * 1000) / 1000,
    };
    console.log(`per file: plain loop ${(result.instructionsPerFile.plainLoop / 1e6).toFixed(2)}M instructions, daemon ${(result.instructionsPerFile.daemon / 1e6).toFixed(2)}M (main thread ${(result.mainThreadPerFile.plainLoop / 1e6).toFixed(2)}M, ${(result.mainThreadPerFile.daemon / 1e6).toFixed(2)}M); plain over daemon ${result.plainOverDaemon}`);
    return result;
  } finally {
    say('stop');
    await new Promise((r) => child.once('exit', r));
    server.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
