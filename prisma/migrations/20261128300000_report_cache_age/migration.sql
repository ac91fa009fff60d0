-- The hourly expiry (housekeeping-caches) deletes reports by age: an index on it, instead of a scan of
-- every stored report each hour.
CREATE INDEX "report_cache_created_at_idx" ON "report_cache"("created_at");
