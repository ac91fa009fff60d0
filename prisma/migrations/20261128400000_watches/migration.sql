-- Watches (issue 33): a key follows a token; the watcher re-scans it when something that can change its
-- verdict happens on chain, and records an alert when the verdict changed. Each chain's cursor (the last
-- block the watcher finished) advances in the same transaction as the alerts of its blocks, so a restarted
-- or second watcher neither misses nor repeats one.

CREATE TABLE "watches" (
    "id" UUID NOT NULL,
    "key_id" UUID NOT NULL,
    "chain" VARCHAR(16) NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "callback_url" VARCHAR(2048),
    "verdict" JSONB NOT NULL,
    "follows" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "checked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watches_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "watches_key_id_chain_address_key" ON "watches"("key_id", "chain", "address");
CREATE INDEX "watches_chain_idx" ON "watches"("chain");
ALTER TABLE "watches" ADD CONSTRAINT "watches_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "watch_cursors" (
    "chain" VARCHAR(16) NOT NULL,
    "block" BIGINT NOT NULL,
    "block_hash" CHAR(66) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watch_cursors_pkey" PRIMARY KEY ("chain")
);

CREATE TABLE "watch_alerts" (
    "id" BIGSERIAL NOT NULL,
    "watch_id" UUID NOT NULL,
    "key_id" UUID NOT NULL,
    "chain" VARCHAR(16) NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "block" BIGINT NOT NULL,
    "tx_hash" CHAR(66),
    "cause" VARCHAR(200) NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "change" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "watch_alerts_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "watch_alerts_watch_id_block_key" ON "watch_alerts"("watch_id", "block");
CREATE INDEX "watch_alerts_key_id_id_idx" ON "watch_alerts"("key_id", "id");
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_watch_id_fkey" FOREIGN KEY ("watch_id") REFERENCES "watches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "watch_alerts" ADD CONSTRAINT "watch_alerts_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A webhook delivery carries a finished job or a watch's alert: exactly one of the two, each at most once.
ALTER TABLE "webhook_deliveries" ALTER COLUMN "job_id" DROP NOT NULL;
ALTER TABLE "webhook_deliveries" ADD COLUMN "alert_id" BIGINT;
CREATE UNIQUE INDEX "webhook_deliveries_alert_id_key" ON "webhook_deliveries"("alert_id");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "watch_alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_one_subject" CHECK (("job_id" IS NULL) <> ("alert_id" IS NULL));
