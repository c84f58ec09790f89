-- SQLite's 0015 gives the processing queue's look for queued jobs an index. PostgreSQL's
-- processing_jobs_queue (0002) serves it already; the file keeps both engines' migrations
-- numbered alike.
SELECT 1;
