import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../../src/service/testing.js';
import { ask, newSession, stop } from './agentHelpers.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ agent: { stopConfirmMs: 50, streamChunkDelayMs: 0 } });
});
afterAll(async () => svc.close());

describe('agent sessions (decisions 9)', () => {
  it('creates, lists and reads a session with its scope', async () => {
    const created = await svc.request('POST', '/prod/v2/agent/sessions', { body: { title: 'March', use_all_files: true } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: 'March', scope: { use_all_files: true } });
    expect(typeof created.body.created_at).toBe('string');
    const id = created.body.session_id;
    const list = await svc.request('GET', '/prod/v2/agent/sessions');
    expect(list.body.sessions.map((s: any) => s.session_id)).toContain(id);
    const one = await svc.request('GET', `/prod/v2/agent/sessions/${id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ session_id: id, live_job_id: null, turns: [] });
  });

  it('answers 404 No such session. for an unknown session on every route', async () => {
    const id = 'no-such-session';
    for (const res of [
      await svc.request('GET', `/prod/v2/agent/sessions/${id}`),
      await ask(svc, id, { user_prompt: 'hi' }),
      await stop(svc, id),
      await svc.request('DELETE', `/prod/v2/agent/sessions/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: 'No such session.' });
    }
  });

  it('refuses scope ids that do not resolve with 422 and pointers', async () => {
    const res = await svc.request('POST', '/prod/v2/agent/sessions', { body: { file_ids: ['nope'], document_ids: ['x', 'y'], directory_id: 'd' } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: any) => e.pointer)).toEqual(['/file_ids/0', '/document_ids/0', '/document_ids/1', '/directory_id']);
  });

  it('keeps workspaces apart: another workspace\'s session is unknown', async () => {
    const id = await newSession(svc);
    const other = svc.createKey({ workspace: 'Elsewhere' });
    expect((await svc.request('GET', `/prod/v2/agent/sessions/${id}`, { key: other.key })).status).toBe(404);
  });

  it('refuses writes with a read-only key (403) but lets it read', async () => {
    const ro = svc.createKey({ readOnly: true });
    expect((await svc.request('POST', '/prod/v2/agent/sessions', { body: {}, key: ro.key })).status).toBe(403);
    const id = await newSession(svc);
    expect((await ask(svc, id, { user_prompt: 'hi' }, { key: ro.key })).status).toBe(403);
    expect((await svc.request('GET', `/prod/v2/agent/sessions/${id}`, { key: ro.key })).status).toBe(200);
  });

  it('serves the v2 operations in the OpenAPI document', async () => {
    const doc = (await svc.request('GET', '/prod/openapi.json')).body;
    expect(doc.paths['/prod/v2/agent/sessions/{session_id}/ask'].post.operationId).toBe('askAgent');
    expect(doc.paths['/prod/v2/jobs/{job_id}'].get.operationId).toBe('getAgentJob');
  });
});
