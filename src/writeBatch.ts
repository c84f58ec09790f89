import { prepared, type SqlDatabase as DB, type SqlTransaction } from './service/store/sql.js';

// Group commit. A commit in WAL mode costs far more than the insert it carries (file locks,
// WAL frames for every touched page, now and then a checkpoint), and under load many writes
// are asked for in one turn of the event loop (the service's upload tickets, the daemon's steps
// of a burst of files): they share one transaction. Each write still runs in a savepoint of its
// own, so one that throws is undone alone and only its caller sees the error; the others commit.
// Any SqlDatabase: the daemon's state (SQLite) and the service's database on either engine.

interface Pending {
  write: () => unknown;
  /** The write undoes itself when it throws (see BatchedWriteOptions.atomic): no savepoint needed. */
  atomic: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export interface BatchedWriteOptions {
  /**
   * The write changes the database in one statement, or in a transaction of its own
   * (`db.transaction`, a savepoint inside the batch): when it throws, SQLite has already undone
   * what it wrote, so the batch need not wrap it in a savepoint (two statements less per write).
   */
  atomic?: boolean;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const queues = new WeakMap<DB, Pending[]>();

/** One write in a savepoint of its own: undone alone when it throws. */
function inSavepoint(db: DB, write: () => unknown): unknown {
  const release = prepared(db, 'RELEASE batched_write');
  prepared(db, 'SAVEPOINT batched_write').run();
  try {
    const value = write();
    release.run();
    return value;
  } catch (error) {
    // Some failures (disk full, I/O) make SQLite roll the whole transaction back itself.
    if (db.inTransaction) {
      prepared(db, 'ROLLBACK TO batched_write').run();
      release.run();
    }
    throw error;
  }
}

/**
 * Run `write` (synchronous, may read and write) in a transaction shared with the other writes
 * queued in this turn of the event loop; resolves once that transaction is committed. Checks
 * that must hold when the row is written belong inside `write`: other requests run between
 * this call and the write.
 */
export function batchedWrite<T>(db: DB, write: () => T, options?: BatchedWriteOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(db);
    if (!queue) {
      queues.set(db, (queue = []));
      setImmediate(flush, db);
    }
    queue.push({ write, atomic: options?.atomic === true, resolve: resolve as (value: unknown) => void, reject });
  });
}

function flush(db: DB): void {
  const batch = queues.get(db) ?? [];
  queues.delete(db);
  const outcomes: Outcome[] = [];
  try {
    runBatch(db, () => {
      for (const item of batch) {
        try {
          outcomes.push({ ok: true, value: batch.length === 1 || item.atomic ? item.write() : inSavepoint(db, item.write) });
        } catch (error) {
          // With the transaction gone, later writes would commit one by one: fail the batch instead.
          if (batch.length === 1 || !db.inTransaction) throw error;
          outcomes.push({ ok: false, error });
        }
      }
    });
  } catch (error) {
    // The commit itself failed (or the only write threw): nothing of the batch was written.
    for (const item of batch) item.reject(error);
    return;
  }
  batch.forEach((item, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) item.resolve(outcome.value);
    else item.reject(outcome.error);
  });
}

const batchTransactions = new WeakMap<DB, SqlTransaction<(body: () => void) => void>>();

/**
 * The batch's transaction, its wrapper made once per database. IMMEDIATE: it takes the write lock
 * at BEGIN, so a write that first reads (a transition checks the row's status) cannot find the
 * snapshot stale when another process (the CLI beside the daemon) committed in between.
 */
function runBatch(db: DB, body: () => void): void {
  let run = batchTransactions.get(db);
  if (!run) batchTransactions.set(db, (run = db.transaction((inner: () => void) => inner())));
  run.immediate(body);
}
