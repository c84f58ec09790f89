-- Claims (decisions 24, docs/shared-folder.md): who among the desktops sharing a folder works on
-- a file (or writes the folder's ledgers). One row per (workspace, scope, key); never deleted, so
-- a finished claim keeps telling late desktops that the work is done.
CREATE TABLE claims (
  workspace_id TEXT NOT NULL,
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  holder TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('held', 'exported', 'failed')),
  path TEXT,
  expires_at BIGINT NOT NULL,
  result TEXT,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (workspace_id, scope, key)
);
