// The team service (docs/team-server.md): two service processes on one PostgreSQL database and one
// blob folder, behind two addresses here (a reverse proxy in production). Every upload is processed
// exactly once whichever process got its bytes, both processes take work, and the job of a process
// killed mid-run (kill -9) is taken over by the other once its lease runs out.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openServiceDatabase } from '../../../../src/service/store/open.js';
import type { SqlDatabase } from '../../../../src/service/store/sql.js';
import { createKey } from '../../../../src/service/store/tenancy.js';
import { freshPostgresSchema, testPostgresUrl } from '../../../../src/service/testing.js';
import { INVOICE_TEXT, waitFor } from '../uploadHelpers.js';
import { startTeamProcess, uploadText, type TeamProcess } from './teamProcesses.js';

const children: TeamProcess[] = [];
const cleanups: Array<() => void> = [];

afterEach(() => {
  for (const p of children.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function serviceProcess(env: Record<string, string>): Promise<TeamProcess> {
  const p = await startTeamProcess(env);
  children.push(p);
  return p;
}

const upload = (url: string, key: string, fileName: string) => uploadText(url, key, fileName, INVOICE_TEXT.replace('INV-1042', fileName));

const finishedSteps = (db: SqlDatabase, uploadId: string) =>
  db.prepare(`SELECT count(*) FROM upload_steps WHERE upload_id = ? AND step = 'processing_finished'`).pluck().get(uploadId) as number;
const uploadStatus = (db: SqlDatabase, uploadId: string) => db.prepare('SELECT status FROM uploads WHERE id = ?').pluck().get(uploadId) as string;

/** `start|done <pid> <fileName>` lines of the processes' runs. */
const runs = (log: string) =>
  (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '')
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const [what, pid, file] = l.split(' ');
      return { what: what!, pid: Number(pid), file: file! };
    });

describe('team service: two processes on one PostgreSQL database', () => {
  it('process every upload exactly once between them, and take over the job of a process killed mid-run', async () => {
    const database = freshPostgresSchema(testPostgresUrl()!);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-team-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const log = path.join(dir, 'runs.log');
    const common = { DOCSYNC_DATABASE: database, DOCSYNC_BLOBS: path.join(dir, 'blobs'), DOCSYNC_RUN_LOG: log, DOCSYNC_LEASE_MS: '1500', DOCSYNC_DELAY_MS: '150' };

    // A takes the hanging upload first (its other slot stays free), then B joins.
    const a = await serviceProcess({ ...common, DOCSYNC_HANG: '1' });
    const db = openServiceDatabase('', database);
    cleanups.push(() => db.close());
    const { key } = createKey(db);
    const hang = await upload(a.url, key, 'hang-0.txt');
    await waitFor(() => runs(log).some((r) => r.what === 'start' && r.pid === a.pid && r.file === 'hang-0.txt'), 'A to start the hanging run');
    const b = await serviceProcess(common);

    const names = Array.from({ length: 12 }, (_, i) => `inv-${i}.txt`);
    const ids = await Promise.all(names.map((name, i) => upload(i % 2 === 0 ? a.url : b.url, key, name)));
    await waitFor(() => ids.every((id) => uploadStatus(db, id) === 'completed'), 'every upload to complete', 60_000);

    // Exactly once: one run per upload, one finished step each; both processes took some.
    const done = runs(log).filter((r) => r.what === 'done' && r.file.startsWith('inv-'));
    expect(done.map((r) => r.file).sort()).toEqual([...names].sort());
    for (const id of ids) expect(finishedSteps(db, id)).toBe(1);
    expect(new Set(done.map((r) => r.pid))).toEqual(new Set([a.pid, b.pid]));
    expect(uploadStatus(db, hang)).toBe('waiting');

    // A dies mid-run: B takes the job over once A's lease runs out, and processes it once.
    a.child.kill('SIGKILL');
    await waitFor(() => uploadStatus(db, hang) === 'completed', 'B to take over the hanging upload', 30_000);
    expect(runs(log).filter((r) => r.file === 'hang-0.txt').map((r) => `${r.what} ${r.pid === a.pid ? 'A' : r.pid === b.pid ? 'B' : r.pid}`)).toEqual([
      'start A',
      'start B',
      'done B',
    ]);
    expect(finishedSteps(db, hang)).toBe(1);
    const values = await fetch(`${b.url}/prod/v1/files?uploadId=${hang}`, { headers: { 'x-api-key': key } });
    expect(values.status).toBe(200);
    expect(((await values.json()) as { files: Array<{ status: string }> }).files.map((f) => f.status)).toEqual(['processed']);
  });
});
