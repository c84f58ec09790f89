// A long scanned PDF in the UI (issue 19): while the service OCRs it, the overview's folder card and
// the file's page say how many pages are read and the time left, in English and Japanese, and the
// line goes once the file is exported. Real Chromium, a real daemon, a real service with real OCR;
// the run is held at its page reports (test/helpers/pageGate.ts), so nothing is timed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeProcessing } from '../../src/service/processing/engine.js';
import { startTestService, type TestService } from '../../src/service/testing.js';
import { openStateDb } from '../../src/sync/state/db.js';
import { axeViolations } from '../helpers/axe.js';
import { launchChromium } from '../helpers/browser.js';
import { PageGate, scannedPdf } from '../helpers/pageGate.js';
import { drop, openPage, startUiHarness, type UiHarness } from './harness.js';

const gate = new PageGate();
let svc: TestService;
let keyDir: string;
let h: UiHarness;
let browser: Browser;
let folder: string;

beforeAll(async () => {
  svc = await startTestService({ processor: gate.processor });
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-key-'));
  const apiKeyFile = path.join(keyDir, 'api-key');
  fs.writeFileSync(apiKeyFile, svc.key.key, { mode: 0o600 });
  h = await startUiHarness([], {
    config: { service: { url: svc.url, apiKeyFile } },
    prepare: (root, dataDir) => {
      folder = path.join(root, 'Scans');
      fs.mkdirSync(folder, { recursive: true });
      const db = openStateDb(dataDir);
      db.prepare("INSERT INTO meta (key, value) VALUES ('ui.onboarded', ?)").run(new Date().toISOString());
      db.close();
      return [folder];
    },
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  gate.allow(Infinity);
  await browser?.close();
  await h?.close();
  await svc?.close();
  await closeProcessing();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

const pagesOn = (page: Page) => page.getByTestId('pages');

describe('pages read of a long document', () => {
  it('the overview and the file page show them with the time left, in English and Japanese', { timeout: 240_000 }, async () => {
    const overview = await openPage(browser, h, '#/');
    drop(folder, 'long-scan.pdf', await scannedPdf(2, 'LONG-9003'));

    const card = overview.locator('[data-reading="long-scan.pdf"]').getByTestId('pages');
    await card.filter({ hasText: '0 of 2 pages read, working out the time left' }).waitFor({ timeout: 90_000 });
    gate.allow(1);
    await card.filter({ hasText: /^1 of 2 pages read, about \d+ (s|min) left$/ }).waitFor({ timeout: 90_000 });

    await overview.locator('[data-reading="long-scan.pdf"] a').click();
    await overview.getByRole('heading', { level: 1, name: 'long-scan.pdf' }).waitFor();
    await pagesOn(overview).filter({ hasText: /^1 of 2 pages read, about/ }).waitFor();
    expect(await overview.locator('progress').getAttribute('value')).toBe('1');

    const fileUrl = new URL(overview.url()).hash;
    const japanese = await openPage(browser, h, fileUrl, { locale: 'ja-JP' });
    await pagesOn(japanese).filter({ hasText: /^2 ページ中 1 ページ読み取り済み、残り約 \d+ (秒|分)$/ }).waitFor();
    expect(await axeViolations(japanese)).toEqual([]);

    // In the 400 px tray window, the folder card with the line fits without scrolling sideways.
    const tray = await openPage(browser, h, '#/', { viewport: { width: 400, height: 700 } });
    await tray.locator('[data-reading="long-scan.pdf"]').getByTestId('pages').waitFor();
    expect(await tray.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
    expect(await axeViolations(tray)).toEqual([]);

    // Every page read: the line says the values come next, live, without a reload.
    gate.allow(2);
    await pagesOn(overview).filter({ hasText: '2 of 2 pages read, reading the values' }).waitFor({ timeout: 90_000 });
    await pagesOn(japanese).filter({ hasText: '2 ページ中 2 ページ読み取り済み、値を読み取り中' }).waitFor();

    gate.allow(Infinity);
    await overview.getByTestId('file-status').filter({ hasText: 'Exported' }).waitFor({ timeout: 90_000 });
    expect(await pagesOn(overview).count()).toBe(0);
    await overview.goto(`${h.url}/#/`);
    await overview.locator('main h1').first().waitFor();
    expect(await overview.locator('[data-reading]').count()).toBe(0);
  });
});
