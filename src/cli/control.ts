import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import type { Config } from '../sync/config.js';
import { foundAt, whereNow, type Placed } from '../sync/location.js';
import { everyPlace } from '../sync/state/queries.js';
import { ControlStore } from '../sync/state/control.js';
import type { Db } from '../sync/state/db.js';
import { FileStore } from '../sync/state/files.js';
import { durationText, type PageProgress, type Progress } from '../sync/progress.js';
import { isAlive, statusReport, type StatusReport } from '../sync/status.js';
import { fail, locations, readConfig, withCommon, withDb, type CommonOptions } from './options.js';

/** status, retry, pause, resume, export: they act on the state database the daemon reads. */
export function registerControlCommands(program: Command): void {
  withCommon(program.command('status'))
    .description('per folder: counts by status, and the failures with reasons')
    .option('--json', 'machine-readable')
    .action((opts: CommonOptions & { json?: boolean }) => {
      try {
        const loc = locations(opts);
        const config = readConfig(loc);
        const report = withDb(loc, (db) => statusReport(db, config.folders.map((f) => f.path)));
        process.stdout.write(opts.json ? JSON.stringify(report, null, 2) + '\n' : formatStatus(report));
      } catch (err) {
        fail(err);
      }
    });

  withCommon(program.command('retry [path]'))
    .description('retry failed files (all, or those under PATH)')
    .action((p: string | undefined, opts: CommonOptions) => {
      try {
        const loc = locations(opts);
        const under = p ? path.resolve(p) : undefined;
        const { n, known } = withDb(loc, (db) => ({ n: retryFailed(new FileStore(db), under), known: !under || knowsPath(db, under) }));
        if (!known && !fs.existsSync(under!)) {
          process.stderr.write(`docsync: no file or folder ${under} is known: check the name (see "docsync status")\n`);
          process.exit(1);
        }
        process.stdout.write(n > 0 || !under ? `${n} file(s) queued again\n` : `nothing failed under ${under}: nothing to retry\n`);
      } catch (err) {
        fail(err);
      }
    });

  for (const [name, pause] of [['pause', true], ['resume', false]] as const) {
    withCommon(program.command(`${name} [folder]`))
      .description(`${name} uploads (all folders, or one)`)
      .action((folder: string | undefined, opts: CommonOptions) => {
        try {
          const key = folder ? path.resolve(folder) : '*';
          withDb(locations(opts), (db) => (pause ? new ControlStore(db).pause(key) : new ControlStore(db).resume(key)));
          process.stdout.write(`${pause ? 'paused' : 'resumed'} ${key === '*' ? 'all folders' : key}\n`);
        } catch (err) {
          fail(err);
        }
      });
  }

  withCommon(program.command('export'))
    .description('rebuild the ledgers of every folder')
    .action(async (opts: CommonOptions) => {
      try {
        const loc = locations(opts);
        const config = readConfig(loc);
        await exportLedgers(loc, config);
      } catch (err) {
        fail(err);
      }
    });
}

/** True when the state database has a file at `abs` or below it (where it was found, or where it is now). */
function knowsPath(db: Db, abs: string): boolean {
  for (const row of everyPlace(db)) {
    if (row.folder === abs || isUnder(row, abs)) return true;
  }
  return false;
}

/** The file was found at `under` or below it, or is there now (moved into Processed/ or Failed/). */
function isUnder(row: Placed, under: string): boolean {
  return [foundAt(row), whereNow(row)].some((file) => file === under || file.startsWith(under + path.sep));
}

/** failed -> settled for every failed file (under a path). The daemon sees the change and uploads them. */
export function retryFailed(store: FileStore, under?: string): number {
  let n = 0;
  for (const row of store.failures()) {
    if (under && !isUnder(row, under)) continue;
    const status = row.sha256 ? 'settled' : 'discovered';
    store.transition(row.id, status, { attempts: 0, next_attempt_at: 0, error_code: null, error_detail: null, upload_id: null, idempotency_key: null, ticket_gen: row.ticket_gen + 1 }, 'retry requested');
    n++;
  }
  return n;
}

/** With a daemon running, ask it (it owns the ledger files); otherwise rebuild here. */
async function exportLedgers(loc: ReturnType<typeof locations>, config: Config): Promise<void> {
  const folders = config.folders.map((f) => f.path);
  const db = (await import('../sync/state/db.js')).openStateDb(loc.dataDir);
  try {
    const control = new ControlStore(db);
    const pid = Number(control.meta('daemon.pid') ?? 0);
    if (pid && pid !== process.pid && isAlive(pid)) {
      const id = control.request('export');
      const end = Date.now() + 120_000;
      while (!control.isDone(id) && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
      process.stdout.write(control.isDone(id) ? 'ledgers rebuilt by the running daemon\n' : 'export requested; the daemon has not finished yet\n');
      return;
    }
    const { Outputs } = await import('../sync/outputs.js');
    const outputs = new Outputs(db, (p) => {
      return config.folders.filter((d) => p.startsWith(d.path + path.sep)).sort((a, b) => b.path.length - a.path.length)[0];
    }, undefined, {}, config.outputs);
    await outputs.rebuild(folders);
    await outputs.close();
    process.stdout.write(`ledgers rebuilt for ${folders.length} folder(s)\n`);
  } finally {
    db.close();
  }
}

export function progressText(p: Progress): string {
  const total = p.done + p.remaining;
  const left = p.secondsLeft === null ? 'time left not known yet' : `about ${durationText(p.secondsLeft)} left`;
  return `progress: ${p.done} of ${total} done, ${p.remaining} to go, ${left}${p.perMinute ? ` (${p.perMinute} files/min)` : ''}`;
}

/** "12 of 40 pages read, about 2 min left": a long document while the service reads it. */
export function pagesText(p: PageProgress): string {
  const left = p.secondsLeft === null ? 'time left not known yet' : p.secondsLeft === 0 ? 'reading the values' : `about ${durationText(p.secondsLeft)} left`;
  return `${p.done} of ${p.total} pages read, ${left}`;
}

export function formatStatus(r: StatusReport): string {
  const lines: string[] = [];
  lines.push(`daemon: ${r.daemon?.running ? `running (pid ${r.daemon.pid})` : 'not running'}${r.paused ? ', paused' : ''}`);
  if (r.diskFull) lines.push(`disk full (${r.diskFull.code}) writing ${r.diskFull.path}: exports wait until there is space again`);
  for (const f of r.folders) {
    const counts = Object.entries(f.counts).filter(([, n]) => n > 0).map(([s, n]) => `${s} ${n}`).join(', ') || 'no files yet';
    lines.push(`${f.folder}${f.paused ? ' (paused)' : ''}${f.missing ? ' (folder missing)' : ''}: ${counts}`);
    if (f.progress) lines.push(`  ${progressText(f.progress)}`);
    for (const p of f.reading) lines.push(`  processing ${p.path}: ${pagesText(p)}`);
    for (const l of f.skippedLinks) lines.push(`  link skipped: ${l.path}: ${l.reason}`);
    for (const x of f.failures) lines.push(`  failed: ${x.path}: ${x.reason ?? ''}${x.code ? ` [${x.code}]` : ''}`);
  }
  return lines.join('\n') + '\n';
}
