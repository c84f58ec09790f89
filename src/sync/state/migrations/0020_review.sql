-- Review and correct (issue 16; src/sync/review/).
-- One row per exported file: its review state as last assessed from the values the service
-- delivered (`needs review`, `checked`, `auto`), why it needs review, and when a person confirmed it.
CREATE TABLE reviews (
  file_row INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
  state TEXT NOT NULL,
  reasons TEXT NOT NULL DEFAULT '[]',      -- JSON: [{ document, field?, kind: missing | low | check, detail }]
  confirmed_at INTEGER,
  confirmed_ids TEXT,                      -- JSON: the service file ids confirmed (a new version is reviewed again)
  values_at INTEGER NOT NULL,              -- when the values were exported (queue order: oldest first)
  updated_at INTEGER NOT NULL
);
CREATE INDEX reviews_queue ON reviews (state, values_at);

-- The outbox of corrections: committed here before anything is sent, so a restart half-way or
-- an offline remote service only delays them. A correction is one PATCH of one formValues
-- entry (decisions 23); `fields` keeps the value each replaced, for the sidecars.
CREATE TABLE corrections (
  id INTEGER PRIMARY KEY,
  file_row INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  file_id TEXT NOT NULL,                   -- the service's file id
  schema_value_id TEXT NOT NULL,           -- the formValues entry's id
  fields TEXT NOT NULL,                    -- JSON: [{ title, value, from }]
  status TEXT NOT NULL DEFAULT 'pending',  -- pending | sent | failed
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  idempotency_key TEXT NOT NULL,
  error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  rewritten_at INTEGER                     -- the sidecars and ledger row were rewritten after it was sent
);
CREATE INDEX corrections_due ON corrections (status, next_attempt_at);
CREATE INDEX corrections_file ON corrections (file_row);
CREATE INDEX corrections_unwritten ON corrections (file_row) WHERE status != 'pending' AND rewritten_at IS NULL;
