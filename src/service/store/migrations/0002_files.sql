-- Uploads, files, extracted values, blobs, the processing queue and the callback outbox.
CREATE TABLE blobs (
  sha256 TEXT PRIMARY KEY,                -- content address; the file lives at blobs/<aa>/<sha256>
  size INTEGER NOT NULL,
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
  is_split INTEGER NOT NULL DEFAULT 0,
  is_split_excel INTEGER NOT NULL DEFAULT 0,
  callback_url TEXT,
  callback_source TEXT,                   -- 'user' | 'api_key' | NULL
  ocr_model TEXT NOT NULL,
  schema_locking INTEGER NOT NULL DEFAULT 0,
  schema_id TEXT,
  directory_id TEXT,
  destination_path TEXT NOT NULL DEFAULT '',
  is_ephemeral INTEGER NOT NULL DEFAULT 0,
  page_count INTEGER,
  api_request_id TEXT,
  retain_zip_name INTEGER NOT NULL DEFAULT 0,
  blob_sha256 TEXT REFERENCES blobs(sha256), -- set by the presigned PUT
  size INTEGER,
  status TEXT NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'completed', 'failed')),
  error_reason TEXT,
  generation INTEGER NOT NULL DEFAULT 0,  -- bumped by every successful PUT: restarts processing
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX uploads_by_workspace ON uploads (workspace_id, created_at);

CREATE TABLE upload_steps (
  upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  step TEXT NOT NULL,
  status TEXT NOT NULL,
  timestamp TEXT NOT NULL,
  PRIMARY KEY (upload_id, seq)
);

CREATE TABLE files (
  id TEXT PRIMARY KEY,                    -- fileId (UUID), not the upload id
  upload_id TEXT NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  user_id TEXT NOT NULL,
  file_name TEXT NOT NULL,
  file_type TEXT NOT NULL,
  file_size INTEGER NOT NULL,
  blob_sha256 TEXT NOT NULL REFERENCES blobs(sha256),
  object_id TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL CHECK (status IN ('uploaded', 'processing', 'processed', 'failed')),
  schema_id TEXT,
  directory_id TEXT,
  destination_path TEXT NOT NULL DEFAULT '',
  error_reason TEXT,
  zip_archive_name TEXT,
  document_id TEXT,                       -- the file's logical document (decisions 12)
  page_count INTEGER,
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
  page INTEGER NOT NULL,
  source TEXT NOT NULL,                   -- 'text' | 'ocr'
  text TEXT NOT NULL,
  PRIMARY KEY (document_id, page)
);

CREATE TABLE processing_jobs (
  upload_id TEXT PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
  generation INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done')),
  attempts INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL
);

CREATE TABLE callback_outbox (
  id TEXT PRIMARY KEY,                    -- also the X-Event-Id
  workspace_id TEXT NOT NULL,
  key_id TEXT NOT NULL,                   -- whose signing secret signs it
  url TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,       -- epoch ms
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX callback_outbox_due ON callback_outbox (status, next_attempt_at);
