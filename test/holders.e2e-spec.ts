/**
 * Holder index and analysis against the devnet and a fresh database: the Nest module as wired,
 * checkpoint reuse, single-flight under concurrency, exact balances, and a node that refuses
 * wide eth_getLogs ranges. The one test that adds blocks runs between evm_snapshot / evm_revert.
 */
import { Test, type TestingModule } from '@nestjs/testing';
import { Client } from 'pg';
import {
  createPublicClient,
  custom,
  encodeFunctionData,
  numberToHex,
  parseAbi,
  RpcRequestError,
  type Address,
  type PublicClient,
} from 'viem';
import { readManifest, type DevnetManifest, type TokenLabel } from '../devnet';
import { HolderAnalyzer } from '../src/analysis/holders/holder.analyzer';
import { HolderIndexer } from '../src/analysis/holders/holder.indexer';
import { HolderRepository, ROWS_PER_STATEMENT } from '../src/analysis/holders/holder.repository';
import { HoldersModule } from '../src/analysis/holders/holders.module';
import { foldTransfers, parseTransferLog, TRANSFER_TOPIC, type RawLog } from '../src/analysis/holders/transfer.batch';
import { ChainRegistry, type ChainContext } from '../src/chain/chain-registry';
import { loadDevnetFacts } from '../src/chain/devnet-facts';
import { loadConfig } from '../src/config/app-config';
import type { ChainKey } from '../src/config/app-config';
import { ConfigModule } from '../src/config/config.module';
import { PrismaModule } from '../src/prisma/prisma.module';
import { PrismaService } from '../src/prisma/prisma.service';
import { createTestDatabase, type TestDatabase } from './support/test-database';

const erc20 = parseAbi([
  'function totalSupply() view returns (uint256)',
  'function transfer(address to, uint256 amount) returns (bool)',
]);
const ZERO = '0x0000000000000000000000000000000000000000';
type Call = { method: string; params?: unknown };

/** The devnet registry, with every client's requests recorded and optionally vetted first. */
class RecordingRegistry extends ChainRegistry {
  readonly calls: Call[] = [];
  private readonly wrapped = new Map<ChainKey, ChainContext>();

  constructor(private readonly vet: (call: Call) => void = () => undefined) {
    super({
      config: { rpcUrls: {}, rpcTimeoutMs: 10_000, devnetRpcUrl: process.env.TEST_DEVNET_RPC_URL },
      devnetFacts: loadDevnetFacts(),
    });
  }

  override get(key: ChainKey): ChainContext {
    const cached = this.wrapped.get(key);
    if (cached) return cached;
    const inner = super.get(key);
    const request = async (call: Call) => {
      this.calls.push(call);
      this.vet(call);
      return inner.client.request(call as never);
    };
    const client = createPublicClient({
      chain: inner.client.chain,
      transport: custom({ request }, { retryCount: 0 }),
    }) as PublicClient;
    const context = { ...inner, client };
    this.wrapped.set(key, context);
    return context;
  }

  count(method: string): number {
    return this.calls.filter((c) => c.method === method).length;
  }
}

/** A node that answers eth_getLogs over more than `maxSpan` blocks the way many providers do. */
const refuseWideRanges = (maxSpan: number) => (call: Call) => {
  if (call.method !== 'eth_getLogs') return;
  const [{ fromBlock, toBlock }] = call.params as [{ fromBlock: string; toBlock: string }];
  if (Number(toBlock) - Number(fromBlock) + 1 > maxSpan) {
    throw new RpcRequestError({
      body: call,
      error: { code: -32000, message: 'block range too large' },
      url: 'http://node.invalid',
    });
  }
};

/** Balances recomputed independently: every Transfer log of the token in one request, folded here. */
async function referenceBalances(
  client: PublicClient,
  token: Address,
): Promise<{ balances: Map<string, bigint>; logs: number }> {
  const raw = (await client.request({
    method: 'eth_getLogs',
    params: [{ address: token, fromBlock: '0x0', toBlock: 'latest', topics: [TRANSFER_TOPIC] }],
  })) as unknown as RawLog[];
  const logs = raw.map(parseTransferLog).filter((l) => l !== undefined);
  const balances = new Map<string, bigint>();
  for (const d of foldTransfers(logs, 0).deltas) if (d.delta !== 0n) balances.set(d.holder, d.delta);
  return { balances, logs: logs.length };
}

const originalFetch = globalThis.fetch;

/** Counts the HTTP requests viem sends while `work` runs (a JSON-RPC batch is one). */
async function countHttp<T>(work: () => Promise<T>): Promise<{ result: T; requests: number }> {
  let requests = 0;
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    requests++;
    return originalFetch(input, init);
  });
  try {
    return { result: await work(), requests };
  } finally {
    spy.mockRestore();
  }
}

describe('holder index and analysis (devnet)', () => {
  let db: TestDatabase;
  let pg: Client;
  let moduleRef: TestingModule;
  let registry: RecordingRegistry;
  let sut: HolderAnalyzer;
  let manifest: DevnetManifest;

  const token = (label: TokenLabel) => manifest.tokens[label];
  const supplyOf = (address: Address) =>
    registry.get('devnet').client.readContract({ address, abi: erc20, functionName: 'totalSupply' });
  const input = async (label: TokenLabel) => {
    const t = token(label);
    return {
      chain: 'devnet' as const,
      address: t.address,
      totalSupply: await supplyOf(t.address),
      decimals: t.decimals,
      pairs: [t.pair],
    };
  };
  const indexedBalances = async (address: Address): Promise<Map<string, bigint>> => {
    const rows = await pg.query<{ holder: string; balance: string }>(
      "SELECT holder, balance::text AS balance FROM holder_balances WHERE chain = 'devnet' AND token = $1 AND balance <> 0",
      [address.toLowerCase()],
    );
    return new Map(rows.rows.map((r) => [r.holder, BigInt(r.balance)]));
  };
  const sumWithoutZero = (balances: Map<string, bigint>) =>
    [...balances].filter(([h]) => h !== ZERO).reduce((s, [, b]) => s + b, 0n);
  const checkpoint = async (address: Address) =>
    (
      await pg.query<{ last_block: string; transfer_count: string }>(
        "SELECT last_block, transfer_count FROM holder_checkpoints WHERE chain = 'devnet' AND token = $1",
        [address.toLowerCase()],
      )
    ).rows[0];

  beforeAll(async () => {
    manifest = readManifest();
    db = await createTestDatabase();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
    registry = new RecordingRegistry();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }).with({
      databaseUrl: db.url,
      devnetRpcUrl: process.env.TEST_DEVNET_RPC_URL,
    });
    moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.register(config), PrismaModule, HoldersModule],
    })
      .overrideProvider(ChainRegistry)
      .useValue(registry)
      .compile();
    await moduleRef.init();
    sut = moduleRef.get(HolderAnalyzer);
  });

  afterAll(async () => {
    await moduleRef?.close();
    await pg?.end();
    await db?.drop();
  });

  it('analyses `clean` cold: ≥ 300 holders, sane shares, the pair excluded and tagged, in 3 HTTP requests', async () => {
    const request = await input('clean');
    registry.calls.length = 0;
    const { result: section, requests } = await countHttp(() => sut.analyze(request));

    expect(section.total_holders).toBeGreaterThanOrEqual(300);
    expect(section.top_10_percentage).toBeGreaterThan(0);
    expect(section.top_10_percentage).toBeLessThanOrEqual(section.top_100_percentage);
    expect(section.top_100_percentage).toBeLessThanOrEqual(100);
    const pair = section.top_holders.find((h) => h.address === token('clean').pair);
    expect(pair).toMatchObject({ tags: ['pair', 'contract'], excluded: true });
    // The pair is among the largest, yet the top-10 share is what the ten largest others hold.
    const othersSum = section.top_holders
      .filter((h) => !h.excluded)
      .slice(0, 10)
      .reduce((s, h) => s + BigInt(h.balance), 0n);
    expect(section.top_10_percentage).toBe(Number((othersSum * 10_000n) / request.totalSupply) / 100);
    const balances = section.top_holders.map((h) => BigInt(h.balance));
    expect(balances.every((b, i) => i === 0 || balances[i - 1] >= b)).toBe(true);
    expect(section.evidence).toMatchObject({ supply_matches_logs: true, get_logs_requests: 1, range_refusals: 0 });
    expect(section.indexed_to_block).toBe(section.evidence.head_block);
    // Head, logs, then the top holders' code in one batch.
    expect(registry.calls.filter((c) => c.method !== 'eth_getCode').map((c) => c.method)).toEqual([
      'eth_getBlockByNumber',
      'eth_getLogs',
    ]);
    expect(registry.count('eth_getCode')).toBe(section.top_holders.length);
    expect(requests).toBe(3);
  });

  it('reuses the checkpoint: a second analysis costs one request and no eth_getLogs', async () => {
    const request = await input('clean');
    const first = await sut.analyze(request);
    registry.calls.length = 0;
    const second = await sut.analyze(request);
    expect(registry.calls.map((c) => c.method)).toEqual(['eth_getBlockByNumber']);
    expect(second.evidence.indexed_this_scan).toBeNull();
    expect({ ...second, evidence: undefined }).toEqual({ ...first, evidence: undefined });
  });

  it('indexes balances exactly: they equal a fold of all logs and sum to totalSupply', async () => {
    for (const label of ['clean', 'taxed', 'powers', 'washed'] as const) {
      const t = token(label);
      await sut.analyze(await input(label));
      const reference = await referenceBalances(registry.get('devnet').client, t.address);
      const indexed = await indexedBalances(t.address);
      expect(indexed).toEqual(reference.balances);
      expect(sumWithoutZero(indexed)).toBe(await supplyOf(t.address));
      expect(Number((await checkpoint(t.address)).transfer_count)).toBe(reference.logs);
    }
  });

  it('tells when balances moved without Transfer events (hidden mint)', async () => {
    const section = await sut.analyze(await input('hidden_mint'));
    expect(section.evidence.supply_matches_logs).toBe(false);
    expect(BigInt(section.evidence.indexed_supply)).toBeLessThan(await supplyOf(token('hidden_mint').address));
  });

  it('indexes a fresh token once for 5 concurrent analyses, with identical results', async () => {
    const request = await input('proxy');
    registry.calls.length = 0;
    const sections = await Promise.all(Array.from({ length: 5 }, () => sut.analyze(request)));
    expect(registry.count('eth_getLogs')).toBe(1);
    for (const s of sections.slice(1)) expect(s).toEqual(sections[0]);
    const reference = await referenceBalances(registry.get('devnet').client, token('proxy').address);
    expect(await indexedBalances(token('proxy').address)).toEqual(reference.balances);
  });

  it('applies a batch that touches more holders than one statement writes, all in its one checkpoint move', async () => {
    const repository = moduleRef.get(HolderRepository);
    const key = { chain: 'devnet' as const, token: '0x00000000000000000000000000000000000b16b1' };
    const n = 2 * ROWS_PER_STATEMENT + 5;
    const holder = (i: number) => `0x${(i + 1).toString(16).padStart(40, '0')}`;
    const logs = Array.from({ length: n }, (_, i) => ({
      block: 1 + Math.floor(i / 1_000),
      logIndex: i % 1_000,
      from: ZERO,
      to: holder(i),
      value: 10n,
      timestamp: 2_000_000_000,
    }));
    const batch = foldTransfers(logs, 0);
    expect(batch.deltas).toHaveLength(n + 1);
    await expect(repository.applyBatch({ ...key, expectedLastBlock: -1, toBlock: 100, batch })).resolves.toEqual({
      applied: true,
    });
    const [row] = (
      await pg.query<{ holders: number; recent: number; balance: string }>(
        `SELECT (SELECT count(*)::int FROM holder_balances WHERE chain = 'devnet' AND token = $1 AND balance > 0) AS holders,
              (SELECT count(*)::int FROM holder_transfers WHERE chain = 'devnet' AND token = $1) AS recent,
              (SELECT sum(balance)::text FROM holder_balances WHERE chain = 'devnet' AND token = $1 AND holder <> $2) AS balance`,
        [key.token, ZERO],
      )
    ).rows;
    expect(row).toEqual({ holders: n, recent: n, balance: String(10 * n) });
    expect(await repository.readCheckpoint(key)).toMatchObject({ lastBlock: 100, holderCount: n, transferCount: n });
  });

  it('reads the 24 h activity and the largest net moves exactly', async () => {
    const repository = moduleRef.get(HolderRepository);
    const key = { chain: 'devnet' as const, token: '0x00000000000000000000000000000000000ac71e' };
    const at = (label: string) => `0x${label.repeat(40).slice(0, 40)}`;
    const [a, b, c, d, e, f] = ['a', 'b', 'c', 'd', 'e', 'f'].map(at);
    const now = Math.floor(Date.now() / 1000);
    const old = now - 3 * 86_400;
    const recent = now - 3_600;
    const move = (block: number, from: string, to: string, value: bigint, timestamp: number) => ({
      block,
      logIndex: 0,
      from,
      to,
      value,
      timestamp,
    });
    const logs = [
      move(1, ZERO, a, 1_000n, old),
      move(2, ZERO, b, 500n, old),
      move(3, ZERO, c, 50n, old),
      move(10, a, d, 900n, recent), // a was large at the window's start, is small now
      move(11, b, c, 10n, recent), // b is large and moved; c moved, never large
      move(12, ZERO, e, 5n, recent), // a new holder
      move(13, d, f, 1n, recent), // d and f: new holders
    ];
    await expect(
      repository.applyBatch({
        ...key,
        expectedLastBlock: -1,
        toBlock: 13,
        batch: foldTransfers(logs, now - 7 * 86_400),
      }),
    ).resolves.toEqual({ applied: true });
    const since = now - 86_400;
    const stats = await repository.readStats({
      ...key,
      excluded: [ZERO],
      since,
      topLimit: 2,
      largeHolderMin: 400n,
      largeTransferMin: 100n,
    });
    expect(stats).toMatchObject({ newHolders: 3, largeTransfers: 1, largeHoldersMoved: 3 });
    expect(stats.top.map((r) => [r.holder, r.balance])).toEqual([
      [d, 899n],
      [b, 490n],
    ]);
    const shifts = await repository.holderShifts({ ...key, since: new Date(since * 1000), min: 5n, limit: 2 });
    expect(shifts).toEqual([
      { holder: a, netChange: -900n, balance: 100n },
      { holder: d, netChange: 899n, balance: 899n },
    ]);
  });

  it('indexes once when two processes race on one token (indexing lock, checked checkpoint)', async () => {
    const repository = moduleRef.get(HolderRepository);
    const narrow = { logRange: { initialRange: 16, maxRange: 16, targetLogs: 10_000 }, groupTransfers: 1 };
    const [a, b] = [new HolderIndexer(registry, repository, narrow), new HolderIndexer(registry, repository, narrow)];
    const t = token('limiter');
    const outcomes = await Promise.all([
      a.indexToLatest({ chain: 'devnet', token: t.address }),
      b.indexToLatest({ chain: 'devnet', token: t.address }),
    ]);
    const reference = await referenceBalances(registry.get('devnet').client, t.address);
    expect(await indexedBalances(t.address)).toEqual(reference.balances);
    expect(Number((await checkpoint(t.address)).transfer_count)).toBe(reference.logs);
    // One did all the work in 16-block windows; the other waited and found the checkpoint at the head.
    const [worker, waiter] = outcomes[0].transfersApplied > 0 ? outcomes : [outcomes[1], outcomes[0]];
    expect(worker).toMatchObject({
      transfersApplied: reference.logs,
      getLogsRequests: Math.ceil((worker.indexedToBlock + 1) / 16),
    });
    expect(waiter).toMatchObject({ transfersApplied: 0, getLogsRequests: 0, indexedToBlock: worker.indexedToBlock });
  });

  it('fully indexes through a node that refuses ranges wider than 16 blocks', async () => {
    const refusing = new RecordingRegistry(refuseWideRanges(16));
    const repository = moduleRef.get(HolderRepository);
    const analyzer = new HolderAnalyzer(new HolderIndexer(refusing, repository), repository, refusing);
    const t = token('sniped');
    const section = await analyzer.analyze({ ...(await input('sniped')) });
    expect(section.evidence.range_refusals).toBeGreaterThan(0);
    expect(section.indexed_to_block).toBe(section.evidence.head_block);
    const reference = await referenceBalances(registry.get('devnet').client, t.address);
    expect(await indexedBalances(t.address)).toEqual(reference.balances);
    expect(sumWithoutZero(await indexedBalances(t.address))).toBe(await supplyOf(t.address));
    // Nothing above 16 blocks went through; the range found its way back up to the cap.
    const served = refusing.calls.filter((c) => c.method === 'eth_getLogs').length - section.evidence.range_refusals;
    expect(served).toBeLessThanOrEqual(Math.ceil((section.indexed_to_block + 1) / 16) + 8);
  });

  it('picks up new blocks incrementally: a large transfer to a new holder', async () => {
    const pub = registry.get('devnet').client;
    const rpc = (method: string, params: unknown[] = []) =>
      pub.request({ method, params } as never) as Promise<unknown>;
    const snapshot = await rpc('evm_snapshot');
    try {
      // History blocks sit on whole minutes from its end: 7 s past one keeps both 24 h windows'
      // edges off them. Anvil only takes times from its clock on (now, or the last block).
      const end = manifest.history.endTimestamp;
      const earliest = Math.max(Number((await pub.getBlock()).timestamp), Math.floor(Date.now() / 1000)) + 60;
      const at = earliest + ((((end + 7 - earliest) % 60) + 60) % 60);
      await rpc('evm_mine', [at]);
      const request = await input('clean');
      const before = await sut.analyze(request);
      const whale = before.top_holders.find((h) => !h.excluded)!.address;
      const newcomer = '0x00000000000000000000000000000000c0ffee01';
      const data = encodeFunctionData({
        abi: erc20,
        functionName: 'transfer',
        args: [newcomer, request.totalSupply / 50n],
      });
      // Automine answers before the block exists; mining by hand makes the block certain.
      await rpc('evm_setAutomine', [false]);
      await rpc('eth_sendTransaction', [{ from: whale, to: request.address, data, gas: numberToHex(100_000) }]);
      await rpc('evm_mine', [at + 1]);
      registry.calls.length = 0;
      const after = await sut.analyze(request);

      expect(registry.count('eth_getLogs')).toBe(1);
      expect(after.evidence.indexed_this_scan).toEqual({
        from_block: before.indexed_to_block + 1,
        to_block: before.indexed_to_block + 1,
        transfers: 1,
      });
      expect(after.total_holders).toBe(before.total_holders + 1);
      expect(after.recent_activity).toEqual({
        new_holders_24h: before.recent_activity.new_holders_24h + 1,
        large_transactions: before.recent_activity.large_transactions + 1,
      });
      expect(after.evidence.large_holders_moved_24h).toBeGreaterThanOrEqual(
        before.evidence.large_holders_moved_24h + 1,
      );
      expect(after.top_holders.find((h) => h.address.toLowerCase() === newcomer)).toMatchObject({
        tags: [],
        percentage: 2,
        excluded: false,
      });
    } finally {
      await rpc('evm_revert', [snapshot]);
      await rpc('evm_setAutomine', [true]);
    }
  });

  it('is wired by HoldersModule with the shared PrismaService', () => {
    expect(moduleRef.get(HolderIndexer)).toBeInstanceOf(HolderIndexer);
    expect(moduleRef.get(HolderRepository)).toBeInstanceOf(HolderRepository);
    expect(moduleRef.get(PrismaService)).toBeDefined();
  });
});
