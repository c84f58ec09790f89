// SQL of state.db lives in src/sync/state (issue 20): a statement anywhere else in the daemon's
// code fails this test. The service (src/service) has its own database and its own stores; the
// shared helpers (src/sqlite.ts, src/writeBatch.ts) run migrations and savepoints, no queries.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');
const ALLOWED = [
  'sync/state/',
  'service/',
  'sqlite.ts',
  'writeBatch.ts',
  // The ledger's own tables: its store is the exporter's (it checks and creates them itself).
  'sync/export/ledger-store.ts',
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Calls that run SQL: db.prepare('...'), .exec(`...`), .pragma('...'), prepared(db, '...'). */
const SQL_CALL = /\.(prepare|exec|pragma)\(\s*[`'"]|\bprepared(For)?\(\s*\w+,\s*[`'"]|\.(prepare|exec)\(\s*\n\s*[`'"]/;

describe('SQL of state.db', () => {
  it('is only in src/sync/state', () => {
    const outside = sources(SRC)
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .filter((rel) => !ALLOWED.some((a) => rel === a || (a.endsWith('/') && rel.startsWith(a))))
      .flatMap((rel) => fs.readFileSync(path.join(SRC, rel), 'utf8').split('\n').flatMap((line, i, lines) =>
        SQL_CALL.test(`${line}\n${lines[i + 1] ?? ''}`) ? [`${rel}:${i + 1}`] : []));
    expect(outside).toEqual([]);
  });

  it('is found by the check', () => {
    expect(SQL_CALL.test("db.prepare('SELECT 1')")).toBe(true);
    expect(SQL_CALL.test('this.db\n      .prepare(\n        `SELECT 1`')).toBe(true);
    expect(SQL_CALL.test("prepared(db, 'SELECT 1')")).toBe(true);
    expect(SQL_CALL.test('/x/.exec(text)')).toBe(false);
  });
});
