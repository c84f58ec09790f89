-- The spreadsheet's size and mtime after our last write, as the CSV has (0010): a desktop that
-- becomes a shared folder's ledger writer again rewrites only the ledgers someone else changed
-- since (docs/shared-folder.md), not every ledger of the folder at every start.
ALTER TABLE ledger_files ADD COLUMN xlsx_size INTEGER;
ALTER TABLE ledger_files ADD COLUMN xlsx_mtime_ms REAL;
