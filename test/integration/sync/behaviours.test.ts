import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveSidecars } from '../../../src/sync/export/index.js';
import { openStateDb } from '../../../src/sync/state/db.js';
import { FileStore } from '../../../src/sync/state/files.js';
import { createHarness, invoiceText, sleep, until, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(h.inbox, rel)), { recursive: true });
  fs.writeFileSync(path.join(h.inbox, rel), text);
};
const exported = (rel: string) =>
  until(() => h.row(rel)?.status === 'exported', 30_000, `${rel} exported`).catch((err) => {
    throw new Error(`${err.message}: ${JSON.stringify(h.rows().map((r) => [r.rel_path, r.status, r.reason, r.error_code]))}`);
  });
const remoteFiles = () => h.service.service.db.prepare('SELECT COUNT(*) FROM files').pluck().get() as number;

describe('what gets synced', () => {
  it('ignores temporary, system and configured files', async () => {
    await h.start({ folder: { exclude: ['drafts/**'] } });
    for (const name of ['~$inv.docx', 'x.tmp', 'y.part', 'z.crdownload', '.~lock.a#', '.DS_Store', 'Thumbs.db', 'desktop.ini', 'drafts/d.txt']) {
      write(name, 'junk');
    }
    write('real.txt', invoiceText(1));
    await exported('real.txt');
    await h.daemon.waitIdle();
    expect(h.rows().map((r) => r.rel_path)).toEqual(['real.txt']);
    expect(h.serviceUploads()).toBe(1);
  });

  it('does not create twins for NFC and NFD spellings of one name', async () => {
    await h.start();
    write('Cafe\u0301.txt', invoiceText(2));
    await exported('Caf\u00e9.txt');
    await h.daemon.rescanAll();
    await h.daemon.waitIdle();
    expect(h.rows()).toHaveLength(1);
    expect(h.serviceUploads()).toBe(1);
  });

  it('folds local paths deeper than the remote level limit', async () => {
    await h.start({ folder: { remotePath: 'Inbox', depthFolding: 'join' } });
    write('a/b/c/deep.txt', invoiceText(3));
    await exported('a/b/c/deep.txt');
    expect(h.row('a/b/c/deep.txt')!.remote_path).toBe('Inbox/a - b - c');
  });

  it('folds into the deepest allowed folder by default, accepted by the service', async () => {
    await h.start({ folder: { remotePath: 'Inbox' } });
    write('a/b/deep.txt', invoiceText(4));
    await exported('a/b/deep.txt');
    expect(h.row('a/b/deep.txt')!.remote_path).toBe('Inbox/a');
  });
});

describe('renames, edits, duplicates and deletions', () => {
  it('recognises a renamed or moved file by its hash: no new upload, outputs follow', async () => {
    await h.start();
    write('one.txt', invoiceText(5));
    await exported('one.txt');
    fs.renameSync(path.join(h.inbox, 'one.txt'), path.join(h.inbox, 'two.txt'));
    await exported('two.txt');
    fs.mkdirSync(path.join(h.inbox, 'sub'));
    fs.renameSync(path.join(h.inbox, 'two.txt'), path.join(h.inbox, 'sub', 'two.txt'));
    await exported('sub/two.txt');
    await until(() => fs.existsSync(path.join(h.inbox, 'sub', 'two.txt.values.json')), 10_000, 'sidecar moved');
    expect(fs.existsSync(path.join(h.inbox, 'one.txt.values.json'))).toBe(false);
    await h.daemon.waitIdle();
    expect(h.serviceUploads()).toBe(1);
    expect(h.row('one.txt')!.status).toBe('removed');
    expect(h.row('sub/two.txt')!.reason).toMatch(/moved from two\.txt/);
  });

  it('uploads a modified file again as a new version and replaces its outputs', async () => {
    await h.start();
    write('inv.txt', invoiceText(6));
    await exported('inv.txt');
    const first = h.row('inv.txt')!;
    await sleep(50);
    write('inv.txt', invoiceText(7));
    await until(() => h.row('inv.txt')!.upload_id !== first.upload_id && h.row('inv.txt')!.status === 'exported', 30_000, 'new version');
    const second = h.row('inv.txt')!;
    expect(second.previous_file_ids).toBe(first.file_ids);
    const sidecar = fs.readFileSync(path.join(h.inbox, 'inv.txt.values.json'), 'utf8');
    expect(sidecar).toContain(second.upload_id!);
    expect(h.serviceUploads()).toBe(2);
    expect(remoteFiles()).toBe(2); // the old remote file is kept by default
    fs.utimesSync(path.join(h.inbox, 'inv.txt'), new Date(), new Date()); // touched, same content
    await sleep(800);
    await h.daemon.waitIdle();
    expect(h.serviceUploads()).toBe(2);
  });

  it('deletes the replaced remote version when configured', async () => {
    await h.start({ folder: { replacedVersions: 'delete-remote' } });
    write('inv.txt', invoiceText(8));
    await exported('inv.txt');
    write('inv.txt', invoiceText(9));
    await until(() => h.row('inv.txt')!.previous_file_ids !== null && h.row('inv.txt')!.status === 'exported', 30_000, 'v2');
    await until(() => remoteFiles() === 1, 10_000, 'old version deleted');
  });

  it('skips a duplicate and records what it duplicates; uploads it when configured', async () => {
    await h.start();
    write('a.txt', invoiceText(10));
    await exported('a.txt');
    write('copy.txt', invoiceText(10));
    await until(() => h.row('copy.txt')?.status === 'skipped', 30_000, 'skipped');
    expect(h.row('copy.txt')!.reason).toBe('duplicate of a.txt');
    expect(h.serviceUploads()).toBe(1);
    await h.stop();
    await h.start({ folder: { duplicates: 'upload' } });
    write('copy2.txt', invoiceText(10));
    await exported('copy2.txt');
    expect(h.serviceUploads()).toBe(2);
  });

  it('a skipped copy stands in for its original once that is deleted: it takes the outputs, nothing is sent again', async () => {
    await h.start();
    write('orig.txt', invoiceText(12));
    await exported('orig.txt');
    write('sub/copy.txt', invoiceText(12));
    await until(() => h.row('sub/copy.txt')?.status === 'skipped', 30_000, 'skipped');
    fs.rmSync(path.join(h.inbox, 'orig.txt'));
    await exported('sub/copy.txt');
    expect(h.row('sub/copy.txt')!.reason).toBe('moved from orig.txt');
    expect(fs.existsSync(path.join(h.inbox, 'sub', 'copy.txt.values.json'))).toBe(true);
    expect(fs.existsSync(path.join(h.inbox, 'orig.txt.values.json'))).toBe(false);
    expect(h.serviceUploads()).toBe(1);
  });

  it('killed after a renamed file\'s outputs moved but before state.db said so: the next start fetches its result again, sends nothing', async () => {
    await h.start();
    write('before.txt', invoiceText(13));
    await exported('before.txt');
    await h.stop();
    // What a kill between the two steps leaves: file and outputs at the new name, the old row removed.
    fs.renameSync(path.join(h.inbox, 'before.txt'), path.join(h.inbox, 'after.txt'));
    await moveSidecars(path.join(h.inbox, 'before.txt'), path.join(h.inbox, 'after.txt'));
    const db = openStateDb(h.dataDir);
    new FileStore(db).transition(db.prepare("SELECT id FROM files WHERE rel_path = 'before.txt'").pluck().get() as number, 'removed', {}, 'deleted locally');
    db.close();
    await h.start();
    await exported('after.txt');
    expect(JSON.parse(fs.readFileSync(path.join(h.inbox, 'after.txt.values.json'), 'utf8')).docsync.sourceFile).toBe('after.txt'); // written anew
    expect(h.serviceUploads()).toBe(1);
  });

  it('keeps the remote file when a local file is deleted, by default', async () => {
    await h.start();
    write('gone.txt', invoiceText(11));
    await exported('gone.txt');
    fs.rmSync(path.join(h.inbox, 'gone.txt'));
    await until(() => h.row('gone.txt')?.status === 'removed', 10_000, 'removed');
    await sleep(500);
    expect(remoteFiles()).toBe(1);
  });

  it('deletes the remote file after a local deletion when configured, but not after a move', async () => {
    await h.start({ folder: { deletions: 'delete-remote' } });
    write('gone.txt', invoiceText(12));
    write('moved.txt', invoiceText(13));
    await exported('gone.txt');
    await exported('moved.txt');
    fs.rmSync(path.join(h.inbox, 'gone.txt'));
    fs.renameSync(path.join(h.inbox, 'moved.txt'), path.join(h.inbox, 'renamed.txt'));
    await exported('renamed.txt');
    await until(() => h.row('gone.txt')!.remote_deleted_at !== null, 20_000, 'remote deletion');
    expect(remoteFiles()).toBe(1);
    expect(h.row('moved.txt')!.remote_deleted_at).toBeNull();
  });

  it('forgets a file removed before it settles', async () => {
    await h.start({ config: { settleMs: 1500 } });
    write('brief.txt', 'x');
    await until(() => h.row('brief.txt')?.status === 'discovered', 5000, 'discovered');
    fs.rmSync(path.join(h.inbox, 'brief.txt'));
    await until(() => h.row('brief.txt')?.status === 'removed', 5000, 'forgotten');
    expect(h.serviceUploads()).toBe(0);
  });

  it('moves files into Processed after success when configured', async () => {
    await h.start({ folder: { onSuccess: 'move' } });
    write('p.txt', invoiceText(14));
    await until(() => fs.existsSync(path.join(h.inbox, 'Processed', 'p.txt.values.json')), 30_000, 'moved with outputs');
    expect(fs.existsSync(path.join(h.inbox, 'p.txt'))).toBe(false);
    await h.daemon.rescanAll();
    await h.daemon.waitIdle();
    expect(h.row('p.txt')!.status).toBe('exported');
    expect(h.serviceUploads()).toBe(1);
  });
});
