-- The newest-first activity list read its order from two indexes on updated_at. Every
-- transition changes updated_at, so each one moved a file's entry in both: about four of the
-- ten or more WAL pages a transition wrote, for every step of every file in a burst. Only
-- files at rest (exported, failed, skipped, removed), almost every row of a large folder, are
-- indexed by time now; the few in flight are sorted when the list is read (filesPageSql in
-- src/sync/state/files.ts).
DROP INDEX files_recent;
DROP INDEX files_folder_recent;
CREATE INDEX files_done_recent ON files (updated_at) WHERE status IN ('exported', 'failed', 'skipped', 'removed');
CREATE INDEX files_folder_done_recent ON files (folder, updated_at) WHERE status IN ('exported', 'failed', 'skipped', 'removed');
