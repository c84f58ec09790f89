// Randomised sync-engine test: seeded sequences of creates, modifications, renames, moves and
// deletions of files and folders, with restarts of the daemon, against the real local service over
// HTTP. After each run the invariants must hold. CI runs SYNC_FUZZ_SEEDS (default 2) seeds from
// SYNC_FUZZ_SEED (default 1); a failure names its seed so `SYNC_FUZZ_SEED=<seed> SYNC_FUZZ_SEEDS=1`
// replays it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isDocsyncOutput } from '../../../src/sync/export/index.js';
import type { FileRow } from '../../../src/sync/state/files.js';
import { createHarness, invoiceText, sleep, type Harness } from './harness.js';

const SEEDS = Number(process.env.SYNC_FUZZ_SEEDS ?? 2);
const FIRST = Number(process.env.SYNC_FUZZ_SEED ?? 1);
const OPS = Number(process.env.SYNC_FUZZ_OPS ?? 30);

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** mulberry32: small, fast, and the same sequence for a seed on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sha = (p: string) => createHash('sha256').update(fs.readFileSync(p)).digest('hex');

/** Every file under the inbox that docsync would take (its own outputs left out). */
function filesOnDisk(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs);
      else if (e.isFile() && !isDocsyncOutput(e.name)) out.push(path.relative(root, abs).split(path.sep).join('/'));
    }
  };
  walk(root);
  return out.sort();
}

interface Run {
  log: string[];
  ops: number;
  restarts: number;
}

/** One random step; returns what it did (for the failure report). */
async function step(hh: Harness, rnd: () => number, n: { content: number }, run: Run): Promise<void> {
  const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(rnd() * xs.length)];
  const files = filesOnDisk(hh.inbox);
  const dirs = ['', 'a', 'b', 'a/deep'];
  const abs = (rel: string) => path.join(hh.inbox, ...rel.split('/'));
  const r = rnd();
  const newName = () => `${pick(dirs)}/f${Math.floor(rnd() * 1000)}.txt`.replace(/^\//, '');
  const write = (rel: string) => {
    fs.mkdirSync(path.dirname(abs(rel)), { recursive: true });
    fs.writeFileSync(abs(rel), invoiceText(++n.content) + `#${n.content}\n`); // every write new content
  };
  const target = pick(files);
  if (r < 0.35 || !target) {
    const rel = newName();
    write(rel);
    run.log.push(`create ${rel}`);
  } else if (r < 0.5) {
    write(target);
    run.log.push(`modify ${target}`);
  } else if (r < 0.62) {
    const to = newName();
    if (fs.existsSync(abs(to))) return;
    fs.mkdirSync(path.dirname(abs(to)), { recursive: true });
    fs.renameSync(abs(target), abs(to));
    run.log.push(`move ${target} -> ${to}`);
  } else if (r < 0.74) {
    fs.rmSync(abs(target));
    run.log.push(`delete ${target}`);
  } else if (r < 0.8) {
    const dir = pick(['a', 'b'])!;
    const to = `${dir}-${Math.floor(rnd() * 100)}`;
    if (!fs.existsSync(abs(dir)) || fs.existsSync(abs(to))) return;
    fs.renameSync(abs(dir), abs(to));
    run.log.push(`rename folder ${dir} -> ${to}`);
  } else if (r < 0.85) {
    const dir = pick(['a', 'b', 'a/deep'])!;
    fs.rmSync(abs(dir), { recursive: true, force: true });
    run.log.push(`delete folder ${dir}`);
  } else if (r < 0.9) {
    await hh.stop();
    run.restarts++;
    if (rnd() < 0.5) write(newName()); // written while docsync is off
    await hh.start();
    run.log.push('restart');
  } else {
    await sleep(Math.floor(rnd() * 1500)); // let some work finish, some not
    run.log.push('wait');
  }
  run.ops++;
}

/** The invariants; returns the violations (empty when all hold). */
function violations(hh: Harness): string[] {
  const out: string[] = [];
  const rows = hh.rows();
  const live = new Map<string, FileRow>(rows.filter((r) => r.status !== 'removed').map((r) => [r.rel_path, r]));
  const uploads = hh.service.service.db.prepare('SELECT id, blob_sha256 FROM uploads').all() as Array<{ id: string; blob_sha256: string | null }>;
  const uploadsOf = new Map<string, number>();
  for (const u of uploads) if (u.blob_sha256) uploadsOf.set(u.blob_sha256, (uploadsOf.get(u.blob_sha256) ?? 0) + 1);
  const uploadIds = new Map(uploads.map((u) => [u.id, u.blob_sha256]));
  const present = filesOnDisk(hh.inbox);
  for (const rel of present) {
    const row = live.get(rel);
    const content = sha(path.join(hh.inbox, ...rel.split('/')));
    if (!row) out.push(`${rel}: on disk, no row`);
    else if (row.sha256 !== content) out.push(`${rel}: row hash ${row.sha256} is not the file's ${content} (${row.status})`);
    else if (row.status === 'exported') {
      if (!fs.existsSync(path.join(hh.inbox, ...`${rel}.values.json`.split('/')))) out.push(`${rel}: exported, no JSON sidecar`);
      if (uploadIds.get(row.upload_id ?? '') !== content) out.push(`${rel}: its upload ${row.upload_id} is not on the service with this content`);
    } else if (row.status === 'skipped') {
      const of = rows.find((x) => x.id === row.duplicate_of);
      if (!of || of.status === 'removed') out.push(`${rel}: skipped as a duplicate of ${of?.rel_path ?? '?'}, which is gone: its content is nowhere exported`);
    } else out.push(`${rel}: ${row.status} (${row.reason}) after the run`);
    if ((uploadsOf.get(content) ?? 0) > 1) out.push(`${rel}: its content was uploaded ${uploadsOf.get(content)} times`);
    if (row && (uploadsOf.get(content) ?? 0) === 0) out.push(`${rel}: its content was never uploaded`);
  }
  const presentSet = new Set(present);
  for (const [rel, row] of live) if (!presentSet.has(rel)) out.push(`${rel}: row ${row.status} but the file is gone`);
  for (const [content, n] of uploadsOf) if (n > 1) out.push(`content ${content.slice(0, 12)} uploaded ${n} times`);
  return [...new Set(out)];
}

/** Every row's transitions, for a failure report. */
function history(hh: Harness): string[] {
  const events = hh.daemon.db.prepare('SELECT f.rel_path, f.sha256, e.from_status, e.to_status, e.reason FROM events e JOIN files f ON f.id = e.file_id ORDER BY e.id').all() as Array<Record<string, string | null>>;
  return events.map((e) => `${e.rel_path} [${(e.sha256 ?? '').slice(0, 8)}] ${e.from_status} -> ${e.to_status}: ${e.reason}`);
}

describe('randomised sync engine', () => {
  for (let seed = FIRST; seed < FIRST + SEEDS; seed++) {
    it(`seed ${seed}: ${OPS} random operations with restarts keep state.db, disk and service in agreement`, async () => {
      h = await createHarness();
      await h.start();
      const rnd = random(seed);
      const run: Run = { log: [], ops: 0, restarts: 0 };
      const n = { content: seed * 10_000 };
      for (let i = 0; i < OPS; i++) {
        await step(h, rnd, n, run);
        await sleep(Math.floor(rnd() * 200));
      }
      await h.daemon.waitIdle(120_000);
      await h.daemon.rescanAll(); // what the hourly rescan would find
      await h.daemon.waitIdle(120_000);
      const found = violations(h);
      if (found.length > 0) {
        console.error(`SYNC FUZZ seed ${seed} failed; replay with SYNC_FUZZ_SEED=${seed} SYNC_FUZZ_SEEDS=1\n` +
          `operations:\n  ${run.log.join('\n  ')}\nviolations:\n  ${found.join('\n  ')}\nhistory:\n  ${history(h).join('\n  ')}`);
      }
      expect(found, `seed ${seed}`).toEqual([]);
      console.info(`sync fuzz seed ${seed}: ${run.ops} operations, ${run.restarts} restarts, ${filesOnDisk(h.inbox).length} files, ${h.serviceUploads()} uploads`);
    }, 240_000);
  }
});
