// A watched folder deleted and created again (or not there at start): shown as "folder
// missing", never created by docsync, and watched again by itself when it is back.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SyncEmitter } from '../../../src/sync/events.js';
import { statusReport } from '../../../src/sync/status.js';
import { createHarness, invoiceText, until, type Harness } from './harness.js';

let h: Harness;
afterEach(async () => {
  await h.close();
});

const states: string[] = [];
const folderStatus = () => statusReport(h.daemon.db, [h.inbox]).folders[0]!;
const exported = (rel: string) => () => h.row(rel)?.status === 'exported';

async function startWatching(): Promise<void> {
  states.length = 0;
  await h.start({ daemon: { presenceIntervalMs: 100 } });
  h.daemon.emitter.on('folder', (e) => states.push(e.state));
}

describe('a watched folder that goes missing', () => {
  it('is shown missing when deleted, and watched again when created again', async () => {
    h = await createHarness();
    await startWatching();
    fs.writeFileSync(path.join(h.inbox, 'before.txt'), invoiceText(1));
    await until(exported('before.txt'), 30_000, 'the first file exported');
    fs.rmSync(h.inbox, { recursive: true });
    await until(() => folderStatus().missing, 10_000, 'the folder shown missing', folderStatus);
    expect(states).toContain('missing');
    fs.mkdirSync(h.inbox);
    await until(() => !folderStatus().missing, 10_000, 'the folder back', folderStatus);
    fs.writeFileSync(path.join(h.inbox, 'after.txt'), invoiceText(2));
    await until(exported('after.txt'), 30_000, 'a file dropped in the new folder exported', () => h.rows().map((r) => [r.rel_path, r.status]));
    expect(h.row('before.txt')?.status).toBe('removed');
    expect(h.serviceUploads()).toBe(2);
  }, 60_000);

  it('is not created at start when it does not exist, and is watched once it appears', async () => {
    h = await createHarness();
    fs.rmSync(h.inbox, { recursive: true });
    await startWatching();
    expect(fs.existsSync(h.inbox)).toBe(false);
    await until(() => folderStatus().missing, 5_000, 'the folder shown missing', folderStatus);
    fs.mkdirSync(h.inbox);
    fs.writeFileSync(path.join(h.inbox, 'late.txt'), invoiceText(3));
    await until(exported('late.txt'), 30_000, 'the file of the folder that appeared exported');
    expect(folderStatus().missing).toBe(false);
  }, 60_000);

  it('is watched anew when replaced by another folder of the same name between two looks', async () => {
    h = await createHarness();
    await startWatching();
    const aside = path.join(h.root, 'aside');
    fs.renameSync(h.inbox, aside);
    fs.mkdirSync(h.inbox); // the old watch follows the renamed folder; the new one has none
    await until(() => states.includes('missing') || states.includes('idle'), 10_000, 'the replacement noticed');
    fs.writeFileSync(path.join(h.inbox, 'new.txt'), invoiceText(4));
    await until(exported('new.txt'), 30_000, 'a file in the replacement exported');
  }, 60_000);
});

describe('a config edited by hand', () => {
  it('never watches a folder that holds the data folder, and says why', async () => {
    h = await createHarness();
    fs.writeFileSync(path.join(h.inbox, 'x.txt'), invoiceText(5));
    const emitter = new SyncEmitter();
    const errors: string[] = [];
    emitter.on('folder', (e) => e.state === 'error' && errors.push(e.error ?? ''));
    await h.start({ folder: { path: h.root }, daemon: { emitter } });
    await h.daemon.waitIdle();
    expect(errors.join('\n')).toMatch(/holds or is inside docsync's own data folder/);
    expect(h.rows()).toEqual([]);
    expect(h.serviceUploads()).toBe(0);
  }, 30_000);
});
