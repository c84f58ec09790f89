// Opens the service's database: the SQLite file in the data folder (the embedded default), or a
// PostgreSQL database (`postgres://...`, the team service: docs/team-server.md). Each engine has
// its folder of numbered migrations, the same numbers in both; PostgreSQL's spell the same
// tables in its dialect.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../sqlite.js';
import { PostgresDatabase } from './postgres/database.js';
import type { SqlDatabase } from './sql.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS = { sqlite: path.join(HERE, 'migrations'), postgres: path.join(HERE, 'migrations-postgres') } as const;

/** Any number: the advisory lock that lets one process at a time migrate a PostgreSQL database. */
const MIGRATION_LOCK = 21_2026;

export const isPostgresUrl = (url: string | undefined): url is string => !!url && /^postgres(ql)?:\/\//i.test(url);

/** Opens (and migrates) the service's database: `database` when it is a PostgreSQL address, else `<dataDir>/service.db`. */
export function openServiceDatabase(dataDir: string, database?: string): SqlDatabase {
  if (database !== undefined && !isPostgresUrl(database)) throw new Error(`Not a PostgreSQL address (postgres://...): ${database}`);
  if (database === undefined) return openDatabase(path.join(dataDir, 'service.db'), MIGRATIONS.sqlite);
  const db = new PostgresDatabase(database);
  try {
    migratePostgres(db, MIGRATIONS.postgres);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * The pending migrations in one transaction, which takes an advisory lock first: service
 * processes starting together migrate one after the other, and the later ones find nothing to do.
 */
export function migratePostgres(db: SqlDatabase, migrationsDir: string): string[] {
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  return db.transaction(() => {
    db.prepare(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`).get();
    db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
    const done = new Set(db.prepare('SELECT name FROM schema_migrations').pluck().all() as string[]);
    const pending = files.filter((f) => !done.has(f));
    for (const name of pending) {
      db.exec(fs.readFileSync(path.join(migrationsDir, name), 'utf8'));
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(name, new Date().toISOString());
    }
    return pending;
  })();
}
