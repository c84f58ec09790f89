import { afterEach, describe, expect, it } from 'vitest';
import { enqueueCallback } from '../../../src/service/callbacks.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { CallbackReceiver, put, settled, ticket, uploadText, verifySignature, waitFor } from './uploadHelpers.js';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanup.length) await cleanup.pop()!();
});

async function setup(options: Parameters<typeof startTestService>[0] = {}) {
  const svc = await startTestService({ callbackBackoffMs: 20, ...options });
  const receiver = new CallbackReceiver(svc.key.signingSecret);
  await receiver.start();
  cleanup.push(() => svc.close(), () => receiver.close());
  return { svc, receiver };
}

const outbox = (svc: TestService) =>
  svc.service.db.prepare('SELECT id, status, attempts, last_error FROM callback_outbox').all() as {
    id: string;
    status: string;
    attempts: number;
    last_error: string | null;
  }[];

describe('processing-finished callback (decisions 6)', () => {
  it('POSTs the signed event to callbackURL once processing finishes', async () => {
    const { svc, receiver } = await setup();
    const t = await uploadText(svc, undefined, { callbackURL: receiver.url, apiRequestId: 'req-1' });
    const done = await settled(svc, t.uploadId);
    const call = await waitFor(() => receiver.received[0], 'the callback');
    expect(call.verified).toBe(true);
    expect(verifySignature('another secret', call.raw, call.signature)).toBe(false);
    expect(call.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(call.eventId).toMatch(/^[0-9a-f-]{36}$/);
    expect(call.body).toMatchObject({
      uploadId: t.uploadId,
      step: 'processing_finished',
      status: 'completed',
      fileIds: done.body.files.map((f: { fileId: string }) => f.fileId).join(','),
      apiRequestId: 'req-1',
    });
    expect(Date.parse(call.body.timestamp)).not.toBeNaN();
    expect(call.body).not.toHaveProperty('errorReason');
    await waitFor(() => outbox(svc)[0]?.status === 'delivered', 'delivered');
    expect(receiver.received).toHaveLength(1);
  });

  it("uses the key's default address and signs with that key's secret", async () => {
    const { svc, receiver } = await setup();
    const key = svc.createKey({ callbackUrl: receiver.url });
    receiver.setSecret(key.signingSecret);
    const t = await uploadText(svc, undefined, {}, key.key);
    expect(t.callbackURLSource).toBe('api_key');
    const call = await waitFor(() => receiver.received[0], 'the callback');
    expect(call.verified).toBe(true);
    expect(call.body.uploadId).toBe(t.uploadId);
  });

  it('reports a failure with status failed and the errorReason', async () => {
    const { svc, receiver } = await setup();
    const t = await ticket(svc, { fileName: 'x.bin', fileType: 'application/octet-stream', callbackURL: receiver.url });
    await put(t.presignedUploadURL, Buffer.from([0, 0, 0, 1, 2, 0]));
    const call = await waitFor(() => receiver.received[0], 'the callback');
    expect(call.body).toMatchObject({ uploadId: t.uploadId, step: 'processing_failed', status: 'failed' });
    expect(call.body.errorReason).toBeTruthy();
  });

  it('retries a non-2xx answer with backoff, keeping the event id', async () => {
    const { svc, receiver } = await setup();
    receiver.answer = (_call, index) => (index < 2 ? 500 : 204);
    await uploadText(svc, undefined, { callbackURL: receiver.url });
    await waitFor(() => outbox(svc)[0]?.status === 'delivered', 'delivery after retries');
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((c) => c.eventId)).size).toBe(1);
    expect(receiver.received.every((c) => c.verified)).toBe(true);
    expect(outbox(svc)[0]).toMatchObject({ attempts: 3, last_error: null });
  });

  it('gives up after callbackAttempts and times out a receiver that never answers', async () => {
    const { svc, receiver } = await setup({ callbackAttempts: 3, callbackTimeoutMs: 1500 });
    receiver.answer = (_call, index) => (index === 0 ? 'hang' : 503);
    await uploadText(svc, undefined, { callbackURL: receiver.url });
    await waitFor(() => outbox(svc)[0]?.status === 'failed', 'the outbox to give up');
    expect(receiver.received).toHaveLength(3);
    expect(outbox(svc)[0]).toMatchObject({ attempts: 3, last_error: 'HTTP 503' });
  });

  it('enqueueCallback delivers any event (agent.job_settled) the same way', async () => {
    const { svc, receiver } = await setup();
    enqueueCallback(svc.service.app, {
      workspaceId: svc.key.workspaceId,
      keyId: svc.key.keyId,
      url: receiver.url,
      body: { event: 'agent.job_settled', job_id: 'j1', session_id: 's1', status: 'COMPLETED', client_ref: 'r', timestamp: new Date().toISOString() },
    });
    const call = await waitFor(() => receiver.received[0], 'the callback');
    expect(call.verified).toBe(true);
    expect(call.body).toMatchObject({ event: 'agent.job_settled', job_id: 'j1' });
  });
});
