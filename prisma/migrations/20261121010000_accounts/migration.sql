-- Accounts: test-key claims, wallet-proof nonces, plan purchases, and admin views of usage.

CREATE TABLE "test_key_claims" (
    "wallet" VARCHAR(42) NOT NULL,
    "key_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "test_key_claims_pkey" PRIMARY KEY ("wallet")
);

CREATE TABLE "wallet_nonces" (
    "nonce" VARCHAR(64) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "wallet_nonces_pkey" PRIMARY KEY ("nonce")
);

CREATE TABLE "plan_purchases" (
    "id" UUID NOT NULL,
    "wallet" VARCHAR(42) NOT NULL,
    "plan" VARCHAR(32) NOT NULL,
    "chain" VARCHAR(16) NOT NULL,
    "tx_hash" VARCHAR(66) NOT NULL,
    "log_index" INTEGER NOT NULL,
    "token" VARCHAR(42) NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "block_number" BIGINT NOT NULL,
    "key_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "plan_purchases_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "plan_purchases_chain_tx_hash_log_index_key" ON "plan_purchases"("chain", "tx_hash", "log_index");
CREATE INDEX "plan_purchases_wallet_idx" ON "plan_purchases"("wallet");

-- For admins: SELECT * FROM daily_usage_per_key WHERE day > current_date - 7 ORDER BY calls DESC;
CREATE VIEW "daily_usage_per_key" AS
SELECT
    (c."created_at" AT TIME ZONE 'UTC')::date AS "day",
    k."id" AS "key_id",
    k."key_prefix",
    k."plan",
    k."owner_wallet",
    k."email",
    count(*) AS "calls",
    count(*) FILTER (WHERE c."status" < 400) AS "ok_calls",
    count(*) FILTER (WHERE c."status" = 429) AS "rate_limited_calls",
    count(*) FILTER (WHERE c."status" >= 500) AS "server_error_calls",
    round(avg(c."latency_ms"))::integer AS "avg_latency_ms"
FROM "api_calls" c
JOIN "api_keys" k ON k."id" = c."key_id"
GROUP BY 1, 2, 3, 4, 5, 6;

CREATE VIEW "daily_usage_per_plan" AS
SELECT
    (c."created_at" AT TIME ZONE 'UTC')::date AS "day",
    k."plan",
    count(DISTINCT k."id") AS "active_keys",
    count(*) AS "calls",
    count(*) FILTER (WHERE c."status" < 400) AS "ok_calls",
    count(*) FILTER (WHERE c."status" = 429) AS "rate_limited_calls",
    round(avg(c."latency_ms"))::integer AS "avg_latency_ms"
FROM "api_calls" c
JOIN "api_keys" k ON k."id" = c."key_id"
GROUP BY 1, 2;
