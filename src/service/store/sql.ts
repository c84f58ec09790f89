// The part of a SQL database the service's stores use: exactly the subset of better-sqlite3's
// synchronous API they call, so the stores run unchanged on SQLite (better-sqlite3's Database is
// one) and on PostgreSQL (store/postgres/database.ts, the team service: docs/team-server.md).
// Where the two engines spell a statement differently, the store keeps both spellings side by
// side and picks one with `dialectOf(db)`.

export interface SqlRunResult {
  changes: number;
}

export interface SqlStatement {
  run(...params: unknown[]): SqlRunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  /** Answer the first column's value instead of a row object. */
  pluck(toggle?: boolean): this;
  /** Answer rows as arrays of column values. */
  raw(toggle?: boolean): this;
}

type SqlFunction = (...params: any[]) => unknown;
type ArgumentTypes<F extends SqlFunction> = F extends (...args: infer A) => unknown ? A : never;

/** `fn` run in a transaction: BEGIN before, COMMIT after, ROLLBACK when it throws (nested: a savepoint). */
export interface SqlTransaction<F extends SqlFunction> {
  (...params: ArgumentTypes<F>): ReturnType<F>;
  /** SQLite: BEGIN IMMEDIATE (takes the write lock first). PostgreSQL: the same as a plain call. */
  immediate(...params: ArgumentTypes<F>): ReturnType<F>;
}

export interface SqlDatabase {
  prepare(sql: string): SqlStatement;
  transaction<F extends SqlFunction>(fn: F): SqlTransaction<F>;
  /** Run statements (several, separated by semicolons) without parameters. */
  exec(sql: string): unknown;
  readonly open: boolean;
  /** Inside a transaction (an error may have ended it: SQLite rolls back on some). */
  readonly inTransaction: boolean;
  close(): unknown;
}

export type Dialect = 'sqlite' | 'postgres';

/** Set by the PostgreSQL database; better-sqlite3's Database has none. */
export const DIALECT = Symbol('docsync.sql.dialect');

export function dialectOf(db: SqlDatabase): Dialect {
  return (db as { [DIALECT]?: Dialect })[DIALECT] ?? 'sqlite';
}

/** The statement of `db`'s engine: `{ sqlite, postgres }` spelled side by side in a store. */
export function spelled<T>(db: SqlDatabase, spellings: Record<Dialect, T>): T {
  return spellings[dialectOf(db)];
}

/** A UNIQUE constraint refused a write, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The service's database, on either engine. */
export type DB = SqlDatabase;

/** A statement prepared once per database and SQL text, on either engine. */
export { prepared } from '../../sqlite.js';
