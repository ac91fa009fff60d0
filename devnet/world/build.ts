import type { Address } from 'viem';
import { COMPILER_SETTINGS, UNPUBLISHED_DIR, type CompileResult } from '../compile';
import type {
  CoreContracts,
  DevnetManifest,
  ReferencePool,
  SourceRef,
  TokenEntry,
  TokenLabel,
  TrapToken,
} from '../devnet-manifest';
import { demoWallets, walletByName } from './accounts';
import { backdoorEntries, scheduleBackdoors, scheduleLateBackdoors, type DeployedBackdoor } from './backdoors';
import { Chain } from './chain';
import { deployAll, fundDemoWallets, preparePairs, type World } from './deploy';
import { seedWethUsdcPool } from './reference-pool';
import { buildTimeline, makeActors, type Actors } from './scenarios';
import { liquidityEntries, scheduleLocks } from './locks';
import { scheduleTraps, trapEntries } from './traps';
import { HISTORY_SECONDS, TOKEN_SPECS, fullLabels } from './specs';
import { scheduleVenues, venuePublished, venuesSection } from './venues';

export const CHAIN_ID = 31337;
export const DEFAULT_RPC_URL = 'http://127.0.0.1:8545';

/**
 * Builds the whole world on a fresh anvil (automine off, FIFO order, auto-impersonation) whose
 * genesis timestamp is `t0 - 60`. Returns the manifest describing it.
 */
export async function buildWorld(
  rpcUrl: string,
  artifacts: CompileResult,
  t0: number,
  fingerprint: string,
): Promise<DevnetManifest> {
  const wallets = demoWallets();
  const w: World = {
    chain: new Chain(rpcUrl, artifacts),
    wallets,
    deployer: walletByName(wallets, 'deployer'),
    core: {} as CoreContracts,
    tokens: {} as World['tokens'],
    t0,
    clock: t0,
  };
  await deployAll(w);
  await fundDemoWallets(w);
  await preparePairs(w);
  // Appended after the original setup blocks: a pair's address depends only on its two tokens.
  const pool = await seedWethUsdcPool(w);
  const actors = makeActors(w);
  const timeline = buildTimeline(actors, pool.address);
  // Appended after the whole history, in its last block (no new block): the backdoor tokens.
  const backdoors = scheduleBackdoors(timeline, HISTORY_SECONDS);
  // Then, in the same block, the V3 and Solidly venues and their tokens (their own deployer).
  const venues = scheduleVenues(timeline, HISTORY_SECONDS);
  const traps = scheduleTraps(timeline, HISTORY_SECONDS);
  const locks = scheduleLocks(timeline, HISTORY_SECONDS);
  // Last in that block: backdoors added later, so the deployer's nonces above (traps, locks) keep their addresses.
  scheduleLateBackdoors(timeline, HISTORY_SECONDS, backdoors);
  await timeline.run(w);
  return toManifest({ w, a: actors, pool, artifacts, fingerprint, backdoors, venues, traps, locks });
}

const ref = (artifacts: CompileResult, contract: string): SourceRef => ({
  file: artifacts.contracts[contract].file,
  contract,
});

async function toManifest(params: {
  w: World;
  a: Actors;
  pool: ReferencePool;
  artifacts: CompileResult;
  fingerprint: string;
  backdoors: DeployedBackdoor[];
  venues: Parameters<typeof venuesSection>[2];
  traps: Parameters<typeof trapEntries>[2];
  locks: Parameters<typeof liquidityEntries>[2];
}): Promise<DevnetManifest> {
  const { w, a, pool, artifacts, fingerprint } = params;
  const backdoors = await backdoorEntries(w, artifacts, params.backdoors);
  const venues = await venuesSection(w, artifacts, params.venues);
  const traps = await trapEntries(w, artifacts, params.traps);
  const liquidity = await liquidityEntries(w, artifacts, params.locks);
  const tokens = {} as Record<TokenLabel, TokenEntry>;
  for (const spec of TOKEN_SPECS) {
    const t = w.tokens[spec.label];
    const file = artifacts.contracts[spec.contract].file;
    tokens[spec.label] = {
      address: t.address,
      name: spec.name,
      symbol: spec.symbol,
      decimals: 18,
      pair: t.pair,
      quote: spec.quote,
      owner: await w.chain.read<Address>(t.abi, t.address, 'owner'),
      ...(t.implementation
        ? { implementation: t.implementation, implementationSource: ref(artifacts, 'UpgradeableToken') }
        : {}),
      liquidityBlock: t.liquidityBlock,
      source: file.startsWith(UNPUBLISHED_DIR) ? null : ref(artifacts, spec.contract),
      labels: fullLabels(spec.labels),
      ...(spec.label === 'washed' ? { actors: { washRing: a.ring, washFunder: a.washFunder } } : {}),
      ...(spec.label === 'sniped' ? { actors: { snipers: a.snipers, sniperFunder: a.sniperFunder } } : {}),
    };
  }
  const contractSources: Record<keyof CoreContracts, SourceRef> = {
    WETH: ref(artifacts, 'WETH9'),
    USDC: ref(artifacts, 'USDC'),
    Multicall3: ref(artifacts, 'Multicall3'),
    UniswapV2Factory: ref(artifacts, 'UniswapV2Factory'),
    UniswapV2Router02: ref(artifacts, 'UniswapV2Router02'),
    ServiceToken: ref(artifacts, 'ServiceToken'),
    StakingVault: ref(artifacts, 'StakingVault'),
  };
  const published = [
    ...Object.entries(contractSources).map(([k, s]) => ({ address: w.core[k as keyof CoreContracts], ...s })),
    ...Object.values(tokens).flatMap((t) => [
      ...(t.source ? [{ address: t.address, ...t.source }] : []),
      ...(t.implementation && t.implementationSource ? [{ address: t.implementation, ...t.implementationSource }] : []),
      { address: t.pair, ...ref(artifacts, 'UniswapV2Pair') },
    ]),
    { address: pool.address, ...ref(artifacts, 'UniswapV2Pair') },
    ...Object.values(backdoors).map((b) => ({ address: b.address, ...b.source })),
    ...(Object.values(traps) as TrapToken[]).flatMap((t) => [
      { address: t.address, ...t.source },
      { address: t.pair, ...ref(artifacts, 'UniswapV2Pair') },
    ]),
    { address: liquidity.locker.address, ...liquidity.locker.source },
    ...[liquidity.locked, liquidity.pullable].flatMap((t) => [
      { address: t.address, ...ref(artifacts, 'PlainToken') },
      { address: t.pair, ...ref(artifacts, 'UniswapV2Pair') },
    ]),
    ...venuePublished(venues, artifacts),
  ];
  const first = await w.chain.rpc.call<{ timestamp: string }>('eth_getBlockByNumber', ['0x1', false]);
  return {
    chainId: CHAIN_ID,
    rpcUrl: DEFAULT_RPC_URL,
    fingerprint,
    compiler: {
      version: artifacts.compilerVersion,
      settings: COMPILER_SETTINGS,
      sourcesDir: 'contracts',
      unpublishedDir: UNPUBLISHED_DIR,
    },
    contracts: w.core,
    contractSources,
    published,
    treasury: walletByName(w.wallets, 'treasury'),
    wallets: w.wallets,
    tokens,
    backdoors,
    traps,
    liquidity,
    venues,
    pools: { WETH_USDC: pool },
    exchanges: a.exchanges,
    history: {
      startTimestamp: Number(first.timestamp),
      endTimestamp: w.clock,
      fromBlock: 1,
      toBlock: w.chain.blockNumber,
    },
  };
}
