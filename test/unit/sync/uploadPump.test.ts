// The upload pump's ordering and retries, fast: a real state.db and real files in a temp folder,
// the service replaced by the in-memory one (test/helpers/memoryRemote.ts). The same paths over
// real HTTP: test/integration/sync/pipeline.test.ts and faults.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig, type FolderConfig } from '../../../src/sync/config.js';
import { hashFile } from '../../../src/sync/hash.js';
import { silentLogger } from '../../../src/sync/logger.js';
import { Outputs } from '../../../src/sync/outputs.js';
import { openStateDb, type Db } from '../../../src/sync/state/db.js';
import { FileStore, type WatchedFileRow } from '../../../src/sync/state/files.js';
import { UploadPump } from '../../../src/sync/uploadPump.js';
import { MemoryRemote } from '../../helpers/memoryRemote.js';

let root: string;
let folder: FolderConfig;
let db: Db;
let store: FileStore;
let outputs: Outputs;
let pump: UploadPump | undefined;
const paused = new Set<string>();

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  fs.mkdirSync(path.join(root, 'in'));
  folder = parseConfig({ folders: [{ path: path.join(root, 'in') }] }).folders[0]!;
  db = openStateDb(path.join(root, 'data'));
  store = new FileStore(db);
  outputs = new Outputs(db, () => folder, undefined, { retryInitialMs: 10, retryMaxMs: 50 });
  paused.clear();
});
afterEach(async () => {
  await pump?.close();
  pump = undefined;
  await outputs.close();
  db.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function start(remote: MemoryRemote, concurrency = 4): UploadPump {
  pump = new UploadPump({
    store, remote, outputs, log: silentLogger(), folder: () => folder, paused: () => paused, concurrency, maxBackoffMs: 20,
  });
  pump.wake();
  return pump;
}

/** A file written and settled (hashed), as the folder driver leaves it for the pump. */
async function settled(name: string, text = `content of ${name}`): Promise<WatchedFileRow> {
  const abs = path.join(folder.path, name);
  fs.writeFileSync(abs, text);
  const st = fs.statSync(abs);
  const row = store.discover(folder.path, name, st.size, st.mtimeMs);
  return store.transition(row.id, 'settled', { sha256: (await hashFile(abs)).sha256 }, 'settled');
}

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!cond()) throw new Error(`timed out waiting for ${what}`);
}

const status = (id: number) => store.get(id)!.status;

describe('the upload pump', () => {
  it('uploads settled files oldest first, one at a time with concurrency 1', async () => {
    const rows = [await settled('a.pdf'), await settled('b.pdf'), await settled('c.pdf')];
    const remote = new MemoryRemote();
    start(remote, 1);
    await until(() => rows.every((r) => status(r.id) === 'exported'), 'all exported');
    expect(remote.calls.filter((c) => c.startsWith('put ')).map((c) => c.slice(4))).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(fs.existsSync(path.join(folder.path, 'b.pdf.values.json'))).toBe(true);
  });

  it('takes an interrupted upload (it may hold a ticket) before any settled file', async () => {
    const waiting = await settled('new.pdf');
    const interrupted = await settled('old.pdf');
    store.transition(interrupted.id, 'uploading', { idempotency_key: 'k-old', remote_path: '' }, 'uploading');
    const remote = new MemoryRemote();
    start(remote, 1);
    await until(() => [waiting, interrupted].every((r) => status(r.id) === 'exported'), 'both exported');
    expect(remote.calls.filter((c) => c.startsWith('ticket ')).map((c) => c.slice(7))).toEqual(['old.pdf', 'new.pdf']);
  });

  it('retries transient failures under the same key: one upload at the service, the error cleared', async () => {
    const row = await settled('a.pdf');
    const remote = new MemoryRemote();
    remote.fail('ticket', { code: 'HTTP_503_UNAVAILABLE', message: 'down', transient: true });
    remote.fail('put', { code: 'NETWORK_ERROR', message: 'reset', transient: true }, 2);
    remote.fail('progress', { code: 'HTTP_500_INTERNAL', message: 'oops', transient: true });
    start(remote);
    await until(() => status(row.id) === 'exported', 'exported');
    expect(remote.uploads.size).toBe(1);
    expect(remote.received()).toHaveLength(1);
    expect(remote.calls.filter((c) => c === 'ticket a.pdf')).toHaveLength(4);
    const done = store.get(row.id)!;
    expect(done).toMatchObject({ error_code: null, upload_id: [...remote.uploads.keys()][0] });
    const retries = store.events(row.id).filter((e) => e.reason?.startsWith('retry in'));
    expect(retries).toHaveLength(4);
  });

  it('waits at least as long as the service asked (Retry-After) before trying again', async () => {
    const row = await settled('a.pdf');
    const remote = new MemoryRemote();
    remote.fail('ticket', { code: 'HTTP_429_RATE_LIMITED', message: 'slow down', transient: true, retryAfter: 30 });
    start(remote);
    const before = Date.now();
    await until(() => store.get(row.id)!.error_code === 'HTTP_429_RATE_LIMITED', 'the 429 recorded');
    expect(store.get(row.id)!.next_attempt_at).toBeGreaterThanOrEqual(before + 30_000);
    expect(status(row.id)).toBe('uploading');
    expect(remote.calls).toEqual(['ticket a.pdf']);
  });

  it('fails a file on a permanent error without trying again, and goes on with the others', async () => {
    const bad = await settled('bad.pdf');
    const good = await settled('good.pdf');
    const remote = new MemoryRemote();
    remote.fail('ticket', { code: 'HTTP_422_INVALID', message: 'no', transient: false });
    start(remote, 1);
    await until(() => status(good.id) === 'exported', 'the other exported');
    expect(store.get(bad.id)).toMatchObject({ status: 'failed', error_code: 'HTTP_422_INVALID' });
    expect(remote.calls.filter((c) => c === 'ticket bad.pdf')).toHaveLength(1);
  });

  it('polls until processing ends, and fails the file when processing failed', async () => {
    const row = await settled('a.pdf');
    const remote = new MemoryRemote(() => 'waiting');
    start(remote);
    await until(() => remote.calls.filter((c) => c === 'progress a.pdf').length >= 3, 'polled while waiting');
    expect(status(row.id)).toBe('processing');
    remote.processWith(() => 'failed');
    await until(() => status(row.id) === 'failed', 'failed');
    expect(store.get(row.id)!.error_code).toBe('PROCESSING_FAILED');
  });

  it('does not send the bytes again when the answer to the PUT was lost, but the service holds them', async () => {
    const row = await settled('a.pdf');
    const remote = new MemoryRemote();
    remote.fail('answer', { code: 'NETWORK_ERROR', message: 'socket hang up', transient: true });
    start(remote);
    await until(() => status(row.id) === 'exported', 'exported');
    expect(remote.calls.filter((c) => c === 'put a.pdf')).toHaveLength(1);
    expect(remote.calls.filter((c) => c === 'ticket a.pdf')).toHaveLength(1);
    expect(store.events(row.id).map((e) => e.reason)).toContain('upload had completed before a restart');
  });

  it('leaves the files of a paused folder alone until it is resumed', async () => {
    const row = await settled('a.pdf');
    paused.add(folder.path);
    const remote = new MemoryRemote();
    const p = start(remote);
    await new Promise((r) => setTimeout(r, 50));
    expect(remote.calls).toEqual([]);
    paused.clear();
    p.wake();
    await until(() => status(row.id) === 'exported', 'exported once resumed');
  });
});
