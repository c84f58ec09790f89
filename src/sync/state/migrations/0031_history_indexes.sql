-- Lookups that walked every removed row (deleted files stay in state.db for good, so their number
-- only grows) get partial indexes holding just the rows they look for (issue 20):
-- the sweep that clears the outputs of deleted files (every 5 s: daemon.ts, sweepDeletedOutputs),
CREATE INDEX files_removed_uncleared ON files (updated_at) WHERE status = 'removed' AND moved_to IS NULL AND outputs_cleared_at IS NULL;
-- the remote deletion of deleted files (every 5 s with `deletions: delete-remote`),
CREATE INDEX files_removed_remote ON files (folder) WHERE status = 'removed' AND file_ids IS NOT NULL AND moved_to IS NULL AND remote_deleted_at IS NULL;
-- and the row waiting for an upload's result when the embedded service announces it (once per
-- file: it walked every row in `processing`, 2,000 of them in a burst of 2,000 files).
CREATE INDEX files_processing_upload ON files (upload_id) WHERE status = 'processing';
