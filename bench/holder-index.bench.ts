/**
 * Holder-index throughput: ERC-20 Transfer events per second, from a local node into PostgreSQL.
 *
 *   npx tsx bench/holder-index.bench.ts
 *
 * A private anvil gets a synthetic history: one contract emitting BENCH_EVENTS (default 250,000)
 * Transfer events among BENCH_HOLDERS (default 50,000) addresses, 100 per block, spread over ten
 * days of chain time ending now (so ~10% fall in the last 25 h and are also kept as recent
 * transfers). Then HolderIndexer indexes the token cold, with its default settings, into a scratch
 * database created (and dropped) on BENCH_DATABASE_URL, DATABASE_URL or postgresql://postgres@127.0.0.1:5432.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { Client } from 'pg';
import { numberToHex, toFunctionSelector, type Address, type Hex } from 'viem';
import { anvilBinary } from '../devnet';
import { HolderIndexer } from '../src/analysis/holders/holder.indexer';
import { HolderRepository } from '../src/analysis/holders/holder.repository';
import { ChainRegistry } from '../src/chain/chain-registry';
import { loadConfig } from '../src/config/app-config';
import { runMigrations } from '../src/prisma/migration-runner';
import { PrismaService } from '../src/prisma/prisma.service';

const solc = require('solc') as { compile(input: string): string };

const EVENTS = Number(process.env.BENCH_EVENTS ?? 250_000);
const HOLDERS = Number(process.env.BENCH_HOLDERS ?? 50_000);
const PER_BLOCK = 100;
const HISTORY_SECONDS = 10 * 24 * 3600;
const SENDER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** CI's PostgreSQL (README); the embedded server cannot start under tsx (tsconfig maps its import to typings). */
const DEFAULT_SERVER = 'postgresql://postgres@127.0.0.1:5432/postgres';

const EMITTER_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
/// Emits pseudo-random ERC-20 Transfer events; no balances are kept (the index only reads logs).
contract TransferStorm {
  event Transfer(address indexed from, address indexed to, uint256 value);
  function storm(uint256 seed, uint256 count, uint256 holders) external {
    for (uint256 i = 0; i < count; i++) {
      uint256 r = uint256(keccak256(abi.encode(seed, i)));
      emit Transfer(address(uint160(1 + (r % holders))), address(uint160(1 + ((r >> 64) % holders))), (r >> 128) % 1e24 + 1);
    }
  }
}`;

function emitterBytecode(): Hex {
  const input = {
    language: 'Solidity',
    sources: { 'TransferStorm.sol': { content: EMITTER_SOURCE } },
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  return `0x${output.contracts['TransferStorm.sol'].TransferStorm.evm.bytecode.object}`;
}

const STORM_SELECTOR = toFunctionSelector('storm(uint256,uint256,uint256)');

/** storm(uint256,uint256,uint256) calldata, encoded by hand to keep the generator lean. */
function stormCall(seed: number, count: number): Hex {
  const word = (n: number) => n.toString(16).padStart(64, '0');
  return `${STORM_SELECTOR}${word(seed)}${word(count)}${word(HOLDERS)}`;
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
  const body = (await res.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

async function startAnvil(genesis: number): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(anvilBinary(), ['--port', String(port), '--silent', '--no-mining', '--timestamp', String(genesis), '--gas-limit', '100000000'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    if (await rpc(url, 'eth_chainId').catch(() => undefined)) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('anvil did not start');
}

/** One block per storm call, timestamps spread evenly over the history so it ends now. */
async function generateHistory(url: string): Promise<{ token: Address; blocks: number }> {
  const start = Math.floor(Date.now() / 1000) - HISTORY_SECONDS;
  const deploy = await rpc<Hex>(url, 'eth_sendTransaction', [{ from: SENDER, data: emitterBytecode(), gas: numberToHex(3_000_000) }]);
  await rpc(url, 'evm_mine', [start]);
  const receipt = await rpc<{ contractAddress: Address }>(url, 'eth_getTransactionReceipt', [deploy]);
  const blocks = Math.ceil(EVENTS / PER_BLOCK);
  const step = HISTORY_SECONDS / blocks;
  for (let b = 0; b < blocks; b++) {
    const count = Math.min(PER_BLOCK, EVENTS - b * PER_BLOCK);
    await rpc(url, 'eth_sendTransaction', [{ from: SENDER, to: receipt.contractAddress, data: stormCall(b, count), gas: numberToHex(1_000_000 + count * 5_000) }]);
    await rpc(url, 'evm_mine', [start + 1 + Math.floor((b + 1) * step)]);
  }
  return { token: receipt.contractAddress, blocks };
}

/** A scratch database on the server, dropped afterwards. */
async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_SERVER;
  const name = `bench_holders_${process.pid}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function main(): Promise<void> {
  console.log(`machine: ${availableParallelism()} cpus (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}`);
  const anvil = await startAnvil(Math.floor(Date.now() / 1000) - HISTORY_SECONDS - 60);
  try {
    let t = Date.now();
    const { token, blocks } = await generateHistory(anvil.url);
    console.log(`history: ${EVENTS} Transfer events among ${HOLDERS} addresses in ${blocks} blocks over 10 days (generated in ${((Date.now() - t) / 1000).toFixed(1)} s)`);
    const db = await freshDatabase();
    const registry = new ChainRegistry({ config: { rpcUrls: { eth: [anvil.url] }, rpcTimeoutMs: 60_000 } });
    const prisma = new PrismaService(loadConfig({ LOG_LEVEL: 'silent' }).with({ databaseUrl: db.url }));
    try {
      await runMigrations(db.url);
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
  const [check] = await r.prisma.$queryRaw<{ rows: number; positive: number; total: string; recent: number; transfers: bigint; holder_count: number }[]>`
    SELECT (SELECT count(*)::int FROM holder_balances WHERE token = ${token}) AS rows,
           (SELECT count(*)::int FROM holder_balances WHERE token = ${token} AND balance > 0) AS positive,
           (SELECT sum(balance)::text FROM holder_balances WHERE token = ${token}) AS total,
           (SELECT count(*)::int FROM holder_transfers WHERE token = ${token}) AS recent,
           c.transfer_count AS transfers, c.holder_count
    FROM holder_checkpoints c WHERE c.token = ${token}`;
  const rate = (r.cold.transfersApplied / r.coldMs) * 1000;
  console.log(`cold index: ${r.cold.transfersApplied} events in ${(r.coldMs / 1000).toFixed(2)} s = ${Math.round(rate)} events/s (${r.cold.getLogsRequests} eth_getLogs, blocks ${r.cold.fromBlock}-${r.cold.indexedToBlock})`);
  console.log(`  balances rows ${check.rows}, positive ${check.positive} (checkpoint holder_count ${check.holder_count}), recent transfers kept ${check.recent}`);
  const exact = check.total === '0' && Number(check.transfers) === EVENTS && check.positive === check.holder_count;
  console.log(`  exact: ${exact} (sum of balances ${check.total}, must be 0 as nothing was minted; transfer_count ${check.transfers})`);
  console.log(`warm re-index: ${r.warmMs.toFixed(1)} ms, ${r.warm.getLogsRequests} eth_getLogs, ${r.warm.transfersApplied} events`);
  console.log(`target ≥ 20000 events/s: ${rate >= 20_000 ? 'met' : 'NOT met'}`);
  if (!exact) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
