-- PostgreSQL spelling of migrations/0003_file_types.sql (rowid: insertion order).
-- File types (blueprints) and their versioned schemas (decisions 21).
CREATE TABLE blueprints (
  id TEXT PRIMARY KEY,
  rowid BIGSERIAL,
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  class_name TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('DRAFT', 'APPROVED')),
  locked BIGINT NOT NULL DEFAULT 0,
  default_schema_id TEXT,
  is_default BIGINT NOT NULL DEFAULT 0,  -- the workspace's default file type (decisions 7)
  user_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE UNIQUE INDEX blueprints_class_name ON blueprints (workspace_id, class_name) WHERE deleted_at IS NULL;

CREATE TABLE schemas (
  id TEXT PRIMARY KEY,
  rowid BIGSERIAL,
  blueprint_id TEXT NOT NULL REFERENCES blueprints(id),
  workspace_id TEXT NOT NULL REFERENCES workspaces(id),
  name TEXT NOT NULL,
  version TEXT NOT NULL,                  -- "MAJOR.MINOR.PATCH"
  fields TEXT NOT NULL,                   -- JSON array of field definitions (spec 2.2)
  locked BIGINT NOT NULL DEFAULT 0,      -- set by schemaLocking on upload
  user_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE INDEX schemas_by_blueprint ON schemas (blueprint_id);
