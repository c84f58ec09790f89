// The one rewrite the PostgreSQL database makes of the stores' SQL (store/postgres/database.ts):
// better-sqlite3's placeholders as PostgreSQL's, never inside literals, quoted names or comments.
import { describe, expect, it } from 'vitest';
import { translatePlaceholders } from '../../../src/service/store/postgres/database.js';

describe('translatePlaceholders', () => {
  it('numbers ? in order and gives a named parameter one number however often it is used', () => {
    expect(translatePlaceholders('SELECT * FROM t WHERE a = ? AND b = ? LIMIT ?')).toEqual({ text: 'SELECT * FROM t WHERE a = $1 AND b = $2 LIMIT $3', sources: [0, 1, 2] });
    expect(translatePlaceholders('UPDATE t SET h = @holder, p = CASE WHEN h = @holder THEN p ELSE @path END WHERE id = ?')).toEqual({
      text: 'UPDATE t SET h = $1, p = CASE WHEN h = $1 THEN p ELSE $2 END WHERE id = $3',
      sources: ['holder', 'path', 0],
    });
  });

  it('leaves ? and @ alone in string literals, quoted names, comments and operators', () => {
    const sql = `SELECT 'a?b', "we@ird?", x @@ q -- what? @no\nFROM t WHERE c = '@x''?' AND d = ?`;
    expect(translatePlaceholders(sql)).toEqual({ text: `SELECT 'a?b', "we@ird?", x @@ q -- what? @no\nFROM t WHERE c = '@x''?' AND d = $1`, sources: [0] });
  });
});
