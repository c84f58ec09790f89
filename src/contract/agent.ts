// The question-answering agent (spec 2.5, part 3, 4.3-4.5; decisions 9-11, 13, 14):
// sessions hold turns, each turn is a job answered in the background.
import { z } from 'zod';
import { DateTime } from './common.js';
import { defineOperation } from './operation.js';

/** Limits of spec 4.3 / part 8. */
export const AGENT_LIMITS = { userPrompt: 30_000, ids: 100, clientRef: 255, useAllFiles: 100 } as const;

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'STOPPED', 'STALE'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;
/** States a job never leaves (STALE included: nothing moves it on). */
export const SETTLED_STATUSES: readonly JobStatus[] = ['COMPLETED', 'FAILED', 'STOPPED'];

const Id = z.string().min(1).max(255);
const IdList = z.array(Id).max(AGENT_LIMITS.ids, `At most ${AGENT_LIMITS.ids} ids.`);

/** A BCP-47 tag, loosely: `en`, `ja`, `en-US`, `zh-Hant-TW`. */
const LanguageCode = z.string().regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, 'Must be a BCP-47 language tag.');

/** What a session or a turn searches (decisions 9; spec 4.3). */
export const AgentScopeSchema = z.object({
  file_ids: IdList.optional(),
  document_ids: IdList.optional(),
  directory_id: Id.optional(),
  use_all_files: z.boolean().optional(),
});
export type AgentScope = z.infer<typeof AgentScopeSchema>;

export const CreateSessionBody = AgentScopeSchema.extend({ title: z.string().max(255).optional() });

export const SessionSchema = z.object({
  session_id: z.string(),
  title: z.string().nullable(),
  scope: AgentScopeSchema,
  created_at: DateTime,
});
export type Session = z.infer<typeof SessionSchema>;

export const TurnSchema = z.object({
  job_id: z.string(),
  user_prompt: z.string(),
  status: JobStatusSchema,
  created_at: DateTime,
});

export const SessionDetailSchema = SessionSchema.extend({
  /** The job of the live run, if any (QUEUED or RUNNING). */
  live_job_id: z.string().nullable(),
  turns: z.array(TurnSchema),
});

const SessionParams = z.object({ session_id: Id });

/** Spec 4.3. */
export const AskBody = AgentScopeSchema.extend({
  user_prompt: z.string().min(1).max(AGENT_LIMITS.userPrompt, `At most ${AGENT_LIMITS.userPrompt} characters.`),
  llm_model: z.string().min(1).max(255).optional(),
  allow_internet_search: z.boolean().optional(),
  allow_ai_query_subagent: z.boolean().optional(),
  client_ref: z.string().max(AGENT_LIMITS.clientRef, `At most ${AGENT_LIMITS.clientRef} characters.`).optional(),
  language_code: LanguageCode.max(35).optional(),
});
export type AskInput = z.infer<typeof AskBody>;

/** Spec 2.5. */
export const JobHandleSchema = z.object({
  job_id: z.string(),
  status: JobStatusSchema,
  session_id: z.string(),
  created_at: DateTime,
  poll_url: z.string(),
});
export type JobHandle = z.infer<typeof JobHandleSchema>;

export const CitationSchema = z.object({
  file_id: z.string(),
  document_id: z.string(),
  page: z.number().int().nullable(),
  snippet: z.string(),
});
export type Citation = z.infer<typeof CitationSchema>;

/** Decisions 11. */
export const JobSchema = z.object({
  job_id: z.string(),
  session_id: z.string(),
  status: JobStatusSchema,
  client_ref: z.string().nullable(),
  created_at: DateTime,
  started_at: DateTime.nullable(),
  finished_at: DateTime.nullable(),
  answer: z.string().nullable(),
  partial_answer: z.string().nullable(),
  citations: z.array(CitationSchema),
  cost: z.object({ input_tokens: z.number().int(), output_tokens: z.number().int() }),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type Job = z.infer<typeof JobSchema>;

/** Spec 4.4. */
export const StopResponseSchema = z.object({
  session_id: z.string(),
  stop_requested: z.boolean(),
  run_status: JobStatusSchema.nullable(),
  job_id: z.string().nullable(),
  poll_url: z.string().nullable(),
});

/** Spec 4.5. */
export const DeleteSessionResponseSchema = z.object({
  session_id: z.string(),
  deleted: z.boolean(),
  stopped_run: z.boolean(),
  job_id: z.string().nullable(),
});

/** The agent-settled callback body (decisions 14). */
export interface AgentSettledEvent {
  event: 'agent.job_settled';
  job_id: string;
  session_id: string;
  status: JobStatus;
  client_ref: string | null;
  timestamp: string;
}

const common = { tags: ['agent'], errors: [400, 401, 403, 404, 409, 422, 429, 500] };

export const createAgentSession = defineOperation({
  ...common,
  id: 'createAgentSession',
  method: 'POST',
  path: '/prod/v2/agent/sessions',
  summary: 'Create an agent session with its scope (decisions 9).',
  body: CreateSessionBody,
  status: 201,
  response: SessionSchema,
  idempotency: 'optional',
  write: true,
  extension: true,
});

export const listAgentSessions = defineOperation({
  ...common,
  id: 'listAgentSessions',
  method: 'GET',
  path: '/prod/v2/agent/sessions',
  summary: 'List the workspace\'s agent sessions, newest first (decisions 9).',
  status: 200,
  response: z.object({ sessions: z.array(SessionSchema) }),
  idempotency: 'none',
  write: false,
  extension: true,
});

export const getAgentSession = defineOperation({
  ...common,
  id: 'getAgentSession',
  method: 'GET',
  path: '/prod/v2/agent/sessions/{session_id}',
  summary: 'Read one agent session with its turns (decisions 9).',
  params: SessionParams,
  status: 200,
  response: SessionDetailSchema,
  idempotency: 'none',
  write: false,
  extension: true,
});

export const askAgent = defineOperation({
  ...common,
  id: 'askAgent',
  method: 'POST',
  path: '/prod/v2/agent/sessions/{session_id}/ask',
  summary: 'Ask a question: adds a turn and returns a job handle (spec 4.3).',
  params: SessionParams,
  body: AskBody,
  status: 202,
  response: JobHandleSchema,
  idempotency: 'required',
  write: true,
});

export const stopAgentSession = defineOperation({
  ...common,
  id: 'stopAgentSession',
  method: 'POST',
  path: '/prod/v2/agent/sessions/{session_id}/stop',
  summary: 'Request a stop of the live run (spec 4.4, decisions 10).',
  params: SessionParams,
  status: 200,
  response: StopResponseSchema,
  idempotency: 'required',
  write: true,
});

export const deleteAgentSession = defineOperation({
  ...common,
  id: 'deleteAgentSession',
  method: 'DELETE',
  path: '/prod/v2/agent/sessions/{session_id}',
  summary: 'Delete a session, stopping its live run first (spec 4.5).',
  params: SessionParams,
  status: 200,
  response: DeleteSessionResponseSchema,
  idempotency: 'optional',
  write: true,
});

export const getAgentJob = defineOperation({
  ...common,
  id: 'getAgentJob',
  method: 'GET',
  path: '/prod/v2/jobs/{job_id}',
  summary: 'Read a job: status, answer or partial answer, citations, cost (decisions 11).',
  params: z.object({ job_id: Id }),
  status: 200,
  response: JobSchema,
  idempotency: 'none',
  write: false,
});

export const agentOperations = [createAgentSession, listAgentSessions, getAgentSession, askAgent, stopAgentSession, deleteAgentSession, getAgentJob];
