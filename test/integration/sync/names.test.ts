// Odd names and unreadable files are never silently passed over: a name with a newline is synced;
// a name that is not valid UTF-8 and a file that cannot be read are listed as failed with the
// reason, and the unreadable one is sent by itself once it can be read.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openFaults } from '../../../src/sync/settle.js';
import { statusReport } from '../../../src/sync/status.js';
import { createHarness, invoiceText, until, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => {
  openFaults.fail = null;
  await h.close();
});

const exported = (rel: string) => () => h.row(rel)?.status === 'exported';
const rowsSeen = () => h.rows().map((r) => [r.rel_path, r.status, r.error_code, r.reason]);
/** A path whose name holds bytes that are not UTF-8 (Linux file names are bytes). */
const badPath = (dir: string) => Buffer.concat([Buffer.from(`${dir}/bad-`), Buffer.from([0xff, 0xfe, 0x41]), Buffer.from('.txt')]);

describe('odd names', () => {
  it('syncs names with a newline, a carriage return and a tab', async () => {
    h = await createHarness();
    await h.start();
    const names = ['new\nline.txt', 'carriage\rreturn.txt', 'tab\there.txt'];
    names.forEach((n, i) => fs.writeFileSync(path.join(h.inbox, n), invoiceText(20 + i)));
    await until(() => names.every((n) => exported(n)()), 30_000, 'all exported', rowsSeen);
    for (const n of names) expect(fs.existsSync(path.join(h.inbox, `${n}.values.json`))).toBe(true);
    expect(h.serviceUploads()).toBe(3);
    await until(() => fs.existsSync(path.join(h.inbox, 'docsync-ledger.csv')), 10_000, 'the ledger');
    expect(fs.readFileSync(path.join(h.inbox, 'docsync-ledger.csv'), 'utf8')).toContain('"new\nline.txt"');
  }, 60_000);

  it('lists a name that is not valid UTF-8 as failed with the reason (at start and at run time), and takes it once renamed', async () => {
    h = await createHarness();
    fs.writeFileSync(badPath(h.inbox), invoiceText(30));
    fs.mkdirSync(path.join(h.inbox, 'later'));
    await h.start();
    const lossy = 'bad-\uFFFD\uFFFDA.txt';
    await until(() => h.row(lossy)?.error_code === 'NAME_NOT_UTF8', 30_000, 'the bad name listed at start', rowsSeen);
    expect(h.row(lossy)?.status).toBe('failed');
    fs.writeFileSync(badPath(path.join(h.inbox, 'later')), invoiceText(31));
    await until(() => h.row(`later/${lossy}`)?.error_code === 'NAME_NOT_UTF8', 30_000, 'the bad name listed at run time', rowsSeen);
    const report = statusReport(h.daemon.db, [h.inbox]).folders[0]!;
    expect(report.failures.map((f) => [f.path, f.code])).toContainEqual([lossy, 'NAME_NOT_UTF8']);
    expect(report.failures.find((f) => f.path === lossy)?.reason).toMatch(/not valid UTF-8.*rename/);
    await h.daemon.rescanAll(); // listed once, not again at every scan
    expect(h.daemon.db.prepare("SELECT COUNT(*) FROM events WHERE to_status = 'failed'").pluck().get()).toBe(2);
    fs.renameSync(badPath(h.inbox), path.join(h.inbox, 'renamed.txt'));
    await until(exported('renamed.txt'), 30_000, 'the renamed file exported', rowsSeen);
    await h.daemon.rescanAll();
    expect(h.row(lossy)?.status).toBe('removed');
    expect(h.serviceUploads()).toBe(1);
  }, 60_000);
});

describe('unreadable files', () => {
  it('lists a file it may not read as failed with the reason, and sends it once it can be read', async () => {
    h = await createHarness();
    const locked = path.join(h.inbox, 'locked.txt');
    // Tests run as root, whom chmod 000 does not stop: the permission error is injected at the open.
    const root = process.getuid?.() === 0;
    if (root) openFaults.fail = (p) => (p === locked ? Object.assign(new Error(`EACCES: permission denied, open '${p}'`), { code: 'EACCES' }) : null);
    await h.start({ daemon: { presenceIntervalMs: 100 } });
    fs.writeFileSync(locked, invoiceText(40));
    if (!root) fs.chmodSync(locked, 0o000);
    await until(() => h.row('locked.txt')?.status === 'failed', 30_000, 'listed as failed', rowsSeen);
    expect(h.row('locked.txt')).toMatchObject({ error_code: 'FILE_UNREADABLE' });
    expect(h.row('locked.txt')?.reason).toMatch(/cannot be read \(EACCES\)/);
    expect(statusReport(h.daemon.db, [h.inbox]).folders[0]!.failures.map((f) => f.code)).toEqual(['FILE_UNREADABLE']);
    await h.daemon.waitIdle(10_000); // an unreadable file does not keep the daemon busy
    if (root) openFaults.fail = null;
    else fs.chmodSync(locked, 0o644);
    await until(exported('locked.txt'), 30_000, 'sent once readable', rowsSeen);
    expect(h.serviceUploads()).toBe(1);
  }, 60_000);

  it('tries an unreadable file again after a restart', async () => {
    h = await createHarness();
    const locked = path.join(h.inbox, 'locked.txt');
    openFaults.fail = (p) => (p === locked ? Object.assign(new Error('EACCES'), { code: 'EACCES' }) : null);
    fs.writeFileSync(locked, invoiceText(41));
    await h.start();
    await until(() => h.row('locked.txt')?.status === 'failed', 30_000, 'listed as failed', rowsSeen);
    await h.stop();
    openFaults.fail = null;
    await h.start();
    await until(exported('locked.txt'), 30_000, 'sent after the restart', rowsSeen);
  }, 60_000);
});
