import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DB } from '../../sqlite.js';

export type Db = DB;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens (creating) the state database in the data folder and brings it up to date.
 * WAL with synchronous NORMAL: a process crash (kill -9) loses nothing committed;
 * power loss may lose the last transactions, never corrupts.
 */
/** state.db cannot be opened for writing (read-only file or folder, no permission, read-only mount). */
export class StateDbError extends Error {
  readonly code = 'STATE_DB_UNWRITABLE';

  constructor(readonly file: string, cause: unknown) {
    super(`cannot open the state database ${file} for writing: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'StateDbError';
  }
}

/**
 * The data folder holds the file list, logs and the control token: owner-only (0700), and
 * state.db with its WAL and shared-memory files 0600 (SQLite gives those the main file's mode).
 */
function restrict(dataDir: string, dbFile: string): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(dbFile, 'a', 0o600));
  for (const [p, mode] of [[dataDir, 0o700], [dbFile, 0o600]] as const) {
    try {
      fs.chmodSync(p, mode);
    } catch {
      // not ours to change (another user's folder we may still write): leave it
    }
  }
}

export function openStateDb(dataDir: string, file = 'state.db'): Db {
  const dbFile = path.join(dataDir, file);
  let db: Db;
  try {
    restrict(dataDir, dbFile);
    db = openDatabase(dbFile, MIGRATIONS_DIR);
  } catch (err) {
    throw new StateDbError(dbFile, err);
  }
  // better-sqlite3 builds with a 16 MB page cache per connection. A scan of a 100k-file tree
  // touches every index page once, so the cache fills and stays full for little gain (the
  // pages stay in the OS cache anyway): 2 MB keeps about 12 MB of the daemon's RSS free.
  db.pragma('cache_size = -2000');
  // A file's transition rewrites about ten pages (its row, its event, their indexes), mostly the
  // same hot pages as the file before it. Checkpointing every 10,000 WAL pages instead of SQLite's
  // 1,000 copies each hot page back once instead of ten times, and each checkpoint's fsyncs, which
  // stall the daemon's thread inside a COMMIT, come ten times less often. The WAL file is cut back
  // to 16 MB after a checkpoint.
  db.pragma('wal_autocheckpoint = 10000');
  db.pragma('journal_size_limit = 16777216');
  return db;
}
