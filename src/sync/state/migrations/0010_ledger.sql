-- Ledgers (docsync-ledger.csv / .xlsx): owned by src/sync/export.
-- The rows are kept here so a ledger is updated incrementally and rebuilt
-- without reading any sidecar. Applied by the state migration runner inside
-- its transaction (no BEGIN/COMMIT here).

-- One row per document of a local file (a split upload gives several).
CREATE TABLE ledger_rows (
  source_path   TEXT    NOT NULL,            -- absolute path of the local file, NFC
  doc_index     INTEGER NOT NULL,            -- 0.. within the file's documents
  ledger_dir    TEXT    NOT NULL,            -- folder holding the ledger files
  rel_path      TEXT    NOT NULL,            -- source path relative to ledger_dir, '/' separators
  document_name TEXT    NOT NULL,
  remote_path   TEXT    NOT NULL,
  status        TEXT    NOT NULL,
  processed_at  TEXT    NOT NULL,            -- ISO 8601
  note          TEXT,
  fields_json   TEXT    NOT NULL,            -- [{ t: title, y: type, v: value, n?: line items }]
  seq           INTEGER NOT NULL,            -- order of first appearance, kept across updates
  in_csv        INTEGER NOT NULL DEFAULT 0,  -- 1 once the row is in the CSV on disk
  PRIMARY KEY (source_path, doc_index)
);
CREATE INDEX ledger_rows_by_ledger ON ledger_rows (ledger_dir, seq);
-- Rows not yet in the CSV: what an append reads, without scanning the whole ledger.
CREATE INDEX ledger_rows_not_in_csv ON ledger_rows (ledger_dir, seq) WHERE in_csv = 0;

-- Field columns per ledger, in stable order of first appearance.
CREATE TABLE ledger_columns (
  ledger_dir TEXT    NOT NULL,
  title      TEXT    NOT NULL,
  position   INTEGER NOT NULL,
  PRIMARY KEY (ledger_dir, title)
);

-- Per ledger: what is on disk and what still has to be written.
CREATE TABLE ledger_files (
  ledger_dir      TEXT    PRIMARY KEY,
  csv_header_json TEXT,                      -- field titles of the CSV on disk; NULL: none written
  csv_size        INTEGER,                   -- size and mtime after our last write, to detect
  csv_mtime_ms    REAL,                      -- edits or a torn append (then: rewrite)
  csv_rewrite     INTEGER NOT NULL DEFAULT 1,-- 1: the CSV must be rewritten whole
  csv_dirty       INTEGER NOT NULL DEFAULT 1,
  xlsx_dirty      INTEGER NOT NULL DEFAULT 1,
  last_error_code TEXT,
  last_error      TEXT,
  failed_since    TEXT
);
