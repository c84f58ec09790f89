// How often a desktop asks the service about a folder's ledger claim (issue 20, a daemon at
// rest): the writer renews it with its other claims, every third of the lease; a desktop that
// does not write it asks at every tick, to take over soon after the writer's lease runs out.
// Real service over HTTP; the clock is moved instead of waited for (only Date is faked).
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { Claims } from '../../../src/sync/claims.js';
import { ClientRemote } from '../../../src/sync/clientRemote.js';
import { parseConfig, type FolderConfig } from '../../../src/sync/config.js';
import { silentLogger } from '../../../src/sync/logger.js';
import type { Remote } from '../../../src/sync/remote.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());
afterEach(() => vi.useRealTimers());

const LEASE_MS = 60_000;
const folder: FolderConfig = parseConfig({ folders: [{ path: path.join('/tmp', 'shared-inbox'), remotePath: 'Shared' }] }).folders[0]!;

/** A desktop's claims, and the ledger claim requests it made (a remote that counts, then does the real call). */
function desktop(holder: string): { claims: Claims; ledgerAsks: () => number; remote: ClientRemote } {
  const remote = new ClientRemote({ baseUrl: svc.url, apiKey: svc.key.key });
  let asks = 0;
  const counting: Remote = Object.assign(Object.create(remote) as ClientRemote, {
    takeClaim: (c: Parameters<NonNullable<Remote['takeClaim']>>[0]) => {
      if (c.key === 'ledger') asks++;
      return remote.takeClaim(c);
    },
  });
  const claims = new Claims({ remote: counting, log: silentLogger(), holder, leaseMs: LEASE_MS, enabled: true });
  claims.setFolders([folder]);
  return { claims, ledgerAsks: () => asks, remote };
}

/** One tick of the claims' timer (what start() runs every min(lease / 3, 5 s)). */
const tick = (claims: Claims) => (claims as unknown as { tick(): Promise<void> }).tick();

describe('the ledger claim of a folder', () => {
  it('is renewed by its writer every third of the lease, not at every tick; the other desktop asks at every tick', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-11-26T12:00:00Z') });
    const a = desktop('desk-a');
    const b = desktop('desk-b');
    try {
      await tick(a.claims);
      expect(a.claims.writesLedger(folder)).toBe(true);
      expect(a.ledgerAsks()).toBe(1);
      await tick(b.claims);
      expect(b.claims.writesLedger(folder)).toBe(false);
      expect(b.ledgerAsks()).toBe(1);

      // Three ticks 5 s apart: the writer's lease is far from running out, the other desktop keeps asking.
      for (let i = 0; i < 3; i++) {
        vi.advanceTimersByTime(5_000);
        await tick(a.claims);
        await tick(b.claims);
      }
      expect(a.ledgerAsks()).toBe(1);
      expect(b.ledgerAsks()).toBe(4);

      // A third of the lease since the last renewal: the writer renews, and still writes.
      vi.advanceTimersByTime(5_000);
      await tick(a.claims);
      expect(a.ledgerAsks()).toBe(2);
      expect(a.claims.writesLedger(folder)).toBe(true);
    } finally {
      await a.remote.close();
      await b.remote.close();
    }
  });
});

describe('the claim of a file moved during its work', () => {
  it('goes on under the new name when nothing is left at the claimed path; a second copy still waits for the first', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-claim-move-'));
    const inbox: FolderConfig = parseConfig({ folders: [{ path: root, remotePath: 'Moved' }] }).folders[0]!;
    const { claims } = desktop('desk-m');
    try {
      fs.mkdirSync(path.join(root, 'b'));
      fs.writeFileSync(path.join(root, 'b', 'f.txt'), 'same bytes');
      const content = { sha256: 'a'.repeat(64), rel_path: 'b/f.txt' };
      expect((await claims.take(inbox, content)).kind).toBe('mine');
      // Another copy of the same content while the first is still there: it waits for the first.
      fs.writeFileSync(path.join(root, 'copy.txt'), 'same bytes');
      expect(await claims.take(inbox, { ...content, rel_path: 'copy.txt' })).toMatchObject({ kind: 'busy', holder: 'desk-m' });
      // The folder renamed during the upload (b -> b-52): the same work under its new name goes on.
      fs.renameSync(path.join(root, 'b'), path.join(root, 'b-52'));
      expect((await claims.take(inbox, { ...content, rel_path: 'b-52/f.txt' })).kind).toBe('mine');
    } finally {
      await claims.stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a file whose folder was renamed after its claim was finished, a restart between', () => {
  it('is the same work going on under its new name: not skipped as a copy of its own former row (which would upload it again later)', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const { openStateDb } = await import('../../../src/sync/state/db.js');
    const { FileStore } = await import('../../../src/sync/state/files.js');
    const { Outputs } = await import('../../../src/sync/outputs.js');
    const { SharedWork } = await import('../../../src/sync/shared.js');
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-claim-renamed-'));
    const inbox: FolderConfig = parseConfig({ folders: [{ path: path.join(root, 'in'), remotePath: 'Renamed' }] }).folders[0]!;
    const { claims, remote } = desktop('desk-r');
    const db = openStateDb(path.join(root, 'data'));
    const store = new FileStore(db);
    const outputs = new Outputs(db, () => inbox);
    const failed: string[] = [];
    const shared = new SharedWork({ store, remote, outputs, log: silentLogger(), claims, maxBackoffMs: 20, failStep: (_r, err) => failed.push(String(err)) });
    try {
      const sha256 = 'e'.repeat(64);
      fs.mkdirSync(path.join(inbox.path, 'b'), { recursive: true });
      fs.writeFileSync(path.join(inbox.path, 'b', 'f.txt'), 'renamed bytes');
      // Before the restart: the file was uploaded and its claim finished under b/f.txt.
      const before = store.discover(inbox.path, 'b/f.txt', 13, 1);
      store.transition(before.id, 'settled', { sha256 }, 'settled');
      expect((await claims.take(inbox, { sha256, rel_path: 'b/f.txt' })).kind).toBe('mine');
      expect(await claims.finish(inbox, { sha256, rel_path: 'b/f.txt' }, 'exported', { uploadId: 'u-1', fileIds: [] })).toBe(true);
      // The folder renamed (b -> b-52) before the outputs were written, then kill -9: at the next
      // start the row under the new name takes the upload over, and the former row points to it.
      fs.renameSync(path.join(inbox.path, 'b'), path.join(inbox.path, 'b-52'));
      const after = store.discover(inbox.path, 'b-52/f.txt', 13, 1);
      store.transition(after.id, 'settled', { sha256 }, 'settled');
      const taking = store.transition(after.id, 'uploading', { upload_id: 'u-1' }, 'moved from b/f.txt before its outputs were written');
      store.transition(before.id, 'removed', { moved_to: after.id }, 'moved to b-52/f.txt');

      // The finished claim under b/f.txt is this desktop's own, for this very row: its work goes on.
      expect(await shared.mayWork(taking, inbox)).toEqual({});
      expect(store.get(after.id)?.status).toBe('uploading');
      expect(failed).toEqual([]);

      // A true copy (same bytes under another name, b/f.txt's row not moved to it) is still skipped.
      const copy = store.discover(inbox.path, 'copy.txt', 13, 1);
      store.transition(copy.id, 'settled', { sha256 }, 'settled');
      expect(await shared.mayWork(store.get(copy.id)!, inbox)).toBe(false);
      expect(store.get(copy.id)).toMatchObject({ status: 'skipped', duplicate_of: before.id });
    } finally {
      await claims.stop();
      await outputs.close();
      await remote.close();
      db.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the rounds of a desktop at rest', () => {
  const settled = (c: Claims) => vi.waitFor(() => expect(c.busy).toBe(false), { timeout: 5_000, interval: 5 });

  /** Desktops A and B started on one folder on a fake clock, A first (it writes the ledgers), and stopped after `run`. */
  async function twoDesktops(run: (a: ReturnType<typeof desktop>, b: ReturnType<typeof desktop>) => Promise<void>): Promise<void> {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], now: Date.parse('2026-11-26T12:00:00Z') });
    const a = desktop('desk-a');
    const b = desktop('desk-b');
    try {
      a.claims.start([folder]);
      await settled(a.claims);
      b.claims.start([folder]);
      await settled(b.claims);
      await run(a, b);
    } finally {
      await a.claims.stop();
      await b.claims.stop();
      await a.remote.close();
      await b.remote.close();
    }
  }

  it('wake it once per renewal when it writes its ledgers and holds nothing else; a desktop that does not write them asks every 5 s; a file claim taken is renewed in time', async () => {
    const rounds = vi.spyOn(Claims.prototype as unknown as { tick(): Promise<void> }, 'tick');
    const roundsOf = (c: Claims) => rounds.mock.contexts.filter((x) => x === c).length;
    try {
      await twoDesktops(async (a, b) => {
        /** Moves the clock in steps of 1 s, letting each round that falls due finish. */
        const advance = async (ms: number) => {
          for (let t = 0; t < ms; t += 1_000) {
            await vi.advanceTimersByTimeAsync(1_000);
            await settled(a.claims);
            await settled(b.claims);
          }
        };
        expect(a.claims.writesLedger(folder)).toBe(true);
        expect(b.claims.writesLedger(folder)).toBe(false);
        expect([roundsOf(a.claims), roundsOf(b.claims)]).toEqual([1, 1]);

        // 15 s: the writer has nothing to do before its renewal; the other desktop asks every 5 s.
        await advance(15_000);
        expect(roundsOf(a.claims)).toBe(1);
        expect(a.ledgerAsks()).toBe(1);
        expect(roundsOf(b.claims)).toBe(4);
        expect(b.ledgerAsks()).toBe(4);

        // A third of the lease: the writer renews, and still writes.
        await advance(5_000);
        expect(roundsOf(a.claims)).toBe(2);
        expect(a.ledgerAsks()).toBe(2);
        expect(a.claims.writesLedger(folder)).toBe(true);

        // A file's claim taken now is renewed with the ledger's: after its first lease would have run
        // out, the other desktop still finds it held.
        const file = { sha256: 'b'.repeat(64), rel_path: 'f.txt' };
        expect((await a.claims.take(folder, file)).kind).toBe('mine');
        await advance(61_000);
        expect(await b.claims.take(folder, file)).toMatchObject({ kind: 'busy', holder: 'desk-a' });
        expect(roundsOf(a.claims)).toBe(5);
      });
    } finally {
      rounds.mockRestore();
    }
  });

  it('are not put off by the claims it takes: a desktop busy taking files still asks for the ledgers every 5 s', async () => {
    await twoDesktops(async (_a, b) => {
      expect(b.claims.writesLedger(folder)).toBe(false);
      const asked = b.ledgerAsks();
      // A file taken every second for 12 s: each arms the renewal, none may postpone the poll.
      for (let i = 0; i < 12; i++) {
        await vi.advanceTimersByTimeAsync(1_000);
        await settled(b.claims);
        expect((await b.claims.take(folder, { sha256: i.toString(16).padStart(64, 'c'), rel_path: `busy-${i}.txt` })).kind).toBe('mine');
      }
      await settled(b.claims);
      expect(b.ledgerAsks() - asked).toBe(2);
    });
  });
});
