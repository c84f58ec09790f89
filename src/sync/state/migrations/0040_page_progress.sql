-- Progress inside one long document (issue 19): while a file is processing, the pages the service
-- has read of how many, and when the last is expected at the pace so far (epoch ms, NULL before
-- it can be told). Written with the result poll's own update, only when the count moved; read by
-- the control API and `docsync status` (another process) only while the row is `processing`.
ALTER TABLE files ADD COLUMN pages_done INTEGER;
ALTER TABLE files ADD COLUMN pages_total INTEGER;
ALTER TABLE files ADD COLUMN pages_due_at INTEGER;
