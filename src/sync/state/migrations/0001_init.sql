-- One row per local file. `status` is moved only by transition() in files.ts.
CREATE TABLE files (
  id INTEGER PRIMARY KEY,
  folder TEXT NOT NULL,              -- absolute local folder path (the config's key)
  rel_path TEXT NOT NULL,            -- NFC, '/'-separated, relative to folder
  disk_path TEXT,                    -- the name as spelled on disk when that is not NFC (NFD from macOS)
  size INTEGER,
  mtime_ms REAL,
  sha256 TEXT,
  status TEXT NOT NULL CHECK (status IN
    ('discovered','settled','uploading','processing','exported','failed','skipped','removed')),
  reason TEXT,                       -- human reason of the last transition (failed, skipped, removed)
  attempts INTEGER NOT NULL DEFAULT 0,
  error_code TEXT,
  error_detail TEXT,                 -- JSON: the service's problem details when it gave them
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  ticket_gen INTEGER NOT NULL DEFAULT 0,  -- bumped for a new version or an expired ticket
  idempotency_key TEXT,
  remote_path TEXT,                  -- destinationPath sent with the ticket
  upload_id TEXT,
  ticket_at INTEGER,
  file_ids TEXT,                     -- JSON array
  previous_file_ids TEXT,            -- JSON array of the version this one replaced
  duplicate_of INTEGER,
  moved_to INTEGER,                  -- set on a removed row whose content reappeared elsewhere
  remote_deleted_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  exported_at INTEGER,
  UNIQUE (folder, rel_path)
);
CREATE INDEX files_work ON files (status, next_attempt_at);
CREATE INDEX files_hash ON files (sha256);

-- Append-only: what happened to each file, in order.
CREATE TABLE events (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL,
  at INTEGER NOT NULL,
  from_status TEXT,
  to_status TEXT NOT NULL,
  reason TEXT,
  data TEXT
);
CREATE INDEX events_file ON events (file_id);
CREATE TRIGGER events_append_only_u BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_append_only_d BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

-- Flags the CLI sets and the running daemon reads (pause per folder or global: folder '*').
CREATE TABLE pauses (
  folder TEXT PRIMARY KEY,
  at INTEGER NOT NULL
);

-- Requests from the CLI to the running daemon (export, reload); done_at set when handled.
CREATE TABLE requests (
  id INTEGER PRIMARY KEY,
  kind TEXT NOT NULL,
  arg TEXT,
  at INTEGER NOT NULL,
  done_at INTEGER
);

CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT
);
