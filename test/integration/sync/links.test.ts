// Symbolic links in a watched folder: never followed (start-up scan, native events, polling,
// listing check, rescan), each logged once and listed in the folder's status; with
// `links: "inside"`, only links whose target stays inside the same folder, never a loop.
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { statusReport } from '../../../src/sync/status.js';
import { createHarness, invoiceText, sleep, until, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

/** A folder outside the inbox that looks like ~/.ssh, and docsync's own data folder. */
function outsiders(): { secrets: string } {
  const secrets = path.join(h.root, 'home', '.ssh');
  fs.mkdirSync(secrets, { recursive: true });
  fs.writeFileSync(path.join(secrets, 'id_ed25519'), 'PRIVATE KEY');
  fs.writeFileSync(path.join(secrets, 'config.txt'), invoiceText(666));
  fs.mkdirSync(h.dataDir, { recursive: true });
  return { secrets };
}

function hostileLinks(dir: string, secrets: string): void {
  fs.symlinkSync(secrets, path.join(dir, 'ssh'));
  fs.symlinkSync(path.join(secrets, 'config.txt'), path.join(dir, 'config.txt'));
  fs.symlinkSync(h.inbox, path.join(dir, 'loop'));
  fs.symlinkSync(h.dataDir, path.join(dir, 'data'));
}

/** Names the service received: nothing from outside may be among them. */
const uploadedNames = () => h.service.service.db.prepare('SELECT file_name FROM uploads ORDER BY file_name').pluck().all() as string[];
const exported = (rel: string) => () => h.row(rel)?.status === 'exported';
const skipped = () => statusReport(h.daemon.db, [h.inbox]).folders[0]!.skippedLinks.map((l) => l.path).sort();

function countingLog(): { log: pino.Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) };
  return { log: pino({ level: 'info' }, stream), lines };
}

describe('symbolic links are not followed', () => {
  it('skips links made before start (outside, loop, data folder), logs each once, lists them in the status', async () => {
    h = await createHarness();
    const { secrets } = outsiders();
    fs.mkdirSync(path.join(h.inbox, 'sub'));
    hostileLinks(path.join(h.inbox, 'sub'), secrets);
    fs.writeFileSync(path.join(h.inbox, 'real.txt'), invoiceText(1));
    const { log, lines } = countingLog();
    await h.start({ daemon: { log } });
    await until(exported('real.txt'), 30_000, 'the real file exported');
    await h.daemon.rescanAll();
    await h.daemon.rescanAll();
    await h.daemon.waitIdle();
    expect(h.rows().map((r) => r.rel_path)).toEqual(['real.txt']);
    expect(uploadedNames()).toEqual(['real.txt']);
    expect(skipped()).toEqual(['sub/config.txt', 'sub/data', 'sub/loop', 'sub/ssh']);
    expect(lines.filter((l) => l.msg === 'symbolic link skipped')).toHaveLength(4); // once each, not per rescan
  }, 60_000);

  it('skips links created while the daemon runs (native events and the listing check)', async () => {
    h = await createHarness();
    const { secrets } = outsiders();
    await h.start();
    hostileLinks(h.inbox, secrets);
    fs.mkdirSync(path.join(h.inbox, 'later'));
    hostileLinks(path.join(h.inbox, 'later'), secrets);
    fs.writeFileSync(path.join(h.inbox, 'later', 'after.txt'), invoiceText(2));
    await until(exported('later/after.txt'), 30_000, 'the file written after the links exported');
    await sleep(2500); // the listing check runs 2 s after a burst
    await h.daemon.waitIdle();
    expect(h.rows().map((r) => r.rel_path)).toEqual(['later/after.txt']);
    expect(uploadedNames()).toEqual(['after.txt']);
    expect(skipped()).toEqual(['config.txt', 'data', 'later/config.txt', 'later/data', 'later/loop', 'later/ssh', 'loop', 'ssh']);
    fs.unlinkSync(path.join(h.inbox, 'ssh'));
    await until(() => !skipped().includes('ssh'), 10_000, 'a removed link leaves the list');
  }, 60_000);

  it('skips links seen by the polling watcher', async () => {
    h = await createHarness();
    const { secrets } = outsiders();
    await h.start({ folder: { watch: 'poll', pollIntervalMs: 100 } });
    hostileLinks(h.inbox, secrets);
    fs.writeFileSync(path.join(h.inbox, 'polled.txt'), invoiceText(3));
    await until(exported('polled.txt'), 30_000, 'the polled file exported');
    await until(() => skipped().length === 4, 10_000, 'the links noted', skipped);
    expect(h.rows().map((r) => r.rel_path)).toEqual(['polled.txt']);
    expect(uploadedNames()).toEqual(['polled.txt']);
  }, 60_000);
});

describe('links: "inside"', () => {
  it('follows links that stay inside the folder, never outside or into a loop', async () => {
    h = await createHarness();
    const { secrets } = outsiders();
    fs.mkdirSync(path.join(h.inbox, 'sub'));
    fs.writeFileSync(path.join(h.inbox, 'sub', 'a.txt'), invoiceText(4));
    fs.symlinkSync(path.join(h.inbox, 'sub'), path.join(h.inbox, 'alias'));
    fs.symlinkSync(path.join(h.inbox, 'sub', 'a.txt'), path.join(h.inbox, 'a-link.txt'));
    fs.symlinkSync(h.inbox, path.join(h.inbox, 'sub', 'up')); // a loop, even though inside
    hostileLinks(path.join(h.inbox), secrets);
    await h.start({ folder: { links: 'inside' } });
    const done = () => h.rows().filter((r) => r.status === 'exported' || r.status === 'skipped').length === 3;
    await until(done, 30_000, 'the file and its two links taken', () => h.rows().map((r) => [r.rel_path, r.status]));
    await h.daemon.rescanAll();
    await h.daemon.waitIdle();
    // The same content three times (the file and two links to it): uploaded once, whichever came first.
    expect(h.rows().map((r) => r.rel_path).sort()).toEqual(['a-link.txt', 'alias/a.txt', 'sub/a.txt']);
    expect(h.rows().filter((r) => r.status === 'exported')).toHaveLength(1);
    expect(h.serviceUploads()).toBe(1);
    expect(skipped()).toEqual(['alias/up', 'config.txt', 'data', 'loop', 'ssh', 'sub/up']); // the loop met again through the alias
    // Made at run time, a link leading out is skipped as well.
    fs.symlinkSync(secrets, path.join(h.inbox, 'sub', 'ssh2'));
    await until(() => skipped().includes('sub/ssh2'), 10_000, 'the new link noted', skipped);
    expect(h.serviceUploads()).toBe(1);
  }, 60_000);
});
