-- As SQLite's 0017: the references to a blob found by index, for the blob garbage collection's
-- checks and the foreign keys' when a blob's row is deleted (each read every upload and file).
CREATE INDEX uploads_by_blob ON uploads (blob_sha256) WHERE blob_sha256 IS NOT NULL;
CREATE INDEX files_by_blob ON files (blob_sha256);
