import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettleTracker, type SettledFile } from '../../../src/sync/settle.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function setup(windowMs: number) {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  dirs.push(d);
  const settled: SettledFile[] = [];
  const gone: string[] = [];
  const tracker = new SettleTracker({ windowMs, checkMs: 20, onSettled: (f) => settled.push(f), onGone: (p) => gone.push(p) });
  return { d, settled, gone, tracker };
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

describe('settle tracker', () => {
  it('waits while a file grows and reports it once, complete', async () => {
    const { d, settled, tracker } = setup(300);
    const f = path.join(d, 'slow.pdf');
    fs.writeFileSync(f, 'a');
    tracker.observe(f);
    for (let i = 0; i < 6; i++) {
      await sleep(100);
      fs.appendFileSync(f, 'b'.repeat(1000));
      tracker.observe(f);
      expect(settled).toEqual([]);
    }
    await until(() => settled.length > 0);
    expect(settled).toHaveLength(1);
    expect(settled[0]!.size).toBe(6001);
    tracker.close();
  });

  it('forgets a file removed before it settles', async () => {
    const { d, settled, gone, tracker } = setup(200);
    const f = path.join(d, 'x.pdf');
    fs.writeFileSync(f, 'a');
    tracker.observe(f);
    fs.rmSync(f);
    await until(() => gone.length > 0);
    expect(gone).toEqual([f]);
    expect(settled).toEqual([]);
    expect(tracker.size).toBe(0);
    tracker.close();
  });

  it('settles an old file on its mtime without waiting a full window again', async () => {
    const { d, settled, tracker } = setup(60_000);
    const f = path.join(d, 'old.pdf');
    fs.writeFileSync(f, 'a');
    const past = new Date(Date.now() - 120_000);
    fs.utimesSync(f, past, past);
    tracker.observe(f);
    await until(() => settled.length > 0);
    tracker.close();
  });
  it("takes the caller's stat as its first: an old file settles on one stat of its own; a file changed since is not taken on that stat", async () => {
    const { d, settled, tracker } = setup(60_000);
    const stat = vi.spyOn(fs.promises, 'stat');
    try {
      const old = path.join(d, 'old.pdf');
      fs.writeFileSync(old, 'a');
      const past = new Date(Date.now() - 120_000);
      fs.utimesSync(old, past, past);
      const seen = fs.statSync(old);
      tracker.observe(old, { size: seen.size, mtimeMs: seen.mtimeMs });
      await until(() => settled.length > 0);
      expect(settled).toEqual([{ absPath: old, size: 1, mtimeMs: seen.mtimeMs }]);
      expect(stat.mock.calls.filter(([p]) => p === old)).toHaveLength(1);

      // Written again after the caller's stat: the tracker's own stat differs, so it waits a window from the new write.
      const grown = path.join(d, 'grown.pdf');
      fs.writeFileSync(grown, 'a');
      fs.utimesSync(grown, past, past);
      const before = fs.statSync(grown);
      fs.appendFileSync(grown, 'b');
      tracker.observe(grown, { size: before.size, mtimeMs: before.mtimeMs });
      await sleep(300);
      expect(settled).toHaveLength(1);
      expect(tracker.has(grown)).toBe(true);
    } finally {
      stat.mockRestore();
      tracker.close();
    }
  });
});
