-- Surface C (src/platform/platform.repository.ts): sign-up wallets, daily tier counters, known tokens.

CREATE TABLE "platform_accounts" (
    "key_id" UUID NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "wallet" VARCHAR(42),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "platform_accounts_pkey" PRIMARY KEY ("key_id")
);

CREATE TABLE "platform_daily_usage" (
    "subject" VARCHAR(64) NOT NULL,
    "day" DATE NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "platform_daily_usage_pkey" PRIMARY KEY ("subject", "day")
);

CREATE TABLE "platform_known_tokens" (
    "chain" VARCHAR(16) NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "symbol" VARCHAR(64) NOT NULL,
    "symbol_upper" VARCHAR(64) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "platform_known_tokens_pkey" PRIMARY KEY ("chain", "address")
);

CREATE INDEX "platform_accounts_wallet_idx" ON "platform_accounts"("wallet");
CREATE INDEX "platform_known_tokens_chain_symbol_upper_idx" ON "platform_known_tokens"("chain", "symbol_upper");

