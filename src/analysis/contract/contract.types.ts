import type { RpcChainStateReader } from './engine/rpc-chain-state';
import type { Address, Hex } from 'viem';
import type { ChainKey } from '../../config/app-config';
import type { TokenInfo } from '../token-info/token-info.types';
import type {
  BoundedSetter,
  Finding,
  FindingKind,
  FindingSeverity,
  LedgerInfo,
  PowerAnalysis,
  Tradability,
} from './engine/findings';

export type Severity = FindingSeverity;

export type ProxyKind = 'eip1967' | 'eip1967_beacon' | 'eip1822' | 'eip1167';

export interface ProxyInfo {
  isProxy: boolean;
  kind: ProxyKind | null;
  implementation: Address | null;
  beacon: Address | null;
  /** Storage slots read (slot → value), as evidence. */
  slotsRead: Record<Hex, Hex>;
}

export interface OwnershipInfo {
  owner: Address | null;
  /** True when the owner is the zero or 0x…dEaD address; null when the contract has no owner getter. */
  renounced: boolean | null;
  hasOwnershipFunctions: boolean;
}

/** One finding as A's `malicious_functions[]` and the AI writers list it. */
export interface MaliciousFunction {
  name: string;
  selector: Hex | null;
  kind: FindingKind;
  severity: Severity;
  status: Finding['status'];
  why: string;
}

export interface OpcodeFindings {
  selfdestruct: boolean;
  delegatecall: boolean;
  callcode: boolean;
  externalCalls: number;
  constantAddresses: Address[];
}

export interface SourceVerificationInfo {
  verified: boolean | null;
  provider: string;
  compiler?: string;
  contractName?: string;
  file?: string;
  comments?: string;
}

/** What someone can do to holders today: each is a live finding of the engine (dormant ones are not counted). */
export interface Powers {
  canMint: boolean;
  canPause: boolean;
  canBlacklist: boolean;
  canChangeFees: boolean;
  hasLimits: boolean;
  hasCooldown: boolean;
  hasTradingSwitch: boolean;
  isUpgradeable: boolean;
  canSeizeBalances: boolean;
  hasHiddenOwner: boolean;
}

export interface ContractAnalysis extends Powers {
  address: Address;
  chain: ChainKey;
  proxy: ProxyInfo;
  ownership: OwnershipInfo;
  opcodes: OpcodeFindings;
  /** A live mint through a function whose name says nothing of minting. */
  hiddenMint: { detected: boolean; functions: Hex[] };
  verification: SourceVerificationInfo;
  /** The engine's one findings list: every surface reads these. */
  findings: Finding[];
  /** Whether holders may trade now, the launch that opens trading and the powers that can close it. */
  trading: Tradability;
  boundedSetters: BoundedSetter[];
  /** What the analysis could not cover; empty when complete. */
  incomplete: string[];
  ledger: LedgerInfo;
  maliciousFunctions: MaliciousFunction[];
  evidence: {
    selectors: { contract: Hex[]; implementation: Hex[] };
    codeSize: number;
    implementationCodeSize: number | null;
    engine: PowerAnalysis['stats'];
  };
}

/** What ContractAnalyzer.prefetch sent: handed to analyze() of the same token. */
export interface ContractPrefetch {
  probe: Promise<ProxyProbe | null>;
  reader: RpcChainStateReader;
}

export interface ContractAnalysisRequest {
  chain: ChainKey;
  address: Address;
  tokenInfo: TokenInfo;
  /** Reads sent with the token's own reads (ContractAnalyzer.prefetch), used where they fit. */
  prefetched?: ContractPrefetch;
}

/** The proxy slots the analysis reads, by name (proxy-detector.ts's PROXY_SLOTS holds each one's key). */
export type ProxySlotName = 'eip1967' | 'eip1967_beacon' | 'eip1822' | 'zeppelinos';

/** What the probe read in one eth_call: the four proxy slots, and the code behind the first direct slot holding an address. */
export interface ProxyProbe {
  slots: Record<ProxySlotName, Hex>;
  /** The address in the first of the direct slots (EIP-1967, EIP-1822, ZeppelinOS) that holds one; null when none does. */
  implementation: Address | null;
  /** Its code; null when longer than PROBE_CODE_CAP (then read with eth_getCode). */
  implementationCode: Hex | null;
}
