// Agent sessions, jobs and turns: every read and write of the agent_* tables.
import { randomUUID } from 'node:crypto';
import type { AgentScope, Citation, Job, JobStatus } from '../../contract/agent.js';
import { prepared, spelled, type DB } from '../store/sql.js';

export interface SessionRow {
  id: string;
  workspace_id: string;
  key_id: string;
  user_id: string;
  title: string | null;
  scope: string;
  created_at: string;
  deleted_at: string | null;
}

export interface JobRow {
  id: string;
  session_id: string;
  workspace_id: string;
  key_id: string;
  status: JobStatus;
  client_ref: string | null;
  request: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  answer: string | null;
  partial_answer: string | null;
  citations: string;
  input_tokens: number;
  output_tokens: number;
  error: string | null;
  stop_requested_at: string | null;
  worker_id: string | null;
  heartbeat_at: number | null;
  seq: number;
}

export const LIVE_STATUSES: readonly JobStatus[] = ['QUEUED', 'RUNNING'];

export function insertSession(
  db: DB,
  owner: { workspaceId: string; keyId: string; userId: string },
  title: string | null,
  scope: AgentScope,
  nowIso: string,
): SessionRow {
  const row: SessionRow = {
    id: randomUUID(),
    workspace_id: owner.workspaceId,
    key_id: owner.keyId,
    user_id: owner.userId,
    title,
    scope: JSON.stringify(scope),
    created_at: nowIso,
    deleted_at: null,
  };
  prepared(db,
    `INSERT INTO agent_sessions (id, workspace_id, key_id, user_id, title, scope, created_at)
     VALUES (@id, @workspace_id, @key_id, @user_id, @title, @scope, @created_at)`,
  ).run(row);
  return row;
}

/** A live (not deleted) session of the workspace. */
export function getSession(db: DB, workspaceId: string, sessionId: string): SessionRow | undefined {
  return prepared(db, 'SELECT * FROM agent_sessions WHERE id = ? AND workspace_id = ? AND deleted_at IS NULL')
    .get(sessionId, workspaceId) as SessionRow | undefined;
}

export function listSessions(db: DB, workspaceId: string): SessionRow[] {
  return prepared(db, 'SELECT * FROM agent_sessions WHERE workspace_id = ? AND deleted_at IS NULL ORDER BY created_at DESC, rowid DESC')
    .all(workspaceId) as SessionRow[];
}

export function markSessionDeleted(db: DB, sessionId: string, nowIso: string): void {
  prepared(db, 'UPDATE agent_sessions SET deleted_at = ? WHERE id = ?').run(nowIso, sessionId);
}

export const toSession = (row: SessionRow) => ({
  session_id: row.id,
  title: row.title,
  scope: JSON.parse(row.scope) as AgentScope,
  created_at: row.created_at,
});

export function insertJob(
  db: DB,
  input: { sessionId: string; workspaceId: string; keyId: string; clientRef: string | null; request: unknown; prompt: string },
  nowIso: string,
): JobRow {
  const seq = (prepared(db, 'SELECT coalesce(max(seq), 0) + 1 FROM agent_jobs').pluck().get() as number) ?? 1;
  const id = randomUUID();
  prepared(db,
    `INSERT INTO agent_jobs (id, session_id, workspace_id, key_id, status, client_ref, request, created_at, seq)
     VALUES (?, ?, ?, ?, 'QUEUED', ?, ?, ?, ?)`,
  ).run(id, input.sessionId, input.workspaceId, input.keyId, input.clientRef, JSON.stringify(input.request), nowIso, seq);
  prepared(db, 'INSERT INTO agent_turns (job_id, session_id, user_prompt, created_at) VALUES (?, ?, ?, ?)').run(
    id,
    input.sessionId,
    input.prompt,
    nowIso,
  );
  return getJobRow(db, id)!;
}

export function getJobRow(db: DB, jobId: string): JobRow | undefined {
  return prepared(db, 'SELECT * FROM agent_jobs WHERE id = ?').get(jobId) as JobRow | undefined;
}

/** The session's newest job, live or not. */
export function latestJob(db: DB, sessionId: string): JobRow | undefined {
  return prepared(db, 'SELECT * FROM agent_jobs WHERE session_id = ? ORDER BY seq DESC LIMIT 1').get(sessionId) as JobRow | undefined;
}

export function listTurns(db: DB, sessionId: string) {
  return prepared(db,
      `SELECT t.job_id, t.user_prompt, j.status, t.created_at FROM agent_turns t JOIN agent_jobs j ON j.id = t.job_id
       WHERE t.session_id = ? ORDER BY j.seq`,
    )
    .all(sessionId) as { job_id: string; user_prompt: string; status: JobStatus; created_at: string }[];
}

/** Take the oldest queued job for this worker: QUEUED -> RUNNING. */
export function claimNextJob(db: DB, workerId: string, nowMs: number): JobRow | undefined {
  // PostgreSQL (the team service): processes sharing the database each take a different job;
  // SQLite has one writer at a time.
  const lock = spelled(db, { sqlite: '', postgres: 'FOR UPDATE SKIP LOCKED' });
  return prepared(db,
      `UPDATE agent_jobs SET status = 'RUNNING', worker_id = ?, started_at = ?, heartbeat_at = ?
       WHERE id = (SELECT id FROM agent_jobs WHERE status = 'QUEUED' AND stop_requested_at IS NULL ORDER BY seq LIMIT 1 ${lock})
       RETURNING *`,
    )
    .get(workerId, new Date(nowMs).toISOString(), nowMs) as JobRow | undefined;
}

/** This worker's running jobs whose stop was requested (perhaps through another service process). */
export function stopRequestedRuns(db: DB, workerId: string): string[] {
  return prepared(db, `SELECT id FROM agent_jobs WHERE worker_id = ? AND status = 'RUNNING' AND stop_requested_at IS NOT NULL`)
    .pluck()
    .all(workerId) as string[];
}

export function heartbeat(db: DB, jobId: string, workerId: string, nowMs: number): void {
  prepared(db, `UPDATE agent_jobs SET heartbeat_at = ? WHERE id = ? AND worker_id = ? AND status = 'RUNNING'`).run(nowMs, jobId, workerId);
}

export function writePartial(db: DB, jobId: string, partial: string, nowMs: number): void {
  prepared(db, `UPDATE agent_jobs SET partial_answer = ?, heartbeat_at = ? WHERE id = ? AND status = 'RUNNING'`).run(partial, nowMs, jobId);
}

export function requestStop(db: DB, jobId: string, nowIso: string): void {
  prepared(db, 'UPDATE agent_jobs SET stop_requested_at = coalesce(stop_requested_at, ?) WHERE id = ?').run(nowIso, jobId);
}

export interface Settlement {
  status: 'COMPLETED' | 'FAILED' | 'STOPPED';
  answer?: string | null;
  partial?: string | null;
  citations?: Citation[];
  cost?: { input_tokens: number; output_tokens: number };
  error?: { code: string; message: string } | null;
}

/** Move a live job to its final state; false when it was no longer live (another path settled it). */
export function settleJob(db: DB, jobId: string, s: Settlement, nowIso: string): boolean {
  const result = prepared(db,
      `UPDATE agent_jobs SET status = @status, finished_at = @now, answer = @answer,
         partial_answer = coalesce(@partial, partial_answer), citations = @citations,
         input_tokens = @input, output_tokens = @output, error = @error
       WHERE id = @id AND status IN ('QUEUED', 'RUNNING')`,
    )
    .run({
      id: jobId,
      status: s.status,
      now: nowIso,
      answer: s.answer ?? null,
      partial: s.partial ?? null,
      citations: JSON.stringify(s.citations ?? []),
      input: s.cost?.input_tokens ?? 0,
      output: s.cost?.output_tokens ?? 0,
      error: s.error ? JSON.stringify(s.error) : null,
    });
  return result.changes === 1;
}

/** RUNNING jobs whose worker has been silent since `beforeMs` become STALE (decisions 13). */
export function markStale(db: DB, beforeMs: number, sessionId?: string): number {
  const where = sessionId ? 'AND session_id = ?' : '';
  const args: unknown[] = [beforeMs];
  if (sessionId) args.push(sessionId);
  return prepared(db, `UPDATE agent_jobs SET status = 'STALE' WHERE status = 'RUNNING' AND coalesce(heartbeat_at, 0) < ? ${where}`)
    .run(...args).changes;
}

/** Queued jobs whose stop was requested before a restart: nothing will confirm them otherwise. */
export function queuedStopRequested(db: DB): JobRow[] {
  return prepared(db, `SELECT * FROM agent_jobs WHERE status = 'QUEUED' AND stop_requested_at IS NOT NULL`).all() as JobRow[];
}

export function toJob(row: JobRow): Job {
  return {
    job_id: row.id,
    session_id: row.session_id,
    status: row.status,
    client_ref: row.client_ref,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    answer: row.answer,
    partial_answer: row.partial_answer,
    citations: JSON.parse(row.citations) as Citation[],
    cost: { input_tokens: row.input_tokens, output_tokens: row.output_tokens },
    error: row.error ? (JSON.parse(row.error) as { code: string; message: string }) : null,
  };
}
