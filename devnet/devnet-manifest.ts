import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { FindingKind } from '../src/analysis/contract/engine/findings';
import { manifestPath } from './paths';

export type Address = `0x${string}`;
export type Hex = `0x${string}`;

export type TokenLabel =
  | 'clean'
  | 'honeypot'
  | 'taxed'
  | 'powers'
  | 'proxy'
  | 'hidden_mint'
  | 'limiter'
  | 'washed'
  | 'sniped'
  | 'unverified'
  | 'rug';

export type WalletRole = 'payer' | 'staker' | 'holder' | 'deployer' | 'funder' | 'trader';

/** Where a deployed contract's source lives: a path relative to contracts/ and a contract name. */
export interface SourceRef {
  file: string;
  contract: string;
}

/** Ground truth the analyzers are tested against. Taxes are percentages (5 means 5%). */
export interface TokenLabels {
  is_honeypot: boolean;
  buy_tax: number;
  sell_tax: number;
  can_mint: boolean;
  can_pause: boolean;
  can_blacklist: boolean;
  is_proxy: boolean;
  hidden_mint: boolean;
  has_limits: boolean;
  verified: boolean;
  owner_renounced: boolean;
  wash_trading: boolean;
  sniper_count: number;
  rugged: boolean;
}

export interface TokenEntry {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  pair: Address;
  quote: 'WETH' | 'USDC';
  /** address(0) when renounced. */
  owner: Address;
  /** Proxy tokens only: the EIP-1967 implementation and its source. */
  implementation?: Address;
  implementationSource?: SourceRef;
  /** Block of the pair's first Mint (liquidity added). */
  liquidityBlock: number;
  /** null when the source is deliberately not published. */
  source: SourceRef | null;
  labels: TokenLabels;
  /**
   * Who did what in the history: `washed` has its ring and their one funder; `sniped` has the five
   * snipers and the one wallet that funded them all (a bundle) before the liquidity block.
   */
  actors?: { washRing?: Address[]; washFunder?: Address; snipers?: Address[]; sniperFunder?: Address };
}

/** The backdoor tokens (contracts/backdoors/): owner powers under disguised names and gates. */
export type BackdoorLabel =
  | 'admin_slot'
  | 'role_map'
  | 'hardcoded'
  | 'checkpoint'
  | 'two_step_seizure'
  | 'unbounded_fee'
  | 'fake_renounce'
  | 'decoy'
  | 'launch_gated'
  | 'external_hook';

/**
 * What gates a backdoor's powers: a custom storage slot with no getter (`admin_slot`), a private
 * role mapping (`role_map`), a compile-time constant address (`hardcoded`), owner() (`owner`), a
 * MiniMe-style `controller` variable, or a backup address that can take ownership back
 * (`backup_slot`).
 */
export type BackdoorAuthorityKind = 'admin_slot' | 'role_map' | 'hardcoded' | 'owner' | 'controller' | 'backup_slot';

/** One disguised function and the finding it is evidence of (a function may appear under two kinds). */
export interface BackdoorPower {
  kind: FindingKind;
  /** 4-byte selector, `toFunctionSelector(signature)`. */
  selector: Hex;
  /** Canonical signature, e.g. `syncEmissions(address,uint256)`. */
  signature: string;
}

export interface BackdoorEntry {
  address: Address;
  /** Contract name in contracts/backdoors/. */
  contract: string;
  name: string;
  symbol: string;
  decimals: number;
  /** Published (it verifies); listed in `published` too. */
  source: SourceRef;
  /** owner() at the end of the build: address(0) when renounced, null when the contract has no owner(). */
  owner: Address | null;
  /** Who can use the powers right now, and through which gate. */
  authority: { kind: BackdoorAuthorityKind; holder: Address };
  /** Finding kinds a correct engine reports for this token (sorted; [] for the decoy). */
  expected: FindingKind[];
  /** Every function behind an expected finding. Each expected kind has at least one power. */
  powers: BackdoorPower[];
  /** Functions with scary names or capped setters that must NOT produce a finding. */
  decoys: { selector: Hex; signature: string; why: string }[];
  /** Demo wallets the deployer sent tokens to (the deployer keeps the rest). */
  holders: Address[];
  /** Block of the deployment (the history's last block; no pool, no trading). */
  deployBlock: number;
}

/** Tokens that trade only in the world's V3-interface or Solidly-style pools (contracts/dex/v3, contracts/dex/solidly). */
export type VenueLabel = 'v3_only' | 'v3_honeypot' | 'solidly_only';

export type VenuePoolKind = 'v3' | 'solidly';

export interface VenuePool {
  address: Address;
  kind: VenuePoolKind;
  /** V3 fee tier in hundredths of a bip (3000 = 0.3 %); null for Solidly pools. */
  fee: number | null;
  /** Solidly stable (x³y + xy³) or volatile (x·y) curve; null for V3 pools. */
  stable: boolean | null;
  quote: 'WETH';
  /** Whole units the deployer put in. */
  seeded: { token: number; WETH: number };
}

export interface VenueTokenEntry {
  address: Address;
  name: string;
  symbol: string;
  decimals: number;
  source: SourceRef;
  owner: Address;
  /** Every pool of the token, deepest first; it has no V2 pair. */
  pools: VenuePool[];
  /** Ground truth: taxes are percentages taken by the token on transfers from (buy) and to (sell) its pools. */
  labels: { is_honeypot: boolean; buy_tax: number; sell_tax: number };
  deployBlock: number;
}

/** The venue contracts and their tokens, deployed in the history's last block after the backdoors. */
export interface VenuesSection {
  contracts: {
    V3Factory: Address;
    V3SwapRouter: Address;
    SolidlyFactory: Address;
    SolidlyRouter: Address;
    V3PositionManager: Address;
  };
  /** Deploys the venues and owns their tokens (its own wallet, so the main deployer's nonces stay as they were). */
  deployer: Address;
  /** Wallets that traded in the venues' pools in that block. */
  traders: Address[];
  tokens: Record<VenueLabel, VenueTokenEntry>;
  /** A token whose only (V3, fee 3000) pool is filled through the position manager: `burnedPercent` of its liquidity in an NFT sent to 0x…dEaD, the rest in one its owner holds. */
  positions: {
    token: Address;
    name: string;
    symbol: string;
    pool: Address;
    owner: Address;
    burnedPercent: number;
    ownerPercent: number;
  };
}

/** The trap tokens (contracts/traps/): what a round trip from a fresh address at the current block misses. */
export interface TrapEntries {
  /** Sells pay `sellFeeNow` percent until `settlesAt` (unix seconds), then `sellFeeLater`. */
  time_bomb: TrapToken & { sellFeeNow: number; sellFeeLater: number; settlesAt: number };
  /** The airdrop's recipients can never sell; fresh buyers (and the owner) can. */
  holder_trap: TrapToken & {
    trappedHolders: Address[];
    freeHolders: Address[];
    /** Balances trimmed without a Transfer: what the Transfer logs say, and what balanceOf says. */
    siphoned: { holder: Address; indexed: string; actual: string }[];
  };
}

/** Liquidity safety cases: who holds each pool's LP tokens (appended after the traps). */
export interface LiquidityEntries {
  /** Our LP locker; it answers UNCX V2's read interface (getNumLocksForToken, tokenLocks). */
  locker: { address: Address; source: SourceRef };
  /** The clean token's LP, sent by its deployer to 0x…dEaD (raw LP units). */
  clean_burned: { token: Address; pair: Address; burned: string };
  /** `lockedPercent` of its LP supply is in the locker until `unlockAt` (unix seconds); the owner keeps the rest. */
  locked: {
    address: Address;
    name: string;
    symbol: string;
    pair: Address;
    owner: Address;
    lockedPercent: number;
    unlockAt: number;
  };
  /** Its owner holds all of its LP (less the pair's minimum liquidity) and can pull it. */
  pullable: { address: Address; name: string; symbol: string; pair: Address; owner: Address };
}

export interface TrapToken {
  address: Address;
  name: string;
  symbol: string;
  source: SourceRef;
  owner: Address;
  /** Its V2 pair against WETH (created by its constructor). */
  pair: Address;
  deployBlock: number;
}

/** A pool that prices a quote token in USD (the devnet's WETH/USDC pair). */
export interface ReferencePool {
  address: Address;
  /** Block of its first Mint; the pool exists before any token's liquidity. */
  liquidityBlock: number;
  /** What the first Mint put in, in whole units: 300 WETH against 900,000 USDC (1 WETH = 3,000 USD). */
  seeded: { WETH: number; USDC: number };
}

export interface WalletEntry {
  name: string;
  address: Address;
  privateKey: Hex;
  roles: WalletRole[];
}

export interface CoreContracts {
  WETH: Address;
  USDC: Address;
  Multicall3: Address;
  UniswapV2Factory: Address;
  UniswapV2Router02: Address;
  ServiceToken: Address;
  StakingVault: Address;
}

export interface DevnetManifest {
  chainId: number;
  /** URL of the default CLI devnet; a running handle reports its own rpcUrl. */
  rpcUrl: string;
  fingerprint: string;
  /** How to recompile contracts/ to reproduce the deployed runtime bytecode. */
  compiler: { version: string; settings: unknown; sourcesDir: 'contracts'; unpublishedDir: string };
  contracts: CoreContracts;
  /** Source of every core contract (Multicall3 sits at its canonical address via anvil_setCode). */
  contractSources: Record<keyof CoreContracts, SourceRef>;
  /** Every deployed contract whose source is published, pairs and implementations included. */
  published: { address: Address; file: string; contract: string }[];
  treasury: Address;
  wallets: WalletEntry[];
  tokens: Record<TokenLabel, TokenEntry>;
  /**
   * Tokens hiding owner powers behind disguised names and gates, each labelled with the findings a
   * bytecode engine must report. Deployed in the history's last block, after everything else; no
   * pools, no trading.
   */
  backdoors: Record<BackdoorLabel, BackdoorEntry>;
  /** Tokens whose trap a simple round trip misses; deployed with pools and trades in the last block, after the backdoors. */
  traps: TrapEntries;
  liquidity: LiquidityEntries;
  /** V3 and Solidly venues with tokens that trade only there (history's last block, after the backdoors). */
  venues: VenuesSection;
  /** The permanent WETH/USDC pair, traded throughout the history so it has 24 h volume. */
  pools: { WETH_USDC: ReferencePool };
  /**
   * "Exchange" hot wallets (native coin without a visible funder) that first funded the organic
   * crowd: traders, whales, sweepers, the honeypot buyer. Each funds dozens of unrelated wallets,
   * so a funding-link cluster headed by one of them is an exchange, not a ring.
   */
  exchanges: Address[];
  history: { startTimestamp: number; endTimestamp: number; fromBlock: number; toBlock: number };
}

/** Reads the committed devnet/manifest.json (regenerated by every cold build). */
export function readManifest(): DevnetManifest {
  const path = manifestPath();
  if (!existsSync(path)) {
    throw new Error(`devnet manifest not found at ${path}: run \`npm run devnet\` once to build it`);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as DevnetManifest;
}

/** Writes the manifest only when it changed, atomically, so concurrent readers never see half a file. */
export function writeManifest(manifest: DevnetManifest): boolean {
  const path = manifestPath();
  const text = `${JSON.stringify(manifest, null, 2)}\n`;
  if (existsSync(path) && readFileSync(path, 'utf8') === text) return false;
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
  return true;
}
