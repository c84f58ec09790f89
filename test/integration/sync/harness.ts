// Shared set-up of the sync integration tests: a real local service, a temp watched
// folder, a real daemon (real SQLite, real watcher) talking to it over loopback HTTP.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { ClientRemote } from '../../../src/sync/clientRemote.js';
import { parseConfig, type FolderInput } from '../../../src/sync/config.js';
import { Daemon, type DaemonOptions } from '../../../src/sync/daemon.js';
import pino from 'pino';
import { silentLogger } from '../../../src/sync/logger.js';
import type { WatchedFileRow } from '../../../src/sync/state/files.js';

export interface Harness {
  root: string;
  inbox: string;
  dataDir: string;
  service: TestService;
  daemon: Daemon;
  /** Start (or restart) the daemon against `url` (default: the service). */
  start(opts?: { url?: string; folder?: Partial<FolderInput>; config?: Record<string, unknown>; daemon?: Partial<DaemonOptions> }): Promise<Daemon>;
  stop(): Promise<void>;
  rows(): WatchedFileRow[];
  row(rel: string): WatchedFileRow | undefined;
  /** Uploads the service holds, counted on the service side. */
  serviceUploads(): number;
  close(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for `cond`; on timeout the error carries `detail()` (the state that was seen) for diagnosis. */
export async function until(cond: () => boolean, ms = 30_000, what = 'condition', detail?: () => unknown): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${detail ? `: ${JSON.stringify(detail())}` : ''}`);
    await sleep(25);
  }
}

export async function createHarness(serviceOptions: Parameters<typeof startTestService>[0] = {}): Promise<Harness> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  const inbox = path.join(root, 'inbox');
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(inbox);
  const service = await startTestService(serviceOptions);
  let daemon: Daemon | null = null;
  const h: Harness = {
    root, inbox, dataDir, service,
    get daemon() {
      if (!daemon) throw new Error('daemon not started');
      return daemon;
    },
    async start(opts = {}) {
      const config = parseConfig({
        settleMs: 300, maxBackoffMs: 500, ...opts.config,
        folders: [{ path: inbox, remotePath: 'Inbox', ...opts.folder }],
      });
      const remote = new ClientRemote({ baseUrl: opts.url ?? service.url, apiKey: service.key.key, retry: { maxAttempts: 2, baseDelayMs: 20, maxDelayMs: 100 } });
      daemon = await Daemon.start({
        config, dataDir, remote, log: process.env.SYNC_TEST_LOG ? pino({ level: 'debug' }, pino.destination(2)) : silentLogger(), controlIntervalMs: 100, ledgerRetry: { retryInitialMs: 100, retryMaxMs: 500 },
        ...opts.daemon,
      });
      return daemon;
    },
    async stop() {
      await daemon?.stop();
      daemon = null;
    },
    rows() {
      return h.daemon.db.prepare('SELECT * FROM files ORDER BY id').all() as WatchedFileRow[];
    },
    row(rel) {
      return h.daemon.store.byPath(inbox, rel);
    },
    serviceUploads() {
      return service.service.db.prepare('SELECT COUNT(*) FROM uploads').pluck().get() as number;
    },
    async close() {
      await h.stop();
      await service.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return h;
}

/** A small text invoice the local engine extracts fields from. */
export function invoiceText(n: number): string {
  return `INVOICE\nInvoice Number: INV-${n}\nDate: 2024-03-0${(n % 9) + 1}\nTotal: ${100 + n}.00\n`;
}
