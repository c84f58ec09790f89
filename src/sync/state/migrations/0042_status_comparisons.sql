-- docsync: edits sqlite_schema
-- The status CHECK of files, written as comparisons (as the service's 0014). SQLite evaluates
-- `status IN ('discovered', ...)` (three values or more) by building a temporary index of the list
-- for every row written, and every step of every file writes its row: in a burst, a sixth of the
-- instructions of a transition's UPDATE (issue 20). `status = 'discovered' OR ...` accepts and
-- refuses exactly the same values. Every stored row satisfies both forms, so only the table's
-- definition changes (sqlite.ts, EDITS_SCHEMA); the partial indexes follow in 0043.
UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (status IN
    (''discovered'',''settled'',''uploading'',''processing'',''exported'',''failed'',''skipped'',''removed''))',
                       'CHECK (status = ''discovered'' OR status = ''settled'' OR status = ''uploading'' OR status = ''processing''
    OR status = ''exported'' OR status = ''failed'' OR status = ''skipped'' OR status = ''removed'')')
WHERE type = 'table' AND name = 'files';
