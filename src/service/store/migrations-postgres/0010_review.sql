-- Review and correct (issue 16).
-- The cells of each page with their boxes (processing/pageWords.ts), JSON text: a reviewer
-- clicks a word on the page image to fill a field. NULL for pages processed before this.
ALTER TABLE document_pages ADD COLUMN words TEXT;

-- What a workspace's corrections taught about each vendor (processing/extract/memory/): the
-- vendor's keys (tax ids, name, header text) and, per corrected field, where its value stood
-- (the label beside it, its place) and its format. Exported and imported with the schemas.
CREATE TABLE vendor_memory (
  id TEXT PRIMARY KEY,
  workspace_id TEXT NOT NULL,
  keys TEXT NOT NULL,            -- JSON: { taxIds: [], names: [], header: string | null }
  fields TEXT NOT NULL,          -- JSON: { [fieldTitle]: { label, where, place, format, value } }
  corrections BIGINT NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX vendor_memory_workspace ON vendor_memory (workspace_id);
