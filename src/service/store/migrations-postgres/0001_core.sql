-- Tenancy, API keys, directories and idempotency records of the local service.
CREATE TABLE organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL
);

CREATE TABLE workspaces (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  key_hash TEXT NOT NULL UNIQUE,          -- sha256 hex of the key; the key itself is never stored
  key_prefix TEXT NOT NULL,               -- first characters, for recognising a key in lists
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  user_id TEXT NOT NULL,
  read_only BIGINT NOT NULL DEFAULT 0,
  active BIGINT NOT NULL DEFAULT 1,
  callback_url TEXT,
  signing_secret TEXT NOT NULL,           -- HMAC key for callbacks; must be usable, so kept as is
  created_at TEXT NOT NULL
);

CREATE TABLE directories (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  description TEXT,
  status TEXT NOT NULL,
  parent_id TEXT REFERENCES directories(id),
  depth BIGINT NOT NULL,
  user_id TEXT NOT NULL,
  created_by TEXT,
  last_modified_by TEXT,
  tags TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX directories_by_parent ON directories (workspace_id, parent_id, name);

CREATE TABLE idempotency_records (
  key_id TEXT NOT NULL,
  method TEXT NOT NULL,
  path TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('in_flight', 'done')),
  status BIGINT,
  content_type TEXT,
  body TEXT,
  created_at BIGINT NOT NULL,            -- epoch ms
  PRIMARY KEY (key_id, method, path, idempotency_key)
);
CREATE INDEX idempotency_by_age ON idempotency_records (created_at);
