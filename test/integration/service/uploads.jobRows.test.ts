// A processing job's row lives while the job is queued or running and goes in the transaction that
// ends its run (completed, failed, or superseded by a newer PUT): the table holds the live queue,
// not every file ever processed (issue 20). Runs on both engines.
import { afterEach, describe, expect, it } from 'vitest';
import { processFile } from '../../../src/service/processing/engine.js';
import type { ProcessInput, ProcessResult } from '../../../src/service/processing/types.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { INVOICE_TEXT, put, settled, ticket, uploadText, waitFor } from './uploadHelpers.js';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

const jobRows = (svc: TestService) =>
  svc.service.db.prepare('SELECT upload_id AS "uploadId", state FROM processing_jobs ORDER BY upload_id').all() as Array<{ uploadId: string; state: string }>;

describe('processing job rows', () => {
  it('are kept while a job is queued or running and deleted when its run ends, however it ends', async () => {
    const held: Array<() => void> = [];
    let runs = 0;
    const svc = await startTestService({
      processingConcurrency: 1,
      // The first run waits until the test lets it go; later runs are the real engine.
      processor: async (input: ProcessInput): Promise<ProcessResult> => {
        if (runs++ === 0) await new Promise<void>((resolve) => held.push(resolve));
        return processFile(input);
      },
    });
    cleanup.push(() => svc.close());
    const first = await uploadText(svc, INVOICE_TEXT);
    await waitFor(() => held.length === 1, 'the first run');
    const second = await uploadText(svc, INVOICE_TEXT.replace('INV-1042', 'INV-2'));
    expect(jobRows(svc)).toEqual(
      [
        { uploadId: first.uploadId, state: 'running' },
        { uploadId: second.uploadId, state: 'queued' },
      ].sort((a, b) => (a.uploadId < b.uploadId ? -1 : 1)),
    );
    expect(svc.service.app.processingQueue.idle()).toBe(false);
    held[0]!();
    expect((await settled(svc, first.uploadId)).body.status).toBe('completed');
    expect((await settled(svc, second.uploadId)).body.status).toBe('completed');

    // A failed run (bytes the engine cannot read), and a run superseded by a second PUT.
    const failing = await ticket(svc, { fileName: 'x.bin', fileType: 'application/octet-stream' });
    expect((await put(failing.presignedUploadURL, Buffer.from('not a document'))).status).toBe(200);
    const twice = await uploadText(svc, INVOICE_TEXT.replace('INV-1042', 'INV-3'));
    expect((await put(twice.presignedUploadURL, INVOICE_TEXT.replace('INV-1042', 'INV-4'), { 'content-type': 'text/plain' })).status).toBe(200);
    expect((await settled(svc, failing.uploadId)).body.status).toBe('failed');
    await waitFor(() => svc.service.app.processingQueue.idle() || undefined, 'the queue to empty');
    expect((await settled(svc, twice.uploadId)).body.status).toBe('completed');
    expect(jobRows(svc)).toEqual([]);
  });
});
