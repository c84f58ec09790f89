// `npm run bench -- serviceInstructions` (issue 20): instructions per request on the server's main
// thread, counted by valgrind's callgrind, for the bare Fastify route, an upload ticket, and an
// upload ticket with an Idempotency-Key. A count of instructions does not move with the machine's
// load, where the requests per second of `npm run bench -- service` do (two cores shared).
// Each server (serviceServer.ts) runs under callgrind with counting off while it starts and
// warms up (BENCH_WARMUP requests, default 4,000), then on for BENCH_REQUESTS (default 2,000)
// at 32 connections. Needs valgrind (`apt-get install valgrind`); without it, says so and stops.
// The count includes what runs on timers meanwhile (the callback outbox's poll every 250 ms):
// under valgrind a request takes far longer, so that share is larger than in a real run.
// To see where the instructions go: BENCH_KINDS=uploadTicket (a comma-separated subset) counts
// only those, BENCH_CALLGRIND_KEEP=<dir> keeps each main thread's profile there (<kind>.cg, for
// callgrind_annotate), and BENCH_PERF_MAP=1 runs node with --perf-basic-prof, whose
// /tmp/perf-<pid>.map (pid in <kind>.pid) names the JIT code callgrind shows as addresses.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { valgrindInstalled } from './callgrind.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONNECTIONS = 32;
const KEEP = process.env.BENCH_CALLGRIND_KEEP;
const PERF_MAP = process.env.BENCH_PERF_MAP === '1' ? ['--perf-basic-prof', '--interpreted-frames-native-stack'] : [];

type Kind = 'helloWorld' | 'uploadTicket' | 'uploadTicketWithKey';

async function count(kind: Kind): Promise<number> {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-callgrind-'));
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--separate-threads=yes', '--instr-atstart=no', `--callgrind-out-file=${out}/cg.%p`,
      process.execPath, ...PERF_MAP, '--import', 'tsx', path.join(HERE, 'serviceServer.ts'), kind === 'helloWorld' ? 'hello' : 'service'],
    { cwd: path.resolve(HERE, '..', '..'), stdio: ['ignore', 'pipe', 'ignore', 'ipc'] },
  );
  try {
    const first = await new Promise<string>((resolve, reject) => {
      readline.createInterface({ input: child.stdout! }).on('line', (line) => line.startsWith('{') && resolve(line));
      child.once('exit', (code) => reject(new Error(`the server under valgrind exited with ${code}`)));
    });
    const { url, key } = JSON.parse(first) as { url: string; key?: string };
    const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
    const request = () => {
      if (kind === 'helloWorld') return { method: 'GET' as const, path: '/hello' };
      const headers: Record<string, string> = { 'x-api-key': key!, 'content-type': 'application/json' };
      if (kind === 'uploadTicketWithKey') headers['idempotency-key'] = `bench-${Math.random()}`;
      return { method: 'POST' as const, path: '/prod/v1/files/upload', headers, body: JSON.stringify({ fileName: 'bench.txt', fileType: 'text/plain' }) };
    };
    const run = async (n: number) => {
      let left = n;
      const loop = async () => {
        for (; left > 0; left--) {
          const res = await pool.request(request());
          await res.body.dump();
          if (res.statusCode !== 200) throw new Error(`${kind}: status ${res.statusCode}`);
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, loop));
    };
    const control = (...args: string[]) => execFileSync('callgrind_control', [...args, String(child.pid)], { stdio: 'ignore' });
    await run(WARMUP);
    control('-z');
    control('-i', 'on');
    await run(REQUESTS);
    control('-d');
    await pool.close();
    // The dump's file of the main thread: cg.<pid>.1-01.
    const text = fs.readFileSync(path.join(out, `cg.${child.pid}.1-01`), 'utf8');
    if (KEEP) {
      fs.mkdirSync(KEEP, { recursive: true });
      fs.writeFileSync(path.join(KEEP, `${kind}.cg`), text);
      fs.writeFileSync(path.join(KEEP, `${kind}.pid`), String(child.pid));
    }
    const total = Number(/^(?:summary|totals):\s+(\d+)/m.exec(text)?.[1]);
    return Math.round(total / REQUESTS);
  } finally {
    child.kill('SIGTERM');
    fs.rmSync(out, { recursive: true, force: true });
  }
}

export async function run(): Promise<object> {
  if (!valgrindInstalled()) return { skipped: 'valgrind not installed' };
  const perRequest: Partial<Record<Kind, number>> = {};
  const all: Kind[] = ['helloWorld', 'uploadTicket', 'uploadTicketWithKey'];
  const kinds = (process.env.BENCH_KINDS?.split(',') ?? all) as Kind[];
  const unknown = kinds.filter((kind) => !all.includes(kind));
  if (unknown.length) throw new Error(`BENCH_KINDS: unknown ${unknown.join(', ')} (known: ${all.join(', ')})`);
  for (const kind of kinds) {
    perRequest[kind] = await count(kind);
    console.log(`${kind}: ${(perRequest[kind]! / 1000).toFixed(1)}k instructions per request on the main thread`);
  }
  const ratio = (kind: Kind) => (perRequest.helloWorld && perRequest[kind] ? Math.round((perRequest.helloWorld / perRequest[kind]) * 1000) / 1000 : null);
  console.log(`hello-world's instructions over the ticket's: ${ratio('uploadTicket')} (with a key ${ratio('uploadTicketWithKey')})`);
  return {
    warmupRequests: WARMUP,
    measuredRequests: REQUESTS,
    connections: CONNECTIONS,
    instructionsPerRequest: perRequest,
    helloWorldOverTicket: ratio('uploadTicket'),
    helloWorldOverTicketWithKey: ratio('uploadTicketWithKey'),
  };
}
