// What a watched folder holds after docsync: a ledger per sub-folder beside the watched
// folder's roll-up, links that follow a file into Processed/, and the outputs of a deleted
// file removed (or kept, marked deleted). Real daemon, real service, spreadsheets read back.
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEDGER_CSV_NAME, LEDGER_XLSX_NAME } from '../../../src/sync/export/index.js';
import { readCsvFile } from '../../unit/export/support.js';
import { createHarness, invoiceText, sleep, until, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const column = (file: string, name: string): string[] => {
  const rows = readCsvFile(file);
  const at = rows[0]!.indexOf(name);
  return rows.slice(1).map((r) => r[at]!);
};

async function fileLinks(dir: string): Promise<Array<{ text: string; hyperlink: string }>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path.join(dir, LEDGER_XLSX_NAME));
  const sheet = book.worksheets[0]!;
  const at = (sheet.getRow(1).values as unknown[]).indexOf('File');
  const out = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) out.push(sheet.getRow(r).getCell(at).value as { text: string; hyperlink: string });
  return out;
}

const config = { outputs: { locale: 'en-GB' } };

describe('ledgers of a watched folder', () => {
  it('has one per sub-folder and a roll-up; a file moved into Processed/ stays listed, linked to where it is', async () => {
    await h.start({ folder: { onSuccess: 'move' }, config });
    const jan = path.join(h.inbox, '2026', 'Jan');
    fs.mkdirSync(jan, { recursive: true });
    fs.writeFileSync(path.join(jan, 'inv1.txt'), invoiceText(1));
    fs.writeFileSync(path.join(h.inbox, 'inv2.txt'), invoiceText(2));
    await until(() => fs.existsSync(path.join(h.inbox, 'Processed', '2026', 'Jan', 'inv1.txt')), 30_000, 'inv1 moved');
    await until(() => fs.existsSync(path.join(h.inbox, 'Processed', 'inv2.txt')), 30_000, 'inv2 moved');
    await h.daemon.waitIdle();
    await h.daemon.outputs.ledger.flush();
    expect(column(path.join(h.inbox, LEDGER_CSV_NAME), 'File').sort()).toEqual(['Processed/2026/Jan/inv1.txt', 'Processed/inv2.txt']);
    expect(column(path.join(jan, LEDGER_CSV_NAME), 'File')).toEqual(['../../Processed/2026/Jan/inv1.txt']);
    expect(column(path.join(jan, LEDGER_CSV_NAME), 'Number')).toEqual(['INV-1']);
    // The sidecars went along, and Processed/ has no ledger of its own.
    expect(fs.existsSync(path.join(h.inbox, 'Processed', '2026', 'Jan', 'inv1.txt.values.json'))).toBe(true);
    expect(fs.existsSync(path.join(h.inbox, 'Processed', LEDGER_CSV_NAME))).toBe(false);
    for (const dir of [h.inbox, jan]) {
      for (const link of await fileLinks(dir)) expect(fs.existsSync(path.join(dir, decodeURIComponent(link.hyperlink))), link.hyperlink).toBe(true);
    }
  });

  it('lists files already exported in their sub-folder ledgers once the setting asks for them', async () => {
    const jan = path.join(h.inbox, 'Jan');
    fs.mkdirSync(jan);
    await h.start({ config: { outputs: { locale: 'en-GB', ledgers: 'root' } } });
    fs.writeFileSync(path.join(jan, 'inv1.txt'), invoiceText(1));
    await until(() => h.row('Jan/inv1.txt')?.status === 'exported', 30_000, 'exported');
    await h.daemon.outputs.ledger.flush();
    expect(fs.existsSync(path.join(jan, LEDGER_CSV_NAME))).toBe(false);
    await h.stop();
    await h.start({ config: { outputs: { locale: 'en-GB', ledgers: 'each-folder' } } });
    await h.daemon.outputs.ledger.flush();
    expect(column(path.join(jan, LEDGER_CSV_NAME), 'File')).toEqual(['inv1.txt']);
    expect(column(path.join(h.inbox, LEDGER_CSV_NAME), 'File')).toEqual(['Jan/inv1.txt']);
  });

  it('removes the ledger rows and sidecars of a deleted file, and keeps those of a renamed one', async () => {
    await h.start({ config: { ...config, settleMs: 100 } });
    for (const n of [1, 2]) fs.writeFileSync(path.join(h.inbox, `inv${n}.txt`), invoiceText(n));
    await until(() => h.row('inv1.txt')?.status === 'exported' && h.row('inv2.txt')?.status === 'exported', 30_000, 'exported');
    fs.rmSync(path.join(h.inbox, 'inv1.txt'));
    fs.renameSync(path.join(h.inbox, 'inv2.txt'), path.join(h.inbox, 'renamed.txt'));
    await until(() => h.row('inv1.txt')?.outputs_cleared_at != null, 30_000, 'deleted file swept');
    await until(() => h.row('renamed.txt')?.status === 'exported', 30_000, 'renamed file recognised');
    await sleep(500);
    await h.daemon.waitIdle();
    await h.daemon.outputs.ledger.flush();
    expect(fs.existsSync(path.join(h.inbox, 'inv1.txt.values.json'))).toBe(false);
    expect(fs.existsSync(path.join(h.inbox, 'inv1.txt.values.csv'))).toBe(false);
    expect(fs.existsSync(path.join(h.inbox, 'renamed.txt.values.json'))).toBe(true);
    expect(column(path.join(h.inbox, LEDGER_CSV_NAME), 'File')).toEqual(['renamed.txt']);
    expect(h.daemon.store.events(h.row('inv1.txt')!.id).at(-1)?.reason).toMatch(/sidecars and ledger rows removed/);
  });

  it('keeps a deleted file in the ledger, marked deleted, when outputs.deletedFiles is keep', async () => {
    await h.start({ config: { outputs: { locale: 'en-GB', deletedFiles: 'keep' }, settleMs: 100 } });
    fs.writeFileSync(path.join(h.inbox, 'inv1.txt'), invoiceText(1));
    await until(() => h.row('inv1.txt')?.status === 'exported', 30_000, 'exported');
    fs.rmSync(path.join(h.inbox, 'inv1.txt'));
    await until(() => h.row('inv1.txt')?.outputs_cleared_at != null, 30_000, 'deleted file swept');
    await h.daemon.outputs.ledger.flush();
    expect(column(path.join(h.inbox, LEDGER_CSV_NAME), 'Status')).toEqual(['Deleted']);
    expect(fs.existsSync(path.join(h.inbox, 'inv1.txt.values.json'))).toBe(true);
  });
});
