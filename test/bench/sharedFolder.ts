// Part `shared` of `npm run bench -- sync` (issue 21): four desktops on one folder. Four real
// `docsync start` processes, each with its own data folder and state.db, watch one folder and send
// to one service (its own process); N files are dropped at once. Figures: files per second from
// the drop until every desktop has every file done (its own or adopted), and duplicates: files
// sent by more than one desktop (from the desktops' own records), with the service's file count.
// Env: SYNC_BENCH_SHARED_FILES (default 200), SYNC_BENCH_SHARED_DESKTOPS (default 4),
// SYNC_BENCH_SHARED_CLAIMS (`off`: what claims cost one desktop alone; several would then duplicate).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceClient } from '../../src/client/index.js';
import { readState, startDaemon, stopDaemon } from '../integration/sync/processes.js';

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export async function sharedFolder(server: { url: string; key: string }) {
  const files = Number(process.env.SYNC_BENCH_SHARED_FILES ?? 200);
  const desktops = Number(process.env.SYNC_BENCH_SHARED_DESKTOPS ?? 4);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-bench-shared-'));
  const inbox = path.join(root, 'share');
  fs.mkdirSync(inbox);
  const desks = Array.from({ length: desktops }, (_, i) => {
    const dataDir = path.join(root, `desk${i}`);
    const config = path.join(root, `desk${i}.json`);
    const claims = process.env.SYNC_BENCH_SHARED_CLAIMS === 'off' ? 'off' : 'auto';
    fs.writeFileSync(config, JSON.stringify({ settleMs: 300, uiPort: 0, sharedFolders: { claims }, folders: [{ path: inbox, remotePath: 'SharedBench' }] }));
    return { dataDir, args: ['--config', config, '--data', dataDir, '--service-url', server.url] };
  });
  const children = await Promise.all(desks.map((d) => startDaemon(d.args, server.key)));
  const done = (dataDir: string) => readState(dataDir, (db) => db.prepare("SELECT COUNT(*) FROM files WHERE status = 'exported'").pluck().get() as number, 0);
  try {
    const started = performance.now();
    for (let i = 0; i < files; i++) {
      fs.writeFileSync(path.join(inbox, `s${i}.txt`), `INVOICE\nInvoice Number: S-${i}\nDate: 2024-05-0${(i % 9) + 1}\nTotal: ${100 + i}.00\n`);
    }
    const deadline = Date.now() + 30 * 60_000;
    while (desks.some((d) => done(d.dataDir) < files)) {
      if (Date.now() > deadline) throw new Error(`not done: ${desks.map((d) => done(d.dataDir)).join(', ')} of ${files}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    // A file counts once per desktop that sent it itself (its own events show the upload).
    const sentBy = desks.map((d) => readState(d.dataDir, (db) => db.prepare(
      "SELECT COUNT(*) FROM files f WHERE EXISTS (SELECT 1 FROM events e WHERE e.file_id = f.id AND e.to_status = 'processing')",
    ).pluck().get() as number, 0));
    const client = new ServiceClient({ baseUrl: server.url, apiKey: server.key });
    let serviceFiles = 0;
    for await (const page of client.filePages({ limit: 1000 })) serviceFiles += page.items.filter((f) => /^s\d+\.txt$/.test(f.fileName)).length;
    await client.close();
    const result = {
      desktops, claims: process.env.SYNC_BENCH_SHARED_CLAIMS === 'off' ? 'off' : 'auto', files, seconds: round(seconds, 2), filesPerSecond: round(files / seconds, 1),
      duplicates: sentBy.reduce((a, b) => a + b, 0) - files, sentByDesktop: sentBy, serviceFiles,
      load: os.loadavg().map((n) => round(n, 2)),
    };
    console.log(`${desktops} desktops on one folder: ${result.filesPerSecond} files/s (${files} files in ${result.seconds} s), duplicates: ${result.duplicates}, files at the service: ${serviceFiles}`);
    return result;
  } finally {
    await Promise.all(children.map((c) => stopDaemon(c)));
    fs.rmSync(root, { recursive: true, force: true });
  }
}
