import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ControlStore } from '../../../src/sync/state/control.js';
import { openStateDb } from '../../../src/sync/state/db.js';
import { createHarness, invoiceText, sleep, until, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

/** As `docsync pause` / `resume` do: their own connection to the state database. */
function cli(fn: (c: ControlStore) => void): void {
  const db = openStateDb(h.dataDir);
  fn(new ControlStore(db));
  db.close();
}

describe('pause and resume', () => {
  it('holds uploads while paused (globally or per folder) and sends them on resume', async () => {
    await h.start();
    cli((c) => c.pause('*'));
    await sleep(300);
    fs.writeFileSync(path.join(h.inbox, 'p1.txt'), invoiceText(1));
    await until(() => h.row('p1.txt')?.status === 'settled', 10_000, 'settled');
    await sleep(500);
    expect(h.row('p1.txt')!.status).toBe('settled');
    expect(h.serviceUploads()).toBe(0);
    cli((c) => {
      c.resume('*');
      c.pause(h.inbox);
    });
    fs.writeFileSync(path.join(h.inbox, 'p2.txt'), invoiceText(2));
    await until(() => h.row('p2.txt')?.status === 'settled', 10_000, 'settled');
    await sleep(500);
    expect(h.serviceUploads()).toBe(0);
    cli((c) => c.resume(h.inbox));
    await until(() => h.rows().every((r) => r.status === 'exported'), 30_000, 'exported after resume');
    expect(h.serviceUploads()).toBe(2);
  });
});
