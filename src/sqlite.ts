import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';

export type DB = Database.Database;

/**
 * Open a SQLite file in WAL mode and apply the ordered `NNNN_name.sql` files of
 * `migrationsDir` that have not run yet, all in one transaction.
 */
export function openDatabase(file: string, migrationsDir: string): DB {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrationsDir);
  return db;
}

export function migrate(db: DB, migrationsDir: string): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const done = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]);
  const pending = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f) && !done.has(f))
    .sort();
  if (pending.length === 0) return;
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  db.transaction(() => {
    for (const name of pending) {
      db.exec(fs.readFileSync(path.join(migrationsDir, name), 'utf8'));
      record.run(name, new Date().toISOString());
    }
  })();
}
