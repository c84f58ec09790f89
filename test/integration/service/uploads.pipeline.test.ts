import { afterEach, describe, expect, it } from 'vitest';
import { sweepEphemeral } from '../../../src/service/processingQueue.js';
import { processFile } from '../../../src/service/processing/engine.js';
import type { ProcessInput, ProcessResult } from '../../../src/service/processing/types.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { INVOICE_TEXT, put, settled, ticket, uploadText, waitFor } from './uploadHelpers.js';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function service(options: Parameters<typeof startTestService>[0] = {}): Promise<TestService> {
  const svc = await startTestService(options);
  cleanup.push(() => svc.close());
  return svc;
}

/** Holds a run until its signal aborts (fault injection: a slow engine). */
const blockUntilAborted = (input: ProcessInput) =>
  new Promise<ProcessResult>((_resolve, reject) => {
    input.signal?.addEventListener('abort', () => reject(input.signal!.reason), { once: true });
  });

const valueOf = async (svc: TestService, fileId: string, title: string) => {
  const res = await svc.request('GET', `/prod/v1/files/${fileId}/values`);
  return res.body.values.formValues[0]?.fields.find((f: { title: string }) => f.title === title)?.value;
};

describe('processing generations', () => {
  it('a PUT arriving while processing wins: the older run is abandoned', async () => {
    const calls: string[] = [];
    const svc = await service({
      processor: async (input) => {
        calls.push(input.filePath);
        return calls.length === 1 ? blockUntilAborted(input) : processFile(input);
      },
    });
    const t = await uploadText(svc, INVOICE_TEXT.replace('INV-1042', 'INV-3001'));
    await waitFor(() => calls.length === 1, 'the first run');
    expect((await put(t.presignedUploadURL, INVOICE_TEXT.replace('INV-1042', 'INV-3002'))).status).toBe(200);
    const res = await settled(svc, t.uploadId);
    expect(res.body.status).toBe('completed');
    expect(calls).toHaveLength(2);
    expect(res.body.statuses.map((s: { step: string }) => s.step)[0]).toBe('file_uploaded');
    expect(res.body.statuses.filter((s: { step: string }) => s.step === 'processing_started')).toHaveLength(1);
    expect(await valueOf(svc, res.body.files[0].fileId, 'Invoice Number')).toBe('INV-3002');
  });

  it('runs at most processingConcurrency jobs at once', async () => {
    let live = 0;
    let peak = 0;
    const svc = await service({
      processingConcurrency: 2,
      processor: async (input) => {
        live++;
        peak = Math.max(peak, live);
        // Each run holds until a second one is live too (or a while has passed), so a third
        // would show up in `peak` if the limit were not kept.
        await waitFor(() => live >= 2 || undefined, 'a second run', 3000).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 30));
        live--;
        return processFile(input);
      },
    });
    const tickets = await Promise.all([1, 2, 3, 4, 5].map(() => uploadText(svc)));
    for (const t of tickets) expect((await settled(svc, t.uploadId)).body.status).toBe('completed');
    expect(peak).toBe(2);
  });
});

describe('a run that never ends', () => {
  it('is aborted after processingTimeoutMs and its upload failed with the reason; the next upload works', async () => {
    let aborted = false;
    const svc = await service({
      processingTimeoutMs: 300,
      processor: async (input) => {
        if (!input.fileName.startsWith('stuck')) return processFile(input);
        input.signal?.addEventListener('abort', () => (aborted = true), { once: true });
        return new Promise<ProcessResult>(() => undefined); // a library hang: ignores the abort too
      },
    });
    const stuck = await uploadText(svc, INVOICE_TEXT, { fileName: 'stuck.txt' });
    const res = await settled(svc, stuck.uploadId);
    expect(res.body.status).toBe('failed');
    expect(res.body.errorReason).toBe('Processing did not finish within 0.3 s.');
    expect(aborted).toBe(true);
    const next = await uploadText(svc, INVOICE_TEXT);
    expect((await settled(svc, next.uploadId)).body.status).toBe('completed');
  });

  it('does not hold the service open when it is closed', async () => {
    let started = false;
    // A grace of 0.2 s, not the default 5 s: the run never ends, so close() resolving at all is the point.
    const svc = await startTestService({ processingStopGraceMs: 200, processor: () => ((started = true), new Promise<ProcessResult>(() => undefined)) });
    await uploadText(svc, INVOICE_TEXT);
    await waitFor(() => started || undefined, 'the run');
    await svc.close(); // resolves (after the grace) instead of waiting forever
    expect(started).toBe(true);
  });
});

describe('zip uploads with failed entries (decisions 2)', () => {
  it('answer 207 and list every entry with its own status', async () => {
    // The engine's zip support is its own issue; this fake returns what a zip run reports.
    const svc = await service({
      processor: async (input) => {
        const done = await processFile({ ...input, fileName: 'a.txt', mediaType: 'text/plain' });
        const doc = done.documents[0]!;
        return {
          documents: [
            { ...doc, fileName: 'a.txt', bytes: Buffer.from(INVOICE_TEXT) },
            { ...doc, fileName: 'b.pdf', mediaType: 'application/pdf', bytes: Buffer.from('%PDF-broken'), fields: [], errorReason: 'Unreadable PDF.' },
          ] as ProcessResult['documents'],
        };
      },
    });
    const t = await ticket(svc, { fileName: 'batch.zip', fileType: 'application/zip' });
    await put(t.presignedUploadURL, INVOICE_TEXT);
    const res = await settled(svc, t.uploadId);
    expect(res.status).toBe(207);
    expect(res.body.status).toBe('completed');
    expect(res.body.files.map((f: { fileName: string; status: string }) => [f.fileName, f.status])).toEqual([
      ['a.txt', 'processed'],
      ['b.pdf', 'failed'],
    ]);
    expect(res.body.files[1].errorReason).toBe('Unreadable PDF.');
    expect(res.body.files[0].fileStoragePath).toBe(t.storagePath);
    expect(res.body.files[1].fileStoragePath).not.toBe(t.storagePath);
    // Without apiRequestId, a zip's entries are grouped under the zip's (first file's) id.
    const apiRequestId = svc.service.db.prepare('SELECT api_request_id FROM uploads WHERE id = ?').pluck().get(t.uploadId);
    expect(apiRequestId).toBe(res.body.files[0].fileId);
  });
});

describe('ephemeral uploads (decisions 8)', () => {
  it('are deleted with their files and values 24 h after upload; others stay', async () => {
    let offset = 0;
    const svc = await service({ now: () => Date.now() + offset });
    const gone = await uploadText(svc, undefined, { isEphemeral: true });
    const kept = await uploadText(svc);
    await settled(svc, gone.uploadId);
    await settled(svc, kept.uploadId);
    const goneFile = (await svc.request('GET', `/prod/v1/files?uploadId=${gone.uploadId}`)).body.files[0].fileId;

    offset = 23 * 3600_000;
    expect(sweepEphemeral(svc.service.app)).toBe(0);
    offset = 24 * 3600_000 + 1000;
    expect(sweepEphemeral(svc.service.app)).toBe(1);
    expect((await svc.request('GET', `/prod/v1/uploads/${gone.uploadId}`)).status).toBe(404);
    expect((await svc.request('GET', `/prod/v1/files/${goneFile}/values`)).status).toBe(404);
    expect((await svc.request('GET', '/prod/v1/files')).body.count).toBe(1);
    expect((await svc.request('GET', `/prod/v1/uploads/${kept.uploadId}`)).status).toBe(200);
    expect(svc.service.db.prepare('SELECT COUNT(*) FROM form_values WHERE file_id = ?').pluck().get(goneFile)).toBe(0);
    // Its upload address has expired by then too.
    expect((await put(gone.presignedUploadURL, 'again')).status).toBe(403);
  });
});
