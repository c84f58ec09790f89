import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens (creating) the state database in the data folder and brings it up to date. */
export function openStateDb(dataDir: string, file = 'state.db'): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, file));
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode loses at most the last transactions on power loss, never corrupts;
  // a process crash (kill -9) loses nothing that was committed.
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  migrate(db);
  return db;
}

/** Ordered SQL files `NNNN_name.sql`; every pending one applies in a single transaction. */
export function migrate(db: Db, dir = MIGRATIONS_DIR): number[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  const pending = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 4)), name: f }))
    .filter((m) => !applied.has(m.version));
  if (pending.length === 0) return [];
  const insert = db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)');
  db.transaction(() => {
    for (const m of pending) {
      db.exec(fs.readFileSync(path.join(dir, m.name), 'utf8'));
      insert.run(m.version, m.name, Date.now());
    }
  }).immediate();
  return pending.map((m) => m.version);
}
