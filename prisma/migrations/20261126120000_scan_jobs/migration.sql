-- Asynchronous scans (issue 16): the job rows the API and the workers share, and their webhook
-- deliveries. The queue itself is pg-boss's, in its own schema (pgboss), created by pg-boss on start.

ALTER TABLE "api_keys" ADD COLUMN "webhook_secret" VARCHAR(64);

CREATE TABLE "scan_jobs" (
    "id" UUID NOT NULL,
    "key_id" UUID NOT NULL,
    "surface" VARCHAR(1) NOT NULL,
    "chain" VARCHAR(16) NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "request" JSONB NOT NULL,
    "status" VARCHAR(8) NOT NULL,
    "progress" JSONB NOT NULL DEFAULT '{}',
    "result" JSONB,
    "error" JSONB,
    "callback_url" VARCHAR(2048),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "scan_jobs_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "scan_jobs_status" CHECK ("status" IN ('queued', 'running', 'done', 'failed'))
);
CREATE INDEX "scan_jobs_key_id_created_at_idx" ON "scan_jobs"("key_id", "created_at");
ALTER TABLE "scan_jobs" ADD CONSTRAINT "scan_jobs_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "job_id" UUID NOT NULL,
    "key_id" UUID NOT NULL,
    "url" VARCHAR(2048) NOT NULL,
    "status" VARCHAR(10) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status" INTEGER,
    "last_error" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_status" CHECK ("status" IN ('pending', 'delivered', 'failed'))
);
CREATE UNIQUE INDEX "webhook_deliveries_job_id_key" ON "webhook_deliveries"("job_id");
CREATE INDEX "webhook_deliveries_key_id_created_at_idx" ON "webhook_deliveries"("key_id", "created_at");
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "scan_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
