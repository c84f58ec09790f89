import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DB } from '../../sqlite.js';

export type Db = DB;

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens (creating) the state database in the data folder and brings it up to date.
 * WAL with synchronous NORMAL: a process crash (kill -9) loses nothing committed;
 * power loss may lose the last transactions, never corrupts.
 */
export function openStateDb(dataDir: string, file = 'state.db'): Db {
  return openDatabase(path.join(dataDir, file), MIGRATIONS_DIR);
}
