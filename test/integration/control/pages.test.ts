// A long scanned PDF, seen from the daemon's side (issue 19): while the service OCRs it, the
// control API (status, the file, the event stream) and `docsync status` say how many pages are
// read and the time left. Real service with real OCR, real daemon, real control server; the run
// is held at its page reports (test/helpers/pageGate.ts), so nothing is timed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStatus, pagesText } from '../../../src/cli/control.js';
import { DaemonAdapter } from '../../../src/control/daemonAdapter.js';
import { startControlServer, type ControlServer } from '../../../src/control/server.js';
import type { FileDetailView, StatusView } from '../../../src/control/views.js';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { parseConfig, saveConfig } from '../../../src/sync/config.js';
import { statusReport } from '../../../src/sync/status.js';
import { PageGate, scannedPdf } from '../../helpers/pageGate.js';
import { createHarness, until, type Harness } from '../sync/harness.js';

const gate = new PageGate();
let h: Harness;
let adapter: DaemonAdapter;
let server: ControlServer;
const events: string[] = [];
const stream = new AbortController();

beforeAll(async () => {
  h = await createHarness({ processor: gate.processor });
  const daemon = await h.start();
  const configFile = path.join(h.root, 'config.json');
  saveConfig(configFile, parseConfig({ folders: [{ path: h.inbox }] }));
  adapter = new DaemonAdapter({ locations: { configFile, dataDir: h.dataDir }, emitter: daemon.emitter, serviceUrl: h.service.url, embedded: false, inbox: h.inbox, apiKey: h.service.key.key });
  server = await startControlServer({ control: adapter, token: 't' });
  void readEvents();
});
afterAll(async () => {
  stream.abort();
  gate.allow(Infinity);
  await server.close();
  adapter.close();
  await h.close();
  await closeProcessing();
});

const get = async <T>(p: string) => (await (await fetch(`${server.url}${p}`, { headers: { authorization: 'Bearer t' } })).json()) as T;

/** The server-sent `pages` events, as the UI receives them. */
async function readEvents(): Promise<void> {
  const res = await fetch(`${server.url}/api/events`, { headers: { authorization: 'Bearer t' }, signal: stream.signal });
  const decoder = new TextDecoder();
  try {
    for await (const chunk of res.body! as unknown as AsyncIterable<Uint8Array>) events.push(...decoder.decode(chunk).split('\n\n').filter((e) => e.startsWith('event: pages')));
  } catch {
    // aborted at the end
  }
}

/** The processing file as the overview lists it, once it shows at least `done` pages read. */
async function shown(done: number): Promise<StatusView['running'][number]> {
  let file: StatusView['running'][number] | undefined;
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    file = (await get<StatusView>('/api/status')).running.find((f) => f.pages && f.pages.done >= done);
    if (file) return file;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no file showed ${done} page(s) read`);
}

describe('page progress through the daemon', () => {
  it('the control API, its event stream and docsync status show pages read and the time left', { timeout: 180_000 }, async () => {
    fs.writeFileSync(path.join(h.inbox, 'long-scan.pdf'), await scannedPdf(2, 'LONG-8002'));

    const first = await shown(0);
    expect(first).toMatchObject({ relPath: 'long-scan.pdf', status: 'processing', pages: { done: 0, total: 2, secondsLeft: null } });
    gate.allow(1);

    // One page read since the first count: a pace, so a time left.
    const second = await shown(1);
    expect(second.pages).toMatchObject({ done: 1, total: 2 });
    expect(second.pages!.secondsLeft).toBeGreaterThan(0);
    const detail = await get<FileDetailView>(`/api/files/${second.id}`);
    expect(detail.pages).toMatchObject({ done: 1, total: 2 });

    const report = statusReport(h.daemon.db, [h.inbox]);
    const reading = report.folders[0]!.reading;
    expect(reading).toHaveLength(1);
    expect(reading[0]).toMatchObject({ path: 'long-scan.pdf', total: 2 });
    expect(pagesText(reading[0]!)).toMatch(/^1 of 2 pages read, about \d+ (s|min) left$/);
    expect(formatStatus(report)).toContain(`  processing long-scan.pdf: ${pagesText(reading[0]!)}\n`);
    await until(() => events.length >= 2, 10_000, 'two pages events');
    expect(events[0]).toContain('"done":0');
    expect(events.at(-1)).toContain('"total":2');

    gate.allow(2);
    expect((await shown(2)).pages).toEqual({ done: 2, total: 2, secondsLeft: 0 });
    gate.allow(Infinity);
    await until(() => h.row('long-scan.pdf')?.status === 'exported', 120_000, 'the export');
    const after = await get<StatusView>('/api/status');
    expect(after.running).toEqual([]);
    expect((await get<FileDetailView>(`/api/files/${second.id}`)).pages).toBeNull();
    expect(statusReport(h.daemon.db, [h.inbox]).folders[0]!.reading).toEqual([]);
  });
});
