import Database from 'better-sqlite3';
import { dialectOf, prepared, type DB } from './sql.js';

/**
 * Reads that share one read transaction per turn of the event loop, on a read-only connection
 * of their own. In WAL mode every autocommit read takes and drops file locks (the database
 * file's and a read mark's in the -shm file): under load that was a large part of the hottest
 * read, a page of values. The reads of one turn now take them once. The snapshot is started
 * again whenever the service's own connection has written since it began, so a read never
 * misses a write this process made before it; writes of other processes (`docsync service
 * keys create`) show from the next turn on.
 *
 * On PostgreSQL (the team service) reads run on the service's own connection, each its own
 * snapshot: there are no file locks to save, and a second connection per process would double
 * the connections of every service process.
 */
export class ReadSnapshot {
  private readonly reader: DB | undefined;
  private open = false;
  private changesAtOpen = -1;

  constructor(private readonly writer: DB) {
    if (dialectOf(writer) !== 'sqlite') return;
    const reader = new Database((writer as Database.Database).name, { readonly: true, fileMustExist: true });
    reader.pragma('busy_timeout = 5000');
    this.reader = reader;
  }

  /** Runs `read` on the reader, inside this turn's read transaction. */
  read<T>(read: (db: DB) => T): T {
    if (!this.reader) return read(this.writer);
    const changes = prepared(this.writer, 'SELECT total_changes()').pluck().get() as number;
    if (this.open && changes !== this.changesAtOpen) this.end();
    if (!this.open) {
      prepared(this.reader, 'BEGIN').run();
      this.open = true;
      this.changesAtOpen = changes;
      setImmediate(() => this.end());
    }
    return read(this.reader);
  }

  private end(): void {
    if (!this.open || !this.reader) return;
    this.open = false;
    prepared(this.reader, 'COMMIT').run();
  }

  close(): void {
    this.end();
    this.reader?.close();
  }
}
