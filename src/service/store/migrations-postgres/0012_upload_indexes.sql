-- No query reads uploads by (workspace_id, created_at): the index only cost every upload ticket,
-- the service's hottest write, a third B-tree insert. The ephemeral sweep (every minute) scanned
-- the whole table instead: it gets a partial index that ordinary uploads never touch.
DROP INDEX uploads_by_workspace;
CREATE INDEX uploads_ephemeral ON uploads (created_at) WHERE is_ephemeral = 1;
