-- Bounded usage data (issue 32, item 5): the call history partitioned by UTC day, so old days are
-- dropped whole; exact daily rollups per key, maintained by the insert itself, which every usage read
-- and the admin views read instead of the raw calls.

DROP VIEW "daily_usage_per_plan";
DROP VIEW "daily_usage_per_key";

-- 1. api_calls becomes a table partitioned by created_at (one partition per UTC day, and a DEFAULT
-- partition so an insert never fails for a day whose partition is missing). A partitioned table's
-- primary key must hold the partition key: (id, created_at). Nothing references api_calls.
ALTER TABLE "api_calls" RENAME TO "api_calls_unpartitioned";
ALTER TABLE "api_calls_unpartitioned" RENAME CONSTRAINT "api_calls_pkey" TO "api_calls_unpartitioned_pkey";
ALTER TABLE "api_calls_unpartitioned" DROP CONSTRAINT "api_calls_key_id_fkey";
ALTER INDEX "api_calls_key_id_created_at_idx" RENAME TO "api_calls_unpartitioned_key_id_created_at_idx";
ALTER SEQUENCE "api_calls_id_seq" OWNED BY NONE;

CREATE TABLE "api_calls" (
    "id" BIGINT NOT NULL DEFAULT nextval('api_calls_id_seq'),
    "key_id" UUID NOT NULL,
    "surface" VARCHAR(1) NOT NULL,
    "method" VARCHAR(8) NOT NULL,
    "endpoint" VARCHAR(200) NOT NULL,
    "status" SMALLINT NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "chain" VARCHAR(16),
    "address" VARCHAR(42),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_calls_pkey" PRIMARY KEY ("id", "created_at")
) PARTITION BY RANGE ("created_at");

ALTER SEQUENCE "api_calls_id_seq" OWNED BY "api_calls"."id";
CREATE INDEX "api_calls_key_id_created_at_idx" ON "api_calls"("key_id", "created_at");
ALTER TABLE "api_calls" ADD CONSTRAINT "api_calls_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "api_calls_default" PARTITION OF "api_calls" DEFAULT;

-- The partition of one UTC day, made if missing (named api_calls_YYYYMMDD). Rows of that day already in
-- the DEFAULT partition move into it, so it can always be made. Safe to call from several sessions.
CREATE FUNCTION "api_calls_ensure_partition"(p_day DATE) RETURNS TEXT
LANGUAGE plpgsql AS $$
DECLARE
    part TEXT := 'api_calls_' || to_char(p_day, 'YYYYMMDD');
    lo TIMESTAMPTZ := p_day::timestamp AT TIME ZONE 'UTC';
    hi TIMESTAMPTZ := (p_day + 1)::timestamp AT TIME ZONE 'UTC';
    caller_lock_timeout TEXT := current_setting('lock_timeout');
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('api_calls_ensure_partition'));
    IF to_regclass(format('public.%I', part)) IS NOT NULL THEN
        RETURN part;
    END IF;
    -- Wait at most 2 s for a lock (a caller retries later) rather than queue inserts behind us; hold
    -- DEFAULT against inserts until the ATTACH, so no row of the day lands there in between.
    PERFORM set_config('lock_timeout', '2s', true);
    LOCK TABLE public.api_calls_default IN EXCLUSIVE MODE;
    EXECUTE format('CREATE TABLE public.%I (LIKE public.api_calls INCLUDING DEFAULTS)', part);
    EXECUTE format(
        'WITH moved AS (DELETE FROM public.api_calls_default WHERE created_at >= %L AND created_at < %L RETURNING *) '
        'INSERT INTO public.%I SELECT * FROM moved', lo, hi, part);
    EXECUTE format('ALTER TABLE public.api_calls ATTACH PARTITION public.%I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
    PERFORM set_config('lock_timeout', caller_lock_timeout, true);
    RETURN part;
END;
$$;

-- Drops the day partitions before p_cutoff (a UTC day) and deletes that old part of the DEFAULT
-- partition; returns the partitions dropped. The rollups keep those days' counts.
CREATE FUNCTION "api_calls_drop_days_before"(p_cutoff DATE) RETURNS SETOF TEXT
LANGUAGE plpgsql AS $$
DECLARE
    part TEXT;
    caller_lock_timeout TEXT := current_setting('lock_timeout');
BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('api_calls_ensure_partition'));
    -- DETACH takes api_calls' strongest lock for a moment: give up after 2 s (the next run drops the
    -- day) rather than queue every insert behind a long read.
    PERFORM set_config('lock_timeout', '2s', true);
    FOR part IN
        SELECT c.relname FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'public.api_calls'::regclass
          AND c.relname ~ '^api_calls_[0-9]{8}$'
          AND to_date(substr(c.relname, 11), 'YYYYMMDD') < p_cutoff
        ORDER BY c.relname
    LOOP
        EXECUTE format('ALTER TABLE public.api_calls DETACH PARTITION public.%I', part);
        EXECUTE format('DROP TABLE public.%I', part);
        RETURN NEXT part;
    END LOOP;
    DELETE FROM public.api_calls_default WHERE created_at < (p_cutoff::timestamp AT TIME ZONE 'UTC');
    PERFORM set_config('lock_timeout', caller_lock_timeout, true);
END;
$$;

SELECT "api_calls_ensure_partition"(d::date)
FROM (
    SELECT DISTINCT ("created_at" AT TIME ZONE 'UTC')::date AS d FROM "api_calls_unpartitioned"
    UNION
    SELECT (now() AT TIME ZONE 'UTC')::date + i FROM generate_series(0, 7) AS i
) days
ORDER BY d;

-- 2. Daily rollups per key, exact: the trigger below adds each inserted statement's rows in the same
-- transaction, one upsert per (key, day), so concurrent inserts never lose a count, and dropping a raw
-- day never changes them.
CREATE TABLE "api_usage_daily" (
    "key_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "calls" BIGINT NOT NULL,
    "ok_calls" BIGINT NOT NULL,
    "client_error_calls" BIGINT NOT NULL,
    "rate_limited_calls" BIGINT NOT NULL,
    "server_error_calls" BIGINT NOT NULL,
    "latency_ms_sum" BIGINT NOT NULL,

    CONSTRAINT "api_usage_daily_pkey" PRIMARY KEY ("key_id", "day")
);

CREATE INDEX "api_usage_daily_day_idx" ON "api_usage_daily"("day");
ALTER TABLE "api_usage_daily" ADD CONSTRAINT "api_usage_daily_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "api_calls" SELECT * FROM "api_calls_unpartitioned";
DROP TABLE "api_calls_unpartitioned";

INSERT INTO "api_usage_daily"
SELECT "key_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*),
       count(*) FILTER (WHERE "status" < 400),
       count(*) FILTER (WHERE "status" >= 400 AND "status" < 500),
       count(*) FILTER (WHERE "status" = 429),
       count(*) FILTER (WHERE "status" >= 500),
       coalesce(sum("latency_ms"), 0)
FROM "api_calls"
GROUP BY 1, 2;

-- Rows are upserted in key order so two concurrent statements lock shared rows in the same order (no deadlock).
CREATE FUNCTION "api_usage_daily_add"() RETURNS TRIGGER
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO "api_usage_daily" AS u
    SELECT "key_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*),
           count(*) FILTER (WHERE "status" < 400),
           count(*) FILTER (WHERE "status" >= 400 AND "status" < 500),
           count(*) FILTER (WHERE "status" = 429),
           count(*) FILTER (WHERE "status" >= 500),
           coalesce(sum("latency_ms"), 0)
    FROM new_calls
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT ("key_id", "day") DO UPDATE SET
        "calls" = u."calls" + excluded."calls",
        "ok_calls" = u."ok_calls" + excluded."ok_calls",
        "client_error_calls" = u."client_error_calls" + excluded."client_error_calls",
        "rate_limited_calls" = u."rate_limited_calls" + excluded."rate_limited_calls",
        "server_error_calls" = u."server_error_calls" + excluded."server_error_calls",
        "latency_ms_sum" = u."latency_ms_sum" + excluded."latency_ms_sum";
    RETURN NULL;
END;
$$;

CREATE TRIGGER "api_calls_roll_up" AFTER INSERT ON "api_calls"
REFERENCING NEW TABLE AS new_calls
FOR EACH STATEMENT EXECUTE FUNCTION "api_usage_daily_add"();

-- 3. The admin views, same names and columns, now over the rollups.
-- For admins: SELECT * FROM daily_usage_per_key WHERE day > current_date - 7 ORDER BY calls DESC;
CREATE VIEW "daily_usage_per_key" AS
SELECT
    u."day",
    k."id" AS "key_id",
    k."key_prefix",
    k."plan",
    k."owner_wallet",
    k."email",
    u."calls",
    u."ok_calls",
    u."rate_limited_calls",
    u."server_error_calls",
    round(u."latency_ms_sum"::numeric / u."calls")::integer AS "avg_latency_ms"
FROM "api_usage_daily" u
JOIN "api_keys" k ON k."id" = u."key_id";

CREATE VIEW "daily_usage_per_plan" AS
SELECT
    u."day",
    k."plan",
    count(DISTINCT k."id") AS "active_keys",
    sum(u."calls")::bigint AS "calls",
    sum(u."ok_calls")::bigint AS "ok_calls",
    sum(u."rate_limited_calls")::bigint AS "rate_limited_calls",
    round(sum(u."latency_ms_sum")::numeric / sum(u."calls"))::integer AS "avg_latency_ms"
FROM "api_usage_daily" u
JOIN "api_keys" k ON k."id" = u."key_id"
GROUP BY 1, 2;
