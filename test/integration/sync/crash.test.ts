import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { sleep } from './harness.js';
import { readState, startDaemon as startDaemonProcess } from './processes.js';
import os from 'node:os';

const FILES = 300;
const KILLS = 10;

let service: TestService;
let root: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  service = await startTestService({ processingConcurrency: 4 });
});
afterAll(async () => {
  await service.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function exportedCount(dataDir: string): number {
  return readState(dataDir, (db) => db.prepare("SELECT COUNT(*) FROM files WHERE status = 'exported'").pluck().get() as number, 0);
}

const startDaemon = (args: string[]) => startDaemonProcess(args, service.key.key);

describe('crash safety', () => {
  it(`survives ${KILLS} SIGKILLs while ${FILES} files flow: every file exported, one upload each`, { timeout: 900_000 }, async () => {
    const inbox = path.join(root, 'inbox');
    const dataDir = path.join(root, 'data');
    const config = path.join(root, 'config.json');
    fs.mkdirSync(inbox);
    fs.writeFileSync(config, JSON.stringify({ settleMs: 200, maxBackoffMs: 1000, folders: [{ path: inbox, remotePath: 'Crash' }] }));
    const args = ['--config', config, '--data', dataDir, '--service-url', service.url];

    let written = 0;
    const writer = (async () => {
      for (; written < FILES; written++) {
        const sub = `batch${written % 3}`;
        fs.mkdirSync(path.join(inbox, sub), { recursive: true });
        fs.writeFileSync(path.join(inbox, sub, `doc${written}.txt`), `INVOICE\nInvoice Number: C-${written}\nTotal: ${written}.50\n`);
        await sleep(15);
      }
    })();

    let kills = 0;
    while (kills < KILLS) {
      const child = await startDaemon(args);
      await sleep(300 + Math.random() * 1500);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      kills++;
    }
    await writer;
    const child = await startDaemon(args);
    try {
      const end = Date.now() + 600_000;
      while (exportedCount(dataDir) < FILES && Date.now() < end) await sleep(500);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }

    expect(kills).toBeGreaterThanOrEqual(10);
    expect(exportedCount(dataDir)).toBe(FILES);
    const uploads = service.service.db.prepare('SELECT COUNT(*) FROM uploads').pluck().get() as number;
    const perName = service.service.db
      .prepare('SELECT file_name, COUNT(*) AS n FROM uploads GROUP BY file_name HAVING n > 1')
      .all();
    expect(perName).toEqual([]);
    expect(uploads).toBe(FILES);
    for (let i = 0; i < FILES; i++) {
      expect(fs.existsSync(path.join(inbox, `batch${i % 3}`, `doc${i}.txt.values.json`)), `sidecar of doc${i}`).toBe(true);
    }
  });
});
