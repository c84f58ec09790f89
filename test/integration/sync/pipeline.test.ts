import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, invoiceText, sleep, until, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

describe('sync daemon end to end', () => {
  it('uploads a dropped file once and writes its values beside it and in the ledger', async () => {
    await h.start();
    fs.mkdirSync(path.join(h.inbox, '2024'));
    fs.writeFileSync(path.join(h.inbox, '2024', 'inv1.txt'), invoiceText(1));
    await until(() => h.row('2024/inv1.txt')?.status === 'exported', 30_000, 'export');
    const row = h.row('2024/inv1.txt')!;
    expect(row.remote_path).toBe('Inbox/2024');
    expect(JSON.parse(row.file_ids!)).toHaveLength(1);
    const sidecar = JSON.parse(fs.readFileSync(path.join(h.inbox, '2024', 'inv1.txt.values.json'), 'utf8'));
    expect(JSON.stringify(sidecar)).toContain(row.upload_id!);
    expect(fs.readFileSync(path.join(h.inbox, '2024', 'inv1.txt.values.csv'), 'utf8').startsWith('\uFEFF')).toBe(true);
    await until(() => fs.existsSync(path.join(h.inbox, 'docsync-ledger.csv')), 10_000, 'ledger');
    await h.daemon.waitIdle();
    expect(h.serviceUploads()).toBe(1);
    expect(h.rows()).toHaveLength(1); // sidecars and ledgers are not synced
    expect(h.daemon.store.events(row.id).map((e) => e.to_status)).toEqual(
      expect.arrayContaining(['discovered', 'settled', 'uploading', 'processing', 'exported']),
    );
  });

  it('finds files added while it was off, and resumes after a restart', async () => {
    fs.writeFileSync(path.join(h.inbox, 'a.txt'), invoiceText(2));
    await h.start();
    await until(() => h.row('a.txt')?.status === 'exported', 30_000, 'a exported');
    await h.stop();
    fs.writeFileSync(path.join(h.inbox, 'b.txt'), invoiceText(3));
    await h.start();
    await until(() => h.row('b.txt')?.status === 'exported', 30_000, 'b exported');
    await h.daemon.waitIdle();
    expect(h.serviceUploads()).toBe(2);
  });

  it('waits for a file written slowly over several seconds and uploads it once, complete', async () => {
    await h.start();
    const f = path.join(h.inbox, 'slow.txt');
    const fd = fs.openSync(f, 'w');
    const text = invoiceText(4);
    for (let i = 0; i < text.length; i += Math.ceil(text.length / 12)) {
      fs.writeSync(fd, text.slice(i, i + Math.ceil(text.length / 12)));
      await sleep(200);
      expect(['discovered', undefined]).toContain(h.row('slow.txt')?.status);
    }
    fs.closeSync(fd);
    await until(() => h.row('slow.txt')?.status === 'exported', 30_000, 'export');
    expect(h.row('slow.txt')!.size).toBe(Buffer.byteLength(text));
    await h.daemon.waitIdle();
    expect(h.serviceUploads()).toBe(1);
  });
});
