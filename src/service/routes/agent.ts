// The agent's v2 routes (spec 4.3-4.5, decisions 9-11). Rules of spec part 3 live here and in
// the runner: one live run per session (409), a stop is a request, delete stops first.
import {
  askAgent,
  createAgentSession,
  deleteAgentSession,
  getAgentJob,
  getAgentSession,
  listAgentSessions,
  stopAgentSession,
  type AgentScope,
  type JobHandle,
} from '../../contract/agent.js';
import { createAnswerEngine } from '../agent/engine/index.js';
import { languageOf } from '../agent/engine/language.js';
import { resolveAgentOptions } from '../agent/options.js';
import { AgentRunner, type StoredRequest } from '../agent/runner.js';
import { checkScopeIds, effectiveScope, resolveScope } from '../agent/scope.js';
import {
  getJobRow,
  getSession,
  insertJob,
  insertSession,
  latestJob,
  listSessions,
  listTurns,
  markSessionDeleted,
  markStale,
  toJob,
  toSession,
  type SessionRow,
} from '../agent/store.js';
import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../errors.js';
import { Reply } from '../route.js';
import type { AuthContext } from '../store/tenancy.js';

const scopeOf = (input: AgentScope): AgentScope => {
  const { file_ids, document_ids, directory_id, use_all_files } = input;
  return Object.fromEntries(Object.entries({ file_ids, document_ids, directory_id, use_all_files }).filter(([, v]) => v !== undefined));
};

export async function agentRoutes(app: FastifyInstance): Promise<void> {
  const options = resolveAgentOptions(app.serviceOptions.agent);
  const runner = new AgentRunner(app, createAnswerEngine(options), options);
  app.addHook('onListen', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());

  const iso = () => new Date(app.serviceOptions.now()).toISOString();
  const pollUrl = (jobId: string) => `${app.baseUrl()}/prod/v2/jobs/${encodeURIComponent(jobId)}`;
  const session = (auth: AuthContext, id: string): SessionRow => {
    const row = getSession(app.db, auth.workspaceId, id);
    if (!row) throw notFound('No such session.');
    return row;
  };

  app.operation(createAgentSession, ({ body, auth }) => {
    const scope = scopeOf(body);
    checkScopeIds(app.db, auth.workspaceId, scope);
    return toSession(insertSession(app.db, auth, body.title ?? null, scope, iso()));
  });

  app.operation(listAgentSessions, ({ auth }) => ({ sessions: listSessions(app.db, auth.workspaceId).map(toSession) }));

  app.operation(getAgentSession, ({ params, auth }) => {
    const row = session(auth, params.session_id);
    const live = runner.liveJob(row.id);
    return { ...toSession(row), live_job_id: live?.id ?? null, turns: listTurns(app.db, row.id) };
  });

  app.operation(askAgent, ({ params, body, auth }) => {
    const row = session(auth, params.session_id);
    const turnScope = scopeOf(body);
    checkScopeIds(app.db, auth.workspaceId, turnScope);
    const job = app.db.transaction(() => {
      const live = runner.liveJob(row.id);
      if (live) throw conflict(`A run is live in this session (job ${live.id}, ${live.status}): wait for it to settle or stop it first.`);
      const scope = effectiveScope(turnScope, JSON.parse(row.scope) as AgentScope);
      const request: StoredRequest = {
        prompt: body.user_prompt,
        documents: resolveScope(app.db, auth.workspaceId, scope),
        language: languageOf(body.language_code, body.user_prompt),
        allowInternetSearch: body.allow_internet_search ?? false,
        allowQuery: body.allow_ai_query_subagent ?? false,
        llmModel: body.llm_model,
      };
      return insertJob(
        app.db,
        { sessionId: row.id, workspaceId: auth.workspaceId, keyId: auth.keyId, clientRef: body.client_ref ?? null, request, prompt: body.user_prompt },
        iso(),
      );
    })();
    setImmediate(() => runner.pump());
    const handle: JobHandle = { job_id: job.id, status: 'QUEUED', session_id: row.id, created_at: job.created_at, poll_url: pollUrl(job.id) };
    return new Reply(202, handle);
  });

  app.operation(stopAgentSession, ({ params, auth }) => {
    const row = session(auth, params.session_id);
    const live = runner.liveJob(row.id);
    if (live) runner.requestStop(live.id);
    const job = live ?? latestJob(app.db, row.id);
    return {
      session_id: row.id,
      stop_requested: live !== undefined,
      run_status: job?.status ?? null,
      job_id: job?.id ?? null,
      poll_url: job ? pollUrl(job.id) : null,
    };
  });

  app.operation(deleteAgentSession, ({ params, auth }) => {
    const row = session(auth, params.session_id);
    const live = runner.liveJob(row.id);
    if (live) runner.requestStop(live.id);
    markSessionDeleted(app.db, row.id, iso());
    return { session_id: row.id, deleted: true, stopped_run: live !== undefined, job_id: live?.id ?? null };
  });

  app.operation(getAgentJob, ({ params, auth }) => {
    let job = getJobRow(app.db, params.job_id);
    if (!job || job.workspace_id !== auth.workspaceId) throw notFound('No such job.');
    if (job.status === 'RUNNING' && markStale(app.db, app.serviceOptions.now() - options.staleAfterMs, job.session_id) > 0) {
      job = getJobRow(app.db, job.id)!;
    }
    return toJob(job);
  });
}
