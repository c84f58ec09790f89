-- As SQLite's 0016: a processing job's row lives only while the job is queued or running (endJob
-- deletes it in the run's transaction; the done rows left so far go here), and a file's pages are
-- found by file (cleared before a run writes them, deleted with the file, read for page words).
DELETE FROM processing_jobs WHERE state = 'done';
CREATE INDEX document_pages_by_file ON document_pages (file_id, page);
