-- Finished token reports, shared by every instance.

CREATE TABLE "report_cache" (
    "chain" VARCHAR(16) NOT NULL,
    "address" VARCHAR(42) NOT NULL,
    "features" VARCHAR(120) NOT NULL,
    "report" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "report_cache_pkey" PRIMARY KEY ("chain", "address", "features")
);
