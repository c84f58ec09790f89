-- The agent: sessions, their turns, the jobs that answer them (a persisted queue), and the
-- full-text index the answer engine retrieves from, kept current by triggers.
CREATE TABLE agent_sessions (
  id TEXT PRIMARY KEY,
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
  input_tokens INTEGER NOT NULL DEFAULT 0,
  output_tokens INTEGER NOT NULL DEFAULT 0,
  error TEXT,                             -- JSON { code, message }
  stop_requested_at TEXT,
  worker_id TEXT,
  heartbeat_at INTEGER,                   -- epoch ms of the worker's last report
  seq INTEGER NOT NULL                    -- queue order
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

-- Page text, one row per document page; rowid = document_pages.rowid.
CREATE VIRTUAL TABLE agent_page_index USING fts5(
  text, document_id UNINDEXED, file_id UNINDEXED, workspace_id UNINDEXED, page UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER agent_page_index_ai AFTER INSERT ON document_pages BEGIN
  INSERT INTO agent_page_index (rowid, text, document_id, file_id, workspace_id, page)
  VALUES (NEW.rowid, NEW.text, NEW.document_id, NEW.file_id, NEW.workspace_id, NEW.page);
END;
CREATE TRIGGER agent_page_index_ad AFTER DELETE ON document_pages BEGIN
  DELETE FROM agent_page_index WHERE rowid = OLD.rowid;
END;
CREATE TRIGGER agent_page_index_au AFTER UPDATE ON document_pages BEGIN
  DELETE FROM agent_page_index WHERE rowid = OLD.rowid;
  INSERT INTO agent_page_index (rowid, text, document_id, file_id, workspace_id, page)
  VALUES (NEW.rowid, NEW.text, NEW.document_id, NEW.file_id, NEW.workspace_id, NEW.page);
END;

-- Extracted values rendered as "Title: value" lines; rowid = form_values.rowid.
CREATE VIRTUAL TABLE agent_value_index USING fts5(
  text, document_id UNINDEXED, file_id UNINDEXED, workspace_id UNINDEXED,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER agent_value_index_ai AFTER INSERT ON form_values BEGIN
  INSERT INTO agent_value_index (rowid, text, document_id, file_id, workspace_id)
  VALUES (NEW.rowid,
    (SELECT coalesce(group_concat(json_extract(f.value, '$.title') || ': ' || coalesce(json_extract(f.value, '$.value'), ''), char(10)), '')
     FROM json_each(NEW.fields) f),
    NEW.document_id, NEW.file_id, NEW.workspace_id);
END;
CREATE TRIGGER agent_value_index_ad AFTER DELETE ON form_values BEGIN
  DELETE FROM agent_value_index WHERE rowid = OLD.rowid;
END;
CREATE TRIGGER agent_value_index_au AFTER UPDATE ON form_values BEGIN
  DELETE FROM agent_value_index WHERE rowid = OLD.rowid;
  INSERT INTO agent_value_index (rowid, text, document_id, file_id, workspace_id)
  VALUES (NEW.rowid,
    (SELECT coalesce(group_concat(json_extract(f.value, '$.title') || ': ' || coalesce(json_extract(f.value, '$.value'), ''), char(10)), '')
     FROM json_each(NEW.fields) f),
    NEW.document_id, NEW.file_id, NEW.workspace_id);
END;

-- Rows that existed before this migration.
INSERT INTO agent_page_index (rowid, text, document_id, file_id, workspace_id, page)
  SELECT rowid, text, document_id, file_id, workspace_id, page FROM document_pages;
INSERT INTO agent_value_index (rowid, text, document_id, file_id, workspace_id)
  SELECT v.rowid,
    (SELECT coalesce(group_concat(json_extract(f.value, '$.title') || ': ' || coalesce(json_extract(f.value, '$.value'), ''), char(10)), '')
     FROM json_each(v.fields) f),
    v.document_id, v.file_id, v.workspace_id
  FROM form_values v;
