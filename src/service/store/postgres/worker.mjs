// The PostgreSQL side of store/postgres/database.ts: runs in a worker thread, where the `pg`
// driver's promises resolve while the service's thread waits for the answer (synckit). One
// client per database handle, so BEGIN ... COMMIT of a transaction stay on one connection.
// Plain JavaScript: the worker starts without the TypeScript loader, from src/ and from dist/.
import pg from 'pg';
import { runAsWorker } from 'synckit';

// BIGINT (COUNT(*), epoch ms) and NUMERIC (SUM) as numbers, as SQLite hands them out; a value
// past 2^53 does not occur in these tables (epoch ms, sizes, counters).
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** @type {Map<number, pg.Client>} */
const clients = new Map();
let nextId = 1;

/** Keeps what a caller needs of a driver error: its text and SQLSTATE code. */
const failure = (error) => ({ error: { message: error.message, code: error.code, constraint: error.constraint, detail: error.detail } });

runAsWorker(async (op, id, sql, params, rowMode) => {
  try {
    if (op === 'connect') {
      const client = new pg.Client({ connectionString: sql, application_name: 'docsync-service' });
      client.on('error', () => undefined); // a dropped connection surfaces on the next query
      await client.connect();
      const clientId = nextId++;
      clients.set(clientId, client);
      return { id: clientId };
    }
    const client = clients.get(id);
    if (!client) return { error: { message: 'The PostgreSQL connection is closed.', code: 'DOCSYNC_CLOSED' } };
    if (op === 'close') {
      clients.delete(id);
      await client.end();
      return {};
    }
    if (op === 'exec') {
      await client.query(sql);
      return {};
    }
    const result = await client.query({ text: sql, values: params, rowMode: rowMode ? 'array' : undefined });
    return { rows: result.rows ?? [], changes: result.rowCount ?? 0 };
  } catch (error) {
    return failure(error);
  }
});
