// The OpenAPI document lists every operation of `operations`, and what the service actually
// sends on the happy path of every operation matches the operation's zod response schema
// exactly (no missing and no undocumented properties).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../../src/contract/index.js';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { waitFor } from './uploadHelpers.js';
import { call, createFixture, sampleRequest, type Answer, type Fixture, type SampleRequest } from './contractFixtures.js';

let svc: TestService;
let fx: Fixture;
beforeAll(async () => {
  svc = await startTestService();
  fx = await createFixture(svc, svc.key.key, 'DocMarker');
});
afterAll(async () => svc.close());

describe('GET /prod/openapi.json', () => {
  it('lists every operation with its path, method, parameters, body and statuses', async () => {
    const res = await fetch(`${svc.url}/prod/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as any;
    expect(doc.openapi).toMatch(/^3\.1\./);
    const documented = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(operations.map((op) => `${op.method} ${op.path}`).sort());
    for (const op of operations) {
      const item = doc.paths[op.path]?.[op.method.toLowerCase()];
      expect(item, `${op.id}`).toBeDefined();
      expect(item.operationId).toBe(op.id);
      const pathParams = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = item.parameters.filter((p: any) => p.in === 'path').map((p: any) => p.name);
      expect(declared.sort(), `${op.id} path parameters`).toEqual(pathParams.sort());
      const idem = item.parameters.find((p: any) => p.in === 'header' && p.name === 'Idempotency-Key');
      if (op.idempotency === 'none') expect(idem, op.id).toBeUndefined();
      else expect(idem, op.id).toMatchObject({ required: op.idempotency === 'required', schema: { maxLength: 255 } });
      if (op.body) expect(item.requestBody?.content?.['application/json'], op.id).toBeDefined();
      if (op.bodyKind === 'multipart') expect(item.requestBody?.content?.['multipart/form-data'], op.id).toBeDefined();
      for (const status of [op.status, ...(op.altStatuses ?? []), ...op.errors]) expect(item.responses[String(status)], `${op.id} ${status}`).toBeDefined();
      for (const status of [401, 429]) expect(op.errors, `${op.id} documents ${status}`).toContain(status);
      if (op.write) expect(op.errors, `${op.id} documents 403`).toContain(403);
      expect(Boolean(item.deprecated), op.id).toBe(Boolean(op.deprecated));
    }
  });
});

/** The happy-path request of each operation; some need a resource of their own. */
async function happyRequest(op: Operation): Promise<SampleRequest> {
  switch (op.id) {
    case 'deleteFileTypes': {
      const created = await svc.request('POST', '/prod/v1/file-type', { body: { className: `Doomed${randomUUID().slice(0, 8)}`, name: 'Doomed', fields: [] } });
      return { body: { blueprintIds: [created.body.id, randomUUID()] } };
    }
    case 'deleteFiles':
      return { body: { fileIds: [fx.fileId] } };
    case 'importSchemas': {
      const other = await svc.request('POST', '/prod/v1/file-type', { body: { className: `Exported${randomUUID().slice(0, 8)}`, name: 'E', fields: [{ title: 'A', type: 'STRING' }] } });
      const zip = await fetch(`${svc.url}/prod/v1/files/schema/export?blueprintIds=${other.body.id}`, { headers: { 'x-api-key': fx.key } });
      await svc.request('DELETE', '/prod/v1/file-type', { body: { blueprintIds: [other.body.id] } });
      return { file: Buffer.from(await zip.arrayBuffer()) };
    }
    case 'askAgent':
      await waitFor(async () => ((await svc.request('GET', `/prod/v2/agent/sessions/${fx.sessionId}`)).body.live_job_id === null ? true : undefined), 'no live run');
      return sampleRequest(op, fx);
    default:
      return sampleRequest(op, fx);
  }
}

/** Operations that destroy the fixture run last. */
const LAST = ['deleteFiles', 'deleteAgentSession'];
const ordered = [...operations.filter((op) => !LAST.includes(op.id)), ...LAST.map((id) => operations.find((op) => op.id === id)!)];

function expectExactShape(op: Operation, res: Answer) {
  const where = `${op.id}: ${res.status} ${res.text.slice(0, 400)}`;
  expect([op.status, ...(op.altStatuses ?? [])], where).toContain(res.status);
  expect(res.headers.get('content-type'), where).toContain('application/json');
  const parsed = op.response!.safeParse(res.body);
  expect(parsed.error?.issues ?? [], where).toEqual([]);
  // zod strips unknown keys: what it keeps must be everything that was sent.
  expect(parsed.data, `${where}: properties outside the contract`).toEqual(res.body);
  expect(JSON.stringify(parsed.data).length, `${where}: properties outside the contract`).toBe(JSON.stringify(res.body).length);
}

describe('success bodies match the contract exactly', () => {
  it.each(ordered.map((op) => [op.id, op] as const))('%s', async (_id, op) => {
    const res = await call(svc, op, await happyRequest(op), fx, { idempotencyKey: randomUUID() });
    if (!op.response) {
      expect(res.status).toBe(op.status);
      expect(res.headers.get('content-type')).toContain('application/zip');
      return;
    }
    expectExactShape(op, res);
  });
});
