/**
 * The watcher at scale (issue 33, item 4), `npm run bench:watch`: BENCH_WATCHES (default 10,000) watched tokens on
 * the devnet chain, one of them the real `powers` token and the others tokens at made-up addresses (rows only: the
 * watcher's cost per block does not depend on what they are), then blocks with ordinary traffic and, last, the
 * owner pausing `powers`. Every JSON-RPC request the app sends goes through a counting proxy; printed: the
 * requests per new block while nothing is triggered, the watcher's time per block, and the blocks and time from
 * the pause to its alert (one tick per block, as the watcher's loop makes them).
 */
import { performance } from 'node:perf_hooks';
import { cpus, totalmem } from 'node:os';
import { Client } from 'pg';
import { createPublicClient, createWalletClient, http, parseEther, type Abi, type Address } from 'viem';
import { compileContracts, startDevnet } from '../devnet';
import { ApiKeyService } from '../src/accounts/api-key.service';
import { createApp } from '../src/app.factory';
import { loadConfig } from '../src/config/app-config';
import { WatchService } from '../src/watches/watch.service';
import { Watcher } from '../src/watches/watcher';
import { startRpcLatencyProxy } from './rpc-latency-proxy';
import { scratchDatabase } from './scratch-database';

const WATCHES = Number(process.env.BENCH_WATCHES ?? 10_000);
const QUIET_BLOCKS = Number(process.env.BENCH_BLOCKS ?? 20);
const ROOMY = 'audit_provider=1000/1000,scanner_provider=1000/1000,market_data=1000/1000,social_data=1000/1000';

async function main(): Promise<void> {
  const devnet = await startDevnet({ port: Number(process.env.BENCH_DEVNET_PORT ?? 8548), dataDir: '.data' });
  const db = await scratchDatabase('bench_watch');
  const proxy = await startRpcLatencyProxy({ upstreamUrl: devnet.rpcUrl, latencyMs: 0 });
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    ETH_RPC_URL: '',
    UPSTREAM_LIMITS: ROOMY,
    PROCESS_ROLE: 'api',
  }).with({ databaseUrl: db.url, devnetRpcUrl: proxy.url });
  const app = await createApp(config);
  await app.init();
  const admin = new Client({ connectionString: db.url });
  await admin.connect();
  try {
    const m = devnet.manifest;
    const issued = await app.get(ApiKeyService).issue({ plan: 'enterprise' });
    const key = { ...issued.record };
    const watches = app.get(WatchService);
    await watches.create(key, { chain: 'eth', address: m.tokens.powers.address }, 'A', watches.planAllowance(key));
    // The other watches: rows like the real one's, at made-up addresses.
    await admin.query(
      `INSERT INTO watches (id, key_id, chain, address, verdict, follows)
       SELECT gen_random_uuid(), w.key_id, 'eth', a.address, w.verdict,
              jsonb_set(jsonb_set(w.follows, '{token}', to_jsonb(a.address)), '{pools}', jsonb_build_array(a.pool))
       FROM watches w,
            LATERAL (SELECT '0x' || lpad(to_hex(g), 40, '0') AS address, '0x' || lpad(to_hex(g + 1000000), 40, '0') AS pool
                     FROM generate_series(1, $1::int - 1) g) a`,
      [WATCHES],
    );
    const watcher = app.get(Watcher);
    await watcher.tick('eth'); // stands on the head

    const abis: Record<string, Abi> = Object.fromEntries(
      Object.values(compileContracts('.data/contracts-cache').contracts).map((c) => [c.contract, c.abi]),
    );
    const wallet = createWalletClient({ transport: http(devnet.rpcUrl) });
    const pub = createPublicClient({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
    const sender = m.wallets[0].address as Address;
    const traffic = async () => {
      // Ordinary traffic: ETH sent between wallets and a transfer of the clean token, one block each.
      const hash = await wallet.sendTransaction({
        account: sender,
        to: m.wallets[1].address as Address,
        value: parseEther('0.01'),
        chain: null,
      });
      await pub.waitForTransactionReceipt({ hash });
    };

    const before = proxy.stats();
    let tickMs = 0;
    for (let i = 0; i < QUIET_BLOCKS; i++) {
      await traffic();
      const started = performance.now();
      const outcome = await watcher.tick('eth');
      tickMs += performance.now() - started;
      if (outcome.blocks !== 1 || outcome.rescanned !== 0)
        throw new Error(`unexpected tick ${JSON.stringify(outcome)}`);
    }
    const quiet = proxy.stats();
    const idleStarted = proxy.stats();
    await watcher.tick('eth');
    const idle = proxy.stats();

    const pausedAt = performance.now();
    await wallet.writeContract({
      account: m.tokens.powers.owner as Address,
      address: m.tokens.powers.address as Address,
      abi: abis.PowersToken,
      functionName: 'pause',
      chain: null,
      gas: 3_000_000n,
    });
    let blocks = 0;
    let alerted = 0;
    const alertStarted = proxy.stats();
    while (alerted === 0 && blocks < 5) {
      const outcome = await watcher.tick('eth');
      blocks += outcome.blocks;
      alerted += outcome.alerts;
    }
    const alertMs = performance.now() - pausedAt;
    const afterAlert = proxy.stats();

    // Each tick asks for the head once (an idle tick is that call alone); the rest is per block.
    const headCalls = idle.calls - idleStarted.calls;
    const perTick = (quiet.calls - before.calls) / QUIET_BLOCKS;
    const perBlock = perTick - headCalls;
    console.log(`\n## ${new Date().toISOString().slice(0, 10)} — the watcher at scale (bench:watch)\n`);
    console.log(
      `Machine: ${cpus().length} × ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; devnet (anvil) on loopback behind a counting proxy; PostgreSQL on loopback.\n`,
    );
    console.log(
      `- ${WATCHES.toLocaleString('en')} watched tokens on chain eth (the devnet), ${QUIET_BLOCKS} blocks of ordinary traffic (an ETH transfer each).`,
    );
    console.log(
      `- A tick with one new block, nothing triggered: ${perTick.toFixed(2)} JSON-RPC calls in ${((quiet.requests - before.requests) / QUIET_BLOCKS).toFixed(2)} HTTP requests: ${headCalls} for the head (what a tick with no new block costs, every WATCH_POLL_MS, whatever the number of watches) and ${perBlock.toFixed(2)} for the block (target ≤ 2); the watcher's time per block ${(tickMs / QUIET_BLOCKS).toFixed(1)} ms (reading the ${WATCHES.toLocaleString('en')} watches once a tick included).`,
    );
    console.log(
      `- The owner pauses \`powers\`: ${alerted} alert after ${blocks} block(s) finished, ${alertMs.toFixed(0)} ms from the transaction sent to the alert recorded (one tick a block, its re-scan included); ${afterAlert.calls - alertStarted.calls} calls for that block, its re-scan included.`,
    );
    if (perBlock > 2 || alerted !== 1 || blocks > 2) process.exitCode = 1;
  } finally {
    await admin.end();
    await app.close();
    await proxy.close();
    await db.drop();
    await devnet.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
