// Where a file is once docsync moved it (issue 20): into Failed/ on a permanent failure, then,
// retried from there, into Processed/. The control API, `docsync status` and the ledger all
// report it at its new place, and the retry reads it from where it is (it used to look for it
// where it was found, and take it for deleted).
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DaemonAdapter } from '../../../src/control/daemonAdapter.js';
import { startControlServer, type ControlServer } from '../../../src/control/server.js';
import type { FileDetailView, FileView } from '../../../src/control/views.js';
import { parseConfig, saveConfig } from '../../../src/sync/config.js';
import { LEDGER_CSV_NAME } from '../../../src/sync/export/index.js';
import { openStateDb } from '../../../src/sync/state/db.js';
import { statusReport } from '../../../src/sync/status.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import { readCsvFile } from '../../unit/export/support.js';
import { createHarness, invoiceText, until, type Harness } from './harness.js';

let h: Harness;
let proxy: FaultProxy;
let adapter: DaemonAdapter | undefined;
let server: ControlServer | undefined;
afterEach(async () => {
  await server?.close();
  adapter?.close();
  server = adapter = undefined;
  await h.close();
  await proxy.close();
});

const folder = { onSuccess: 'move', onFailure: 'move' } as const;
const api = async <T>(p: string, method = 'GET'): Promise<T> => {
  const res = await fetch(`${server!.url}${p}`, { method, headers: { authorization: 'Bearer t' } });
  expect(res.status, p).toBe(200);
  return (await res.json()) as T;
};
const listed = async () => (await api<{ files: FileView[] }>('/api/files')).files[0]!;

describe('a file docsync moved', () => {
  it('is reported where it is now by the control API, the CLI and the ledger, and is retried from there', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    proxy.inject({ method: 'POST', pathPrefix: '/prod/v1/files/upload', fault: { kind: 'status', status: 422 } });
    await h.start({ url: proxy.url, folder, config: { outputs: { locale: 'en-GB' } } });
    const configFile = path.join(h.root, 'config.json');
    saveConfig(configFile, parseConfig({ folders: [{ path: h.inbox, ...folder }] }));
    adapter = new DaemonAdapter({ locations: { configFile, dataDir: h.dataDir }, emitter: h.daemon.emitter, serviceUrl: h.service.url, embedded: true, inbox: h.inbox, apiKey: 'k' });
    server = await startControlServer({ control: adapter, token: 't' });

    fs.writeFileSync(path.join(h.inbox, 'bill.txt'), invoiceText(7));
    await until(() => h.row('bill.txt')?.outcome_dir === 'Failed', 30_000, 'moved into Failed/');
    expect(fs.existsSync(path.join(h.inbox, 'Failed', 'bill.txt'))).toBe(true);
    const failed = await listed();
    expect(failed).toMatchObject({ relPath: 'bill.txt', currentPath: 'Failed/bill.txt', status: 'failed' });
    const opened = await fetch(`${server!.url}/api/files/${failed.id}/open/file`, { headers: { authorization: 'Bearer t' } });
    expect(await opened.text()).toBe(invoiceText(7));
    // `docsync status` (its own connection to state.db, as the CLI has).
    const cli = openStateDb(h.dataDir);
    try {
      expect(statusReport(cli, [h.inbox]).folders[0]!.failures.map((f) => f.path)).toEqual(['Failed/bill.txt']);
    } finally {
      cli.close();
    }

    expect((await api<{ retried: number }>(`/api/files/${failed.id}/retry`, 'POST')).retried).toBe(1);
    await until(() => h.row('bill.txt')?.outcome_dir === 'Processed', 30_000, 'retried from Failed/ and moved into Processed/', () => h.row('bill.txt'));
    expect(h.row('bill.txt')!.status).toBe('exported');
    expect(fs.existsSync(path.join(h.inbox, 'Processed', 'bill.txt.values.json'))).toBe(true);
    const done = await api<FileDetailView>(`/api/files/${failed.id}`);
    expect(done).toMatchObject({ currentPath: 'Processed/bill.txt', links: { file: true, json: true, csv: true } });
    expect(done.documents.length).toBeGreaterThan(0);
    await h.daemon.outputs.ledger.flush();
    const rows = readCsvFile(path.join(h.inbox, LEDGER_CSV_NAME));
    const at = rows[0]!.indexOf('File');
    expect(rows.slice(1).map((r) => r[at])).toEqual(['Processed/bill.txt']);
  });

  it('is found where it was found again when a person moves it back out of Processed/', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    await h.start({ folder: { onSuccess: 'move' } });
    fs.writeFileSync(path.join(h.inbox, 'inv.txt'), invoiceText(8));
    await until(() => h.row('inv.txt')?.outcome_dir === 'Processed', 30_000, 'moved into Processed/');
    fs.renameSync(path.join(h.inbox, 'Processed', 'inv.txt'), path.join(h.inbox, 'inv.txt'));
    await until(() => h.row('inv.txt')?.outcome_dir === null, 30_000, 'recorded where it is', () => h.row('inv.txt'));
    expect(h.row('inv.txt')!.status).toBe('exported');
    expect(fs.existsSync(path.join(h.inbox, 'inv.txt'))).toBe(true);
    expect(h.serviceUploads()).toBe(1);
  });
});
