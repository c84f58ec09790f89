// The Ask page in Chromium against a real daemon and its embedded service: a question about a
// processed invoice answered with its source linking to the file page; a long answer seen while it
// is written and stopped with Stop. The service's answer engine uses a model endpoint when one is
// configured: a local fake stands in for it only to make an answer slow enough to stop (it answers
// 503 otherwise, and the built-in engine answers, as it does without a model).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../helpers/browser.js';
import { drop, invoicePdf, startUiHarness, type UiHarness } from './harness.js';

const SHOTS = path.resolve('test/e2e/screenshots');
const SLOW_MARK = 'in great detail';
let h: UiHarness;
let browser: Browser;
let slowModel: http.Server;
let folder: string;

/** An OpenAI-compatible endpoint: a slow stream (a word every 100 ms) when asked for detail, else 503. */
function startSlowModel(): Promise<string> {
  slowModel = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (!body.includes(SLOW_MARK)) return void res.writeHead(503).end('busy');
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      let i = 0;
      const timer = setInterval(() => {
        if (res.destroyed || i >= 200) return (clearInterval(timer), res.end('data: [DONE]\n\n'));
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: `word${i++} ` } }] })}\n\n`);
      }, 100);
      res.on('close', () => clearInterval(timer));
    });
  });
  return new Promise((resolve) => slowModel.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(slowModel.address() as { port: number }).port}/v1`)));
}

beforeAll(async () => {
  process.env.DOCSYNC_LLM_BASE_URL = await startSlowModel();
  try {
    h = await startUiHarness([], {
      prepare: (root) => {
        folder = path.join(root, 'Invoices');
        fs.mkdirSync(folder, { recursive: true });
        return [folder];
      },
    });
  } finally {
    delete process.env.DOCSYNC_LLM_BASE_URL;
  }
  browser = await launchChromium();
  fs.mkdirSync(SHOTS, { recursive: true });
  drop(folder, 'acme-3003.pdf', await invoicePdf('INV-3003', '42.50'));
  const auth = { headers: { authorization: `Bearer ${h.token}` } };
  const exported = async () => ((await (await fetch(`${h.url}/api/files?status=exported`, auth)).json()) as { total: number }).total;
  const end = Date.now() + 90_000;
  while ((await exported()) < 1) {
    if (Date.now() > end) throw new Error('the invoice was not exported');
    await new Promise((r) => setTimeout(r, 500));
  }
}, 150_000);
afterAll(async () => {
  await browser?.close();
  await h?.close();
  await new Promise((r) => slowModel?.close(r));
});

async function askPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(h.control.server.loginLink());
  await page.getByRole('link', { name: 'Ask' }).click();
  await page.getByRole('heading', { name: 'Ask about your documents' }).waitFor();
  return page;
}

describe('the Ask page', () => {
  it('answers a question about a processed invoice, with its source linking to the file page', async () => {
    const page = await askPage();
    await page.getByLabel('Your question').fill('What is the total of invoice INV-3003?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const turn = page.locator('.turn').last();
    await expect.poll(() => turn.getAttribute('data-state'), { timeout: 30_000 }).toBe('COMPLETED');
    expect(await turn.getByTestId('answer').textContent()).toMatch(/42\.5/);
    // A session per conversation: the address names it and the list shows it.
    expect(page.url()).toMatch(/#\/ask\/[\w-]+$/);
    await page.locator('.conversations a', { hasText: 'What is the total of invoice INV-3003?' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(SHOTS, `ask-${scheme}.png`), fullPage: true });
    }

    // A follow-up turn in the same conversation, then the conversation reopened from the list.
    const sessionUrl = page.url();
    await page.getByLabel('Your question').fill('What is the due date of invoice INV-3003?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect.poll(() => page.locator('.turn').count()).toBe(2);
    await expect.poll(() => page.locator('.turn').last().getAttribute('data-state'), { timeout: 30_000 }).toBe('COMPLETED');
    await page.getByRole('link', { name: 'New conversation' }).click();
    await expect.poll(() => page.locator('.turn').count()).toBe(0);
    await page.goto(sessionUrl);
    await expect.poll(() => page.locator('.turn').count(), { timeout: 10_000 }).toBe(2);

    const source = page.locator('.turn').first().locator('.sources a', { hasText: 'acme-3003.pdf' }).first();
    await source.click();
    await page.getByRole('heading', { name: 'acme-3003.pdf', level: 1 }).waitFor();
    await expect.poll(() => page.locator('[data-field="Invoice Number"]').textContent()).toBe('INV-3003');
    await page.close();
  });

  it('shows the figures of an answer as a table per currency, with its sources linking to the file page', async () => {
    const page = await askPage();
    await page.getByLabel('Your question').fill('How much did we pay ACME?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const turn = page.locator('.turn').last();
    await expect.poll(() => turn.getAttribute('data-state'), { timeout: 30_000 }).toBe('COMPLETED');
    const table = turn.locator('table.figures');
    await expect.poll(() => table.count()).toBe(1);
    expect(await table.locator('caption').textContent()).toBe('Figures in USD');
    expect(await table.locator('thead th').allTextContents()).toEqual(['Invoice', 'Vendor', 'Date', 'Amount (USD)']);
    expect(await table.locator('tbody tr').first().locator('td').allTextContents()).toEqual(['INV-3003', 'ACME Supplies Ltd', '2026-03-14', '42.50']);
    expect(await table.locator('tfoot').textContent()).toContain('42.50');
    // The Markdown of the answer is not shown as text.
    expect(await turn.getByTestId('answer').textContent()).not.toContain('|');
    await page.screenshot({ path: path.join(SHOTS, 'ask-figures.png'), fullPage: true });
    await turn.locator('.sources a', { hasText: 'acme-3003.pdf' }).first().click();
    await page.getByRole('heading', { name: 'acme-3003.pdf', level: 1 }).waitFor();
    await page.close();
  });

  it('shows a long answer as it is written, and Stop ends it keeping the text so far', async () => {
    const page = await askPage();
    await page.getByLabel('Your question').fill(`Describe invoice INV-3003 ${SLOW_MARK}.`);
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const answer = page.locator('.turn').last().getByTestId('answer');
    // It grows while the job runs: seen with one word, then with more.
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toMatch(/word1 /);
    const early = (await answer.textContent())!.length;
    await expect.poll(async () => (await answer.textContent())!.length, { timeout: 10_000 }).toBeGreaterThan(early);
    expect(await page.locator('.turn').last().getAttribute('data-state')).toBe('RUNNING');

    await page.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => page.locator('.turn').last().getAttribute('data-state'), { timeout: 15_000 }).toBe('STOPPED');
    const kept = (await answer.textContent())!;
    expect(kept).toMatch(/^word0 word1 /);
    expect(kept).not.toContain('word199');
    await page.getByTestId('job-status').getByText('Stopped').waitFor();
    // The form is ready for the next question once the run has ended.
    expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ask', exact: true }).isEnabled()).toBe(true);
    await page.close();
  });

  it('validates bodies and ids, and proxies the service errors', async () => {
    const auth = { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' };
    const post = (route: string, body: unknown) => fetch(`${h.url}${route}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
    expect((await post('/api/agent/sessions', { nope: 1 })).status).toBe(422);
    const session = (await (await post('/api/agent/sessions', { title: 't' })).json()) as { session_id: string };
    expect((await post(`/api/agent/sessions/${session.session_id}/ask`, { question: '' })).status).toBe(422);
    expect((await post('/api/agent/sessions/..%2Fx/ask', { question: 'q' })).status).toBe(422);
    expect((await post('/api/agent/sessions/00000000-0000-0000-0000-000000000000/ask', { question: 'q' })).status).toBe(404);
    expect((await post('/api/agent/sessions', { folder: '/not/watched' })).status).toBe(422);
    const del = await fetch(`${h.url}/api/agent/sessions/${session.session_id}`, { method: 'DELETE', headers: { authorization: auth.authorization } });
    expect(del.status).toBe(200);
    expect((await fetch(`${h.url}/api/agent/sessions`)).status).toBe(401);
    const text = await (await fetch(`${h.url}/api/agent/sessions`, { headers: { authorization: auth.authorization } })).text();
    expect(text).not.toContain(h.running.apiKey);
  });
});
