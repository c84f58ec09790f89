-- The processing queue looks for queued jobs each time a run ends or a file arrives
-- (store/processingRuns.ts queuedJobs: state = 'queued' ORDER BY updated_at, rowid). Without an
-- index that walked every job ever run, done ones included: the service's CPU per 2,000 uploads
-- doubled between 8,000 and 10,000 stored files (npm run bench -- sync). The partial index holds
-- the queued jobs only, in the order the query reads them; done jobs leave it.
CREATE INDEX processing_jobs_queued ON processing_jobs (updated_at) WHERE state = 'queued';
