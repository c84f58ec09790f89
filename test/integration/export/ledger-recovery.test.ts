// A ledger that cannot be written (Excel holding it) is retried, never lost;
// pending writes survive a crash; `docsync export` rebuilds ledgers.
import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Ledger, LEDGER_CSV_NAME, LEDGER_XLSX_NAME, rebuildLedgers, writeSidecars, type LedgerEvent, type LedgerFileInput,
} from '../../../src/sync/export/index.js';
import { invoiceEntry, makeTempDir, openStateDb, readCsvFile, waitFor } from '../../unit/export/support.js';

let root: string;
let folder: string;
let db: Database.Database;
let events: LedgerEvent[];
const cleanups: (() => void)[] = [];

beforeEach(() => {
  root = makeTempDir();
  folder = path.join(root, 'Inbox');
  fs.mkdirSync(folder);
  db = openStateDb(root);
  events = [];
});
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
  db.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function file(name: string): LedgerFileInput {
  return { sourcePath: path.join(folder, `${name}.pdf`), remotePath: `/Inbox/${name}.pdf`, status: 'exported',
    processedAt: '2026-02-01T10:00:05.000Z', documents: [invoiceEntry({ number: name })] };
}

const csvNames = (): string[] => {
  const rows = readCsvFile(path.join(folder, LEDGER_CSV_NAME));
  const at = rows[0]!.indexOf('File');
  return rows.slice(1).map((r) => r[at]!);
};
const written = (file: 'csv' | 'xlsx'): LedgerEvent[] => events.filter((e) => e.type === 'ledger.written' && e.file === file);

/** A directory where the file must go: creating or renaming over it really fails. */
function blockWithDirectory(target: string): () => void {
  fs.mkdirSync(target);
  fs.writeFileSync(path.join(target, 'keep'), '');
  return () => fs.rmSync(target, { recursive: true, force: true });
}

/** The immutable flag makes rename and append fail with EPERM, as Windows does for a file Excel holds. */
function lockImmutable(target: string): (() => void) | null {
  try {
    execFileSync('chattr', ['+i', target], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const unlock = (): void => { try { execFileSync('chattr', ['-i', target], { stdio: 'ignore' }); } catch { /* gone */ } };
  cleanups.push(unlock);
  return unlock;
}

describe('a ledger that cannot be written', () => {
  it('is reported, retried with backoff, and written once it can be', async () => {
    const ledger = new Ledger(db, { csvDelayMs: 0, xlsxDelayMs: 0, retryInitialMs: 20, retryMaxMs: 80, onEvent: (e) => events.push(e) });
    cleanups.push(() => void ledger.close());
    const unblockCsv = blockWithDirectory(path.join(folder, LEDGER_CSV_NAME));
    const unblockXlsx = blockWithDirectory(path.join(folder, LEDGER_XLSX_NAME));
    ledger.upsert(file('A'));
    const report = await ledger.flush();
    expect(report.failed.map((f) => [f.file, f.code]).sort()).toEqual([['csv', 'LEDGER_WRITE_FAILED'], ['xlsx', 'LEDGER_WRITE_FAILED']]);
    expect(ledger.problems()).toEqual([expect.objectContaining({ ledgerDir: folder, code: 'LEDGER_WRITE_FAILED' })]);

    // Retries keep failing, with growing delays, and nothing is lost meanwhile.
    await waitFor(() => events.filter((e) => e.type === 'ledger.write_failed' && e.file === 'csv').length >= 3, 'retries');
    const delays = events.flatMap((e) => (e.type === 'ledger.write_failed' && e.file === 'csv' ? [e.retryInMs] : []));
    expect(delays.slice(0, 3)).toEqual([20, 40, 80]);
    ledger.upsert(file('B'));

    unblockCsv();
    unblockXlsx();
    await waitFor(() => written('csv').length > 0 && written('xlsx').length > 0, 'recovery');
    await waitFor(() => ledger.problems().length === 0, 'problem cleared');
    expect(written('csv')[0]).toMatchObject({ recovered: true });
    expect(csvNames()).toEqual(['A.pdf', 'B.pdf']);
    expect(fs.statSync(path.join(folder, LEDGER_XLSX_NAME)).isFile()).toBe(true);
    expect(fs.readdirSync(folder).filter((n) => n.startsWith('.docsync-tmp-'))).toEqual([]);
  });

  it('reports a locked file (EPERM/EBUSY/EACCES) as LEDGER_LOCKED', async () => {
    const ledger = new Ledger(db, { csvDelayMs: 600_000, xlsxDelayMs: 600_000, xlsxMaxDelayMs: 600_000, onEvent: (e) => events.push(e) });
    ledger.upsert(file('A'));
    await ledger.flush();
    const target = path.join(folder, LEDGER_CSV_NAME);
    const unlock = lockImmutable(target) ?? blockInstead(target);
    ledger.upsert(file('B')); // an append: opening the locked file fails
    const report = await ledger.flush();
    const failure = report.failed.find((f) => f.file === 'csv');
    const immutable = !fs.statSync(target).isDirectory();
    expect(failure?.code).toBe(immutable ? 'LEDGER_LOCKED' : 'LEDGER_WRITE_FAILED');
    const failedEvent = events.find((e) => e.type === 'ledger.write_failed');
    if (immutable) expect(failedEvent).toMatchObject({ osCode: 'EPERM' });
    unlock();
    expect((await ledger.flush()).failed).toEqual([]);
    expect(csvNames()).toEqual(['A.pdf', 'B.pdf']);
    await ledger.close();
  });
});

/** Where chattr is not available: replace the ledger by a directory. */
function blockInstead(target: string): () => void {
  fs.rmSync(target);
  return blockWithDirectory(target);
}

describe('crash safety', () => {
  it('writes changes left pending by a process that died before writing them', async () => {
    const dbFile = db.name;
    const crashed = new Ledger(db, { csvDelayMs: 600_000, xlsxDelayMs: 600_000, xlsxMaxDelayMs: 600_000 });
    crashed.upsert(file('A'));
    crashed.upsert(file('B'));
    db.close(); // the process is gone: no flush, no close

    db = new Database(dbFile);
    const restarted = new Ledger(db, { csvDelayMs: 0, xlsxDelayMs: 0, onEvent: (e) => events.push(e) });
    await waitFor(() => written('csv').length > 0 && written('xlsx').length > 0, 'pending writes');
    expect(csvNames()).toEqual(['A.pdf', 'B.pdf']);
    await restarted.close();
  });
});

describe('rebuildLedgers (docsync export)', () => {
  it('rewrites every known ledger whole from the database', async () => {
    const ledger = new Ledger(db, { csvDelayMs: 600_000, xlsxDelayMs: 600_000, xlsxMaxDelayMs: 600_000 });
    ledger.upsert(file('A'));
    ledger.upsert(file('B'));
    await ledger.close();
    fs.rmSync(path.join(folder, LEDGER_CSV_NAME));
    fs.rmSync(path.join(folder, LEDGER_XLSX_NAME));
    const report = await rebuildLedgers(db);
    expect(report).toMatchObject({ written: [folder], failed: [], imported: 0 });
    expect(csvNames()).toEqual(['A.pdf', 'B.pdf']);
    expect(fs.existsSync(path.join(folder, LEDGER_XLSX_NAME))).toBe(true);
  });

  it('recovers ledger rows from the JSON sidecars into an empty database', async () => {
    for (const name of ['A', 'B']) {
      const sourcePath = path.join(folder, `${name}.pdf`);
      fs.writeFileSync(sourcePath, 'x');
      await writeSidecars({ sourcePath, documents: [invoiceEntry({ number: name })],
        meta: { uploadId: 'u', fileIds: ['f'], remotePath: `/Inbox/${name}.pdf`, sha256: '00', processedAt: '2026-02-01T10:00:05.000Z' } });
    }
    fs.writeFileSync(path.join(folder, 'junk.pdf.values.json'), '{ not json');
    const report = await rebuildLedgers(db, { importSidecarsFrom: [root] });
    expect(report.imported).toBe(2);
    expect(report.unreadable).toEqual([path.join(folder, 'junk.pdf.values.json')]);
    expect(csvNames().sort()).toEqual(['A.pdf', 'B.pdf']);
  });
});
