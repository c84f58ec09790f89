// `npm run bench -- ui` (issue 5): with 10,000 files in the state database, in Debian's Chromium:
// time to the first meaningful paint of the overview (navigation start to every folder card
// showing its counts), time from an engine event to the DOM showing it, and the gzipped size of
// the renderer's JavaScript. The daemon is real (embedded service); the rows are seeded directly,
// with their files on disk so the daemon's start-up sweep leaves them as they are.
// Env: BENCH_UI_FILES (default 10000), BENCH_UI_LOADS (default 7), BENCH_UI_EVENTS (default 50).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { RENDERER_DIR } from '../../src/control/start.js';
import { COOKIE } from '../../src/control/security.js';
import { openStateDb } from '../../src/sync/state/db.js';
import { filesPageSql, type WatchedFileRow } from '../../src/sync/state/files.js';
import { startUiHarness, type UiHarness } from '../e2e/harness.js';
import { launchChromium } from '../helpers/browser.js';

const FILES = Number(process.env.BENCH_UI_FILES ?? 10_000);
const LOADS = Number(process.env.BENCH_UI_LOADS ?? 7);
const EVENTS = Number(process.env.BENCH_UI_EVENTS ?? 50);
const FOLDERS = 4;
const TARGETS = { firstPaintMs: 1000, eventToDomMs: 200, bundleGzipKB: 150 };

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const round = (x: number) => Math.round(x * 10) / 10;

/** Rows (and tiny files) spread over the folders: mostly exported, some failed and skipped, three events each. */
function seed(root: string, dataDir: string): string[] {
  const folders = Array.from({ length: FOLDERS }, (_, i) => path.join(root, `Folder ${i + 1}`));
  const db = openStateDb(dataDir);
  const insert = db.prepare(
    `INSERT INTO files (folder, rel_path, size, mtime_ms, sha256, status, reason, error_code, attempts, file_ids, created_at, updated_at, exported_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
  );
  const event = db.prepare('INSERT INTO events (file_id, at, from_status, to_status, reason) VALUES (?, ?, ?, ?, ?)');
  const start = Date.now() - FILES * 60_000;
  db.transaction(() => {
    for (let i = 0; i < FILES; i++) {
      const folder = folders[i % FOLDERS]!;
      const rel = `${2024 + (i % 3)}/invoice-${String(i).padStart(6, '0')}.pdf`;
      const abs = path.join(folder, ...rel.split('/'));
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      fs.writeFileSync(abs, `%PDF-1.4 ${i}\n`);
      const st = fs.statSync(abs);
      const status = i % 50 === 7 ? 'failed' : i % 20 === 3 ? 'skipped' : 'exported';
      const at = start + i * 60_000;
      const id = Number(
        insert.run(
          folder, rel, st.size, st.mtimeMs, `${i}`.padStart(64, '0'), status,
          status === 'failed' ? 'The service rejected the file.' : null,
          status === 'failed' ? 'UNSUPPORTED_FILE' : null,
          status === 'exported' ? JSON.stringify([`file_${i}`]) : null,
          at, at, status === 'exported' ? at : null,
        ).lastInsertRowid,
      );
      event.run(id, at - 2000, null, 'discovered', 'seen');
      event.run(id, at - 1000, 'discovered', 'settled', null);
      event.run(id, at, 'settled', status, null);
    }
  })();
  // Not the first run: the overview opens directly.
  db.prepare("INSERT INTO meta (key, value) VALUES ('ui.onboarded', ?)").run(new Date().toISOString());
  db.close();
  return folders;
}

/** The plans SQLite picks for the control API's status and files queries. */
function plans(dataDir: string): Record<string, string[]> {
  const db = openStateDb(dataDir);
  const explain = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as Array<{ detail: string }>).map((r) => r.detail);
  const timed = (sql: string, ...args: unknown[]) => {
    const stmt = db.prepare(sql);
    const t0 = performance.now();
    for (let i = 0; i < 20; i++) stmt.all(...args);
    return round((performance.now() - t0) / 20);
  };
  const queries = {
    countsByFolder: 'SELECT folder, status, COUNT(*) AS n FROM files GROUP BY folder, status',
    running: "SELECT * FROM files WHERE status IN ('uploading','processing') ORDER BY updated_at DESC LIMIT 20",
    failures: "SELECT * FROM files WHERE status = 'failed' OR (status IN ('uploading','processing') AND error_code IS NOT NULL) ORDER BY updated_at DESC LIMIT 20",
    filesPage: filesPageSql({}),
    filesPageByFolder: filesPageSql({ folder: '' }),
    filesCount: 'SELECT COUNT(*) FROM files',
    fileEvents: 'SELECT at, from_status, to_status, reason FROM events WHERE file_id = ? ORDER BY id',
  };
  const folder = (db.prepare('SELECT folder FROM files LIMIT 1').pluck().get() as string) ?? '';
  const out: Record<string, string[]> = {};
  for (const [name, sql] of Object.entries(queries)) {
    const page = { ...(sql.includes('@folder') ? { folder } : {}), limit: 50, offset: 0 };
    const args: unknown[] = sql.includes('@limit') ? [page] : sql.includes('folder = ?') ? [folder] : sql.includes('file_id = ?') ? [1] : [];
    out[name] = [...explain(sql.replace('folder = ?', "folder = 'x'").replaceAll('@folder', "'x'").replace('file_id = ?', 'file_id = 1').replaceAll('@limit', '50').replaceAll('@offset', '0')), `${timed(sql, ...args)} ms`];
  }
  db.close();
  return out;
}

function bundle(): { files: Array<{ file: string; bytes: number; gzip: number }>; gzipKB: number } {
  execFileSync(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const dir = path.join(RENDERER_DIR, 'assets');
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const bytes = fs.readFileSync(path.join(dir, f));
      return { file: f, bytes: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
    });
  return { files, gzipKB: round(files.reduce((s, f) => s + f.gzip, 0) / 1024) };
}

/** Navigation start to every folder card showing its exported count, in a fresh context (cold cache) each load. */
async function firstPaint(browser: Browser, h: UiHarness, folders: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext();
    await context.addCookies([{ name: COOKIE, value: await h.session(), url: h.url, httpOnly: true, sameSite: 'Strict' }]);
    await context.addInitScript((n: number) => {
      const w = window as unknown as { __painted?: number };
      new MutationObserver((_, observer) => {
        const counts = document.querySelectorAll('[data-folder] [data-count="exported"]');
        if (counts.length >= n && [...counts].every((c) => Number(c.textContent) > 0)) {
          w.__painted = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, folders);
    const page = await context.newPage();
    await page.goto(`${h.url}/#/`);
    await page.waitForFunction(() => (window as unknown as { __painted?: number }).__painted !== undefined, null, { timeout: 30_000 });
    times.push(await page.evaluate(() => (window as unknown as { __painted: number }).__painted));
    await context.close();
  }
  return times;
}

/**
 * An engine event emitted on the daemon's SyncEmitter until the overview's count changes. The page
 * reports the change through a binding, so the figure includes the way back (an overestimate).
 */
async function eventToDom(browser: Browser, h: UiHarness, folder: string): Promise<number[]> {
  const context = await browser.newContext();
  await context.addCookies([{ name: COOKIE, value: await h.session(), url: h.url, httpOnly: true, sameSite: 'Strict' }]);
  const page = await context.newPage();
  let seen: (() => void) | undefined;
  await page.exposeBinding('__changed', () => seen?.());
  await page.goto(`${h.url}/#/`);
  const selector = `[data-folder="${folder}"] [data-count="exported"]`;
  await page.locator(selector).waitFor();
  await page.evaluate((sel) => {
    new MutationObserver(() => (window as unknown as { __changed: () => void }).__changed()).observe(document.querySelector('main')!, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    void sel;
  }, selector);
  const db = openStateDb(h.dataDir);
  const row = db.prepare("SELECT * FROM files WHERE folder = ? AND status = 'exported' LIMIT 1").get(folder) as WatchedFileRow;
  db.close();
  const emitter = h.running.daemon.emitter;
  const times: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    // Alternate so every event changes the count; the status refresh that follows restores it.
    const [from, to] = i % 2 === 0 ? (['exported', 'failed'] as const) : (['failed', 'exported'] as const);
    const changed = new Promise<void>((resolve) => (seen = resolve));
    const t0 = performance.now();
    emitter.emit('file', { file: { ...row, status: to }, from, to, reason: null });
    await changed;
    times.push(performance.now() - t0);
    seen = undefined;
    await new Promise((r) => setTimeout(r, 450)); // let the debounced status refresh land first
  }
  await context.close();
  return times;
}

export async function run(): Promise<object> {
  const size = bundle();
  let folders: string[] = [];
  const t0 = performance.now();
  const h = await startUiHarness([], { prepare: (root, dataDir) => (folders = seed(root, dataDir)) });
  const seedSeconds = round((performance.now() - t0) / 1000);
  const browser = await launchChromium();
  try {
    const queryPlans = plans(h.dataDir);
    const statusBytes = (await (await fetch(`${h.url}/api/status`, { headers: { authorization: `Bearer ${h.token}` } })).text()).length;
    const paint = await firstPaint(browser, h, folders.length);
    const events = await eventToDom(browser, h, folders[0]!);
    const figures = {
      files: FILES,
      folders: folders.length,
      firstPaintMs: { median: round(quantile(paint, 0.5)), p95: round(quantile(paint, 0.95)), loads: paint.map(round) },
      eventToDomMs: { median: round(quantile(events, 0.5)), p95: round(quantile(events, 0.95)), max: round(Math.max(...events)), events: events.length },
      bundle: size,
      statusResponseBytes: statusBytes,
      queryPlans,
      setupSeconds: seedSeconds,
    };
    return {
      ...figures,
      targets: TARGETS,
      met: {
        firstPaint: figures.firstPaintMs.median < TARGETS.firstPaintMs,
        eventToDom: figures.eventToDomMs.p95 < TARGETS.eventToDomMs,
        bundle: size.gzipKB < TARGETS.bundleGzipKB,
      },
    };
  } finally {
    await browser.close();
    await h.close();
  }
}
