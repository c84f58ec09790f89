// Several desktops on one shared folder (issue 21, docs/shared-folder.md): real `docsync start`
// processes, each with its own state.db, watching one folder and sending to one real service.
// Every file is uploaded once (counted on the service side), its sidecars written by one desktop,
// and the ledger lists it once; a desktop killed mid-upload is taken over once its lease ran out.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { parseCsv } from '../../unit/export/support.js';
import pino from 'pino';
import { startFaultProxy } from '../../helpers/faultProxy.js';
import { createHarness, invoiceText, until } from './harness.js';
import { readState, startDaemon, stopDaemon } from './processes.js';

/** Short enough that a takeover comes within seconds; the holders renew every third of it. */
const LEASE_MS = 3000;

let service: TestService;
let root: string;
const running: ChildProcess[] = [];
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-shared-'));
  service = await startTestService({ processingConcurrency: 2 });
});
afterAll(async () => {
  await Promise.all(running.map((c) => stopDaemon(c, 'SIGKILL')));
  await service.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** Each desktop has its own key of the team's workspace: the service's idempotency cannot hide a second upload. */
interface Desk { name: string; dataDir: string; args: string[]; key: string }

/** A desktop's config and data folder: the same shared folder and remote root for all of them. */
function desks(inbox: string, n: number, folder: Record<string, unknown> = {}, leaseMs = LEASE_MS): Desk[] {
  return Array.from({ length: n }, (_, i) => {
    const name = `desk${i}`;
    const dataDir = path.join(root, `${path.basename(inbox)}-${name}`);
    const config = path.join(root, `${path.basename(inbox)}-${name}.json`);
    fs.writeFileSync(config, JSON.stringify({
      settleMs: 200, maxBackoffMs: 1000, uiPort: 0, outputs: { locale: 'en-US', csvSeparator: ',' },
      sharedFolders: { leaseMs },
      folders: [{ path: inbox, remotePath: path.basename(inbox), ...folder }],
    }));
    return { name, dataDir, args: ['--config', config, '--data', dataDir, '--service-url', service.url], key: service.createKey().key };
  });
}

async function start(desk: Desk): Promise<ChildProcess> {
  const child = await startDaemon(desk.args, desk.key);
  running.push(child);
  return child;
}

const atRest = (d: Desk) => readState(d.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM files WHERE status = 'exported'").pluck().get() as number, 0);

/** Files this desktop uploaded itself (its own events show the upload), as opposed to those it adopted. */
const uploadedHere = (d: Desk) => readState(d.dataDir, (db) => db.prepare(
  "SELECT f.rel_path FROM files f WHERE f.status = 'exported' AND EXISTS (SELECT 1 FROM events e WHERE e.file_id = f.id AND e.to_status = 'processing')",
).pluck().all() as string[], []);

const byPeer = (d: Desk) => readState(d.dataDir, (db) => db.prepare(
  "SELECT COUNT(*) FROM files WHERE status = 'exported' AND id IN (SELECT file_id FROM events WHERE reason LIKE 'exported by another desktop%')",
).pluck().get() as number, 0);

/**
 * Per file name, how many times its bytes reached the service: every PUT records a `file_uploaded`
 * step on its upload, whichever desktop's ticket it used.
 */
function uploadsOf(prefix: string): Map<string, number> {
  const rows = service.service.db.prepare(
    `SELECT u.file_name, COUNT(*) AS n FROM uploads u JOIN upload_steps s ON s.upload_id = u.id AND s.step = 'file_uploaded'
     WHERE u.file_name LIKE ? GROUP BY u.file_name`,
  ).all(`${prefix}%`) as Array<{ file_name: string; n: number }>;
  return new Map(rows.map((r) => [r.file_name, r.n]));
}

/** The rows of the folder's ledger CSV, by the File column: how many times each file is listed. */
function ledgerCounts(inbox: string): Map<string, number> {
  const file = path.join(inbox, 'docsync-ledger.csv');
  if (!fs.existsSync(file)) return new Map();
  const [header, ...rows] = parseCsv(fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  const col = header!.indexOf('File');
  const counts = new Map<string, number>();
  for (const r of rows) if (r.length > 1) counts.set(r[col]!, (counts.get(r[col]!) ?? 0) + 1);
  return counts;
}

function writeFiles(inbox: string, prefix: string, n: number): string[] {
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = `${prefix}${i}.txt`;
    fs.writeFileSync(path.join(inbox, name), invoiceText(i) + `Reference: ${prefix}-${i}\n`);
    names.push(name);
  }
  return names;
}

/** Every file uploaded once, exported by exactly one desktop, adopted by the others, its sidecars there, listed once. */
async function expectEachOnce(inbox: string, group: Desk[], names: string[], prefix: string): Promise<void> {
  const uploads = uploadsOf(prefix);
  expect([...uploads.keys()].sort()).toEqual([...names].sort());
  expect([...uploads.values()].every((n) => n === 1), JSON.stringify([...uploads])).toBe(true);
  const uploaders = group.flatMap(uploadedHere).sort();
  expect(uploaders).toEqual([...names].sort());
  expect(group.map(byPeer).reduce((a, b) => a + b, 0)).toBe(names.length * (group.length - 1));
  for (const name of names) expect(fs.existsSync(path.join(inbox, `${name}.values.json`)), name).toBe(true);
  await until(() => ledgerCounts(inbox).size === names.length, 30_000, 'every file in the ledger', () => [...ledgerCounts(inbox)]);
  const counts = ledgerCounts(inbox);
  expect([...counts.keys()].sort()).toEqual([...names].sort());
  expect([...counts.values()].every((n) => n === 1), JSON.stringify([...counts])).toBe(true);
}

describe('several desktops on one shared folder', () => {
  for (const [n, files, watch] of [[2, 24, 'native'], [4, 24, 'poll']] as const) {
    it(`${n} desktops (${watch} watching), ${files} files: each uploaded once, its outputs written once, each ledger row once`, { timeout: 300_000 }, async () => {
      const inbox = path.join(root, `inbox${n}`);
      fs.mkdirSync(inbox);
      const group = desks(inbox, n, { watch, pollIntervalMs: 300 });
      const children = await Promise.all(group.map(start));
      const prefix = `d${n}-`;
      const names = writeFiles(inbox, prefix, files);
      await until(() => group.every((d) => atRest(d) === files), 240_000, 'every desktop to see every file done', () => group.map(atRest));
      // More than one desktop did work: the files were shared out, not all done by the first.
      expect(group.filter((d) => uploadedHere(d).length > 0).length).toBeGreaterThan(1);
      await Promise.all(children.map((c) => stopDaemon(c)));
      await expectEachOnce(inbox, group, names, prefix);
      // One desktop wrote the ledger (it records the size of its last write); the others kept their rows only.
      const wrote = group.filter((d) => readState(d.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM ledger_files WHERE csv_size IS NOT NULL').pluck().get() as number, 0) > 0);
      expect(wrote.map((d) => d.name)).toHaveLength(1);
      for (const d of group) expect(readState(d.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM ledger_rows').pluck().get() as number, 0), d.name).toBe(files);
    });
  }

  it('a desktop killed mid-upload is taken over after its lease: still every file once', { timeout: 300_000 }, async () => {
    const inbox = path.join(root, 'inboxKill');
    fs.mkdirSync(inbox);
    const [a, b] = desks(inbox, 2);
    const [childA, childB] = await Promise.all([start(a!), start(b!)]);
    const prefix = 'k-';
    const names = writeFiles(inbox, prefix, 30);
    // A is killed while it holds files it has not finished.
    const inFlight = () => readState(a!.dataDir, (db) => db.prepare("SELECT rel_path FROM files WHERE status IN ('uploading', 'processing')").pluck().all() as string[], []);
    await until(() => inFlight().length > 0, 60_000, 'A to be uploading');
    await stopDaemon(childA, 'SIGKILL');
    const held = inFlight();
    expect(held.length).toBeGreaterThan(0);
    await until(() => atRest(b!) === names.length, 240_000, 'B to finish every file', () => atRest(b!));
    // A's unfinished files: B uploaded (took over) those A had not finished; none twice.
    const takenOver = held.filter((f) => uploadedHere(b!).includes(f));
    expect(takenOver.length).toBeGreaterThan(0);
    // A comes back: what B finished for it, it adopts; nothing is uploaded again.
    const again = await start(a!);
    await until(() => atRest(a!) === names.length, 120_000, 'A to see every file done', () => atRest(a!));
    await Promise.all([stopDaemon(again), stopDaemon(childB)]);
    await expectEachOnceAfterKill(inbox, [a!, b!], names, prefix);
    // B writes the ledger at the end whoever wrote it first: A's ledger claim ran out while it was dead.
    expect(readState(b!.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM ledger_files WHERE csv_size IS NOT NULL').pluck().get() as number, 0)).toBe(1);
  });
});

/** After a kill the killed desktop may have uploaded a file (counted on its side) that the other finished: uploads are still one per file. */
async function expectEachOnceAfterKill(inbox: string, group: Desk[], names: string[], prefix: string): Promise<void> {
  const uploads = uploadsOf(prefix);
  expect([...uploads.keys()].sort()).toEqual([...names].sort());
  expect([...uploads.values()].every((n) => n === 1), JSON.stringify([...uploads])).toBe(true);
  for (const name of names) expect(fs.existsSync(path.join(inbox, `${name}.values.json`)), name).toBe(true);
  await until(() => ledgerCounts(inbox).size === names.length, 30_000, 'every file in the ledger', () => [...ledgerCounts(inbox)]);
  expect([...ledgerCounts(inbox).values()].every((n) => n === 1)).toBe(true);
}

describe('a desktop stopped normally', () => {
  it('gives its claims up: the other desktop finishes its files and writes the ledger without waiting for the lease', { timeout: 300_000 }, async () => {
    const inbox = path.join(root, 'inboxStop');
    fs.mkdirSync(inbox);
    // Ten minutes: far longer than this test may take, so only a claim given up can be taken over.
    const [a, b] = desks(inbox, 2, {}, 600_000);
    const [childA, childB] = await Promise.all([start(a!), start(b!)]);
    const names = writeFiles(inbox, 'stop-', 30);
    const inFlight = () => readState(a!.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM files WHERE status IN ('uploading', 'processing')").pluck().get() as number, 0);
    await until(() => inFlight() > 0, 60_000, 'A to be uploading');
    await stopDaemon(childA);
    await until(() => atRest(b!) === names.length, 240_000, 'B to finish every file', () => atRest(b!));
    // B writes the ledger while it runs (its rewrites are spaced under load); far within A's lease.
    await until(() => ledgerCounts(inbox).size === names.length, 120_000, 'B to write every file in the ledger', () => [...ledgerCounts(inbox)]);
    await stopDaemon(childB);
    await expectEachOnceAfterKill(inbox, [a!, b!], names, 'stop-');
  });
});

describe('copies of one file on a shared folder', () => {
  it('duplicates skip: one copy uploaded, by one desktop, listed once; duplicates upload: each copy once; a failure once, shown on both', { timeout: 300_000 }, async () => {
    const skipDir = path.join(root, 'copiesSkip');
    const uploadDir = path.join(root, 'copiesUpload');
    fs.mkdirSync(skipDir);
    fs.mkdirSync(uploadDir);
    const group = desks(skipDir, 2);
    // Each desktop watches both folders: the second with `duplicates: upload`.
    for (const d of group) {
      const file = d.args[1]!;
      const config = JSON.parse(fs.readFileSync(file, 'utf8'));
      config.folders.push({ path: uploadDir, remotePath: 'copiesUpload', duplicates: 'upload' });
      fs.writeFileSync(file, JSON.stringify(config));
    }
    const children = await Promise.all(group.map(start));
    const content = invoiceText(7) + 'Reference: the same bytes\n';
    for (let i = 0; i < 3; i++) {
      fs.writeFileSync(path.join(skipDir, `same${i}.txt`), content);
      fs.writeFileSync(path.join(uploadDir, `copy${i}.txt`), content);
    }
    // The service fails this one: one desktop sends it, both list it failed.
    fs.writeFileSync(path.join(skipDir, 'broken.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), Buffer.alloc(300, 0x37)]));
    const failure = (d: Desk) => readState(d.dataDir, (db) => db.prepare("SELECT error_code FROM files WHERE rel_path = 'broken.pdf' AND status = 'failed'").pluck().get() as string | undefined, undefined);
    const rest = (d: Desk, folder: string) => readState(d.dataDir, (db) => db.prepare(
      "SELECT status, COUNT(*) AS n FROM files WHERE folder = ? AND status IN ('exported', 'skipped') GROUP BY status ORDER BY status",
    ).all(folder) as Array<{ status: string; n: number }>, []);
    await until(() => group.every((d) => JSON.stringify(rest(d, skipDir)) === JSON.stringify([{ status: 'exported', n: 1 }, { status: 'skipped', n: 2 }])
      && JSON.stringify(rest(d, uploadDir)) === JSON.stringify([{ status: 'exported', n: 3 }]) && failure(d) !== undefined), 120_000, 'both desktops done',
    () => group.map((d) => [rest(d, skipDir), rest(d, uploadDir), failure(d)]));
    expect(group.map(failure).sort()).toEqual(['FAILED_ON_PEER', 'PROCESSING_FAILED']);
    expect([...uploadsOf('broken')]).toEqual([['broken.pdf', 1]]);
    await Promise.all(children.map((c) => stopDaemon(c)));
    const sent = uploadsOf('same');
    expect([...sent.values()]).toEqual([1]);
    const copies = uploadsOf('copy');
    expect([...copies.keys()].sort()).toEqual(['copy0.txt', 'copy1.txt', 'copy2.txt']);
    expect([...copies.values()]).toEqual([1, 1, 1]);
    // The processed copy is the same one on both desktops, and the ledger lists it alone.
    const done = group.map((d) => readState(d.dataDir, (db) => db.prepare("SELECT rel_path FROM files WHERE folder = ? AND status = 'exported'").pluck().get(skipDir) as string, ''));
    expect(done[0]).toBe(done[1]);
    expect([...sent.keys()]).toEqual([done[0]]);
    await until(() => ledgerCounts(skipDir).size === 2, 30_000, 'the copy and the failure in the ledger');
    expect([...ledgerCounts(skipDir)].sort()).toEqual([['broken.pdf', 1], [done[0], 1]]);
    await until(() => ledgerCounts(uploadDir).size === 3, 30_000, 'the three copies in the ledger');
    expect([...ledgerCounts(uploadDir).values()]).toEqual([1, 1, 1]);
  });
});

describe('outcome folders on a shared folder', () => {
  // Either way of watching: the move into Processed/ is not taken for a deletion (the file is found there).
  for (const watch of ['native', 'poll'] as const) {
  it(`the desktop that finished a file moves it into Processed/; the others record it there, keep its ledger row, delete nothing (${watch})`, { timeout: 300_000 }, async () => {
    const inbox = path.join(root, `inboxMove-${watch}`);
    fs.mkdirSync(inbox);
    // delete-remote: a desktop that took the move for a deletion would delete the file at the service.
    const group = desks(inbox, 2, { onSuccess: 'move', deletions: 'delete-remote', watch, pollIntervalMs: 300 });
    const children = await Promise.all(group.map(start));
    const prefix = `m${watch}-`;
    const names = writeFiles(inbox, prefix, 8);
    const inProcessed = (d: Desk) => readState(d.dataDir, (db) => db.prepare("SELECT COUNT(*) FROM files WHERE status = 'exported' AND outcome_dir = 'Processed'").pluck().get() as number, 0);
    await until(() => group.every((d) => inProcessed(d) === names.length), 120_000, 'every file in Processed/ on both desktops', () => group.map(inProcessed));
    await Promise.all(children.map((c) => stopDaemon(c)));
    for (const name of names) {
      expect(fs.existsSync(path.join(inbox, 'Processed', name)), name).toBe(true);
      expect(fs.existsSync(path.join(inbox, 'Processed', `${name}.values.json`)), name).toBe(true);
    }
    expect([...uploadsOf(prefix).values()]).toEqual(names.map(() => 1));
    const remaining = service.service.db.prepare('SELECT COUNT(*) FROM files WHERE file_name LIKE ?').pluck().get(`${prefix}%`);
    expect(remaining).toBe(names.length);
    for (const d of group) expect(readState(d.dataDir, (db) => db.prepare('SELECT COUNT(*) FROM ledger_rows').pluck().get() as number, 0), d.name).toBe(names.length);
    await until(() => ledgerCounts(inbox).size === names.length, 30_000, 'every file in the ledger');
    expect([...ledgerCounts(inbox).values()]).toEqual(names.map(() => 1));
  });
  }
});

describe('a service without claims (not docsync\'s own)', () => {
  it('the daemon works alone as before, and says so once in its log', { timeout: 120_000 }, async () => {
    const h = await createHarness();
    const proxy = await startFaultProxy(h.service.url);
    // The route is missing there: every claim request answers 404, as a service without it would.
    proxy.inject({ fault: { kind: 'status', status: 404 }, pathPrefix: '/prod/docsync/', times: 1_000_000 });
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    try {
      await h.start({ url: proxy.url, daemon: { sharedService: true, log } });
      for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(h.inbox, `alone${i}.txt`), invoiceText(i));
      await until(() => h.rows().filter((r) => r.status === 'exported').length === 3, 60_000, 'three files exported');
      await h.daemon.outputs.ledger.flush();
      expect(ledgerCounts(h.inbox).size).toBe(3);
      expect(h.serviceUploads()).toBe(3);
      const claimRequests = proxy.requests.filter((r) => r.path.startsWith('/prod/docsync/'));
      expect(claimRequests).toHaveLength(1);
      expect(lines.filter((l) => l.includes('offers no claims'))).toHaveLength(1);
    } finally {
      await h.close();
      await proxy.close();
    }
  });
});
