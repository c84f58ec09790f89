// The review page in real Chromium (issue 16): confirm a document with the keyboard alone, correct
// a total by clicking its word on the page image, and find the new value in the sidecar and the
// ledger on disk; at 400 px wide and in Japanese. Screenshots go to docs/screenshots/.
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sidecarPaths } from '../../src/sync/export/names.js';
import { ControlStore } from '../../src/sync/state/control.js';
import { openStateDb } from '../../src/sync/state/db.js';
import { launchChromium } from '../helpers/browser.js';
import { drop, startUiHarness, type UiHarness } from './harness.js';

const DOCS = path.resolve('docs/screenshots');
let h: UiHarness;
let browser: Browser;
let folder: string;
/** The total the click-to-fill test corrected b-1002 to. */
let corrected: number | undefined;

/** An invoice whose amounts stand in their own cells (label left, amount right), so each is a word to click. */
async function invoice(number: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const left: Array<[string, string?]> = [
    ['Northwind Traders GmbH'], ['INVOICE'], ['Invoice Number:', number], ['Invoice Date:', '14/03/2026'],
    ['Subtotal', '1,000.00'], ['Tax', '234.50'], ['Total', '1,234.50'], ['Amount due after credit', '1,100.00'],
  ];
  left.forEach(([label, value], i) => {
    page.drawText(label, { x: 50, y: 780 - i * 26, size: 12, font });
    if (value) page.drawText(value, { x: 400, y: 780 - i * 26, size: 12, font });
  });
  return Buffer.from(await doc.save());
}

beforeAll(async () => {
  h = await startUiHarness([], {
    prepare: (root, dataDir) => {
      folder = path.join(root, 'Invoices');
      fs.mkdirSync(folder);
      // Past the first-run guide: the overview opens.
      const db = openStateDb(dataDir);
      new ControlStore(db).setMeta('ui.onboarded', '1');
      db.close();
      return [folder];
    },
    // Every value needs a look: the queue is not empty whatever the extractor is sure of.
    config: { review: { threshold: 0.999, requiredFields: ['Invoice Date', 'Vendor Name', 'Total'] } },
  });
  browser = await launchChromium();
  fs.mkdirSync(DOCS, { recursive: true });
  drop(folder, 'a-1001.pdf', await invoice('NW-1001'));
  await exported('a-1001.pdf');
  drop(folder, 'b-1002.pdf', await invoice('NW-1002'));
  await exported('b-1002.pdf');
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

function rowId(name: string): number | undefined {
  const db = openStateDb(h.dataDir);
  try {
    return db.prepare(`SELECT id FROM files WHERE rel_path = ? AND status = 'exported'`).pluck().get(name) as number | undefined;
  } finally {
    db.close();
  }
}

async function exported(name: string): Promise<number> {
  const end = Date.now() + 90_000;
  while (rowId(name) === undefined || !fs.existsSync(sidecarPaths(path.join(folder, name)).json)) {
    if (Date.now() > end) throw new Error(`${name} was not exported`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return rowId(name)!;
}

const sidecar = (name: string) => JSON.parse(fs.readFileSync(sidecarPaths(path.join(folder, name)).json, 'utf8'));
const field = (name: string, title: string) => sidecar(name).documents[0].fields.find((f: { title: string }) => f.title === title);

async function open(hash: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(h.control.server.loginLink());
  await page.goto(`${h.url}/${hash}`);
  return page;
}

describe('review page', () => {
  it('lists the files to review, oldest first, and counts them on the overview', async () => {
    const page = await open('#/');
    await expect.poll(() => page.getByTestId('to-review').textContent(), { timeout: 10_000 }).toBe('2 to review');
    await page.getByTestId('to-review').getByRole('link').click();
    await expect.poll(() => page.locator('[data-review]').allTextContents()).toEqual([expect.stringContaining('a-1001.pdf'), expect.stringContaining('b-1002.pdf')]);
    await page.screenshot({ path: path.join(DOCS, 'review-queue.png') });
    await page.context().close();
  });

  it('confirms a document with the keyboard alone and opens the next', async () => {
    const id = rowId('a-1001.pdf')!;
    const page = await open(`#/review/${id}`, { viewport: { width: 1280, height: 900 } });
    await page.getByRole('button', { name: 'Confirm document' }).waitFor();
    await page.locator('.page img').waitFor();
    // The first field to look at has the focus; Enter confirms it and moves on, Tab moves on.
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-field-input'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await page.locator('.field.done').count()).toBe(2);
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(new RegExp(`#/review/${rowId('b-1002.pdf')}$`));
    await expect.poll(() => sidecar('a-1001.pdf').docsync.review.state, { timeout: 20_000 }).toBe('checked');
    await page.context().close();
  });

  it('corrects the total by clicking its word on the page image; the sidecar and the ledger on disk follow', async () => {
    const id = rowId('b-1002.pdf')!;
    const page = await open(`#/review/${id}`, { viewport: { width: 1280, height: 900 } });
    const total = page.getByLabel('Total', { exact: true });
    await total.waitFor();
    await page.locator('.page .word').first().waitFor({ timeout: 10_000 });
    const before = field('b-1002.pdf', 'Total').value as number;
    // Whichever amount the extractor did not choose: a real change either way.
    const word = before === 1100 ? '1,234.50' : '1,100.00';
    const expected = before === 1100 ? 1234.5 : 1100;
    corrected = expected;
    await total.click();
    // The selected field's box is drawn where its value was read.
    await page.getByTestId('field-box').waitFor();
    await page.screenshot({ path: path.join(DOCS, 'review-page.png') });
    await page.locator(`.page .word[data-word="${word}"]`).click();
    expect(await total.inputValue()).toBe(word);
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/#\/review$/);
    await expect.poll(() => field('b-1002.pdf', 'Total').value, { timeout: 20_000 }).toBe(expected);
    const review = sidecar('b-1002.pdf').docsync.review;
    expect(review.state).toBe('checked');
    expect(review.documents[0].fields.find((f: { title: string }) => f.title === 'Total').corrected.from).toBe(before);
    // The CSV sidecar follows the JSON one.
    await expect.poll(() => fs.readFileSync(sidecarPaths(path.join(folder, 'b-1002.pdf')).csv, 'utf8'), { timeout: 10_000 }).toContain(`Total,number,,${expected},`);
    await expect
      .poll(() => fs.readFileSync(path.join(folder, 'docsync-ledger.csv'), 'utf8'), { timeout: 20_000 })
      .toMatch(new RegExp(`${String(expected).replace('.', '\\.')}.*,Checked,b-1002\\.pdf`)); // amounts first, then Review, then the file
    await expect.poll(() => page.getByText('Nothing to review').count()).toBe(1);
    await page.context().close();
  });

  it("reads the vendor's next document where the correction said its total stands", async () => {
    expect(corrected).toBeDefined();
    drop(folder, 'c-1003.pdf', await invoice('NW-1003'));
    const id = await exported('c-1003.pdf');
    expect(field('c-1003.pdf', 'Total')).toMatchObject({ value: corrected, confidence: 0.95 });
    const page = await open(`#/review/${id}`, { viewport: { width: 1280, height: 900 } });
    await expect.poll(() => page.getByLabel('Total', { exact: true }).inputValue(), { timeout: 10_000 }).toBe(String(corrected));
    expect(await page.locator('[data-field="Total"] .conf').textContent()).toBe('Confidence 95%');
    await page.context().close();
  });

  it('is a list without the image at 400 px wide, in Japanese', async () => {
    const id = rowId('a-1001.pdf')!;
    const page = await open(`#/review/${id}`, { locale: 'ja-JP', viewport: { width: 400, height: 800 } });
    await page.getByRole('button', { name: '書類を確定' }).waitFor();
    expect(await page.locator('.review-image').isVisible()).toBe(false);
    expect(await page.getByText(/確信度/).count()).toBeGreaterThan(0);
    // Every input is labelled, and the focused one is outlined.
    const unlabelled = await page.locator('input').evaluateAll((els) => els.filter((e) => !(e as HTMLInputElement).labels?.length && !e.getAttribute('aria-label')).length);
    expect(unlabelled).toBe(0);
    await page.getByLabel('Total', { exact: true }).focus();
    expect(await page.getByLabel('Total', { exact: true }).evaluate((e) => getComputedStyle(e).outlineStyle)).not.toBe('none');
    await page.screenshot({ path: path.join(DOCS, 'review-narrow-ja.png'), fullPage: true });
    await page.context().close();
  });
});
