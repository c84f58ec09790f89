// Review and correct (issue 16) through a real daemon and a real local service: the review state
// in the sidecars and the ledger, corrections sent with PATCH from the state database's outbox,
// surviving a restart half-way and an offline service.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewControl } from '../../../src/control/review.js';
import { sidecarPaths } from '../../../src/sync/export/names.js';
import { openStateDb } from '../../../src/sync/state/db.js';
import { startFaultProxy, type FaultProxy } from '../../helpers/faultProxy.js';
import { createHarness, until, type Harness } from '../sync/harness.js';

let h: Harness | undefined;
let proxy: FaultProxy | undefined;
afterEach(async () => {
  await h?.close();
  await proxy?.close();
  h = proxy = undefined;
});

const INVOICE = 'INVOICE\nACME Supplies Ltd\nInvoice Number: INV-7\nInvoice Date: 2024-03-05\nSubtotal: 100.00\nTax: 20.00\nTotal: 120.00\n';

interface Sidecar {
  docsync: { review: { state: string; threshold: number; reasons: Array<{ kind: string; field?: string }>; documents: Array<{ fields: Array<{ title: string; confidence: number | null; corrected?: { from: unknown; at: string } }> }> } };
  documents: Array<{ id: string; fileId: string; fields: Array<{ title: string; value: unknown; confidence?: number }> }>;
}

const sidecar = (h: Harness, name: string) => JSON.parse(fs.readFileSync(sidecarPaths(path.join(h.inbox, name)).json, 'utf8')) as Sidecar;
const total = (s: Sidecar) => s.documents[0]!.fields.find((f) => f.title === 'Total')!.value;

async function exported(h: Harness, name: string, text = INVOICE) {
  fs.writeFileSync(path.join(h.inbox, name), text);
  await until(() => h.row(name)?.status === 'exported' && fs.existsSync(sidecarPaths(path.join(h.inbox, name)).json), 60_000, `${name} exported`);
  return h.row(name)!;
}

/** What the review page saves: Total corrected to `value`. */
function saveTotal(h: Harness, id: number, value: string) {
  const control = new ReviewControl(h.daemon.db, { url: '', apiKey: '' });
  const doc = control.detail(id).documents[0]!;
  return control.save(id, { documents: [{ fileId: doc.fileId, schemaValueId: doc.schemaValueId, fields: [{ title: 'Total', value }] }] });
}

describe('review state and corrections', () => {
  it('writes the review state, confidences and corrections into the sidecars and the ledger', async () => {
    h = await createHarness();
    await h.start({ config: { review: { threshold: 0.99, requiredFields: ['Invoice Date', 'Total', 'Due Date'] } } });
    const row = await exported(h, 'a.txt');
    const before = sidecar(h, 'a.txt');
    expect(before.docsync.review.state).toBe('needs review');
    expect(before.docsync.review.threshold).toBe(0.99);
    // The service's confidences arrive on each field, and a required field left empty is a reason.
    expect(before.documents[0]!.fields.find((f) => f.title === 'Total')!.confidence).toEqual(expect.any(Number));
    expect(before.docsync.review.reasons).toContainEqual(expect.objectContaining({ kind: 'missing', field: 'Due Date' }));
    await until(() => fs.existsSync(path.join(h!.inbox, 'docsync-ledger.csv')), 10_000, 'ledger written');
    const ledger = fs.readFileSync(path.join(h.inbox, 'docsync-ledger.csv'), 'utf8');
    expect(ledger.split('\r\n')[0]).toContain('Review');
    expect(ledger).toContain('To review'); // the ledger's label for "needs review"
    expect(h.daemon.review.store.queue().map((q) => q.id)).toEqual([row.id]);
    // The xlsx highlights the row to review.
    await until(() => fs.existsSync(path.join(h!.inbox, 'docsync-ledger.xlsx')), 10_000, 'xlsx written');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(h.inbox, 'docsync-ledger.xlsx'));
    const sheet = book.getWorksheet('Ledger')!;
    const reviewCol = (sheet.getRow(1).values as unknown[]).indexOf('Review');
    expect(sheet.getRow(2).getCell(reviewCol).value).toBe('To review');
    expect(sheet.getRow(2).getCell(1).fill).toMatchObject({ type: 'pattern', fgColor: { argb: 'FFFFE699' } });

    saveTotal(h, row.id, '123.45');
    // Saved means recorded: the queue is empty at once, the outputs follow the service's answer.
    expect(h.daemon.review.store.queue()).toEqual([]);
    await until(() => total(sidecar(h!, 'a.txt')) === 123.45, 20_000, 'sidecar rewritten');
    const after = sidecar(h, 'a.txt');
    expect(after.docsync.review.state).toBe('checked');
    const fixed = after.docsync.review.documents[0]!.fields.find((f) => f.title === 'Total')!;
    expect(fixed.corrected).toEqual({ from: 120, at: expect.any(String) });
    expect(fixed.confidence).toBe(1);
    // The CSV sidecar is written just after the JSON one.
    const csvPath = sidecarPaths(path.join(h.inbox, 'a.txt')).csv;
    await until(() => /Total,number,,123\.45,/.test(fs.readFileSync(csvPath, 'utf8')), 10_000, 'CSV sidecar rewritten');
    const csv = fs.readFileSync(csvPath, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Corrected from');
    expect(csv).toMatch(/Total,number,,123\.45,.*checked,1,120,/);
    await until(() => /Checked/.test(fs.readFileSync(path.join(h!.inbox, 'docsync-ledger.csv'), 'utf8')), 10_000, 'ledger rewritten'); // the ledger's label for "checked"
    expect(fs.readFileSync(path.join(h.inbox, 'docsync-ledger.csv'), 'utf8')).toContain('123.45');
    // The service holds the correction: a later fetch brings it back, not the old value.
    const values = await h.service.request('GET', `/prod/v1/files/${after.documents[0]!.fileId}/values`);
    expect(JSON.stringify(values.body)).toContain('123.45');
    // Another client puts the old value back on the service: a later fetch still keeps the person's.
    const entry = after.documents[0]!;
    expect((await h.service.request('PATCH', `/prod/v1/files/${entry.fileId}/values`, { body: { schemaValueId: entry.id, fields: [{ title: 'Total', value: 120 }] } })).status).toBe(200);
    await h.daemon.outbox.rewrite(row.id);
    expect(total(sidecar(h, 'a.txt'))).toBe(123.45);
  });

  it('sends a correction saved before a restart, half-way through its request, exactly as saved', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    await h.start({ url: proxy.url });
    const row = await exported(h, 'b.txt');
    // The service's answer never comes back before the daemon stops.
    proxy.inject({ fault: { kind: 'delay', ms: 3_000 }, method: 'PATCH', times: 1 });
    saveTotal(h, row.id, '99.90');
    await until(() => proxy!.requests.some((r) => r.method === 'PATCH'), 10_000, 'PATCH sent');
    await h.stop();
    expect(total(sidecar(h, 'b.txt'))).toBe(120);
    proxy.clear();
    await h.start({ url: proxy.url });
    await until(() => total(sidecar(h!, 'b.txt')) === 99.9, 20_000, 'sent after the restart');
    const patches = proxy.requests.filter((r) => r.method === 'PATCH');
    // The same Idempotency-Key both times: the service applies it once.
    expect(new Set(patches.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect(h.daemon.review.store.outbox(row.id).map((r) => r.status)).toEqual(['sent']);
  });

  it('keeps a correction while the remote service is offline and sends it when it is back', async () => {
    h = await createHarness();
    proxy = await startFaultProxy(h.service.url);
    await h.start({ url: proxy.url });
    const row = await exported(h, 'c.txt');
    proxy.inject({ fault: { kind: 'reset' }, times: 1_000 });
    saveTotal(h, row.id, '77.00');
    await until(() => (h!.daemon.review.store.outbox(row.id)[0]?.attempts ?? 0) >= 2, 20_000, 'retried while offline');
    expect(h.daemon.review.store.outbox(row.id)[0]!.status).toBe('pending');
    expect(total(sidecar(h, 'c.txt'))).toBe(120);
    proxy.clear();
    await until(() => total(sidecar(h!, 'c.txt')) === 77, 20_000, 'sent once back online');
    expect(h.daemon.review.store.outbox(row.id)[0]!.status).toBe('sent');
  });

  it('confirms a document without changes, and refuses a value of the wrong type', async () => {
    h = await createHarness();
    await h.start();
    const row = await exported(h, 'd.txt');
    const control = new ReviewControl(h.daemon.db, { url: '', apiKey: '' });
    const doc = control.detail(row.id).documents[0]!;
    expect(() => control.save(row.id, { documents: [{ fileId: doc.fileId, schemaValueId: doc.schemaValueId, fields: [{ title: 'Total', value: 'abc' }] }] })).toThrow(/not a number/);
    control.save(row.id, { documents: [] });
    await until(() => sidecar(h!, 'd.txt').docsync.review.state === 'checked', 20_000, 'confirmed');
    expect(total(sidecar(h, 'd.txt'))).toBe(120);
  });
});

describe('docsync review and docsync values', () => {
  const docsync = (h: Harness, config: string, args: string[]) => {
    const r = spawnSync(process.execPath, [path.resolve('bin/docsync.mjs'), ...args, '--config', config, '--data', h.dataDir], { encoding: 'utf8', timeout: 120_000 });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  it('lists what needs review, corrects from a script and confirms', { timeout: 180_000 }, async () => {
    h = await createHarness();
    await h.start({ config: { review: { threshold: 0.999, requiredFields: [] } } });
    const config = path.join(h.root, 'config.json');
    fs.writeFileSync(config, JSON.stringify({ folders: [{ path: h.inbox }] }));
    await exported(h, 'e.txt');
    await exported(h, 'f.txt', INVOICE.replace('INV-7', 'INV-8'));
    const listed = docsync(h, config, ['review', '--json']);
    expect(listed.code).toBe(0);
    expect((JSON.parse(listed.out) as { files: Array<{ relPath: string; state: string }> }).files.map((f) => [f.relPath, f.state])).toEqual([
      ['e.txt', 'needs review'], ['f.txt', 'needs review'],
    ]);
    const refused = docsync(h, config, ['values', 'set', path.join(h.inbox, 'e.txt'), 'Total=abc']);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/not a number/);
    const set = docsync(h, config, ['values', 'set', path.join(h.inbox, 'e.txt'), 'Total=1,055.50', 'Invoice Number=INV-7b']);
    expect(set.code).toBe(0);
    expect(set.out).toMatch(/^corrected: /);
    expect(docsync(h, config, ['values', 'confirm', path.join(h.inbox, 'f.txt')]).code).toBe(0);
    expect(docsync(h, config, ['review']).out).toBe('nothing to review\n');
    // The running daemon sends the CLI's correction and rewrites the outputs.
    await until(() => total(sidecar(h!, 'e.txt')) === 1055.5, 20_000, 'CLI correction sent');
    expect(sidecar(h, 'e.txt').documents[0]!.fields.find((f) => f.title === 'Invoice Number')!.value).toBe('INV-7b');
    await until(() => sidecar(h!, 'f.txt').docsync.review.state === 'checked', 20_000, 'CLI confirmation written');
  });

  it('asks state.db nothing about corrections while none waits (issue 20: a daemon at rest), and sends a save of the UI or the CLI at once', async () => {
    h = await createHarness();
    await h.start();
    const row = await exported(h, 'e.txt');
    await h.daemon.waitIdle();
    const due = vi.spyOn(h.daemon.review.store, 'due');
    // The control loop runs every 100 ms here: before, each tick ran the outbox's queries.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(due).not.toHaveBeenCalled();
    // A save through another connection, as the control API and the CLI make it.
    const db = openStateDb(h.dataDir);
    try {
      const control = new ReviewControl(db, { url: '', apiKey: '' });
      const doc = control.detail(row.id).documents[0]!;
      control.save(row.id, { documents: [{ fileId: doc.fileId, schemaValueId: doc.schemaValueId, fields: [{ title: 'Total', value: '55.00' }] }] });
    } finally {
      db.close();
    }
    await until(() => total(sidecar(h!, 'e.txt')) === 55, 20_000, 'sent');
    expect(h.daemon.review.store.outbox(row.id).map((r) => r.status)).toEqual(['sent']);
    due.mockRestore();
  });
});
