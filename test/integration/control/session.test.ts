// Getting back into the UI and following a file in the log: `docsync open` hands out a fresh
// login link, an old link shows a page saying how to get one, `docsync logs` has a line per
// file step and follows the log, `docsync retry` with an unknown name fails. A real daemon
// (embedded service) and its control API on 127.0.0.1; the CLI as a child process.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUiHarness, type UiHarness } from '../../e2e/harness.js';

const BIN = path.resolve('bin/docsync.mjs');
const run = promisify(execFile);
let h: UiHarness;
let inbox: string;

async function docsync(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const r = await run(process.execPath, [BIN, ...args, '--config', h.configFile, '--data', h.dataDir], { timeout: 60_000 });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, out: x.stdout, err: x.stderr };
  }
}

async function waitFor(cond: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  h = await startUiHarness([], {
    prepare: (root) => {
      inbox = path.join(root, 'Scans');
      fs.mkdirSync(inbox);
      return [inbox];
    },
  });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('getting back into the UI', { timeout: 120_000 }, () => {
  it('docsync open prints a fresh login link that logs a browser in once', async () => {
    const r = await docsync('open', '--print');
    expect(r.code, r.err).toBe(0);
    const link = /http:\/\/127\.0\.0\.1:\d+\/login\/\S+/.exec(r.out)?.[0];
    expect(link).toBeTruthy();
    const first = await fetch(link!, { redirect: 'manual' });
    expect(first.status).toBe(302);
    expect(first.headers.get('set-cookie')).toMatch(/docsync_session=/);
    // Used once: the second visit is the expired-link page, in the browser's language.
    const again = await fetch(link!, { redirect: 'manual', headers: { accept: 'text/html', 'accept-language': 'ja-JP,ja;q=0.9' } });
    expect(again.status).toBe(401);
    expect(again.headers.get('content-type')).toMatch(/text\/html/);
    const page = await again.text();
    expect(page).toContain('docsync open');
    expect(page).toContain('有効期限が切れています');
  });

  it('shows the page, not JSON, to a browser that opens the UI without a session; the API still answers JSON', async () => {
    const page = await fetch(`${h.url}/`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(401);
    expect(await page.text()).toMatch(/This login link has expired[\s\S]*docsync open/);
    const api = await fetch(`${h.url}/api/status`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(401);
    expect(((await api.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });

  it('says docsync is not running when it is not, with exit code 1', async () => {
    const r = await run(process.execPath, [BIN, 'open', '--print', '--data', path.join(h.root, 'nowhere')]).catch((e) => e as { code: number; stderr: string });
    expect((r as { code: number }).code).toBe(1);
    expect((r as { stderr: string }).stderr).toMatch(/not running.*docsync start/);
  });
});

describe("logs a person can follow", { timeout: 240_000 }, () => {
  it('has a line per step of each file, filtered by name, and follows new lines with -f', async () => {
    // -n 100: lines written while the follower is still starting are shown too.
    const follower = spawn(process.execPath, [BIN, 'logs', '-f', '-n', '100', '--file', 'scan-0042', '--data', h.dataDir]);
    let followed = '';
    follower.stdout.on('data', (d: Buffer) => (followed += d.toString()));
    try {
      fs.writeFileSync(path.join(inbox, 'scan-0042.txt'), 'INVOICE\nInvoice Number: INV-42\nDate: 2026-03-01\nTotal: 42.00\n');
      fs.writeFileSync(path.join(inbox, 'other.txt'), 'INVOICE\nInvoice Number: INV-7\nTotal: 7.00\n');
      await waitFor(() => /scan-0042\.txt: processed and exported/.test(followed), 'the followed export line', 120_000).catch((e: Error) => {
        const log = fs.readFileSync(path.join(h.dataDir, 'docsync.log'), 'utf8').split('\n').slice(-15).join('\n');
        throw new Error(`${e.message}; followed: ${followed}; log: ${log}`);
      });
    } finally {
      follower.kill();
    }
    expect(followed).not.toContain('other.txt');
    const r = await docsync('logs', '--file', 'SCAN-0042', '-n', '20');
    const steps = r.out.split('\n').filter(Boolean).map((l) => l.replace(/^\S+ \S+\s+\S+\s+/, ''));
    expect(steps.slice(0, 4)).toEqual(['scan-0042.txt: found', 'scan-0042.txt: settled', 'scan-0042.txt: uploading', 'scan-0042.txt: uploaded']);
    expect(steps.at(-1)).toMatch(/^scan-0042\.txt: processed and exported: exported 1 document/);
    expect(r.out).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d {2}INFO {3}scan-0042\.txt: found$/m);
  });

  it('retry with a name docsync does not know fails with exit code 1', async () => {
    const r = await docsync('retry', path.join(inbox, 'no-such-scan.pdf'));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/no file or folder .*no-such-scan\.pdf is known/);
    const known = await docsync('retry', inbox);
    expect(known.code).toBe(0);
  });
});
