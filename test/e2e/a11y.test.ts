// Keyboard-only use, accessible names, the Japanese catalogue in the browser, light and dark.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStateDb } from '../../src/sync/state/db.js';
import { launchChromium } from '../helpers/browser.js';
import { openPage, startUiHarness, type UiHarness } from './harness.js';

let h: UiHarness;
let browser: Browser;
let folder: string;
let failedId: number;

/** One folder with a file that failed for good, so the overview has a Retry button. */
function seedFailure(root: string, dataDir: string): string[] {
  folder = path.join(root, 'Scans');
  fs.mkdirSync(folder, { recursive: true });
  const abs = path.join(folder, 'broken.pdf');
  fs.writeFileSync(abs, 'not really a pdf');
  const st = fs.statSync(abs);
  const db = openStateDb(dataDir);
  const now = Date.now();
  failedId = Number(
    db
      .prepare(
        `INSERT INTO files (folder, rel_path, size, mtime_ms, sha256, status, reason, error_code, attempts, created_at, updated_at)
         VALUES (?, 'broken.pdf', ?, ?, ?, 'failed', 'The file is damaged.', 'UNSUPPORTED_FILE', 1, ?, ?)`,
      )
      .run(folder, st.size, st.mtimeMs, 'f'.repeat(64), now, now).lastInsertRowid,
  );
  db.prepare("INSERT INTO meta (key, value) VALUES ('ui.onboarded', ?)").run(new Date(now).toISOString());
  db.close();
  return [folder];
}

beforeAll(async () => {
  h = await startUiHarness([], { prepare: seedFailure });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

const open = (hash: string, options: BrowserContextOptions = {}): Promise<Page> => openPage(browser, h, hash, options);

/** What has focus: its text or accessible label, and whether a focus ring is drawn. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
      ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
    };
  });

async function tabTo(page: Page, match: (f: { tag: string; text: string }) => boolean, max = 40, key = 'Tab') {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    const f = await focused(page);
    if (match(f)) return f;
  }
  throw new Error('never reached by Tab');
}

describe('keyboard only', () => {
  it('reaches the skip link, the navigation, a form and Retry with Tab, with a visible focus ring', async () => {
    const page = await open('#/');
    const skip = await tabTo(page, () => true, 1);
    expect(skip).toMatchObject({ tag: 'a', text: 'Skip to content' });
    const nav: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const f = await focused(page);
      expect(f.ring, f.text).toBe(true);
      nav.push(f.text);
    }
    expect(nav).toEqual(['Overview', 'Activity', 'Review', 'Ask', 'Folders', 'Settings']);

    // Retry on the failure, pressed with Enter.
    const retry = await tabTo(page, (f) => f.text === 'Retry: broken.pdf');
    expect(retry.ring).toBe(true);
    const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(`/api/files/${failedId}/retry`));
    await page.keyboard.press('Enter');
    await request;

    // Folders through the navigation, then the add form filled and sent from the keyboard.
    await tabTo(page, (f) => f.text === 'Folders', 60, 'Shift+Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Folders', level: 1 }).waitFor();
    const input = await tabTo(page, (f) => f.tag === 'input', 80);
    expect(input.ring).toBe(true);
    const active = await page.evaluate(() => (document.activeElement as HTMLElement).id);
    expect(await page.locator(`label[for="${active}"]`).textContent()).toBe('Folder on this computer');
    fs.mkdirSync(path.join(h.root, 'Keyboard')); // a folder is added only once it exists
    await page.keyboard.type(path.join(h.root, 'Keyboard'));
    await page.keyboard.press('Enter');
    await page.getByText('Folder added.').waitFor();
    await page.context().close();
  });
});

describe('screen readers', () => {
  it('gives every form control on every page an accessible name', async () => {
    for (const hash of ['#/', '#/activity', '#/ask', '#/folders', '#/settings', `#/files/${failedId}`, '#/welcome']) {
      const page = await open(hash);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
        nodes: Array<{ ignored: boolean; role?: { value: string }; name?: { value: string } }>;
      };
      const controls = nodes.filter(
        (n) => !n.ignored && ['textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'spinbutton', 'button', 'link'].includes(n.role?.value ?? ''),
      );
      const unnamed = controls.filter((n) => !n.name?.value.trim()).map((n) => n.role?.value);
      expect(unnamed, hash).toEqual([]);
      expect(controls.length, hash).toBeGreaterThan(0);
      await page.context().close();
    }
  });

  it('finds the settings and activity controls by their labels', async () => {
    const page = await open('#/settings');
    await page.getByLabel('Files uploaded at once').waitFor();
    await page.getByLabel('Processing service (API key)').check();
    await page.getByLabel('API key', { exact: true }).waitFor();
    await page.getByLabel('Service address').waitFor();
    await page.goto(`${h.url}/#/activity`);
    for (const label of ['Folder', 'Status', 'File name']) await page.getByLabel(label, { exact: true }).waitFor();
    await page.context().close();
  });
});

describe('Japanese', () => {
  it('shows the Japanese catalogue for a ja-JP browser', async () => {
    const page = await open('#/', { locale: 'ja-JP' });
    const nav = await page.locator('header nav a').allTextContents();
    expect(nav).toEqual(['概要', 'アクティビティ', '確認', '質問', 'フォルダー', '設定']);
    expect(await page.getAttribute('html', 'lang')).toBe('ja');
    await page.getByRole('heading', { name: '概要', level: 1 }).waitFor();
    await page.getByRole('button', { name: '再試行: broken.pdf' }).waitFor();
    await page.context().close();
  });
});

describe('light and dark', () => {
  it('follows the system colour scheme', async () => {
    const background = async (colorScheme: 'light' | 'dark') => {
      const page = await open('#/', { colorScheme });
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      await page.context().close();
      return bg.match(/\d+/g)!.slice(0, 3).map(Number).reduce((a, b) => a + b, 0);
    };
    expect(await background('light')).toBeGreaterThan(await background('dark'));
  });
});
