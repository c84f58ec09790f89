// A full disk while writing a sidecar or a ledger: the daemon keeps running, exports wait,
// status says "disk full" with the path, nothing is lost or sent twice, and the work resumes by
// itself once space is back. A real small file system (tmpfs) when one can be mounted here
// (root in a container that allows it), else the error injected at the file-writing layer.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFaults } from '../../../src/sync/export/atomic.js';
import { ControlStore } from '../../../src/sync/state/control.js';
import { openStateDb } from '../../../src/sync/state/db.js';
import { statusReport } from '../../../src/sync/status.js';
import { createHarness, invoiceText, until, type Harness } from './harness.js';

let h: Harness;
let mounted: string | null = null;
afterEach(async () => {
  writeFaults.fail = null;
  await h.close().catch(() => undefined);
  if (mounted) execFileSync('umount', ['-l', mounted]);
  mounted = null;
});

const full = (target: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`ENOSPC: no space left on device, write '${target}'`), { code: 'ENOSPC', errno: -28, path: target });
const exported = (rel: string) => () => h.row(rel)?.status === 'exported';
const seen = () => ({ rows: h.rows().map((r) => [r.rel_path, r.status, r.error_code]), disk: h.daemon.disk.full });

/** Mounts a small tmpfs (16 MB: room for state.db and its write-ahead log once the filler goes; with 1 MB the WAL alone could fill it again) on `dir`; false where this machine does not allow it. */
function mountSmallDisk(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'ignore' });
    mounted = dir;
    return true;
  } catch {
    return false;
  }
}

/** Fills the file system of `dir` to the last byte; returns the filler to delete. */
function fill(dir: string): string {
  const filler = path.join(dir, '.docsync-filler');
  const chunk = Buffer.alloc(4096, 1);
  const fd = fs.openSync(filler, 'w');
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    fs.closeSync(fd);
  }
  for (let n = 512; n >= 1; n = Math.floor(n / 2)) {
    try {
      for (;;) fs.appendFileSync(filler, Buffer.alloc(n, 1));
    } catch {
      // this size no longer fits: try a smaller one
    }
  }
  return filler;
}

describe('a full disk', () => {
  it('pauses exports with "disk full" and the path, then resumes by itself once space is back', async () => {
    h = await createHarness();
    const real = mountSmallDisk(h.inbox);
    await h.start({ daemon: { diskRetryMs: 100 } });
    // As `docsync pause` does (another connection): the file settles, but waits until the disk is full.
    const cli = openStateDb(h.dataDir);
    new ControlStore(cli).pause('*');
    fs.writeFileSync(path.join(h.inbox, 'inv.txt'), invoiceText(1));
    await until(() => h.row('inv.txt')?.status === 'settled', 30_000, 'the file settled', seen);
    let filler: string | null = null;
    if (real) filler = fill(h.inbox);
    else writeFaults.fail = (target) => (target.startsWith(h.inbox) ? full(target) : null);
    new ControlStore(cli).resume('*');
    cli.close();
    await until(() => h.daemon.disk.full !== null, 30_000, 'disk full noticed', seen);
    const report = statusReport(h.daemon.db, [h.inbox]);
    expect(report.diskFull?.path.startsWith(h.inbox)).toBe(true);
    expect(h.row('inv.txt')).toMatchObject({ status: 'processing', error_code: 'DISK_FULL' });
    expect(h.row('inv.txt')?.attempts).toBe(1); // not counted against the file
    if (filler) fs.rmSync(filler);
    else writeFaults.fail = null;
    await until(exported('inv.txt'), 30_000, 'exported after space came back', seen);
    expect(h.daemon.disk.full).toBeNull();
    expect(statusReport(h.daemon.db, [h.inbox]).diskFull).toBeNull();
    expect(fs.existsSync(path.join(h.inbox, 'inv.txt.values.json'))).toBe(true);
    await until(() => fs.existsSync(path.join(h.inbox, 'docsync-ledger.csv')), 10_000, 'the ledger written');
    expect(h.serviceUploads()).toBe(1);
    expect(fs.readdirSync(h.inbox).filter((n) => n.startsWith('.docsync-'))).toEqual([]); // no temp or probe left
  }, 90_000);

  it('waits on a full disk under the ledger, then writes it', async () => {
    h = await createHarness();
    writeFaults.fail = (target) => (path.basename(target).startsWith('docsync-ledger') ? full(target) : null);
    await h.start({ daemon: { diskRetryMs: 100 } });
    fs.writeFileSync(path.join(h.inbox, 'a.txt'), invoiceText(2));
    await until(() => h.daemon.disk.full !== null, 30_000, 'disk full noticed', seen);
    expect(h.daemon.disk.full?.path).toMatch(/docsync-ledger\.(csv|xlsx)$/);
    writeFaults.fail = null;
    await until(() => h.daemon.disk.full === null, 30_000, 'space back', seen);
    await until(exported('a.txt'), 30_000, 'exported', seen);
    await until(() => fs.existsSync(path.join(h.inbox, 'docsync-ledger.csv')), 10_000, 'the ledger written');
    expect(fs.readFileSync(path.join(h.inbox, 'docsync-ledger.csv'), 'utf8')).toContain('a.txt');
  }, 90_000);

  it('survives a full state.db (SQLITE_FULL) and records the file once there is space', async (ctx) => {
    h = await createHarness();
    fs.mkdirSync(h.dataDir);
    const real = mountSmallDisk(h.dataDir);
    await h.start({ daemon: { diskRetryMs: 100 } });
    fs.writeFileSync(path.join(h.inbox, 'first.txt'), invoiceText(3));
    await until(exported('first.txt'), 30_000, 'the first file exported', seen);
    let filler: string | null = null;
    if (real) filler = fill(h.dataDir);
    else {
      // No small file system here: state.db's writes cannot be made to fail from outside SQLite,
      // so the full disk is reported as SQLite reports it.
      ctx.annotate('tmpfs not mountable: SQLITE_FULL injected at the pipeline');
      h.daemon.disk.report(Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }), path.join(h.dataDir, 'state.db'));
    }
    for (let i = 0; i < 5; i++) fs.writeFileSync(path.join(h.inbox, `full${i}.txt`), invoiceText(10 + i));
    await until(() => h.daemon.disk.full !== null, 30_000, 'disk full noticed', seen);
    expect(h.daemon.disk.full?.path).toBe(path.join(h.dataDir, 'state.db'));
    if (filler) fs.rmSync(filler);
    await until(() => [0, 1, 2, 3, 4].every((i) => exported(`full${i}.txt`)()), 60_000, 'all exported after space came back', seen);
    expect(h.serviceUploads()).toBe(6);
    expect(h.daemon.db.pragma('integrity_check', { simple: true })).toBe('ok');
  }, 120_000);
});
