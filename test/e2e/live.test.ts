// The Activity list stays true when the event stream is interrupted: events sent meanwhile are lost,
// so the page must catch up when the stream comes back, even after an answer that ended it for good.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControl } from '../../src/control/start.js';
import { loadConfig } from '../../src/sync/config.js';
import { openStateDb } from '../../src/sync/state/db.js';
import { launchChromium } from '../helpers/browser.js';
import { until } from '../integration/sync/harness.js';
import { drop, invoicePdf, startUiHarness, type UiHarness } from './harness.js';

let h: UiHarness;
let browser: Browser;
let folder: string;

beforeAll(async () => {
  h = await startUiHarness([], {
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
  await browser?.close();
  await h?.close();
});

/** Stands in for the control API while it is down: every request answered 503, as a proxy would. */
async function unavailable(port: number): Promise<{ streamRequests: () => number; close: () => Promise<void> }> {
  let streams = 0;
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/events')) streams++;
    res.writeHead(503, { 'content-type': 'text/plain', connection: 'close' }).end('restarting');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    streamRequests: () => streams,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('activity after the event stream was down', () => {
  it('shows a file that was exported while the stream was down, once it is back, without a reload', async () => {
    const page = await browser.newPage();
    await page.goto(h.control.server.loginLink());
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.getByText('No files match.').waitFor();

    const port = Number(new URL(h.url).port);
    await h.control.close();
    // The browser asks for the stream again and gets a 503: a browser gives up on such an answer for good.
    const stand = await unavailable(port);
    await until(() => stand.streamRequests() > 0, 20_000, 'the page asking for the stream again');
    drop(folder, 'while-down.pdf', await invoicePdf('INV-3003', '12.00'));
    await until(() => fs.existsSync(path.join(folder, 'while-down.pdf.values.json')), 60_000, 'exported while the UI was down');
    await stand.close();
    h.control = await startControl(h.running, loadConfig(h.configFile), port);

    const status = page.locator('[data-file="while-down.pdf"] [data-status]');
    await expect.poll(() => status.getAttribute('data-status', { timeout: 1000 }).catch(() => null), { timeout: 30_000 }).toBe('exported');
    await page.close();
  });
});
