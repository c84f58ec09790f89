-- SQLite's 0014 rewrites its CHECK constraints from `IN (...)` to comparisons, because SQLite
-- builds a temporary index of the list for every row written. PostgreSQL evaluates `IN` lists
-- without one, so nothing changes here; the file keeps both engines' migrations numbered alike.
SELECT 1;
