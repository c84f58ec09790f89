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

/**
 * Applies the pending migrations in one IMMEDIATE transaction: a second process opening the
 * same file at the same moment (the CLI beside the daemon) waits, then finds them applied.
 */
export function migrate(db: DB, migrationsDir: string): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)');
  return db
    .transaction(() => {
      const done = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]);
      const pending = files.filter((f) => !done.has(f));
      for (const name of pending) {
        applyMigration(db, fs.readFileSync(path.join(migrationsDir, name), 'utf8'));
        record.run(name, new Date().toISOString());
      }
      return pending;
    })
    .immediate();
}

/**
 * The first line of a migration that edits table definitions in sqlite_schema: SQLite's
 * documented way to change a CHECK constraint (or a default) without copying the table
 * (https://sqlite.org/lang_altertable.html, "other kinds of table schema changes"). Only for
 * changes that leave every stored row valid and the file format as it is.
 */
export const EDITS_SCHEMA = '-- docsync: edits sqlite_schema';

function applyMigration(db: DB, sql: string): void {
  if (!sql.startsWith(EDITS_SCHEMA)) {
    db.exec(sql);
    return;
  }
  const version = db.pragma('schema_version', { simple: true }) as number;
  // better-sqlite3 opens connections in SQLite's defensive mode, where sqlite_schema is read-only
  // even with writable_schema: lifted for this migration only.
  db.unsafeMode(true);
  try {
    db.exec('PRAGMA writable_schema = ON');
    db.exec(sql);
    // Other connections see a new version and read the definitions again.
    db.pragma(`schema_version = ${version + 1}`);
  } finally {
    db.exec('PRAGMA writable_schema = RESET');
    db.unsafeMode(false);
  }
  const check = db.pragma('quick_check', { simple: true });
  if (check !== 'ok') throw new Error(`migration left the schema unusable: ${String(check)}`);
}

const statementCache = new WeakMap<object, Map<string, unknown>>();

/**
 * A statement prepared once per database and SQL text: hot paths reuse it instead of compiling
 * again. better-sqlite3's databases, and the service's on either engine (service/store/sql.ts).
 */
export function prepared(db: DB, sql: string): Database.Statement;
export function prepared<S>(db: { prepare(sql: string): S }, sql: string): S;
export function prepared(db: { prepare(sql: string): unknown }, sql: string): unknown {
  let bySql = statementCache.get(db);
  if (!bySql) statementCache.set(db, (bySql = new Map()));
  let statement = bySql.get(sql);
  if (!statement) bySql.set(sql, (statement = db.prepare(sql)));
  return statement;
}
