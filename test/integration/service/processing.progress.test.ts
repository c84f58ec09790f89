// Progress inside one long document (issue 19, an extension): while a scanned PDF is OCR'd, the
// file's status answers how many of its pages are read, over real HTTP. The run is held at its
// page reports (test/helpers/pageGate.ts) so every step is seen without timing anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRecordSchema, UploadStatusSchema } from '../../../src/contract/uploads.js';
import { closeProcessing } from '../../../src/service/processing/engine.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { PageGate, scannedPdf } from '../../helpers/pageGate.js';
import { put, settled, ticket, waitFor } from './uploadHelpers.js';

const gate = new PageGate();
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ processor: gate.processor });
});
afterAll(async () => {
  gate.allow(Infinity);
  await svc.close();
  await closeProcessing();
});

type Shown = { status: string; progress?: { pagesDone: number; pagesTotal: number } };

/** The file's record as the uploads status answers it (the daemon's poll). */
async function record(uploadId: string): Promise<Shown | undefined> {
  const status = await svc.request('GET', `/prod/v1/uploads/${uploadId}`);
  expect(UploadStatusSchema.safeParse(status.body).success).toBe(true);
  return status.body.files[0];
}

/** Waits until the file shows at least `done` pages read, and returns what it showed. */
const seen = (uploadId: string, done: number) =>
  waitFor(async () => {
    const f = await record(uploadId);
    return f?.progress && f.progress.pagesDone >= done ? f : undefined;
  }, `${done} page(s) read`, 60_000);

describe('page progress of a long document', () => {
  it('appears while processing, increases page by page, reaches the total and goes with the result', { timeout: 180_000 }, async () => {
    const pages = 3;
    const t = await ticket(svc, { fileName: 'long-scan.pdf', fileType: 'application/pdf' });
    expect((await put(t.presignedUploadURL, await scannedPdf(pages), { 'content-type': 'application/pdf' })).status).toBe(200);

    const shown: number[] = [];
    const steps = [0, 1, pages];
    for (const [i, step] of steps.entries()) {
      const f = await seen(t.uploadId, step);
      expect(f.status).toBe('processing');
      expect(f.progress!.pagesTotal).toBe(pages);
      shown.push(f.progress!.pagesDone);
      // Held at this page, nothing moves: the files list answers the same.
      const listed = await svc.request('GET', `/prod/v1/files?uploadId=${t.uploadId}`);
      expect(listed.body.files[0].progress).toEqual({ pagesDone: step, pagesTotal: pages });
      gate.allow(steps[i + 1] ?? Infinity); // held at each step until seen: none is missed
    }
    expect(shown).toEqual(steps);

    const done = await settled(svc, t.uploadId);
    expect(done.body.status).toBe('completed');
    const file = done.body.files[0];
    expect(file.status).toBe('processed');
    expect(file.pageCount).toBe(pages);
    expect(file).not.toHaveProperty('progress');
  });

  it('is optional in the contract: a record without it (a service without the extension) still validates', () => {
    const plain = {
      fileId: 'f', fileName: 'a.pdf', fileType: 'application/pdf', fileSize: 1, fileStoragePath: 'x', fileHash: '', uploadId: 'u',
      status: 'processing', schemaId: null, directoryId: null, destinationPath: '/', errorReason: null,
      createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(FileRecordSchema.safeParse(plain).success).toBe(true);
    expect(FileRecordSchema.safeParse({ ...plain, progress: { pagesDone: 2, pagesTotal: 40 } }).success).toBe(true);
    expect(FileRecordSchema.safeParse({ ...plain, progress: { pagesDone: -1, pagesTotal: 40 } }).success).toBe(false);
  });
});
