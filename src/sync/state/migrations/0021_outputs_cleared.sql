-- A file deleted locally: when its sidecars and ledger rows were dealt with (removed, or
-- kept and marked "deleted"), so the sweep that does it runs once per deletion.
ALTER TABLE files ADD COLUMN outputs_cleared_at INTEGER;
