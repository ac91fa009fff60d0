import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getAddress, isAddress, type Address } from 'viem';
import { MAINNET_CHAIN_FACTS, type ChainFacts, type DexFacts, type TokenFacts } from './chain-facts';

/** What the registry needs to know about the embedded devnet world (from its manifest). */
export interface DevnetChainFacts {
  chainId: number;
  wrappedNative: TokenFacts;
  stablecoins: TokenFacts[];
  dexes: DexFacts[];
  multicall3: Address;
  /** The devnet mines on demand; this only sizes "last N hours" block ranges. */
  blockTimeMs?: number;
}

/** The part of `devnet/manifest.json` this folder reads. */
export interface DevnetManifestLike {
  chainId: number;
  contracts: Record<string, string>;
}

const DEVNET_BLOCK_TIME_MS = 12_000;

/** Maps the devnet manifest to chain facts; throws naming any contract the manifest lacks. */
export function devnetFactsFromManifest(manifest: DevnetManifestLike): DevnetChainFacts {
  const contract = (name: string): Address => {
    const address = manifest.contracts[name];
    if (!address || !isAddress(address, { strict: false })) {
      throw new Error(`Devnet manifest: contracts.${name} is missing or not an address`);
    }
    return getAddress(address);
  };
  return {
    chainId: manifest.chainId,
    wrappedNative: { symbol: 'WETH', address: contract('WETH'), decimals: 18 },
    stablecoins: [{ symbol: 'USDC', address: contract('USDC'), decimals: 6 }],
    dexes: [{ name: 'Uniswap V2', factory: contract('UniswapV2Factory'), router: contract('UniswapV2Router02') }],
    multicall3: contract('Multicall3'),
  };
}

/**
 * Chain facts for a chain served by the devnet. As `eth` it keeps eth's key, name and variable so
 * the spec's default chain works out of the box; as `devnet` it is named for what it is.
 */
export function chainFactsFromDevnet(key: 'eth' | 'devnet', devnet: DevnetChainFacts): ChainFacts {
  const eth = MAINNET_CHAIN_FACTS.eth;
  return {
    key,
    chainId: devnet.chainId,
    name: key === 'eth' ? eth.name : 'Local devnet',
    nativeSymbol: 'ETH',
    wrappedNative: devnet.wrappedNative,
    stablecoins: devnet.stablecoins,
    dexes: devnet.dexes,
    multicall3: devnet.multicall3,
    blockTimeMs: devnet.blockTimeMs ?? DEVNET_BLOCK_TIME_MS,
    rpcEnvVar: key === 'eth' ? eth.rpcEnvVar : undefined,
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
