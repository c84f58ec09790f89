// The values entry's fields are rendered when they are written (shownFields) and, for entries
// written before migration 0006, once by that migration's SQL: both must render alike.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/sqlite.js';
import { shownFields, type StoredField } from '../../../src/service/store/fileValues.js';

const MIGRATIONS = path.resolve(__dirname, '../../../src/service/store/migrations');
const lineItems = (n: number) => Array.from({ length: n }, (_, i) => ({ description: `Item ${i}`, amount: i + 0.5 }));

// Each case: stored fields as the pipeline or an update may have left them.
const CASES: Record<string, StoredField[]> = {
  plain: [
    { id: 'f1', title: 'Invoice Number', type: 'string', description: 'The "number"', hidden: false, value: 'INV-1', confidence: 0.9 },
    { title: 'Total', type: 'NUMBER', description: '', hidden: true, value: 120.5 },
  ] as StoredField[],
  defaults: [{ title: 'Due', type: 'date', value: null }, { title: 'Note', description: null, hidden: null }] as unknown as StoredField[],
  'long table': [
    { title: 'Line Items', type: 'table', description: 'rows', hidden: false, value: lineItems(150) },
    { title: 'Tags', type: 'list', description: '', hidden: false, value: Array.from({ length: 120 }, (_, i) => `tag ${i}`) },
    { title: 'Short', type: 'list', description: '', hidden: false, value: ['a', 'b'] },
  ] as StoredField[],
  empty: [],
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('shown fields', () => {
  it('caps long tables and lists at 100 rows and keeps the full rendering beside them', () => {
    const { shown, capped } = shownFields(CASES['long table']!);
    const full = JSON.parse(shown) as Array<{ value: unknown[] }>;
    const cut = JSON.parse(capped!) as Array<{ value: unknown[] }>;
    expect(full.map((f) => f.value.length)).toEqual([150, 120, 2]);
    expect(cut.map((f) => f.value.length)).toEqual([100, 100, 2]);
    expect(shownFields(CASES.plain!).capped).toBeNull();
    expect(JSON.parse(shownFields(CASES.plain!).shown)[0]).toMatchObject({ title: 'Invoice Number', confidence: 0.9 });
    expect(JSON.parse(shownFields(CASES.plain!).shown)[1]).not.toHaveProperty('confidence');
    expect(JSON.parse(shownFields(CASES.defaults!).shown)).toEqual([
      { title: 'Due', type: 'date', description: '', hidden: false, value: null },
      { title: 'Note', type: '', description: '', hidden: false, value: null },
    ]);
  });

  it('migration 0006 renders entries written before it exactly as shownFields does', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-shown-'));
    dirs.push(dir);
    const before = path.join(dir, 'before');
    fs.mkdirSync(before);
    for (const name of fs.readdirSync(MIGRATIONS).filter((f) => f < '0006')) fs.copyFileSync(path.join(MIGRATIONS, name), path.join(before, name));
    const db = new Database(path.join(dir, 'service.db'));
    db.pragma('foreign_keys = OFF'); // value rows without their files
    try {
      migrate(db, before);
      const insert = db.prepare(
        `INSERT INTO form_values (id, file_id, workspace_id, schema_id, schema_name, schema_relationship_id, document_id, fields, created_at, updated_at)
         VALUES (?, 'file', 'ws', 'schema', 'Invoice', 'rel', 'doc', ?, 'now', 'now')`,
      );
      for (const [id, fields] of Object.entries(CASES)) insert.run(id, JSON.stringify(fields));
      expect(migrate(db, MIGRATIONS)).toContain('0006_shown_fields.sql');
      for (const [id, fields] of Object.entries(CASES)) {
        const row = db.prepare('SELECT json(shown_fields) AS shown, json(shown_fields_capped) AS capped FROM form_values WHERE id = ?').get(id);
        // Confidence and source came to entries later (issue 16): rows rendered by 0006 have neither.
        expect(row, id).toEqual(shownFields(fields.map(({ confidence: _c, source: _s, ...f }) => f as StoredField)));
      }
    } finally {
      db.close();
    }
  });
});
