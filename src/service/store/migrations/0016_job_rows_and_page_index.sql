-- A processing job's row now lives only while the job is queued or running: the run's own
-- transaction deletes it (store/processingRuns.ts endJob). Done rows were kept for every file ever
-- processed and nothing read them; the ones an earlier version left go here.
DELETE FROM processing_jobs WHERE state = 'done';

-- A file's pages are cleared before a run writes them (clearFileResults), deleted with the file
-- (ON DELETE CASCADE) and read by file for the page words: without an index each of these read
-- every page of every file stored.
CREATE INDEX document_pages_by_file ON document_pages (file_id, page);
