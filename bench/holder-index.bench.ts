/**
 * Holder-index benchmarks, run by hand:  npm run bench:holders [-- --scan]
 *
 * Throughput (the default): ERC-20 Transfer events per second, from a local node into PostgreSQL. A
 * private anvil gets a synthetic history: one StormToken (bench/transfer-storm.ts) emitting
 * BENCH_EVENTS (default 250,000) Transfer events among BENCH_HOLDERS (default 50,000) addresses, 100
 * per block, spread over ten days of chain time ending now (so ~10% fall in the last 25 h and are also
 * kept as recent transfers). Then HolderIndexer indexes the token cold, with its default settings, into
 * a scratch database created (and dropped) on BENCH_DATABASE_URL, DATABASE_URL or
 * postgresql://postgres@127.0.0.1:5432.
 *
 * `--scan` (or BENCH_SCAN=1): the first scan of a token with a long history through the real app,
 * within the scan deadline, and the job that finishes its holders (bench/holder-scan.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { availableParallelism, cpus, totalmem } from 'node:os';
import type { Address } from 'viem';
import { anvilBinary } from '../devnet';
import { HolderIndexer } from '../src/analysis/holders/holder.indexer';
import { HolderRepository } from '../src/analysis/holders/holder.repository';
import { ChainRegistry } from '../src/chain/chain-registry';
import { loadConfig } from '../src/config/app-config';
import { PrismaService } from '../src/prisma/prisma.service';
import { holderScanCase, scanCaseWanted } from './holder-scan';
import { scratchDatabase } from './scratch-database';
import { generateStorm, rpc } from './transfer-storm';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 250_000);
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 50_000);
const PER_BLOCK = 100;
const HISTORY_SECONDS = 10 * 24 * 3600;
const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function startAnvil(genesis: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    anvilBinary(),
    ['--port', String(port), '--silent', '--no-mining', '--timestamp', String(genesis), '--gas-limit', '100000000'],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (await rpc(url, 'eth_chainId').catch(() => undefined)) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('anvil did not start');
}

async function throughput(): Promise<void> {
  console.log(
    `machine: ${availableParallelism()} cpus (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`,
  );
  const anvil = await startAnvil(Math.floor(Date.now() / 1000) - HISTORY_SECONDS - 60);
  try {
    let t = Date.now();
    const start = Math.floor(Date.now() / 1000) - HISTORY_SECONDS;
    const plan = {
      url: anvil.url,
      from: SENDER,
      events: EVENTS,
      holders: HOLDERS,
      perBlock: PER_BLOCK,
      start,
      spanSeconds: HISTORY_SECONDS,
    } as const;
    const { token, blocks } = await generateStorm(plan);
    console.log(
      `history: ${EVENTS} Transfer events among ${HOLDERS} addresses in ${blocks} blocks over 10 days (generated in ${((Date.now() - t) / 1000).toFixed(1)} s)`,
    );
    const db = await scratchDatabase('bench_holders');
    const registry = new ChainRegistry({ config: { rpcUrls: { eth: [anvil.url] }, rpcTimeoutMs: 60_000 } });
    const prisma = new PrismaService(loadConfig({ LOG_LEVEL: 'silent' }).with({ databaseUrl: db.url }));
    try {
      await prisma.$connect();
      const [pg] = await prisma.$queryRaw<{ v: string }[]>`SELECT current_setting('server_version') AS v`;
      console.log(`postgres ${pg.v}`);
      const indexer = new HolderIndexer(registry, new HolderRepository(prisma));
      t = performance.now();
      const cold = await indexer.indexToLatest({ chain: 'eth', token });
      const coldMs = performance.now() - t;
      t = performance.now();
      const warm = await indexer.indexToLatest({ chain: 'eth', token });
      await report({ prisma, token, cold, coldMs, warm, warmMs: performance.now() - t });
    } finally {
      await prisma.$disconnect();
      registry.close();
      await db.drop();
    }
  } finally {
    anvil.child.kill('SIGTERM');
  }
}

async function report(r: {
  prisma: PrismaService;
  token: Address;
  cold: Awaited<ReturnType<HolderIndexer['indexToLatest']>>;
  coldMs: number;
  warm: Awaited<ReturnType<HolderIndexer['indexToLatest']>>;
  warmMs: number;
}): Promise<void> {
  const token = r.token.toLowerCase();
  const [check] = await r.prisma.$queryRaw<
    { rows: number; positive: number; total: string; recent: number; transfers: bigint; holder_count: number }[]
  >`
    SELECT (SELECT count(*)::int FROM holder_balances WHERE token = ${token}) AS rows,
           (SELECT count(*)::int FROM holder_balances WHERE token = ${token} AND balance > 0) AS positive,
           (SELECT sum(balance)::text FROM holder_balances WHERE token = ${token}) AS total,
           (SELECT count(*)::int FROM holder_transfers WHERE token = ${token}) AS recent,
           c.transfer_count AS transfers, c.holder_count
    FROM holder_checkpoints c WHERE c.token = ${token}`;
  const rate = (r.cold.transfersApplied / r.coldMs) * 1000;
  console.log(
    `cold index: ${r.cold.transfersApplied} events in ${(r.coldMs / 1000).toFixed(2)} s = ${Math.round(rate)} events/s (${r.cold.getLogsRequests} eth_getLogs, blocks ${r.cold.fromBlock}-${r.cold.indexedToBlock})`,
  );
  console.log(
    `  balances rows ${check.rows}, positive ${check.positive} (checkpoint holder_count ${check.holder_count}), recent transfers kept ${check.recent}`,
  );
  const exact = check.total === '0' && Number(check.transfers) === EVENTS && check.positive === check.holder_count;
  console.log(
    `  exact: ${exact} (sum of balances ${check.total}, must be 0 as nothing was minted; transfer_count ${check.transfers})`,
  );
  console.log(
    `warm re-index: ${r.warmMs.toFixed(1)} ms, ${r.warm.getLogsRequests} eth_getLogs, ${r.warm.transfersApplied} events`,
  );
  console.log(`target ≥ 20000 events/s: ${rate >= 20_000 ? 'met' : 'NOT met'}`);
  if (!exact) process.exitCode = 1;
}

(scanCaseWanted() ? holderScanCase() : throughput()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
