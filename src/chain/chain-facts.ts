import { getAddress, type Address } from 'viem';
import { CHAIN_IDS, type ChainKey, type MainnetChainKey, type RpcEnvVar } from '../config/chains';

/** Chains with a public mainnet; `devnet` has no static facts (they come from the devnet manifest). */
export type { MainnetChainKey } from '../config/chains';

export interface TokenFacts {
  symbol: string;
  address: Address;
  decimals: number;
}

/** A Uniswap-V2-style DEX: `factory.getPair`, `router.getAmountsOut` / `swapExact...`. */
export interface DexFacts {
  name: string;
  factory: Address;
  router: Address;
}

/**
 * A contract that holds LP tokens until a date. `uncx_v2` lockers answer UNCX's V2 read interface
 * (`getNumLocksForToken`, `tokenLocks`), so their unlock dates are read too; others only by balance.
 */
export interface LockerFacts {
  name: string;
  address: Address;
  kind: 'uncx_v2' | 'balance_only';
}

/** Where a V3-style pool calls its swapper back to be paid. */
export type V3Callback = 'uniswapV3SwapCallback' | 'pancakeV3SwapCallback';

/**
 * A Uniswap-V3-style DEX: `factory.getPool(a, b, fee)` for each fee tier (hundredths of a bip); a
 * pool's `swap` calls `callback` on the caller, which must pay the pool inside it.
 */
export interface V3DexFacts {
  name: string;
  factory: Address;
  fees: number[];
  callback: V3Callback;
  /** Its NonfungiblePositionManager: positions it owns in a pool belong to the holders of its NFTs. */
  positionManager?: Address;
}

/** A Solidly-style DEX (Aerodrome, Velodrome V2): `factory.getPool(a, b, stable)`; the router takes Route lists. */
export interface SolidlyDexFacts {
  name: string;
  factory: Address;
  router: Address;
}

/** A token a chain's own list names, for symbol lookup. */
export interface ListedToken {
  symbol: string;
  name: string;
  address: Address;
}

/** Surface C's stakes: `stakedOf(wallet)` on the vault, counted in the service token. */
export interface StakingFacts {
  vault: Address;
  serviceToken: Address;
}

/**
 * What only the embedded devnet knows about itself (its manifest). A real chain has none of these:
 * its treasury and staking vault come from config (TREASURY_ADDRESS, STAKING_VAULT_ADDRESS,
 * SERVICE_TOKEN_ADDRESS), and its token list is `wrappedNative` and `stablecoins`.
 */
export interface DevnetWorldFacts {
  /** Where plan payments go. */
  treasury?: Address;
  staking?: StakingFacts;
  /** The world's tokens (and the service token), looked up by symbol beside the quote tokens. */
  listedTokens?: ListedToken[];
}

export interface ChainFacts extends DevnetWorldFacts {
  key: ChainKey;
  chainId: number;
  /** Long, human name ("BNB Smart Chain"). */
  name: string;
  nativeSymbol: string;
  wrappedNative: TokenFacts;
  /** Quote tokens worth ~1 USD, used for pricing and pair discovery. */
  stablecoins: TokenFacts[];
  dexes: DexFacts[];
  /** Known LP lockers (more come from LP_LOCKERS); none listed means only burns and holders are told apart. */
  lockers?: LockerFacts[];
  /** V3-style DEXes (concentrated liquidity); none on a chain without them. */
  v3Dexes: V3DexFacts[];
  /** Solidly-style DEXes (stable and volatile pools). */
  solidlyDexes: SolidlyDexFacts[];
  multicall3: Address;
  /** Average block time, to turn "last 24h" into a block range. */
  blockTimeMs: number;
  /** The variable that configures this chain's RPC URLs; absent for the embedded devnet. */
  rpcEnvVar?: RpcEnvVar;
}

/**
 * Checksums an address literal. A mixed-case literal must already carry the right checksum, so a
 * mistyped hex digit fails at module load instead of pointing at someone else's contract.
 */
export function checkedAddress(literal: string): Address {
  const address = getAddress(literal.toLowerCase());
  const isMixedCase = literal !== literal.toLowerCase() && literal.slice(2) !== literal.slice(2).toUpperCase();
  if (isMixedCase && literal !== address) throw new Error(`Bad checksum in address literal ${literal}`);
  return address;
}

const token = (symbol: string, address: string, decimals: number): TokenFacts => ({
  symbol,
  address: checkedAddress(address),
  decimals,
});

const uncxV2 = (name: string, address: string): LockerFacts => ({
  name,
  address: checkedAddress(address),
  kind: 'uncx_v2',
});

const dex = (name: string, factory: string, router: string): DexFacts => ({
  name,
  factory: checkedAddress(factory),
  router: checkedAddress(router),
});

const UNISWAP_V3_FEES = [100, 500, 3000, 10000];
const PANCAKE_V3_FEES = [100, 500, 2500, 10000];

const uniswapV3 = (factory: string, positionManager?: string): V3DexFacts => ({
  name: 'Uniswap V3',
  factory: checkedAddress(factory),
  fees: UNISWAP_V3_FEES,
  callback: 'uniswapV3SwapCallback',
  ...(positionManager ? { positionManager: checkedAddress(positionManager) } : {}),
});

/** Uniswap's NonfungiblePositionManager on Ethereum, Polygon, Arbitrum and Optimism (its deployments page). */
const UNISWAP_NPM = '0xC36442b4a4522E871399CD717aBDD847Ab11FE88';

/** Uniswap's NonfungiblePositionManager on BNB Smart Chain (its deployments page). */
const UNISWAP_BSC_NPM = '0x7b8A01B39D58278b5DE7e48c8449c9f4F5170613';

/** Same factory and NonfungiblePositionManager addresses on BSC, Ethereum, Arbitrum and Base (PancakeSwap's v3 addresses page). */
const pancakeV3 = (): V3DexFacts => ({
  name: 'PancakeSwap V3',
  factory: checkedAddress('0x0BFbCF9fa4f9C56B0F40a671Ad40E0805A091865'),
  fees: PANCAKE_V3_FEES,
  callback: 'pancakeV3SwapCallback',
  positionManager: checkedAddress('0x46A15B0b27311cedF172AB29E4f4766fbE7F4364'),
});

const solidly = (name: string, factory: string, router: string): SolidlyDexFacts => ({
  name,
  factory: checkedAddress(factory),
  router: checkedAddress(router),
});

/** Same address on every EVM chain (deterministic deployment). */
export const MULTICALL3_ADDRESS = checkedAddress('0xcA11bde05977b3631167028862bE2a173976CA11');

/** Mainnet facts from FIELD-NOTES.md; addresses are re-checksummed so a typo fails at load. */
export const MAINNET_CHAIN_FACTS: Readonly<Record<MainnetChainKey, ChainFacts>> = {
  eth: {
    key: 'eth',
    chainId: CHAIN_IDS.eth,
    name: 'Ethereum',
    nativeSymbol: 'ETH',
    wrappedNative: token('WETH', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 18),
    stablecoins: [
      token('USDC', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
      token('USDT', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
    ],
    dexes: [
      dex('Uniswap V2', '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f', '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D'),
    ],
    lockers: [uncxV2('UNCX Uniswap V2 locker', '0x663A5C229c09b049E36dCc11a9B0d4a8Eb9db214')],
    v3Dexes: [uniswapV3('0x1F98431c8aD98523631AE4a59f267346ea31F984', UNISWAP_NPM), pancakeV3()],
    solidlyDexes: [],
    multicall3: MULTICALL3_ADDRESS,
    blockTimeMs: 12_000,
    rpcEnvVar: 'ETH_RPC_URL',
  },
  bsc: {
    key: 'bsc',
    chainId: CHAIN_IDS.bsc,
    name: 'BNB Smart Chain',
    nativeSymbol: 'BNB',
    wrappedNative: token('WBNB', '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c', 18),
    // Binance-peg stablecoins on BSC use 18 decimals, unlike their 6-decimal originals.
    stablecoins: [
      token('USDC', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18),
      token('USDT', '0x55d398326f99059fF775485246999027B3197955', 18),
    ],
    dexes: [
      dex('PancakeSwap V2', '0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73', '0x10ED43C718714eb63d5aA57B78B54704E256024E'),
    ],
    lockers: [uncxV2('UNCX PancakeSwap V2 locker', '0xC765bddB93b0D1c1A88282BA0fa6B2d00E3e0c83')],
    v3Dexes: [uniswapV3('0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7', UNISWAP_BSC_NPM), pancakeV3()],
    solidlyDexes: [],
    multicall3: MULTICALL3_ADDRESS,
    // 0.75 s since the Maxwell hard fork (mid-2025); it was 3 s before Lorentz.
    blockTimeMs: 750,
    rpcEnvVar: 'BSC_RPC_URL',
  },
  polygon: {
    key: 'polygon',
    chainId: CHAIN_IDS.polygon,
    name: 'Polygon',
    nativeSymbol: 'POL',
    // The contract still answers symbol() with "WMATIC"; POL is the native coin's name since 2024.
    wrappedNative: token('WPOL', '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270', 18),
    stablecoins: [
      token('USDC', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6),
      token('USDC.e', '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', 6),
      token('USDT', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
    ],
    dexes: [
      dex('QuickSwap', '0x5757371414417b8C6CAad45bAeF941aBc7d3Ab32', '0xa5E0829CaCEd8fFDD4De3c43696c57F7D7A678ff'),
    ],
    v3Dexes: [uniswapV3('0x1F98431c8aD98523631AE4a59f267346ea31F984', UNISWAP_NPM)],
    solidlyDexes: [],
    multicall3: MULTICALL3_ADDRESS,
    blockTimeMs: 2_000,
    rpcEnvVar: 'POLYGON_RPC_URL',
  },
  arbitrum: {
    key: 'arbitrum',
    chainId: CHAIN_IDS.arbitrum,
    name: 'Arbitrum One',
    nativeSymbol: 'ETH',
    wrappedNative: token('WETH', '0x82aF49447D8a07e3bd95BD0d56f35241523fBab1', 18),
    stablecoins: [
      token('USDC', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
      token('USDT', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
    ],
    dexes: [
      dex('Uniswap V2', '0xf1D7CC64Fb4452F05c498126312eBE29f30Fbcf9', '0x4752ba5dbc23f44d87826276bf6fd6b1c372ad24'),
      dex('Camelot', '0x6EcCab422D763aC031210895C81787E87B43A652', '0xc873fEcbd354f5A56E00E710B90EF4201db2448d'),
    ],
    v3Dexes: [uniswapV3('0x1F98431c8aD98523631AE4a59f267346ea31F984', UNISWAP_NPM), pancakeV3()],
    solidlyDexes: [],
    multicall3: MULTICALL3_ADDRESS,
    blockTimeMs: 250,
    rpcEnvVar: 'ARBITRUM_RPC_URL',
  },
  optimism: {
    key: 'optimism',
    chainId: CHAIN_IDS.optimism,
    name: 'OP Mainnet',
    nativeSymbol: 'ETH',
    wrappedNative: token('WETH', '0x4200000000000000000000000000000000000006', 18),
    stablecoins: [
      token('USDC', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6),
      token('USDT', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6),
    ],
    dexes: [
      dex('Uniswap V2', '0x0c3c1c532F1e39EdF36BE9Fe0bE1410313E074Bf', '0x4A7b5Da61326A6379179b40d00F57E5bbDC962c2'),
    ],
    v3Dexes: [uniswapV3('0x1F98431c8aD98523631AE4a59f267346ea31F984', UNISWAP_NPM)],
    solidlyDexes: [
      solidly(
        'Velodrome V2',
        '0xF1046053aa5682b4F9a81b5481394DA16BE5FF5a',
        '0xa062aE8A9c5e11aaA026fc2670B0D65cCc8B2858',
      ),
    ],
    multicall3: MULTICALL3_ADDRESS,
    blockTimeMs: 2_000,
    rpcEnvVar: 'OPTIMISM_RPC_URL',
  },
  base: {
    key: 'base',
    chainId: CHAIN_IDS.base,
    name: 'Base',
    nativeSymbol: 'ETH',
    wrappedNative: token('WETH', '0x4200000000000000000000000000000000000006', 18),
    stablecoins: [
      token('USDC', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
      token('USDT', '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', 6),
    ],
    dexes: [
      dex('Uniswap V2', '0x8909Dc15e40173Ff4699343b6eB8132c65e18eC6', '0x4752ba5dbc23f44d87826276bf6fd6b1c372ad24'),
    ],
    v3Dexes: [
      uniswapV3('0x33128a8fC17869897dcE68Ed026d694621f6FDfD', '0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1'),
      pancakeV3(),
    ],
    solidlyDexes: [
      solidly('Aerodrome', '0x420DD381b31aEf6683db6B902084cB0FFECe40Da', '0xcF77a3Ba9A5CA399B7c97c74d54e5b1Beb874E43'),
    ],
    multicall3: MULTICALL3_ADDRESS,
    blockTimeMs: 2_000,
    rpcEnvVar: 'BASE_RPC_URL',
  },
};
