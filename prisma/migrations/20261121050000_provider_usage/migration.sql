-- Upstream calls per provider kind per UTC day, summed over every instance.

CREATE TABLE "provider_usage_daily" (
    "day" DATE NOT NULL,
    "provider" VARCHAR(40) NOT NULL,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "rate_limit_hits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "provider_usage_daily_pkey" PRIMARY KEY ("day", "provider")
);
