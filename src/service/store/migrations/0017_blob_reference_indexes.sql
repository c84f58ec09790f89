-- The blob garbage collection (store/blobs.ts collectGarbage, after every delete of files and
-- every sweep of ephemeral uploads) asks, for each blob, whether an upload or a file still refers
-- to it, and the foreign keys ask the same when a blob's row goes. Without an index on the
-- references each question read every upload and every file: 1.5 s for one collection at 3,000
-- uploads, growing with the square of the files stored. An upload refers to a blob only once its
-- bytes arrived, so its index leaves out the tickets still waiting for them (no index write per ticket).
CREATE INDEX uploads_by_blob ON uploads (blob_sha256) WHERE blob_sha256 IS NOT NULL;
CREATE INDEX files_by_blob ON files (blob_sha256);
