-- The time indexes of the files at rest (0011), their condition written as comparisons: an
-- `IN ('exported', 'failed', 'skipped', 'removed')` list built a temporary index for the old and
-- the new row of every UPDATE of files, in each of the two indexes (issue 20). The same rows are indexed; the
-- queries that read them name the same condition (AT_REST in src/sync/state/files.ts).
DROP INDEX files_done_recent;
DROP INDEX files_folder_done_recent;
CREATE INDEX files_done_recent ON files (updated_at)
  WHERE status = 'exported' OR status = 'failed' OR status = 'skipped' OR status = 'removed';
CREATE INDEX files_folder_done_recent ON files (folder, updated_at)
  WHERE status = 'exported' OR status = 'failed' OR status = 'skipped' OR status = 'removed';
