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

/** @type {Map<number, { url: string, client: pg.Client, dead: boolean }>} */
const connections = new Map();
let nextId = 1;

/** Keeps what a caller needs of a driver error: its text and SQLSTATE code. */
const failure = (error) => ({ error: { message: error.message, code: error.code, constraint: error.constraint, detail: error.detail } });

async function connect(url) {
  const connection = { url, client: new pg.Client({ connectionString: url, application_name: 'docsync-service' }), dead: false };
  // A dropped connection (the server restarted) is opened again before the next statement; the
  // statement it dropped, and the transaction it was in, fail.
  const drop = () => (connection.dead = true);
  connection.client.on('error', drop);
  connection.client.on('end', drop);
  await connection.client.connect();
  return connection;
}

runAsWorker(async (op, id, sql, params, rowMode) => {
  try {
    if (op === 'connect') {
      const clientId = nextId++;
      connections.set(clientId, await connect(sql));
      return { id: clientId };
    }
    let connection = connections.get(id);
    if (!connection) return { error: { message: 'The PostgreSQL connection is closed.', code: 'DOCSYNC_CLOSED' } };
    if (op === 'close') {
      connections.delete(id);
      connection.dead = true;
      await connection.client.end();
      return {};
    }
    if (connection.dead) {
      connection = await connect(connection.url);
      connections.set(id, connection);
    }
    if (op === 'exec') {
      await connection.client.query(sql);
      return {};
    }
    const result = await connection.client.query({ text: sql, values: params, rowMode: rowMode ? 'array' : undefined });
    return { rows: result.rows ?? [], changes: result.rowCount ?? 0 };
  } catch (error) {
    return failure(error);
  }
});
