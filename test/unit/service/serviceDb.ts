// A fresh service database (every migration applied) in a temp folder, closed and removed after each test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { openDatabase, type DB } from '../../../src/sqlite.js';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/service/store/migrations');
const opened: Array<{ db: DB; dir: string }> = [];
afterEach(() => opened.splice(0).forEach(({ db, dir }) => (db.close(), fs.rmSync(dir, { recursive: true, force: true }))));

export function openServiceDb(): DB {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-service-db-'));
  const db = openDatabase(path.join(dir, 'service.db'), MIGRATIONS);
  opened.push({ db, dir });
  return db;
}
