-- The UI and `docsync status` at 100k files: counts per folder and status from a
-- covering index, and the newest-first activity list without sorting the table.
CREATE INDEX files_folder_status ON files (folder, status);
CREATE INDEX files_recent ON files (updated_at);
CREATE INDEX files_folder_recent ON files (folder, updated_at);
