-- A replayed answer must not outlive what it hands out (issue 18): an upload ticket's presigned
-- address expires and names the service's base address, which changes when the service comes
-- back on another port. `valid_until` (epoch ms) and `base_url` bound the replay; past either,
-- the same key runs the request again. NULL: replayed for the whole window, as before.
ALTER TABLE idempotency_records ADD COLUMN valid_until BIGINT;
ALTER TABLE idempotency_records ADD COLUMN base_url TEXT;
