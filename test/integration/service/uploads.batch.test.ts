// Upload tickets share commits (group commit, src/service/store/writeBatch.ts): writes queued in
// one turn of the event loop commit together, and one that fails is undone alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedWrite } from '../../../src/writeBatch.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { spelled } from '../../../src/service/store/sql.js';

const UPLOAD = '/prod/v1/files/upload';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
  svc.service.db.exec('CREATE TABLE batch_probe (name TEXT PRIMARY KEY)');
});
afterAll(async () => svc.close());

const probeNames = () => svc.service.db.prepare('SELECT name FROM batch_probe ORDER BY name').pluck().all();

describe('batched writes', () => {
  it('commits the writes of one turn together and undoes only the one that throws', async () => {
    const db = svc.service.db;
    const insert = db.prepare('INSERT INTO batch_probe (name) VALUES (?)');
    const first = batchedWrite(db, () => (insert.run('a'), 'first'));
    const failing = batchedWrite(db, () => {
      insert.run('b');
      throw new Error('refused');
    });
    const third = batchedWrite(db, () => (insert.run('c'), 'third'));
    // Nothing is written before the batch runs.
    expect(probeNames()).toEqual([]);
    await expect(first).resolves.toBe('first');
    await expect(failing).rejects.toThrow('refused');
    await expect(third).resolves.toBe('third');
    expect(probeNames()).toEqual(['a', 'c']);
    expect(db.inTransaction).toBe(false);
  });

  it('a write alone in its turn is committed, and its failure leaves nothing behind', async () => {
    const db = svc.service.db;
    const insert = db.prepare('INSERT INTO batch_probe (name) VALUES (?)');
    await expect(batchedWrite(db, () => insert.run('d').changes)).resolves.toBe(1);
    await expect(
      batchedWrite(db, () => {
        insert.run('e');
        insert.run('d'); // duplicate key
      }),
    ).rejects.toThrow(/UNIQUE|duplicate key/);
    expect(probeNames()).toEqual(['a', 'c', 'd']);
  });

  it('concurrent tickets: each answers its own outcome, and only the valid ones are stored', async () => {
    const bodies = Array.from({ length: 16 }, (_, i) =>
      i === 5 ? { fileName: 'bad.txt', fileType: 'text/plain', schemaId: 'no-such-schema' } : { fileName: `f${i}.txt`, fileType: 'text/plain' },
    );
    const answers = await Promise.all(bodies.map((body) => svc.request('POST', UPLOAD, { body })));
    expect(answers.map((a) => a.status)).toEqual(bodies.map((_, i) => (i === 5 ? 422 : 200)));
    expect(answers[5]!.body.errors.map((e: { pointer: string }) => e.pointer)).toContain('/schemaId');
    const ids = answers.filter((a) => a.status === 200).map((a) => a.body.uploadId as string);
    expect(new Set(ids).size).toBe(15);
    const stored = svc.service.db
      .prepare(
        spelled(svc.service.db, {
          sqlite: 'SELECT file_name FROM uploads WHERE id IN (SELECT value FROM json_each(?)) ORDER BY file_name',
          postgres: 'SELECT file_name FROM uploads WHERE id IN (SELECT jsonb_array_elements_text(?::jsonb)) ORDER BY file_name',
        }),
      )
      .pluck()
      .all(JSON.stringify(ids));
    expect(stored).toEqual(bodies.filter((_, i) => i !== 5).map((b) => b.fileName).sort());
    // Each ticket reads back through the API.
    for (const id of ids.slice(0, 3)) expect((await svc.request('GET', `/prod/v1/uploads/${id}`)).status).toBe(200);
  });
});
