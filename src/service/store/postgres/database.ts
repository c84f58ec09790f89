// The service's database on PostgreSQL (the team service, docs/team-server.md): the synchronous
// SqlDatabase interface of store/sql.ts over the `pg` driver. The driver runs in a worker thread
// (worker.mjs) and each call waits for its answer (synckit: Atomics.wait on a shared buffer), so
// the stores stay synchronous, as they are on SQLite. The trade-off is the same as SQLite's:
// the event loop waits on each query, now for a round trip to the server instead of a file read.
// One connection per handle: BEGIN ... COMMIT of a transaction run on it.
import { createSyncFn } from 'synckit';
import { DIALECT, type SqlDatabase, type SqlRunResult, type SqlStatement, type SqlTransaction } from '../sql.js';

type Answer = { id?: number; rows?: unknown[]; changes?: number; error?: { message: string; code?: string; constraint?: string; detail?: string } };
type Call = (op: 'connect' | 'close' | 'exec' | 'query', id: number, sql: string, params?: unknown[], rowMode?: boolean) => Answer;

let call: Call | undefined;
const worker = (): Call => (call ??= createSyncFn(new URL('./worker.mjs', import.meta.url).href) as unknown as Call);

export class PostgresError extends Error {
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  constructor(answer: NonNullable<Answer['error']>, sql?: string) {
    super(sql ? `${answer.message} (in: ${sql.replace(/\s+/g, ' ').slice(0, 200)})` : answer.message);
    this.name = 'PostgresError';
    this.code = answer.code;
    this.constraint = answer.constraint;
  }
}

/**
 * `?` and `@name` placeholders (better-sqlite3's) as `$n` (PostgreSQL's), outside string
 * literals, quoted names and comments. `sources[n - 1]` says what binds `$n`: the index of a
 * positional parameter or the name of a named one (a name used twice binds one `$n`).
 */
export function translatePlaceholders(sql: string): { text: string; sources: Array<number | string> } {
  const sources: Array<number | string> = [];
  const named = new Map<string, number>();
  let positional = 0;
  let out = '';
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop + 1);
      i = stop;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop - 1;
    } else if (c === '?') {
      sources.push(positional++);
      out += `$${sources.length}`;
    } else if (c === '@' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0];
      let n = named.get(name);
      if (n === undefined) {
        sources.push(name);
        named.set(name, (n = sources.length));
      }
      out += `$${n}`;
      i += name.length;
    } else out += c;
  }
  return { text: out, sources };
}

/** Values as the driver takes them: what better-sqlite3 binds (numbers, strings, null, Buffers). */
function bindValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'bigint') return value.toString();
  return value;
}

function bindParams(sources: Array<number | string>, params: unknown[]): unknown[] {
  const flat = params.length === 1 && Array.isArray(params[0]) ? (params[0] as unknown[]) : params;
  const first = flat[0];
  const object = first !== null && typeof first === 'object' && !Buffer.isBuffer(first) ? (first as Record<string, unknown>) : undefined;
  // Positional values after an object of named ones, as better-sqlite3 takes them.
  const offset = object ? 1 : 0;
  return sources.map((source) => {
    if (typeof source === 'string') {
      if (!object || !(source in object)) throw new RangeError(`Missing named parameter "${source}"`);
      return bindValue(object[source]);
    }
    return bindValue(flat[offset + source]);
  });
}

class PostgresStatement implements SqlStatement {
  private pluckOn = false;
  private rawOn = false;
  private readonly text: string;
  private readonly sources: Array<number | string>;

  constructor(
    private readonly db: PostgresDatabase,
    private readonly sql: string,
  ) {
    ({ text: this.text, sources: this.sources } = translatePlaceholders(sql));
  }

  pluck(toggle = true): this {
    this.pluckOn = toggle;
    if (toggle) this.rawOn = false;
    return this;
  }

  raw(toggle = true): this {
    this.rawOn = toggle;
    if (toggle) this.pluckOn = false;
    return this;
  }

  private query(params: unknown[]): { rows: unknown[]; changes: number } {
    return this.db.query(this.text, bindParams(this.sources, params), this.pluckOn || this.rawOn, this.sql);
  }

  run(...params: unknown[]): SqlRunResult {
    return { changes: this.query(params).changes };
  }

  get(...params: unknown[]): unknown {
    const row = this.query(params).rows[0];
    if (row === undefined) return undefined;
    return this.pluckOn ? (row as unknown[])[0] : row;
  }

  all(...params: unknown[]): unknown[] {
    const rows = this.query(params).rows;
    return this.pluckOn ? rows.map((r) => (r as unknown[])[0]) : rows;
  }
}

export class PostgresDatabase implements SqlDatabase {
  readonly [DIALECT] = 'postgres' as const;
  private id: number;
  private depth = 0;
  open = true;

  /** Connects (synchronously) to `url`, e.g. `postgres://user@host/db` or `postgres:///db?host=/run/postgresql`. */
  constructor(readonly url: string) {
    const answer = worker()('connect', 0, url);
    if (answer.error) throw new PostgresError(answer.error);
    this.id = answer.id!;
  }

  query(text: string, params: unknown[], rowMode: boolean, original?: string): { rows: unknown[]; changes: number } {
    if (!this.open) throw new PostgresError({ message: 'The database connection is not open', code: 'DOCSYNC_CLOSED' });
    const answer = worker()('query', this.id, text, params, rowMode);
    if (answer.error) throw new PostgresError(answer.error, original);
    return { rows: answer.rows!, changes: answer.changes! };
  }

  prepare(sql: string): SqlStatement {
    return new PostgresStatement(this, sql);
  }

  exec(sql: string): this {
    if (!this.open) throw new PostgresError({ message: 'The database connection is not open', code: 'DOCSYNC_CLOSED' });
    const answer = worker()('exec', this.id, sql);
    if (answer.error) throw new PostgresError(answer.error, sql);
    return this;
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  transaction<F extends (...args: any[]) => unknown>(fn: F): SqlTransaction<F> {
    const run = (...args: Parameters<F>): ReturnType<F> => {
      const outer = this.depth === 0;
      const savepoint = `docsync_${this.depth}`;
      this.exec(outer ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
      this.depth++;
      try {
        const result = fn(...args) as ReturnType<F>;
        this.depth--;
        this.exec(outer ? 'COMMIT' : `RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (error) {
        this.depth--;
        if (this.open) this.exec(outer ? 'ROLLBACK' : `ROLLBACK TO SAVEPOINT ${savepoint}`);
        throw error;
      }
    };
    return Object.assign(run, { immediate: run }) as unknown as SqlTransaction<F>;
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    worker()('close', this.id, '');
  }
}
