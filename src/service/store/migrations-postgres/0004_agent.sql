-- PostgreSQL spelling of migrations/0004_agent.sql.
-- The agent: sessions, their turns, the jobs that answer them (a persisted queue), and the
-- full-text index the answer engine retrieves from, kept current by triggers.
CREATE TABLE agent_sessions (
  id TEXT PRIMARY KEY,
  rowid BIGSERIAL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  key_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  title TEXT,
  scope TEXT NOT NULL,                    -- JSON { file_ids?, document_ids?, directory_id?, use_all_files? }
  created_at TEXT NOT NULL,
  deleted_at TEXT                         -- deleted sessions are kept (turns retained) but unreachable
);
CREATE INDEX agent_sessions_by_workspace ON agent_sessions (workspace_id, created_at);

CREATE TABLE agent_jobs (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES agent_sessions(id),
  workspace_id TEXT NOT NULL,
  key_id TEXT NOT NULL,                   -- whose callback address and signing secret settle it
  status TEXT NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'STOPPED', 'STALE')),
  client_ref TEXT,
  request TEXT NOT NULL,                  -- JSON: the ask body with the resolved scope
  created_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  answer TEXT,
  partial_answer TEXT,
  citations TEXT NOT NULL DEFAULT '[]',
  input_tokens BIGINT NOT NULL DEFAULT 0,
  output_tokens BIGINT NOT NULL DEFAULT 0,
  error TEXT,                             -- JSON { code, message }
  stop_requested_at TEXT,
  worker_id TEXT,
  heartbeat_at BIGINT,                   -- epoch ms of the worker's last report
  seq BIGINT NOT NULL                    -- queue order
);
CREATE INDEX agent_jobs_queue ON agent_jobs (status, seq);
CREATE INDEX agent_jobs_by_session ON agent_jobs (session_id, seq);

CREATE TABLE agent_turns (
  job_id TEXT PRIMARY KEY REFERENCES agent_jobs(id),
  session_id TEXT NOT NULL REFERENCES agent_sessions(id),
  user_prompt TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX agent_turns_by_session ON agent_turns (session_id, created_at);

-- SQLite keeps FTS5 indexes of page text and extracted values, filled by triggers. On
-- PostgreSQL the answer engine searches document_pages and form_values themselves with
-- to_tsvector('simple', ...) (agent/engine/retrieval.ts); the GIN index serves the page text.
CREATE INDEX document_pages_text ON document_pages USING gin (to_tsvector('simple', text));
