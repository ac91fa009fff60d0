import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getAddress, isAddress, type Address } from 'viem';
import {
  MAINNET_CHAIN_FACTS,
  type ChainFacts,
  type DevnetWorldFacts,
  type DexFacts,
  type LockerFacts,
  type ListedToken,
  type SolidlyDexFacts,
  type StakingFacts,
  type TokenFacts,
  type V3DexFacts,
} from './chain-facts';

/** What the registry needs to know about the embedded devnet world (from its manifest). */
export interface DevnetChainFacts extends DevnetWorldFacts {
  chainId: number;
  wrappedNative: TokenFacts;
  stablecoins: TokenFacts[];
  dexes: DexFacts[];
  lockers?: LockerFacts[];
  v3Dexes: V3DexFacts[];
  solidlyDexes: SolidlyDexFacts[];
  multicall3: Address;
  /** The devnet mines on demand; this only sizes "last N hours" block ranges. */
  blockTimeMs?: number;
}

/**
 * The part of `devnet/manifest.json` this folder reads. The world's sections (treasury, tokens, the
 * staking vault) are optional so a manifest of the core contracts alone still serves a chain.
 */
export interface DevnetManifestLike {
  chainId: number;
  contracts: Record<string, string>;
  treasury?: string;
  tokens?: Record<string, { address: string; symbol: string; name: string }>;
  liquidity?: { locker: { address: string } };
  /** The world's own V3-interface and Solidly-style DEXes (devnet/world/venues.ts). */
  venues?: {
    contracts: { V3Factory: string; SolidlyFactory: string; SolidlyRouter: string; V3PositionManager?: string };
    tokens?: Record<string, { address: string; symbol: string; name: string }>;
  };
}

/** The fee tiers and callback the world's V3 factory and pools share with Uniswap V3. */
const DEVNET_V3_FEES = [100, 500, 3000, 10000];

const DEVNET_BLOCK_TIME_MS = 12_000;
/** What every answer calls a chain the devnet serves, under either key: it is not Ethereum. */
export const DEVNET_CHAIN_NAME = 'Local devnet';
const SERVICE_TOKEN = { symbol: 'SNTL', name: 'Sentinel Service Token' };

/**
 * Maps the devnet manifest to chain facts; throws naming any field that is missing or not an address.
 * A section the manifest lacks (treasury, tokens, StakingVault) leaves its fact undefined.
 */
export function devnetFactsFromManifest(manifest: DevnetManifestLike): DevnetChainFacts {
  const contract = (name: string): Address => address(manifest.contracts[name], `contracts.${name}`);
  const facts: DevnetChainFacts = {
    chainId: manifest.chainId,
    wrappedNative: { symbol: 'WETH', address: contract('WETH'), decimals: 18 },
    stablecoins: [{ symbol: 'USDC', address: contract('USDC'), decimals: 6 }],
    dexes: [{ name: 'Uniswap V2', factory: contract('UniswapV2Factory'), router: contract('UniswapV2Router02') }],
    ...venueDexesOf(manifest),
    multicall3: contract('Multicall3'),
  };
  if (manifest.liquidity !== undefined)
    facts.lockers = [
      {
        name: 'Devnet LP locker',
        address: address(manifest.liquidity.locker.address, 'liquidity.locker'),
        kind: 'uncx_v2',
      },
    ];
  if (manifest.treasury !== undefined) facts.treasury = address(manifest.treasury, 'treasury');
  const staking = stakingOf(manifest);
  if (staking) facts.staking = staking;
  const listed = listedTokensOf(manifest);
  if (listed) facts.listedTokens = listed;
  return facts;
}

/** The venues' factories and router; none when the manifest predates them. */
function venueDexesOf(manifest: DevnetManifestLike): Pick<DevnetChainFacts, 'v3Dexes' | 'solidlyDexes'> {
  const venues = manifest.venues?.contracts;
  if (!venues) return { v3Dexes: [], solidlyDexes: [] };
  return {
    v3Dexes: [
      {
        name: 'Uniswap V3',
        factory: address(venues.V3Factory, 'venues.contracts.V3Factory'),
        fees: DEVNET_V3_FEES,
        callback: 'uniswapV3SwapCallback',
        ...(venues.V3PositionManager
          ? { positionManager: address(venues.V3PositionManager, 'venues.contracts.V3PositionManager') }
          : {}),
      },
    ],
    solidlyDexes: [
      {
        name: 'Aerodrome',
        factory: address(venues.SolidlyFactory, 'venues.contracts.SolidlyFactory'),
        router: address(venues.SolidlyRouter, 'venues.contracts.SolidlyRouter'),
      },
    ],
  };
}

function address(value: string | undefined, field: string): Address {
  if (!value || !isAddress(value, { strict: false })) {
    throw new Error(`Devnet manifest: ${field} is missing or not an address`);
  }
  return getAddress(value);
}

/** The vault, when the manifest has one; it then needs the service token staked in it. */
function stakingOf(manifest: DevnetManifestLike): StakingFacts | undefined {
  if (manifest.contracts.StakingVault === undefined) return undefined;
  return {
    vault: address(manifest.contracts.StakingVault, 'contracts.StakingVault'),
    serviceToken: address(manifest.contracts.ServiceToken, 'contracts.ServiceToken'),
  };
}

/** The manifest's tokens in its order, then the venues' tokens, then the service token; undefined without a token section. */
function listedTokensOf(manifest: DevnetManifestLike): ListedToken[] | undefined {
  if (manifest.tokens === undefined) return undefined;
  const entry =
    (section: string) =>
    ([label, t]: [string, { address: string; symbol: string; name: string }]) => ({
      symbol: t.symbol,
      name: t.name,
      address: address(t.address, `${section}.${label}.address`),
    });
  const listed = [
    ...Object.entries(manifest.tokens).map(entry('tokens')),
    ...Object.entries(manifest.venues?.tokens ?? {}).map(entry('venues.tokens')),
  ];
  const service = manifest.contracts.ServiceToken;
  if (service !== undefined) listed.push({ ...SERVICE_TOKEN, address: address(service, 'contracts.ServiceToken') });
  return listed;
}

/**
 * Chain facts for a chain served by the devnet. As `eth` it keeps eth's key and variable so the spec's
 * default chain works out of the box; under either key it has the devnet's id and name (one identity
 * per chain: an answer about the devnet never says Ethereum or chain 1).
 */
export function chainFactsFromDevnet(key: 'eth' | 'devnet', devnet: DevnetChainFacts): ChainFacts {
  return {
    key,
    chainId: devnet.chainId,
    name: DEVNET_CHAIN_NAME,
    nativeSymbol: 'ETH',
    wrappedNative: devnet.wrappedNative,
    stablecoins: devnet.stablecoins,
    dexes: devnet.dexes,
    lockers: devnet.lockers,
    v3Dexes: devnet.v3Dexes,
    solidlyDexes: devnet.solidlyDexes,
    multicall3: devnet.multicall3,
    blockTimeMs: devnet.blockTimeMs ?? DEVNET_BLOCK_TIME_MS,
    rpcEnvVar: key === 'eth' ? MAINNET_CHAIN_FACTS.eth.rpcEnvVar : undefined,
    treasury: devnet.treasury,
    staking: devnet.staking,
    listedTokens: devnet.listedTokens,
  };
}

/** Reads `devnet/manifest.json` at the project root (found by walking up to package.json). */
export function loadDevnetFacts(manifestPath = defaultManifestPath()): DevnetChainFacts {
  if (!existsSync(manifestPath)) {
    throw new Error(`The devnet is running but its manifest is missing: ${manifestPath}`);
  }
  return devnetFactsFromManifest(JSON.parse(readFileSync(manifestPath, 'utf8')) as DevnetManifestLike);
}

function defaultManifestPath(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + __dirname);
    dir = parent;
  }
  return join(dir, 'devnet', 'manifest.json');
}
