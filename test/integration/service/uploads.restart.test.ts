import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcessInput, ProcessResult } from '../../../src/service/processing/types.js';
import { startTestService } from '../../../src/service/testing.js';
import { CallbackReceiver, settled, uploadText, waitFor } from './uploadHelpers.js';

// A restart in the middle of processing or of callback delivery loses nothing: both queues
// live in SQLite, and a new service on the same data folder picks them up.

const cleanup: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docsync-'));
  cleanup.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A slow engine: the run holds until the service stops it (fault injection). */
const holdUntilStopped = (input: ProcessInput) =>
  new Promise<ProcessResult>((_resolve, reject) => {
    input.signal?.addEventListener('abort', () => reject(input.signal!.reason), { once: true });
  });

describe('service restart', () => {
  it('in the middle of processing: the next service resumes the job and finishes it', async () => {
    const dir = dataDir();
    let started = 0;
    const first = await startTestService({
      dataDir: dir,
      processingConcurrency: 1,
      processor: (input) => {
        started++;
        return holdUntilStopped(input);
      },
    });
    const running = await uploadText(first);
    const queued = await uploadText(first, undefined, { fileName: 'second.txt' });
    await waitFor(() => started === 1, 'the first run to start');
    const status = await first.request('GET', `/prod/v1/uploads/${running.uploadId}`);
    expect(status.body.statuses.map((s: { step: string }) => s.step)).toContain('processing_started');
    await first.close();

    const second = await startTestService({ dataDir: dir });
    cleanup.push(() => second.close());
    for (const t of [running, queued]) {
      const res = await settled(second, t.uploadId, second.key.key);
      // The upload belongs to the first service's key, which is still in the database.
      expect(res.body.status).toBe('completed');
      const fileId = res.body.files[0].fileId;
      const values = await second.request('GET', `/prod/v1/files/${fileId}/values`);
      expect(values.body.values.formValues[0].fields.find((f: { title: string }) => f.title === 'Invoice Number').value).toBe('INV-1042');
    }
  });

  it('in the middle of callback delivery: the event is delivered after the restart, with the same id', async () => {
    const dir = dataDir();
    const first = await startTestService({ dataDir: dir, callbackBackoffMs: 20 });
    const receiver = new CallbackReceiver(first.key.signingSecret);
    await receiver.start();
    cleanup.push(() => receiver.close());
    receiver.answer = (_call, index) => (index === 0 ? 'hang' : 200);

    const t = await uploadText(first, undefined, { callbackURL: receiver.url });
    await waitFor(() => receiver.received[0], 'the first delivery attempt');
    await first.close();

    const second = await startTestService({ dataDir: dir, callbackBackoffMs: 20 });
    cleanup.push(() => second.close());
    await waitFor(
      () => second.service.db.prepare(`SELECT 1 FROM callback_outbox WHERE status = 'delivered'`).get(),
      'delivery after the restart',
    );
    expect(receiver.received.length).toBeGreaterThanOrEqual(2);
    const ids = new Set(receiver.received.map((c) => c.eventId));
    expect(ids.size).toBe(1);
    expect(receiver.received.every((c) => c.verified && c.body.uploadId === t.uploadId)).toBe(true);
    // Exactly one event reached the receiver, and nothing is sent after a 2xx.
    const count = receiver.received.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(receiver.received).toHaveLength(count);
  });
});
