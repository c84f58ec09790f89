// `docsync ask` beside a running daemon with its embedded service: the address comes from the
// daemon, the key from the embedded service's key file, --files from the state database, and
// sources are shown by their local paths.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseConfig, saveConfig } from '../../../src/sync/config.js';
import { runDaemon, type Running } from '../../../src/sync/run.js';
import { openStateDb } from '../../../src/sync/state/db.js';
import { waitFor } from '../service/uploadHelpers.js';
import { INVOICES, invoiceText } from './corpus.js';

const BIN = path.resolve('bin/docsync.mjs');
let root: string;
let running: Running;
let folder: string;
const env = () => {
  const { DOCSYNC_API_KEY: _omitted, ...rest } = process.env;
  return { ...rest, DOCSYNC_CONFIG: path.join(root, 'config.json'), DOCSYNC_DATA: path.join(root, 'data'), HOME: path.join(root, 'home') };
};

function docsync(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: env() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  folder = path.join(root, 'Invoices');
  fs.mkdirSync(folder, { recursive: true });
  const configFile = path.join(root, 'config.json');
  saveConfig(configFile, parseConfig({ settleMs: 200, uiPort: 0, folders: [{ path: folder }] }));
  running = await runDaemon({ locations: { configFile, dataDir: path.join(root, 'data') }, config: loadConfig(configFile), env: {} });
  for (const inv of INVOICES.slice(0, 3)) fs.writeFileSync(path.join(folder, `${inv.number}.txt`), invoiceText(inv));
  const db = openStateDb(path.join(root, 'data'));
  try {
    await waitFor(() => (db.prepare(`SELECT count(*) FROM files WHERE status = 'exported'`).pluck().get() as number) === 3 || undefined, 'three exported files', 60_000);
  } finally {
    db.close();
  }
}, 120_000);
afterAll(async () => {
  await running?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('docsync ask beside the daemon', () => {
  it('finds the embedded service and its key, and names sources by local path', async () => {
    const res = await docsync(['ask', 'How much did we pay ACME in 2024?', '--wait']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('USD 1,650.50');
    expect(res.stdout).toContain(path.join(folder, 'INV-1001.txt'));
  });

  it('restricts the question to --files and to --folder', async () => {
    const files = await docsync(['ask', 'How many invoices are there?', '--wait', '--json', '--files', path.join(folder, 'GX-2024-77.txt')]);
    expect(files.code).toBe(0);
    expect(JSON.parse(files.stdout).answer).toContain('There is 1 document');
    const all = await docsync(['ask', 'How many invoices are there?', '--wait', '--json', '--folder', folder]);
    expect(JSON.parse(all.stdout).answer).toContain('There are 3 documents');
    const unknown = await docsync(['ask', 'How many?', '--files', path.join(root, 'elsewhere.txt')]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('has not been uploaded');
  });
});
