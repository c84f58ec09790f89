// An upload ticket is the service's hottest write: every index of the uploads table costs each
// ticket a B-tree insert, so the table keeps only the indexes a query reads, and those two a
// ticket does not enter: the ephemeral sweep's (ordinary uploads never enter it) and the blob
// clean-up's (migration 0017: only uploads whose bytes arrived, blob_sha256 set by the PUT).
import { describe, expect, it } from 'vitest';
import { EPHEMERAL_DUE_SQL } from '../../../src/service/store/uploads.js';
import { openServiceDb as open } from './serviceDb.js';

describe('indexes of the uploads table', () => {
  it('are the two unique keys (id, object_id) and the partial indexes of ephemeral uploads and of uploads with bytes, nothing else', () => {
    const rows = open().prepare(`SELECT name, partial FROM pragma_index_list('uploads') ORDER BY name`).all() as Array<{ name: string; partial: number }>;
    expect(rows.filter((r) => r.name.startsWith('sqlite_autoindex_'))).toHaveLength(2);
    expect(rows.filter((r) => !r.name.startsWith('sqlite_autoindex_'))).toEqual([{ name: 'uploads_by_blob', partial: 1 }, { name: 'uploads_ephemeral', partial: 1 }]);
  });

  it('serve the ephemeral sweep without scanning the table', () => {
    const plan = open().prepare(`EXPLAIN QUERY PLAN ${EPHEMERAL_DUE_SQL}`).all('2026-01-01T00:00:00.000Z') as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX uploads_ephemeral/);
  });
});
