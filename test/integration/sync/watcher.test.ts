import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nativeEventFaults, startWatcher, type Watcher } from '../../../src/sync/watcher.js';
import { createHarness, invoiceText, sleep, until } from './harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.each(['native', 'poll'] as const)('watcher (%s)', (mode) => {
  it('reports a created file and its deletion, and nothing from an ignored folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    fs.mkdirSync(path.join(dir, 'Processed'));
    const changed: string[] = [];
    const deleted: string[] = [];
    const w: Watcher = await startWatcher(dir, mode, 50, {
      onChange: (p) => changed.push(p),
      onDelete: (p) => deleted.push(p),
      onError: (err) => {
        throw err;
      },
      batch: (run) => run(),
    }, ['Processed']);
    cleanups.push(() => w.close());
    expect(w.mode).toBe(mode);
    const f = path.join(dir, 'a.txt');
    fs.writeFileSync(path.join(dir, 'Processed', 'old.txt'), 'x');
    fs.writeFileSync(f, 'hello');
    // Polling (chokidar) notices a new file when its folder's stat changes against a first stat
    // it may take just after 'ready': a file written in between waits for the folder's next
    // change. The daemon's start-up rescan covers that window; here another file is its next change.
    let nudged = 0;
    let nextNudge = Date.now() + 1000;
    await until(() => {
      if (mode === 'poll' && !changed.includes(f) && Date.now() > nextNudge) {
        fs.writeFileSync(path.join(dir, `nudge-${nudged++}.txt`), 'x');
        nextNudge = Date.now() + 1000;
      }
      return changed.includes(f);
    }, 10_000, 'change event');
    fs.rmSync(f);
    await until(() => deleted.includes(f), 10_000, 'delete event');
    expect(changed.filter((p) => p.includes('Processed'))).toEqual([]);
  });
});

describe('native event batches', () => {
  it('hands each run of changes to batch, in order, and deletions outside any batch', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const calls: string[] = [];
    let inBatch = false;
    const w = await startWatcher(dir, 'native', 50, {
      onChange: (p) => calls.push(`${inBatch ? 'batched' : 'alone'} change ${path.basename(p)}`),
      onDelete: (p) => calls.push(`${inBatch ? 'batched' : 'alone'} delete ${path.basename(p)}`),
      onError: (err) => {
        throw err;
      },
      batch: (run) => {
        inBatch = true;
        try {
          run();
        } finally {
          inBatch = false;
        }
      },
    });
    cleanups.push(() => w.close());
    for (const name of ['a.txt', 'b.txt', 'c.txt']) fs.writeFileSync(path.join(dir, name), name);
    await until(() => ['a.txt', 'b.txt', 'c.txt'].every((n) => calls.some((c) => c.endsWith(`change ${n}`))), 10_000, 'three changes');
    fs.rmSync(path.join(dir, 'b.txt'));
    await until(() => calls.some((c) => c.endsWith('delete b.txt')), 10_000, 'delete event');
    expect(calls.filter((c) => c.includes(' change ')).every((c) => c.startsWith('batched'))).toBe(true);
    expect(calls.filter((c) => c.includes(' delete '))).toEqual(['alone delete b.txt']);
  });
});

describe('native events below the folder', () => {
  /** A native watcher of a fresh folder that records what it reports. */
  async function watched(ignore: string[] = [], before: (dir: string) => void = () => undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    before(dir);
    const changed: string[] = [];
    const deleted: string[] = [];
    const w = await startWatcher(dir, 'native', 50, {
      onChange: (p) => changed.push(p),
      onDelete: (p) => deleted.push(p),
      onError: (err) => {
        throw err;
      },
      batch: (run) => run(),
    }, ignore);
    cleanups.push(() => w.close());
    return { dir, changed, deleted };
  }

  it('reports files in folders made before start, made after it, and moved in with their own sub-folders', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-out-'));
    cleanups.push(() => fs.rmSync(outside, { recursive: true, force: true }));
    fs.mkdirSync(path.join(outside, 'batch', 'deep'), { recursive: true });
    // A folder that was there at start, at any depth.
    const { dir, changed } = await watched([], (d) => fs.mkdirSync(path.join(d, 'old', 'x'), { recursive: true }));
    const early = path.join(dir, 'old', 'x', 'early.txt');
    fs.writeFileSync(early, 'x');
    await until(() => changed.includes(early), 10_000, 'file in a folder made before the watcher saw it');
    // Made while watched, then a file in it.
    fs.mkdirSync(path.join(dir, 'new'));
    await until(() => changed.includes(path.join(dir, 'new')), 10_000, 'new folder');
    const inNew = path.join(dir, 'new', 'a.txt');
    fs.writeFileSync(inNew, 'x');
    await until(() => changed.includes(inNew), 10_000, 'file in a new folder');
    // Moved in from outside, with a sub-folder: a file written into that sub-folder later is seen.
    fs.renameSync(path.join(outside, 'batch'), path.join(dir, 'batch'));
    await until(() => changed.includes(path.join(dir, 'batch')), 10_000, 'folder moved in');
    const deep = path.join(dir, 'batch', 'deep', 'later.txt');
    fs.writeFileSync(deep, 'x');
    await until(() => changed.includes(deep), 10_000, 'file in a sub-folder of a folder moved in');
  });

  it('lets a folder moved out go: its files are no longer reported, under either name', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-out-'));
    cleanups.push(() => fs.rmSync(outside, { recursive: true, force: true }));
    const { dir, changed, deleted } = await watched();
    fs.mkdirSync(path.join(dir, 'sub'));
    await until(() => changed.includes(path.join(dir, 'sub')), 10_000, 'folder made');
    fs.renameSync(path.join(dir, 'sub'), path.join(outside, 'sub'));
    await until(() => deleted.includes(path.join(dir, 'sub')), 10_000, 'folder moved out');
    fs.writeFileSync(path.join(outside, 'sub', 'gone.txt'), 'x');
    // A marker written after it: once its event is in, the moved folder's would be too.
    fs.writeFileSync(path.join(dir, 'marker.txt'), 'x');
    await until(() => changed.includes(path.join(dir, 'marker.txt')), 10_000, 'marker');
    await sleep(200);
    expect(changed.filter((p) => p.endsWith('gone.txt'))).toEqual([]);
  });

  it('watches a folder deleted and made again under the same name, and never an ignored folder or a link', async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-out-'));
    cleanups.push(() => fs.rmSync(outside, { recursive: true, force: true }));
    const { dir, changed } = await watched(['Processed']);
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.mkdirSync(path.join(dir, 'Processed'));
    fs.symlinkSync(outside, path.join(dir, 'link'));
    await until(() => changed.includes(path.join(dir, 'sub')), 10_000, 'folder made');
    fs.rmSync(path.join(dir, 'sub'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'sub'));
    const again = path.join(dir, 'sub', 'again.txt');
    await sleep(100);
    fs.writeFileSync(again, 'x');
    fs.writeFileSync(path.join(dir, 'Processed', 'done.txt'), 'x');
    fs.writeFileSync(path.join(outside, 'secret.txt'), 'x');
    await until(() => changed.includes(again), 10_000, 'file in the folder made again');
    await sleep(200);
    expect(changed.filter((p) => p.includes('Processed') || p.includes('secret'))).toEqual([]);
  });
});

describe('lost native events', () => {
  it('finds a file whose event was lost by checking the folder listing after the burst', async () => {
    const h = await createHarness();
    cleanups.push(() => h.close());
    nativeEventFaults.drop = (p) => path.basename(p) === 'b.txt';
    cleanups.push(() => void (nativeEventFaults.drop = null));
    await h.start();
    fs.writeFileSync(path.join(h.inbox, 'a.txt'), invoiceText(1));
    fs.writeFileSync(path.join(h.inbox, 'b.txt'), invoiceText(2));
    // b.txt's events never arrive: without the listing check only the hourly rescan would find it.
    await until(() => h.rows().filter((r) => r.status === 'exported').length === 2, 20_000, 'both exported', () => h.rows().map((r) => [r.rel_path, r.status]));
    expect(h.rows().map((r) => r.rel_path).sort()).toEqual(['a.txt', 'b.txt']);
    expect(h.serviceUploads()).toBe(2);
  });

  it('finds a file renamed into place from a temporary name when only the temporary name had events', async () => {
    const h = await createHarness();
    cleanups.push(() => h.close());
    nativeEventFaults.drop = (p) => path.basename(p) === 'scan.txt';
    cleanups.push(() => void (nativeEventFaults.drop = null));
    await h.start();
    // A scanner's way: write under a skipped name, then rename into place. The rename's event for scan.txt is lost.
    fs.writeFileSync(path.join(h.inbox, 'scan.txt.part'), invoiceText(4));
    await sleep(500); // the scan takes a while: its events come apart from the rename's (one batch would cancel them out)
    fs.renameSync(path.join(h.inbox, 'scan.txt.part'), path.join(h.inbox, 'scan.txt'));
    await until(() => h.row('scan.txt')?.status === 'exported', 20_000, 'exported', () => h.rows().map((r) => [r.rel_path, r.status]));
    expect(h.rows().map((r) => r.rel_path)).toEqual(['scan.txt']);
    expect(h.serviceUploads()).toBe(1);
  });

  it('takes the files of a folder moved in, and the folder shows idle again after that scan', async () => {
    const h = await createHarness();
    cleanups.push(() => h.close());
    const states: string[] = [];
    await h.start();
    h.daemon.emitter.on('folder', (e) => states.push(e.state));
    const outside = path.join(h.root, 'batch');
    fs.mkdirSync(path.join(outside, 'March'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'March', 'c.txt'), invoiceText(3));
    fs.renameSync(outside, path.join(h.inbox, 'batch'));
    await until(() => h.row('batch/March/c.txt')?.status === 'exported', 20_000, 'exported');
    expect(states).toContain('scanning');
    expect(states.at(-1)).toBe('idle'); // it stayed 'scanning' until the next full rescan
  });
});

