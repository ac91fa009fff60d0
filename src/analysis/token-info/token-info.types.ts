import type { Address, Hex } from 'viem';
import type { ChainKey } from '../../config/app-config';

/** Which of the token's view reads answered, and how its return data was read. */
export type TokenFieldRead = 'string' | 'bytes32' | 'uint' | 'address' | 'failed' | 'undecodable';

export interface TokenInfoEvidence {
  reads: Record<'name' | 'symbol' | 'decimals' | 'totalSupply' | 'owner' | 'getOwner', TokenFieldRead>;
  codeSize: number;
  /** Which getter gave `owner`, when one did. */
  ownerSource: 'owner()' | 'getOwner()' | null;
}

export interface TokenInfo {
  chain: ChainKey;
  address: Address;
  /** Empty string when the token has no readable name (never happens for the devnet's tokens). */
  name: string;
  symbol: string;
  /** 18 when the token has no decimals() (the ERC-20 default many wallets assume). */
  decimals: number;
  totalSupply: bigint;
  /** owner() or getOwner(); null when the contract has neither. */
  owner: Address | null;
  /**
   * The runtime code read in the same batch, so the contract analysis does not fetch it again.
   * Internal: presenters and caches should drop it (it can be 48 kB of hex).
   */
  bytecode: Hex;
  /** The block the reads were answered at (Multicall3's getters); null when the multicall did not say. */
  head: ChainHead | null;
  evidence: TokenInfoEvidence;
}

export interface ChainHead {
  number: bigint;
  /** Unix seconds. */
  timestamp: bigint;
}

export interface TokenInfoRequest {
  chain: ChainKey;
  address: Address;
}
