// Hot reads share one read transaction per event-loop turn on a read-only connection
// (ReadSnapshot): they must still see every write this process made before them.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReadSnapshot } from '../../../src/service/store/readSnapshot.js';
import type { SqlDatabase } from '../../../src/service/store/sql.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function open() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-snapshot-'));
  dirs.push(dir);
  const writer = new Database(path.join(dir, 'service.db'));
  writer.pragma('journal_mode = WAL');
  writer.exec('CREATE TABLE t (v INTEGER)');
  return { writer, file: path.join(dir, 'service.db'), reads: new ReadSnapshot(writer) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const count = (db: SqlDatabase) => db.prepare('SELECT COUNT(*) FROM t').pluck().get();

describe('ReadSnapshot', () => {
  it('sees every write of its own connection at once, another process\'s from the next turn', async () => {
    const { writer, file, reads } = open();
    const other = new Database(file); // another process, e.g. `docsync service keys create`
    expect(reads.read(count)).toBe(0);
    writer.prepare('INSERT INTO t VALUES (1)').run();
    expect(reads.read(count)).toBe(1); // same turn: the write of the service's own connection shows
    other.prepare('INSERT INTO t VALUES (2)').run();
    expect(reads.read(count)).toBe(1); // same turn: one snapshot for the turn's reads
    await turn();
    expect(reads.read(count)).toBe(2);
    other.close();
    reads.close();
    writer.close();
  });

  it('holds no transaction past its turn, so checkpoints can reset the WAL', async () => {
    const { writer, reads } = open();
    writer.prepare('INSERT INTO t VALUES (1)').run();
    expect(reads.read(count)).toBe(1);
    await turn();
    const [result] = writer.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>;
    expect(result!.busy).toBe(0);
    expect(() => reads.read((db) => db.prepare('INSERT INTO t VALUES (3)').run())).toThrow(/readonly/);
    reads.close();
    writer.close();
  });
});
