// An upload ticket's row: its ids are time-ordered UUIDs (version 7) written byte by byte into a
// buffer, and its INSERT passes the row's columns by name from a runner generated from the
// column list (store/uploads.ts). Both are hand-made for speed: they must give exactly what
// the straightforward code gave, every column stored as given.
import { describe, expect, it } from 'vitest';
import { insertUpload, timeOrderedUuid, type NewUpload } from '../../../src/service/store/uploads.js';
import { createKey } from '../../../src/service/store/tenancy.js';
import { openServiceDb } from './serviceDb.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('timeOrderedUuid', () => {
  it('is a version 7 UUID whose first 48 bits are the time in milliseconds', () => {
    for (const ms of [0, 1, 0xffffff, 0x1000000, 1_764_213_456_789, 2 ** 48 - 1]) {
      const id = timeOrderedUuid(ms);
      expect(id).toMatch(UUID_V7);
      expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16), id).toBe(ms);
    }
  });

  it('sorts by time, and ids of one millisecond differ in their random bits', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => timeOrderedUuid(1_764_213_456_000 + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    const byTime = ids.map((id) => id.slice(0, 13));
    expect([...byTime].sort()).toEqual(byTime);
    // Random bits drawn anew across refills of the entropy pool: each hex digit of them takes many values.
    for (const position of [15, 16, 17, 20, 21, 22, 24, 30, 35]) {
      expect(new Set(ids.map((id) => id[position])).size, `position ${position}`).toBeGreaterThan(12);
    }
    // The variant's two random bits.
    expect(new Set(ids.map((id) => id[19]))).toEqual(new Set(['8', '9', 'a', 'b']));
  });

  it('hands out strings that stay as they were when later ids are made', () => {
    const first = timeOrderedUuid(1_764_213_456_000);
    const copy = `${first}`;
    for (let i = 0; i < 100; i++) timeOrderedUuid();
    expect(first).toBe(copy);
  });
});

describe('insertUpload', () => {
  it('stores every column of the new row as given, waiting for its bytes at generation 0', () => {
    const db = openServiceDb();
    const key = createKey(db);
    const row: NewUpload = {
      id: timeOrderedUuid(), workspace_id: key.workspaceId, key_id: key.keyId, user_id: key.userId, object_id: timeOrderedUuid(),
      file_name: 'ä "quoted".pdf', file_type: 'application/pdf', is_split: 1, is_split_excel: 0, callback_url: 'https://example.test/hook',
      callback_source: 'user', ocr_model: 'Unified (engine)', schema_locking: 1, schema_id: null, directory_id: null,
      destination_path: 'a/b', is_ephemeral: 1, page_count: 7, api_request_id: 'req-1', retain_zip_name: 1,
      created_at: '2026-11-27T01:02:03.004Z',
    };
    insertUpload(db, row);
    expect(db.prepare('SELECT * FROM uploads WHERE id = ?').get(row.id)).toEqual({
      ...row, blob_sha256: null, size: null, status: 'waiting', error_reason: null, generation: 0, updated_at: row.created_at,
    });
  });

  it('stores a ticket without options (its own INSERT, defaults as constants) as given, and one differing in a single option with that option', () => {
    const db = openServiceDb();
    const key = createKey(db);
    const plain: NewUpload = {
      id: timeOrderedUuid(), workspace_id: key.workspaceId, key_id: key.keyId, user_id: key.userId, object_id: timeOrderedUuid(),
      file_name: 'plain.txt', file_type: 'text/plain', is_split: 0, is_split_excel: 0, callback_url: null, callback_source: null,
      ocr_model: 'Model_ENG_O5.6', schema_locking: 0, schema_id: null, directory_id: null, destination_path: '', is_ephemeral: 0,
      page_count: null, api_request_id: null, retain_zip_name: 0, created_at: '2026-11-29T01:02:03.004Z',
    };
    const state = { blob_sha256: null, size: null, status: 'waiting', error_reason: null, generation: 0 };
    insertUpload(db, plain);
    expect(db.prepare('SELECT * FROM uploads WHERE id = ?').get(plain.id)).toEqual({ ...plain, ...state, updated_at: plain.created_at });
    // Each option alone takes the general INSERT, which stores it.
    const options: Partial<NewUpload>[] = [
      { is_split: 1 }, { is_split_excel: 1 }, { callback_url: 'https://example.test/h', callback_source: 'api_key' }, { schema_locking: 1 },
      { is_ephemeral: 1 }, { page_count: 3 }, { api_request_id: 'r' }, { retain_zip_name: 1 }, { destination_path: 'x' }, { ocr_model: 'Other' },
    ];
    for (const option of options) {
      const row: NewUpload = { ...plain, id: timeOrderedUuid(), object_id: timeOrderedUuid(), ...option };
      insertUpload(db, row);
      expect(db.prepare('SELECT * FROM uploads WHERE id = ?').get(row.id), JSON.stringify(option)).toEqual({ ...row, ...state, updated_at: row.created_at });
    }
  });
});
