-- Files removed while their upload was under way (a ticket, no result): few at any time, and
-- looked up by folder for every new file that settles (a file moved while docsync was down
-- may carry a later write than the one hashed, so its content hash does not find it).
CREATE INDEX files_removed_in_flight ON files (folder) WHERE status = 'removed' AND file_ids IS NULL AND upload_id IS NOT NULL AND moved_to IS NULL;
