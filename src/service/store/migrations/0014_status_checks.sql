-- docsync: edits sqlite_schema
-- The same CHECK constraints, written as comparisons. SQLite evaluates `status IN ('a', 'b',
-- 'c')` (three values or more) by building a temporary index of the list for every row written:
-- about a fifth of the CPU of an upload ticket's INSERT. `status = 'a' OR ...` accepts and
-- refuses exactly the same values with three comparisons. Every stored row already satisfies
-- both forms, so only the tables' definitions change (sqlite.ts, EDITS_SCHEMA).
UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (status IN (''waiting'', ''completed'', ''failed''))',
                       'CHECK (status = ''waiting'' OR status = ''completed'' OR status = ''failed'')')
WHERE type = 'table' AND name = 'uploads';

UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (status IN (''uploaded'', ''processing'', ''processed'', ''failed''))',
                       'CHECK (status = ''uploaded'' OR status = ''processing'' OR status = ''processed'' OR status = ''failed'')')
WHERE type = 'table' AND name = 'files';

UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (state IN (''queued'', ''running'', ''done''))',
                       'CHECK (state = ''queued'' OR state = ''running'' OR state = ''done'')')
WHERE type = 'table' AND name = 'processing_jobs';

UPDATE sqlite_schema
SET sql = replace(sql, 'CHECK (status IN (''pending'', ''delivered'', ''failed''))',
                       'CHECK (status = ''pending'' OR status = ''delivered'' OR status = ''failed'')')
WHERE type = 'table' AND name = 'callback_outbox';
