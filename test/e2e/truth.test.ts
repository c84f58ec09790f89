// A UI that tells the truth, in real Chromium against a real daemon: the attention state
// wins over "Up to date" and links to the list; no page overflows the 400 px tray window;
// axe finds nothing; every button's name is unique; the focus ring stands out (3:1); the
// Japanese UI translates reasons, field names and the timeline; optional settings can be
// cleared. Screenshots for docs/: the overview with an attention state, the ledger as
// exceljs reads it back, the Japanese UI.
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_XLSX_NAME } from '../../src/sync/export/index.js';
import { openStateDb } from '../../src/sync/state/db.js';
import { axeViolations } from '../helpers/axe.js';
import { launchChromium } from '../helpers/browser.js';
import { diagnose, drop, invoicePdf, openPage, startUiHarness, type UiHarness } from './harness.js';

/** docs/screenshots when asked (UPDATE_DOCS_SCREENSHOTS=1), so a test run leaves the tracked pictures alone. */
const DOCS = path.resolve(process.env.UPDATE_DOCS_SCREENSHOTS ? 'docs/screenshots' : 'test/e2e/screenshots');
/** The seeded files are the first rows: their pages (timeline, reason, a long name) are checked too. */
const PAGES = ['#/', '#/activity', '#/folders', '#/settings', '#/welcome', '#/files/1', '#/files/2'];
let h: UiHarness;
let browser: Browser;
let folder: string;
let exportedId = 0;
/** A folder whose processed files docsync moves into Processed/. */
let moving: string;

/** A file that failed for good, and a document the review step marked "needs review". */
function seed(root: string, dataDir: string): string[] {
  folder = path.join(root, 'Invoices');
  fs.mkdirSync(folder, { recursive: true });
  const abs = path.join(folder, 'scan-0042.pdf');
  fs.writeFileSync(abs, 'not really a pdf');
  const db = openStateDb(dataDir);
  const now = Date.now();
  db.prepare(
    `INSERT INTO files (folder, rel_path, size, mtime_ms, sha256, status, reason, error_code, attempts, created_at, updated_at)
     VALUES (?, 'scan-0042.pdf', 16, ?, ?, 'failed', 'processing failed', 'PROCESSING_FAILED', 1, ?, ?)`,
  ).run(folder, fs.statSync(abs).mtimeMs, 'f'.repeat(64), now, now);
  db.prepare(
    `INSERT INTO ledger_rows (source_path, doc_index, ledger_dir, rel_path, document_name, remote_path, status, processed_at,
       note, fields_json, seq, in_csv, review_state) VALUES (?, 0, ?, 'old-scan.pdf', 'old-scan.pdf', 'old-scan.pdf', 'exported', ?, NULL, '[]', 1, 0, 'needs review')`,
  ).run(path.join(folder, 'old-scan.pdf'), folder, new Date(now).toISOString());
  // A long name without spaces, as scanners write them: the 400 px window must wrap it, not scroll.
  const long = 'Rechnung_2026-03-14_ACME_Supplies_Ltd_Kundennummer_0042_Originalbeleg_gescannt.pdf';
  fs.writeFileSync(path.join(folder, long), 'x');
  const st = fs.statSync(path.join(folder, long));
  db.prepare(
    `INSERT INTO files (folder, rel_path, size, mtime_ms, sha256, status, reason, attempts, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'skipped', 'duplicate of scan-0042.pdf', 0, ?, ?)`,
  ).run(folder, long, st.size, st.mtimeMs, 'e'.repeat(64), now, now);
  // The document to review: exported, its review (issue 16) saying a person must look at it.
  const reviewed = path.join(folder, 'old-scan.pdf');
  fs.writeFileSync(reviewed, 'an old scan');
  const rs = fs.statSync(reviewed);
  const { lastInsertRowid } = db.prepare(
    `INSERT INTO files (folder, rel_path, size, mtime_ms, sha256, status, reason, attempts, upload_id, file_ids, created_at, updated_at)
     VALUES (?, 'old-scan.pdf', ?, ?, ?, 'exported', 'exported 1 document(s)', 1, 'u-old', '["f-old"]', ?, ?)`,
  ).run(folder, rs.size, rs.mtimeMs, 'd'.repeat(64), now, now);
  db.prepare(`INSERT INTO reviews (file_row, state, values_at, updated_at) VALUES (?, 'needs review', ?, ?)`).run(lastInsertRowid, now, now);
  db.prepare("INSERT INTO meta (key, value) VALUES ('ui.onboarded', ?)").run(new Date(now).toISOString());
  db.close();
  moving = path.join(root, 'Moving');
  fs.mkdirSync(moving);
  return [folder, moving];
}

beforeAll(async () => {
  h = await startUiHarness([], { prepare: seed, folderOptions: (p) => (p === moving ? { onSuccess: 'move' } : {}) });
  browser = await launchChromium();
  fs.mkdirSync(DOCS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function open(hash: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await openPage(browser, h, hash, options);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return page;
}

describe('attention', { timeout: 120_000 }, () => {
  it('wins over "Up to date" with counts and links to the list', async () => {
    const page = await open('#/', { viewport: { width: 900, height: 900 } });
    const banner = page.getByTestId('attention');
    await expect.poll(() => banner.getAttribute('data-state')).toBe('failed');
    expect(await banner.locator('li').allInnerTexts()).toEqual(['1 file(s) failed: see the list', '1 document(s) to review']);
    // The folder with the failure says so; the one without says it is up to date, truthfully.
    expect(await page.locator(`[data-folder="${folder}"]`).getByTestId('folder-state').innerText()).toBe('1 failed');
    expect(await page.locator(`[data-folder="${moving}"]`).getByTestId('folder-state').innerText()).toBe('Up to date');
    expect(await banner.innerText()).not.toContain('Up to date');
    await page.screenshot({ path: path.join(DOCS, 'overview-attention.png'), fullPage: true });
    await banner.getByRole('link', { name: /failed/ }).click();
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('failed');
    await expect.poll(() => page.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('scan-0042.pdf')]);
    await page.context().close();
  });
});

describe('layout and accessibility', { timeout: 180_000 }, () => {
  it('does not overflow the 400 px tray window on any page', async () => {
    for (const hash of PAGES) {
      const page = await open(hash, { viewport: { width: 400, height: 700 } });
      const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
      expect(widths.doc, hash).toBeLessThanOrEqual(400);
      expect(widths.body, hash).toBeLessThanOrEqual(400);
      if (hash === '#/activity') await page.screenshot({ path: path.join(DOCS, 'tray-400px-activity.png'), fullPage: true });
      await page.context().close();
    }
  });

  it('passes axe on every page, in English and Japanese, light and dark', async () => {
    for (const [locale, colorScheme] of [['en-US', 'light'], ['ja-JP', 'dark']] as const) {
      for (const hash of PAGES) {
        const page = await open(hash, { locale, colorScheme });
        expect(await axeViolations(page), `${locale} ${colorScheme} ${hash}`).toEqual([]);
        await page.context().close();
      }
    }
  });

  it('gives every button and link on the overview a name of its own', async () => {
    const page = await open('#/');
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: Array<{ ignored: boolean; role?: { value: string }; name?: { value: string } }> };
    const names = nodes.filter((n) => !n.ignored && n.role?.value === 'button').map((n) => n.name?.value ?? '');
    expect(names.length).toBeGreaterThan(2);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    expect(names).toContain(`Pause ${folder}`);
    expect(names).toContain('Pause all');
    await page.context().close();
  });

  it('draws the focus ring at 3:1 or more against the page, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await open('#/', { colorScheme });
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      const ratio = await page.evaluate(() => {
        const rgb = (c: string) => c.match(/\d+(\.\d+)?/g)!.slice(0, 3).map(Number);
        const lum = (c: number[]) => {
          const [r, g, b] = c.map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const el = document.activeElement as HTMLElement;
        const ring = lum(rgb(getComputedStyle(el).outlineColor));
        const bg = lum(rgb(getComputedStyle(document.body).backgroundColor));
        return (Math.max(ring, bg) + 0.05) / (Math.min(ring, bg) + 0.05);
      });
      expect(ratio, colorScheme).toBeGreaterThanOrEqual(3);
      await page.context().close();
    }
  });
});

describe('Japanese everywhere', { timeout: 180_000 }, () => {
  it('translates the attention state, reasons, field names, the timeline and the link words', async () => {
    drop(folder, 'invoice-7.pdf', await invoicePdf('INV-7', '20.00'));
    const db = openStateDb(h.dataDir);
    const check = async () => {
      const row = db.prepare("SELECT id, status FROM files WHERE rel_path = 'invoice-7.pdf'").get() as { id: number; status: string } | undefined;
      exportedId = row?.status === 'exported' ? row.id : 0;
      return exportedId;
    };
    await expect.poll(check, { timeout: 90_000 }).toBeGreaterThan(0);
    db.close();
    const page = await open('#/', { locale: 'ja-JP' });
    // Files exported by the tests before this one may need review too: the count is theirs.
    await expect.poll(() => page.getByTestId('attention').locator('li').allInnerTexts())
      .toEqual(['失敗したファイル：1 件（一覧を見る）', expect.stringMatching(/^確認が必要な文書：\d+ 件$/)]);
    expect(await page.locator('.failures .reason').innerText()).toBe('サービスがこの文書を読み取れませんでした。');
    await page.screenshot({ path: path.join(DOCS, 'overview-ja.png'), fullPage: true });
    await page.goto(`${h.url}/#/files/${exportedId}`);
    await page.getByRole('heading', { name: 'invoice-7.pdf', level: 1 }).waitFor();
    await page.getByRole('row', { name: /請求書番号/ }).waitFor().catch(async (e: Error) => { throw new Error(`${e.message}\n${await diagnose(h, page)}`); });
    const fields = await page.locator('table.values > tbody > tr > th').allInnerTexts();
    expect(fields).toEqual(expect.arrayContaining(['請求書番号', '請求日', '支払期日', '取引先', '合計', '明細']));
    expect(await page.locator('ul.links a').allInnerTexts()).toEqual(expect.arrayContaining(['ファイルを開く', '値（JSON）を開く']));
    const timeline = (await page.locator('ol.timeline').innerText());
    expect(timeline).toContain('フォルダーで見つかりました');
    expect(timeline).toMatch(/値を書き出しました（文書 1 件）/);
    expect(timeline).not.toMatch(/exported \d document/);
    await page.screenshot({ path: path.join(DOCS, 'file-ja.png'), fullPage: true });
    await page.context().close();
  });

  it('shows the ledger an accountant opens: read back with exceljs and drawn as a table', async () => {
    await h.running.daemon.outputs.ledger.flush();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(folder, LEDGER_XLSX_NAME));
    const html = book.worksheets.map((sheet) => {
      const rows: string[] = [];
      sheet.eachRow((row) => {
        const cells = Array.from({ length: sheet.columnCount }, (_, i) => {
          const cell = row.getCell(i + 1);
          const v = cell.value;
          const shown = v instanceof Date ? `${v.toISOString().slice(0, 16).replace('T', ' ')} <small>[${cell.numFmt}]</small>`
            : typeof v === 'number' ? `${v} <small>[${cell.numFmt ?? 'General'}]</small>`
              : v && typeof v === 'object' && 'hyperlink' in v ? `<u>${(v as { text: string }).text}</u>` : String(v ?? '');
          return row.number === 1 ? `<th>${shown}</th>` : `<td>${shown}</td>`;
        });
        rows.push(`<tr>${cells.join('')}</tr>`);
      });
      return `<h2>Sheet "${sheet.name}" (frozen header: ${sheet.views[0]?.state === 'frozen'}, filter: ${Boolean(sheet.autoFilter)})</h2><table>${rows.join('')}</table>`;
    });
    expect(book.worksheets.map((s) => s.name)).toEqual(['Ledger', 'Line items']);
    const page = await browser.newPage({ viewport: { width: 1600, height: 500 } });
    await page.setContent(`<style>body{font:13px system-ui;margin:12px} table{border-collapse:collapse;margin-bottom:16px} th,td{border:1px solid #bbb;padding:3px 6px;white-space:nowrap} th{background:#eef} small{color:#666}</style>
      <h1>${LEDGER_XLSX_NAME} as exceljs reads it back</h1>${html.join('')}`);
    await page.screenshot({ path: path.join(DOCS, 'ledger.png'), fullPage: true });
    await page.close();
  });
});

describe('a picture where people would rather look', { timeout: 180_000 }, () => {
  it('draws totals per month and the top vendors per currency', async () => {
    const page = await open('#/', { viewport: { width: 900, height: 1100 } });
    const usd = page.getByTestId('totals').locator('[data-currency="USD"]');
    await usd.waitFor();
    expect(await usd.locator('h3').innerText()).toBe('USD (1 documents)');
    expect(await usd.getByRole('table', { name: 'Per month (document date)' }).locator('tr').allInnerTexts()).toEqual([expect.stringMatching(/Mar 2026\s+\$20\.00/)]);
    expect(await usd.getByRole('table', { name: 'Top vendors' }).locator('tr').allInnerTexts()).toEqual([expect.stringMatching(/ACME Supplies Ltd\s+\$20\.00/)]);
    await page.screenshot({ path: path.join(DOCS, 'overview-totals.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 400, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    await page.context().close();
  });
});

describe('a file moved into Processed/', { timeout: 180_000 }, () => {
  it('keeps its links on the file page working: the file, its values and its folder spreadsheet', async () => {
    const auth = { authorization: `Bearer ${h.token}` };
    drop(moving, 'invoice-8.pdf', await invoicePdf('INV-8', '30.00'));
    await expect.poll(() => fs.existsSync(path.join(moving, 'Processed', 'invoice-8.pdf')), { timeout: 90_000 }).toBe(true);
    const list = (await (await fetch(`${h.url}/api/files?q=invoice-8`, { headers: auth })).json()) as { files: Array<{ id: number }> };
    const id = list.files[0]!.id;
    await h.running.daemon.outputs.ledger.flush();
    const detail = (await (await fetch(`${h.url}/api/files/${id}`, { headers: auth })).json()) as { links: Record<string, boolean> };
    expect(detail.links).toEqual({ file: true, json: true, csv: true, 'ledger-csv': true, 'ledger-xlsx': true });
    const file = await fetch(`${h.url}/api/files/${id}/open/file`, { headers: auth });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('progress', { timeout: 120_000 }, () => {
  it('shows done of total while files are on their way', async () => {
    const auth = { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' };
    // Paused, the files wait at "settled": on their way, and staying there for the test to look.
    expect((await fetch(`${h.url}/api/pause`, { method: 'POST', headers: auth, body: JSON.stringify({ folder: moving }) })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2500)); // the daemon looks for pause flags every second
    for (const n of [1, 2]) fs.writeFileSync(path.join(moving, `waiting-${n}.txt`), `INVOICE\nInvoice Number: W-${n}\nTotal: 1.00\n`);
    const page = await open('#/');
    const progress = page.locator(`[data-folder="${moving}"]`).getByTestId('progress');
    await expect.poll(() => progress.innerText().catch(() => ''), { timeout: 60_000 }).toMatch(/^1 of 3 done, /);
    expect(await progress.locator('progress').getAttribute('max')).toBe('3');
    await page.context().close();
    await fetch(`${h.url}/api/resume`, { method: 'POST', headers: auth, body: JSON.stringify({ folder: moving }) });
  });
});

describe('settings that keep the user safe', { timeout: 60_000 }, () => {
  it('clears an optional value once set', async () => {
    const page = await open('#/settings');
    await page.getByLabel('Default recognition model').fill('Model_ENG_GP25');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('settings-message').waitFor();
    expect(((await (await fetch(`${h.url}/api/settings`, { headers: { authorization: `Bearer ${h.token}` } })).json()) as { defaultOcrModel?: string }).defaultOcrModel).toBe('Model_ENG_GP25');
    await page.getByLabel('Default recognition model').fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => ((await (await fetch(`${h.url}/api/settings`, { headers: { authorization: `Bearer ${h.token}` } })).json()) as { defaultOcrModel?: string }).defaultOcrModel).toBeUndefined();
    await page.context().close();
  });
});
