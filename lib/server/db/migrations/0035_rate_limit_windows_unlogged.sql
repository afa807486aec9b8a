-- The counting windows of the rate limits are written by nearly every request that changes
-- something (the write budget, the likes, chat and payment budgets) when Redis is not configured.
-- Unlogged: their rows skip the write-ahead log, so a commit that only counts a hit does not wait
-- for a disk flush. What that costs: after a crash of the database server the windows are empty
-- (every budget starts afresh, as with Redis, which keeps nothing on disk either), and standbys do
-- not have them. Counts made inside a transaction still roll back with it.
ALTER TABLE "rate_limits" SET UNLOGGED;
