-- A block replayed after a reorg may alert a watch again at the same height (the cursor's compare-and-set in the
-- alerts' transaction is what keeps a block from being finished twice), and a rewind looks up the alerts above it.
DROP INDEX "watch_alerts_watch_id_block_key";
CREATE INDEX "watch_alerts_chain_block_idx" ON "watch_alerts"("chain", "block");
