/**
 * Usage data at 2,000 calls/s, run by hand:  npm run bench:usage
 *
 * Fills one simulated UTC day (yesterday) of api_calls at BENCH_RATE calls/s (default 2,000) for
 * BENCH_SECONDS (default 86,400: the whole day, 172.8 million calls) among BENCH_KEYS keys (default
 * 5,000; ten per wallet), with generate_series inserts of ten simulated minutes each into a scratch
 * database (BENCH_DATABASE_URL, DATABASE_URL or postgresql://postgres@127.0.0.1:5432; created and
 * dropped). Every insert goes through the rollup trigger, as the service's do. Then it reports:
 * the fill's rate, the recorder's own path (500-call batches through CallLogRepository.insertMany),
 * table sizes, the latency of /user/stats and wallet-stats (UserService over the real repositories)
 * and of the admin views, the same reads the old way (aggregating the raw day) for comparison, the
 * retention job (the day past API_CALLS_RETENTION_DAYS: its partition dropped), sizes after it, and
 * that every usage answer is unchanged.
 */
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { ApiKeyRepository } from '../src/accounts/api-key.repository';
import { ApiKeyService } from '../src/accounts/api-key.service';
import { CallHistoryRetentionService } from '../src/accounts/call-log/call-history-retention.service';
import { CallEntry, CallLogRepository } from '../src/accounts/call-log/call-log.repository';
import { CallRecorder } from '../src/accounts/call-log/call-recorder';
import { PlanPurchaseRepository } from '../src/accounts/plans/plan-purchase.repository';
import { UserService } from '../src/accounts/user.service';
import { Clock } from '../src/common/clock';
import { AppConfig } from '../src/config/app-config';
import { PrismaService } from '../src/prisma/prisma.service';
import { scratchDatabase } from './scratch-database';

const RATE = Number(process.env.BENCH_RATE ?? 2_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 86_400);
const KEYS = Number(process.env.BENCH_KEYS ?? 5_000);
const CHUNK_SECONDS = 600;
const READS = 200;
const DAY_MS = 86_400_000;

class MovableClock extends Clock {
  constructor(private at: Date) {
    super();
  }
  now(): Date {
    return new Date(this.at.getTime());
  }
  set(at: Date): void {
    this.at = at;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function timed<T>(
  runs: number,
  fn: (i: number) => Promise<T>,
): Promise<{ p50: number; p95: number; max: number }> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn(i);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: ms[ms.length - 1] };
}

const fmt = (t: { p50: number; p95: number; max: number }) =>
  `p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms, max ${t.max.toFixed(2)} ms`;

async function sizes(client: Client): Promise<string> {
  const { rows } = await client.query<{ name: string; rows: string; bytes: string }>(`
    SELECT 'api_calls (all partitions)' AS name,
           (SELECT count(*) FROM api_calls)::text AS rows,
           pg_size_pretty((SELECT sum(pg_total_relation_size(inhrelid)) FROM pg_inherits WHERE inhparent = 'api_calls'::regclass)) AS bytes
    UNION ALL
    SELECT 'api_usage_daily', (SELECT count(*) FROM api_usage_daily)::text, pg_size_pretty(pg_total_relation_size('api_usage_daily'))`);
  return rows.map((r) => `    ${r.name}: ${Number(r.rows).toLocaleString('en')} rows, ${r.bytes}`).join('\n');
}

async function main(): Promise<void> {
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const day = new Date(today - DAY_MS);
  console.log(
    `Usage bench: ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GB`,
  );
  console.log(
    `  ${SECONDS.toLocaleString('en')} s at ${RATE} calls/s among ${KEYS} keys, on ${day.toISOString().slice(0, 10)}`,
  );
  const db = await scratchDatabase('bench_usage');
  const client = new Client({ connectionString: db.url });
  await client.connect();
  const prisma = new PrismaService(
    new AppConfig({ databaseUrl: db.url, db: { connectTimeoutMs: 5_000, statementTimeoutMs: 600_000 } } as AppConfig),
  );
  try {
    await client.query(`SELECT api_calls_ensure_partition($1::date)`, [day.toISOString().slice(0, 10)]);
    await client.query(`
      INSERT INTO api_keys (id, key_hash, key_prefix, plan, owner_wallet, rate_limit_per_minute, quota_limit, quota_remaining, expires_at)
      SELECT md5('bench-key-' || i)::uuid, md5('h' || i) || md5('H' || i), 'tas_' || i,
             (ARRAY['free', 'starter', 'pro', 'team'])[1 + i % 4], '0x' || lpad(to_hex(i / 10), 40, '0'), 600, 1000000, 1000000,
             now() + interval '30 days'
      FROM generate_series(0, ${KEYS - 1}) AS i`);

    // The day, ten simulated minutes per statement; statuses ~90% 200, 4% 429, 3% 404, 2% 400, 1% 500.
    const fillStarted = performance.now();
    for (let s0 = 0; s0 < SECONDS; s0 += CHUNK_SECONDS) {
      const s1 = Math.min(SECONDS, s0 + CHUNK_SECONDS);
      await client.query(
        `INSERT INTO api_calls (key_id, surface, method, endpoint, status, latency_ms, chain, address, created_at)
         SELECT md5('bench-key-' || ((g * 7919) % ${KEYS}))::uuid, 'B', 'POST', '/scanner/api/v1/token/scan',
                CASE WHEN g % 100 < 90 THEN 200 WHEN g % 100 < 94 THEN 429 WHEN g % 100 < 97 THEN 404 WHEN g % 100 < 99 THEN 400 ELSE 500 END,
                5 + (g * 31) % 400, 'eth', '0x' || lpad(to_hex(g % 100000), 40, '0'),
                $1::timestamptz + (g::float8 / ${RATE}) * interval '1 second'
         FROM generate_series(${s0 * RATE}::bigint, ${s1 * RATE - 1}::bigint) AS g`,
        [day],
      );
      if ((s0 / CHUNK_SECONDS) % 12 === 11)
        process.stdout.write(
          `  … ${((s1 / SECONDS) * 100).toFixed(0)}% (${((performance.now() - fillStarted) / 1000).toFixed(0)} s)\n`,
        );
    }
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    const total = SECONDS * RATE;
    console.log(
      `Fill: ${total.toLocaleString('en')} calls in ${fillSeconds.toFixed(0)} s = ${Math.round(total / fillSeconds).toLocaleString('en')} calls/s (generate_series, trigger on)`,
    );
    await client.query('ANALYZE');

    // The recorder's own path: 500-call batches (its flush size) through the repository, today.
    const calls = new CallLogRepository(prisma);
    const batch = (b: number): CallEntry[] =>
      Array.from({ length: 500 }, (_, i) => ({
        keyId: '',
        surface: 'B',
        method: 'GET',
        endpoint: '/scanner/api/v1/user/stats',
        status: 200,
        latencyMs: 3 + ((b + i) % 50),
        at: new Date(),
      }));
    const ids = (await client.query<{ id: string }>('SELECT id FROM api_keys ORDER BY id')).rows.map((r) => r.id);
    const batches = Array.from({ length: 40 }, (_, b) =>
      batch(b).map((e, i) => ({ ...e, keyId: ids[(b * 500 + i) % ids.length] })),
    );
    const record = async () => {
      const started = performance.now();
      for (const entries of batches) await calls.insertMany(entries);
      return (performance.now() - started) / 1000;
    };
    // The rollup trigger's share: the same batches with it off (those rows then deleted) and on, alternated
    // three times on a shared machine; the median of each.
    const withoutTrigger = async () => {
      const from = new Date();
      await client.query('ALTER TABLE api_calls DISABLE TRIGGER api_calls_roll_up');
      const seconds = await record();
      await client.query('ALTER TABLE api_calls ENABLE TRIGGER api_calls_roll_up');
      await client.query('DELETE FROM api_calls WHERE created_at >= $1', [from]);
      return seconds;
    };
    const bareRuns: number[] = [];
    const onRuns: number[] = [];
    for (let round = 0; round < 3; round++) {
      bareRuns.push(await withoutTrigger());
      onRuns.push(await record());
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
    const bare = median(bareRuns);
    const recSeconds = median(onRuns);
    const rate = (seconds: number) => Math.round(20_000 / seconds).toLocaleString('en');
    console.log(
      `Recorder path (40 batches of 500, one connection; median of 3): ${rate(recSeconds)} calls/s, ${((recSeconds / 40) * 1000).toFixed(1)} ms a batch; ` +
        `without the rollup trigger ${rate(bare)} calls/s, ${((bare / 40) * 1000).toFixed(1)} ms a batch`,
    );
    await client.query('ANALYZE');
    console.log(`Sizes after the day:\n${await sizes(client)}`);

    const clock = new MovableClock(new Date());
    const keyRepo = new ApiKeyRepository(prisma);
    const users = new UserService(
      new ApiKeyService(keyRepo, clock),
      calls,
      new CallRecorder(calls),
      new PlanPurchaseRepository(prisma, keyRepo),
      clock,
    );
    const records = await Promise.all(ids.slice(0, READS).map((id) => keyRepo.findById(id)));
    const wallets = Array.from({ length: READS }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
    const perKeySql = 'SELECT * FROM daily_usage_per_key WHERE day > current_date - 7 ORDER BY calls DESC LIMIT 100';
    const perPlanSql = 'SELECT * FROM daily_usage_per_plan WHERE day > current_date - 7 ORDER BY day, plan';
    const answers = async () => ({
      stats: await Promise.all(
        records.slice(0, 20).map((r) => users.stats(r!).then((s) => ({ counts: s.counts, daily: s.daily }))),
      ),
      wallets: await Promise.all(wallets.slice(0, 20).map((w) => users.walletUsage(w).then((u) => u.counts))),
      perKey: (await client.query(perKeySql)).rows,
      perPlan: (await client.query(perPlanSql)).rows,
    });
    const reads = async (label: string) => {
      console.log(`Reads (${label}; ${READS} each, sequential):`);
      console.log(
        `  /user/stats (UserService.stats)         ${fmt(await timed(READS, (i) => users.stats(records[i]!)))}`,
      );
      console.log(
        `  wallet-stats (UserService.walletUsage)  ${fmt(await timed(READS, (i) => users.walletUsage(wallets[i])))}`,
      );
      console.log(
        `  /user/recent-calls (raw, newest 10)     ${fmt(await timed(READS, (i) => users.recentCalls(records[i]!, 10)))}`,
      );
      console.log(`  daily_usage_per_key, 7 days, top 100    ${fmt(await timed(20, () => client.query(perKeySql)))}`);
      console.log(`  daily_usage_per_plan, 7 days            ${fmt(await timed(20, () => client.query(perPlanSql)))}`);
    };
    await reads('rollups, raw day present');
    const before = await answers();

    // What the reads cost before the rollups: the same aggregates over the raw day.
    console.log('The old way, over the raw calls (for comparison):');
    console.log(
      `  one key's counts (index scan)           ${fmt(
        await timed(20, (i) =>
          client.query(
            `SELECT count(*), count(*) FILTER (WHERE created_at >= $2) FROM api_calls WHERE key_id = ANY($1::uuid[])`,
            [[ids[i]], new Date(today)],
          ),
        ),
      )}`,
    );
    console.log(
      `  daily_usage_per_plan's old query        ${fmt(
        await timed(1, () =>
          client.query(`SELECT (c.created_at AT TIME ZONE 'UTC')::date, k.plan, count(DISTINCT k.id), count(*),
                    count(*) FILTER (WHERE c.status < 400), count(*) FILTER (WHERE c.status = 429), round(avg(c.latency_ms))
             FROM api_calls c JOIN api_keys k ON k.id = c.key_id GROUP BY 1, 2`),
        ),
      )}`,
    );

    // Retention: 31 days after the filled day, it is past API_CALLS_RETENTION_DAYS (30); today's calls are not.
    clock.set(new Date(day.getTime() + 31 * DAY_MS));
    const retentionStarted = performance.now();
    const upkeep = await new CallHistoryRetentionService(calls, new ApiKeyRepository(prisma), clock).run(30);
    console.log(
      `Retention job (30 days, run as of ${clock.now().toISOString().slice(0, 10)}): dropped ${upkeep.dropped.join(', ')}; made ${upkeep.ensured.length} partitions ahead; ${(performance.now() - retentionStarted).toFixed(0)} ms`,
    );
    clock.set(new Date());
    await client.query('ANALYZE');
    console.log(`Sizes after retention:\n${await sizes(client)}`);
    const after = await answers();
    const same = JSON.stringify(after) === JSON.stringify(before);
    console.log(`Usage answers after the raw day was dropped: ${same ? 'identical' : 'DIFFERENT'}`);
    await reads('rollups, raw day dropped');
    if (!same) process.exitCode = 1;
  } finally {
    await prisma.$disconnect();
    await client.end();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
