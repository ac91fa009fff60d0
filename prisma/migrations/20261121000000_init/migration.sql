-- Keys and the call history.

CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "key_hash" CHAR(64) NOT NULL,
    "key_prefix" VARCHAR(24) NOT NULL,
    "plan" VARCHAR(32) NOT NULL,
    "owner_wallet" VARCHAR(42),
    "client_name" VARCHAR(100),
    "email" VARCHAR(254),
    "intended_usage" VARCHAR(500),
    "rate_limit_per_minute" INTEGER NOT NULL,
    "quota_limit" INTEGER,
    "quota_remaining" INTEGER,
    "quota_reset_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");
CREATE INDEX "api_keys_owner_wallet_idx" ON "api_keys"("owner_wallet");

CREATE TABLE "api_calls" (
    "id" BIGSERIAL NOT NULL,
    "key_id" UUID NOT NULL,
    "surface" VARCHAR(1) NOT NULL,
    "method" VARCHAR(8) NOT NULL,
    "endpoint" VARCHAR(200) NOT NULL,
    "status" SMALLINT NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "chain" VARCHAR(16),
    "address" VARCHAR(42),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_calls_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "api_calls_key_id_created_at_idx" ON "api_calls"("key_id", "created_at");

ALTER TABLE "api_calls" ADD CONSTRAINT "api_calls_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
