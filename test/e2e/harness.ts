// A real daemon (embedded local service), its control API and the built UI, in temp folders.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { COOKIE } from '../../src/control/security.js';
import { RENDERER_DIR, startControl, type RunningControl } from '../../src/control/start.js';
import { loadConfig, saveConfig, parseConfig } from '../../src/sync/config.js';
import { runDaemon, type Running } from '../../src/sync/run.js';
import { openStateDb } from '../../src/sync/state/db.js';

export interface UiHarness {
  root: string;
  running: Running;
  control: RunningControl;
  url: string;
  token: string;
  configFile: string;
  dataDir: string;
  /** A browser session id, as the login link hands it out (the cookie never holds the token). */
  session(): Promise<string>;
  close(): Promise<void>;
}

/** Build the renderer once if it is not built yet (`npm ci` builds it via `prepare`). */
export function ensureRendererBuilt(): void {
  if (fs.existsSync(path.join(RENDERER_DIR, 'index.html'))) return;
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}

export interface HarnessOptions {
  /** Runs before the daemon starts (e.g. to seed its state database); returns more folders to watch. */
  prepare?: (root: string, dataDir: string) => string[] | Promise<string[]>;
  /** Settings of a watched folder beyond its path (onSuccess, ...). */
  folderOptions?: (folder: string) => Record<string, unknown>;
  /** More settings for the config file (e.g. `review`). */
  config?: Record<string, unknown>;
}

export async function startUiHarness(folders: string[] = [], options: HarnessOptions = {}): Promise<UiHarness> {
  ensureRendererBuilt();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-ui-'));
  // The default inbox lives in the home folder: keep it inside the temp folder.
  process.env.HOME = path.join(root, 'home');
  fs.mkdirSync(process.env.HOME, { recursive: true });
  const configFile = path.join(root, 'config.json');
  const dataDir = path.join(root, 'data');
  folders = [...folders, ...((await options.prepare?.(root, dataDir)) ?? [])];
  saveConfig(configFile, parseConfig({ settleMs: 300, uiPort: 0, ...options.config, folders: folders.map((p) => ({ path: p, ...options.folderOptions?.(p) })) }));
  const locations = { configFile, dataDir };
  const running = await runDaemon({ locations, config: loadConfig(configFile) });
  const control = await startControl(running, loadConfig(configFile), 0);
  const token = fs.readFileSync(path.join(dataDir, 'control-token'), 'utf8').trim();
  const h: UiHarness = {
    root,
    running,
    control,
    url: control.server.url,
    token,
    configFile,
    dataDir,
    async session() {
      const res = await fetch(h.control.server.loginLink(), { redirect: 'manual' });
      return /docsync_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
    },
    async close() {
      await h.control.close(); // the control a test restarted, if it did
      await running.stop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return h;
}

/** A one-page invoice PDF with a text layer. */
export async function invoicePdf(number: string, total: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    'ACME Supplies Ltd',
    'INVOICE',
    `Invoice Number: ${number}`,
    'Invoice Date: 2026-03-14',
    'Due Date: 2026-04-13',
    'Description            Qty   Unit Price   Amount',
    'Paper A4 box            2      10.00       20.00',
    `Subtotal: ${total}`,
    'Tax: 0.00',
    `Total: ${total} USD`,
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 22, size: 12, font }));
  return Buffer.from(await doc.save());
}

/** Write a file the way a scanner does: to a temp name, then renamed into place. */
export function drop(folder: string, name: string, bytes: Buffer): string {
  const target = path.join(folder, name);
  fs.writeFileSync(`${target}.part`, bytes);
  fs.renameSync(`${target}.part`, target);
  return target;
}

/**
 * What the daemon and the page know, for a wait on the UI that timed out: whether the file has a
 * row (else the watcher missed it), what the API answers, what the page shows, the log's end.
 */
export async function diagnose(h: UiHarness, page: Page): Promise<string> {
  const db = openStateDb(h.dataDir);
  const rows = db.prepare('SELECT id, folder, rel_path, status, reason, error_code FROM files ORDER BY id').all();
  db.close();
  const api = await page.evaluate(() => fetch('/api/files?limit=50').then((r) => r.text())).catch((e: Error) => e.message);
  const shown = await page.locator('main').innerText({ timeout: 2000 }).catch((e: Error) => e.message);
  const log = fs.readFileSync(path.join(h.dataDir, 'docsync.log'), 'utf8').trim().split('\n').slice(-40).join('\n');
  return [`rows: ${JSON.stringify(rows)}`, `api: ${api}`, `page (${page.url()}): ${shown}`, `log:\n${log}`].join('\n');
}

/** A page of the UI in a new browser context that holds a session (as the login link gives it), loaded. */
export async function openPage(browser: Browser, h: UiHarness, hash: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  await context.addCookies([{ name: COOKIE, value: await h.session(), url: h.url, httpOnly: true, sameSite: 'Strict' }]);
  const page = await context.newPage();
  await page.goto(`${h.url}/${hash}`);
  await page.locator('main h1').first().waitFor();
  return page;
}
