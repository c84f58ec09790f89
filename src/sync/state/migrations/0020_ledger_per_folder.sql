-- A file is listed in more than one ledger (the watched folder's roll-up and its own
-- sub-folder's), so a ledger row is keyed by its ledger too. A row also carries the
-- document's review state (needs review / checked / auto; NULL when unknown) and the
-- line items themselves (inside fields_json), for the ledger's "Line items" sheet.
-- Owned by src/sync/export. Applied inside the migration runner's transaction.
CREATE TABLE ledger_rows_new (
  source_path   TEXT    NOT NULL,
  doc_index     INTEGER NOT NULL,
  ledger_dir    TEXT    NOT NULL,
  rel_path      TEXT    NOT NULL,
  document_name TEXT    NOT NULL,
  remote_path   TEXT    NOT NULL,
  status        TEXT    NOT NULL,
  processed_at  TEXT    NOT NULL,
  note          TEXT,
  fields_json   TEXT    NOT NULL,
  seq           INTEGER NOT NULL,
  in_csv        INTEGER NOT NULL DEFAULT 0,
  review_state  TEXT,
  PRIMARY KEY (ledger_dir, source_path, doc_index)
);
INSERT INTO ledger_rows_new (source_path, doc_index, ledger_dir, rel_path, document_name, remote_path, status,
  processed_at, note, fields_json, seq, in_csv)
  SELECT source_path, doc_index, ledger_dir, rel_path, document_name, remote_path, status,
  processed_at, note, fields_json, seq, in_csv FROM ledger_rows;
DROP TABLE ledger_rows;
ALTER TABLE ledger_rows_new RENAME TO ledger_rows;
CREATE INDEX ledger_rows_by_ledger ON ledger_rows (ledger_dir, seq);
CREATE INDEX ledger_rows_not_in_csv ON ledger_rows (ledger_dir, seq) WHERE in_csv = 0;
CREATE INDEX ledger_rows_by_source ON ledger_rows (source_path);
-- The layout changed (columns, formats): every ledger is written again once.
UPDATE ledger_files SET csv_rewrite = 1, csv_dirty = 1, xlsx_dirty = 1;
