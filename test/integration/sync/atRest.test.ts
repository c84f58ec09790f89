// The daemon's `atRest`: run once when the start's work is done, and the daemon idle only after it
// (the process's own daemon collects its start-up garbage there: src/sync/run.ts).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, invoiceText, until, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe('daemon at rest after its start', () => {
  it('runs atRest once, after the files found at start are done, and is idle only after it', async () => {
    for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(h.inbox, `s${i}.txt`), invoiceText(i));
    const seen: Array<{ statuses: string[]; idle: boolean }> = [];
    let idleBefore = false;
    const daemon = await h.start({
      daemon: {
        atRest: () => seen.push({ statuses: h.rows().map((r) => r.status), idle: h.daemon.isIdle() }),
      },
    });
    // Until atRest has run, the daemon does not count as idle, whatever its files' state.
    const end = Date.now() + 30_000;
    while (seen.length === 0 && Date.now() < end) {
      idleBefore ||= daemon.isIdle();
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(idleBefore).toBe(false);
    expect(seen).toHaveLength(1);
    // The start's work (scan, uploads, results) was done when it ran: no file still on its way.
    expect(seen[0]!.statuses).toHaveLength(3);
    expect(seen[0]!.statuses.every((s) => !['discovered', 'settled', 'uploading', 'processing'].includes(s))).toBe(true);
    await daemon.waitIdle();
    // Later work does not run it again.
    fs.writeFileSync(path.join(h.inbox, 'later.txt'), invoiceText(9));
    await until(() => h.row('later.txt')?.status === 'exported', 30_000, 'later exported');
    await daemon.waitIdle();
    expect(seen).toHaveLength(1);
  });

  it('is idle as before without atRest', async () => {
    const daemon = await h.start();
    await daemon.waitIdle(10_000, 10);
    expect(daemon.isIdle()).toBe(true);
  });
});
