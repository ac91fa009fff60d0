-- Holder index (src/analysis/holders): Transfer logs folded into balances per token, with a
-- per-token checkpoint and a rolling window of recent transfers. Addresses are lowercase hex.

CREATE TABLE "holder_checkpoints" (
    "chain" VARCHAR(16) NOT NULL,
    "token" VARCHAR(42) NOT NULL,
    "last_block" BIGINT NOT NULL,
    "holder_count" INTEGER NOT NULL,
    "transfer_count" BIGINT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "holder_checkpoints_pkey" PRIMARY KEY ("chain", "token")
);

CREATE TABLE "holder_balances" (
    "chain" VARCHAR(16) NOT NULL,
    "token" VARCHAR(42) NOT NULL,
    "holder" VARCHAR(42) NOT NULL,
    "balance" DECIMAL(78,0) NOT NULL,
    "first_in_block" BIGINT,
    "first_in_at" TIMESTAMPTZ(3),
    "is_contract" BOOLEAN,

    CONSTRAINT "holder_balances_pkey" PRIMARY KEY ("chain", "token", "holder")
);

-- Top holders. Every balance update also rewrites this index (about 40% of the indexing cost);
-- no other secondary index on this table, so new holders are found through recent transfers.
CREATE INDEX "holder_balances_chain_token_balance_idx" ON "holder_balances"("chain", "token", "balance" DESC);

CREATE TABLE "holder_transfers" (
    "chain" VARCHAR(16) NOT NULL,
    "token" VARCHAR(42) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "from_address" VARCHAR(42) NOT NULL,
    "to_address" VARCHAR(42) NOT NULL,
    "value" DECIMAL(78,0) NOT NULL,
    "block_time" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "holder_transfers_pkey" PRIMARY KEY ("chain", "token", "block_number", "log_index")
);

CREATE INDEX "holder_transfers_chain_token_block_time_idx" ON "holder_transfers"("chain", "token", "block_time");
