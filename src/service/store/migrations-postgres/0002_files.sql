-- PostgreSQL spelling of migrations/0002_files.sql. `rowid BIGSERIAL` stands for SQLite's rowid
-- where a query orders by insertion (files, processing_jobs); processing_jobs also carries the
-- lease of the process running a job (worker, lease_until: store/processingRuns.ts).
-- Uploads, files, extracted values, blobs, the processing queue and the callback outbox.
CREATE TABLE blobs (
  sha256 TEXT PRIMARY KEY,                -- content address; the file lives at blobs/<aa>/<sha256>
  size BIGINT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE uploads (
  id TEXT PRIMARY KEY,                    -- uploadId (UUID)
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  key_id TEXT NOT NULL,
  user_id TEXT NOT NULL,
  object_id TEXT NOT NULL UNIQUE,         -- storagePath is local://<workspaceId>/<object_id>
  file_name TEXT NOT NULL,
  file_type TEXT NOT NULL,
  is_split BIGINT NOT NULL DEFAULT 0,
  is_split_excel BIGINT NOT NULL DEFAULT 0,
  callback_url TEXT,
  callback_source TEXT,                   -- 'user' | 'api_key' | NULL
  ocr_model TEXT NOT NULL,
  schema_locking BIGINT NOT NULL DEFAULT 0,
  schema_id TEXT,
  directory_id TEXT,
  destination_path TEXT NOT NULL DEFAULT '',
  is_ephemeral BIGINT NOT NULL DEFAULT 0,
  page_count BIGINT,
  api_request_id TEXT,
  retain_zip_name BIGINT NOT NULL DEFAULT 0,
  blob_sha256 TEXT REFERENCES blobs(sha256), -- set by the presigned PUT
  size BIGINT,
  status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'completed', 'failed')),
  error_reason TEXT,
  generation BIGINT NOT NULL DEFAULT 0,  -- bumped by every successful PUT: restarts processing
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX uploads_by_workspace ON uploads (workspace_id, created_at);

CREATE TABLE upload_steps (
  upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  seq BIGINT NOT NULL,
  step TEXT NOT NULL,
  status TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  PRIMARY KEY (upload_id, seq)
);

CREATE TABLE files (
  id TEXT PRIMARY KEY,                    -- fileId (UUID), not the upload id
  rowid BIGSERIAL,
  upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  user_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  file_type TEXT NOT NULL,
  file_size BIGINT NOT NULL,
  blob_sha256 TEXT NOT NULL REFERENCES blobs(sha256),
  object_id TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('uploaded', 'processing', 'processed', 'failed')),
  schema_id TEXT,
  directory_id TEXT,
  destination_path TEXT NOT NULL DEFAULT '',
  error_reason TEXT,
  zip_archive_name TEXT,
  document_id TEXT,                       -- the file's logical document (decisions 12)
  page_count BIGINT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX files_by_workspace ON files (workspace_id, created_at);
CREATE INDEX files_by_upload ON files (upload_id);

CREATE TABLE form_values (
  id TEXT PRIMARY KEY,                    -- schemaValueId
  file_id TEXT NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL,
  schema_id TEXT NOT NULL,
  schema_name TEXT NOT NULL,
  schema_relationship_id TEXT NOT NULL,
  document_id TEXT NOT NULL,
  fields TEXT NOT NULL,                   -- JSON array of { title, type, description, hidden, value, confidence }
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX form_values_by_file ON form_values (file_id, created_at);

CREATE TABLE document_pages (
  document_id TEXT NOT NULL,
  file_id TEXT NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL,
  page BIGINT NOT NULL,
  source TEXT NOT NULL,                   -- 'text' | 'ocr'
  text TEXT NOT NULL,
  PRIMARY KEY (document_id, page)
);

CREATE TABLE processing_jobs (
  upload_id TEXT PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
  generation BIGINT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done')),
  attempts BIGINT NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  rowid BIGSERIAL,
  worker TEXT,                            -- the process running it (state 'running')
  lease_until BIGINT                      -- epoch ms; past it another process takes the job over
);
CREATE INDEX processing_jobs_queue ON processing_jobs (state, updated_at, rowid);

CREATE TABLE callback_outbox (
  id TEXT PRIMARY KEY,                    -- also the X-Event-Id
  workspace_id TEXT NOT NULL,
  key_id TEXT NOT NULL,                   -- whose signing secret signs it
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts BIGINT NOT NULL DEFAULT 0,
  next_attempt_at BIGINT NOT NULL,       -- epoch ms
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX callback_outbox_due ON callback_outbox (status, next_attempt_at);
