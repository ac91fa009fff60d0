import type { Address, Hex } from 'viem';
import type { ChainKey } from '../../config/app-config';
import type { TokenInfo } from '../token-info/token-info.types';

export type Severity = 'critical' | 'high' | 'medium' | 'low';

/** What a known function lets its caller do (the tables in selector-tables.ts). */
export type Capability =
  | 'mint'
  | 'burn_from_holders'
  | 'pause'
  | 'blacklist'
  | 'whitelist'
  | 'fee_setter'
  | 'limit_setter'
  | 'limit_getter'
  | 'cooldown'
  | 'trading_switch'
  | 'upgrade'
  | 'ownership'
  | 'erc20';

export interface MatchedSelector {
  selector: Hex;
  signature: string;
  capability: Capability;
  /** Which code exposed it: the address itself or the implementation behind a proxy. */
  foundIn: 'contract' | 'implementation';
}

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

export interface MaliciousFunction {
  name: string;
  selector: Hex | null;
  capability: Capability | 'hidden_mint' | 'selfdestruct' | 'delegatecall';
  severity: Severity;
  why: string;
}

export interface HiddenMintProbe {
  selector: Hex;
  /** Argument layout tried: (address, uint256) or (uint256, address). */
  layout: 'address,uint256' | 'uint256,address';
  succeeded: boolean;
  supplyDelta: string;
  /** Change of (target + caller) balances: positive without a matching supply change is a hidden mint too. */
  balanceDelta: string;
  mintEvent: boolean;
}

export interface HiddenMintResult {
  /** null = unknown (node cannot simulate): never read it as safe. */
  detected: boolean | null;
  functions: Hex[];
  caller: Address | null;
  probes: HiddenMintProbe[];
  method: 'eth_simulateV1' | 'none';
  reason?: string;
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

/** What the owner (or anyone) can do to holders, from the functions the bytecode exposes. */
export interface Powers {
  canMint: boolean;
  canPause: boolean;
  canBlacklist: boolean;
  canChangeFees: boolean;
  hasLimits: boolean;
  hasCooldown: boolean;
  hasTradingSwitch: boolean;
  isUpgradeable: boolean;
}

export interface ContractAnalysis extends Powers {
  address: Address;
  chain: ChainKey;
  proxy: ProxyInfo;
  ownership: OwnershipInfo;
  opcodes: OpcodeFindings;
  hiddenMint: HiddenMintResult;
  verification: SourceVerificationInfo;
  maliciousFunctions: MaliciousFunction[];
  evidence: {
    selectors: { contract: Hex[]; implementation: Hex[] };
    matched: MatchedSelector[];
    /** Selectors found in no table (the hidden-mint probe's candidates). */
    unknown: Hex[];
    codeSize: number;
    implementationCodeSize: number | null;
  };
}

export interface ContractAnalysisRequest {
  chain: ChainKey;
  address: Address;
  tokenInfo: TokenInfo;
}
