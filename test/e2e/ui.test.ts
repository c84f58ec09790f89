import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../src/sync/embedded.js';
import { launchChromium } from '../helpers/browser.js';
import { diagnose, drop, invoicePdf, startUiHarness, type UiHarness } from './harness.js';

const SHOTS = path.resolve('test/e2e/screenshots');
let h: UiHarness;
let browser: Browser;
let restartedService: { close(): Promise<void> } | undefined;

beforeAll(async () => {
  h = await startUiHarness();
  browser = await launchChromium();
  fs.mkdirSync(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
  await restartedService?.close();
});

async function loggedIn(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(h.control.server.loginLink());
  return page;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
  }
}

describe('first run to first values', () => {
  it('guides the first start, adds a folder, and shows a dropped PDF reaching exported with its values', async () => {
    const page = await loggedIn();
    await page.getByRole('heading', { name: 'Welcome to docsync' }).waitFor();
    await shoot(page, 'welcome');
    await page.getByRole('button', { name: 'Process documents on this computer' }).click();
    await expect.poll(() => page.getByTestId('inbox').textContent()).toContain(path.join(process.env.HOME!, 'docsync', 'Inbox'));

    await page.getByRole('link', { name: 'Folders' }).click();
    const folder = path.join(h.root, 'Invoices');
    fs.mkdirSync(folder);
    // A mistyped path is refused with the shared folder rules' message, and not created.
    await page.getByLabel('Folder on this computer').fill(`${folder}x`);
    await page.getByRole('button', { name: 'Add folder' }).last().click();
    await page.getByText(/does not exist: check the spelling/).waitFor();
    expect(fs.existsSync(`${folder}x`)).toBe(false);
    await page.getByLabel('Folder on this computer').fill(folder);
    await page.locator('form.folder-form').last().getByLabel('Remote folder').fill('Accounts');
    await page.getByRole('button', { name: 'Add folder' }).last().click();
    await page.getByText('Folder added.').waitFor();
    await shoot(page, 'folders');

    await page.getByRole('link', { name: 'Overview' }).click();
    await page.locator(`[data-folder="${folder}"]`).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Activity' }).click();
    drop(folder, 'acme-1001.pdf', await invoicePdf('INV-1001', '20.00'));
    // The row appears and moves to Exported through the live event stream, without a reload.
    const status = page.locator('[data-file="acme-1001.pdf"] [data-status]');
    await expect
      .poll(() => status.getAttribute('data-status', { timeout: 1000 }).catch(() => null), { timeout: 60_000 })
      .toBe('exported')
      .catch(async (e: unknown) => {
        console.error(await diagnose(h, page));
        throw e;
      });
    await shoot(page, 'activity');

    await page.getByRole('link', { name: 'acme-1001.pdf' }).click();
    await expect.poll(() => page.locator('[data-field="Invoice Number"]').textContent(), { timeout: 10_000 }).toBe('INV-1001');
    await expect.poll(() => page.locator('[data-field="Total"]').textContent()).toBe('20');
    expect(await page.getByRole('link', { name: /values \(CSV\)/ }).count()).toBe(1);
    await shoot(page, 'file');

    await page.getByRole('link', { name: 'Overview' }).click();
    await expect.poll(() => page.locator(`[data-folder="${folder}"] [data-count="exported"]`).textContent()).toBe('1');
    await shoot(page, 'overview');
    await page.close();
  }, 180_000); // processing a PDF on a loaded machine (other test files run beside it)
});

describe('a failure, shown and retried', () => {
  it('shows the outage with a plain reason, and Retry succeeds once the service is back', async () => {
    const folder = path.join(h.root, 'Outage');
    fs.mkdirSync(folder); // a folder is added only once it exists
    const page = await loggedIn();
    await page.goto(`${h.url}/#/folders`);
    await page.getByLabel('Folder on this computer').fill(folder);
    await page.getByRole('button', { name: 'Add folder' }).last().click();
    await page.getByText('Folder added.').waitFor();
    await page.goto(`${h.url}/#/`);
    await page.locator(`[data-folder="${folder}"]`).waitFor({ timeout: 20_000 });

    const port = Number(new URL(h.running.serviceUrl).port);
    await h.running.embedded!.close();
    drop(folder, 'late.pdf', await invoicePdf('INV-2002', '35.50'));
    const failure = page.locator('.failures li', { hasText: 'late.pdf' });
    await failure.waitFor({ timeout: 60_000 });
    expect(await failure.locator('.reason').textContent()).toContain('cannot be reached');
    await shoot(page, 'overview-failure');

    restartedService = await startEmbeddedService(h.dataDir, port);
    try {
      await failure.getByRole('button', { name: /Retry/ }).click();
      await page.locator('.failures li', { hasText: 'late.pdf' }).waitFor({ state: 'detached', timeout: 60_000 });
      await expect.poll(() => page.locator(`[data-folder="${folder}"] [data-count="exported"]`).textContent(), { timeout: 60_000 }).toBe('1');
      expect(fs.existsSync(path.join(folder, 'late.pdf.values.json'))).toBe(true);
    } finally {
      await page.close();
    }
  });
});

describe('settings', () => {
  it('accepts a key, never shows it back, and shows the service message for a wrong key', async () => {
    const page = await loggedIn();
    await page.goto(`${h.url}/#/settings`);
    await page.getByLabel('Processing service (API key)').check();
    await page.getByLabel('Service address').fill(h.running.serviceUrl);
    await page.getByLabel('API key', { exact: true }).fill('dsk_this_key_is_wrong');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByTestId('settings-message').textContent(), { timeout: 15_000 }).toContain('Invalid API key');

    await page.getByLabel('API key', { exact: true }).fill(h.running.apiKey);
    await page.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => page.getByTestId('settings-message').textContent(), { timeout: 15_000 }).toContain('Connected');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('settings-message').textContent()).toContain('Settings saved');
    expect(await page.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    await page.getByText('A key is stored').waitFor();
    await shoot(page, 'settings');

    const html = await page.content();
    expect(html).not.toContain(h.running.apiKey);
    const settings = await (await fetch(`${h.url}/api/settings`, { headers: { authorization: `Bearer ${h.token}` } })).text();
    expect(settings).not.toContain(h.running.apiKey);
    expect(fs.statSync(path.join(h.dataDir, 'api-key')).mode & 0o077).toBe(0);
    await page.close();
  });
});

describe('control API security', () => {
  it('refuses requests without the token, with a foreign Origin, or a foreign Host', async () => {
    expect((await fetch(`${h.url}/api/status`)).status).toBe(401);
    expect((await fetch(`${h.url}/api/status`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const auth = { authorization: `Bearer ${h.token}` };
    expect((await fetch(`${h.url}/api/status`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${h.url}/api/pause`, { method: 'POST', headers: { ...auth, origin: 'https://evil.example' } })).status).toBe(403);
    // DNS rebinding: a page on evil.example resolving to 127.0.0.1 sends its own Host.
    const { request } = await import('undici');
    const res = await request(`${h.url}/api/status`, { headers: { ...auth, host: 'evil.example' } });
    expect(res.statusCode).toBe(403);
    await res.body.dump();
  });

  it('uses a login link once and sets an HttpOnly SameSite=Strict cookie', async () => {
    const link = h.control.server.loginLink();
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    expect(first.headers.get('set-cookie')).toMatch(/SameSite=Strict/i);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(401);
  });

  it('never writes the API key into any response or the log', async () => {
    const auth = { headers: { authorization: `Bearer ${h.token}` } };
    for (const route of ['/api/status', '/api/settings', '/api/folders', '/api/files', '/api/logs']) {
      expect(await (await fetch(h.url + route, auth)).text()).not.toContain(h.running.apiKey);
    }
    const log = fs.readFileSync(path.join(h.dataDir, 'docsync.log'), 'utf8');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(h.running.apiKey);
  });
});
