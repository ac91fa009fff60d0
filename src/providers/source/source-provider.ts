import type { Address, Hex } from 'viem';
import type { ChainKey } from '../../config/app-config';

export interface VerifiedSource {
  compiler: string;
  contractName: string;
  file?: string;
  /** NatSpec / header comments of the contract, later used to describe the token. */
  comments?: string;
}

export interface SourceVerification {
  /** null = unknown (no explorer key, or the explorer has no answer for this chain). */
  verified: boolean | null;
  source?: VerifiedSource;
  /** Which adapter answered ('devnet', 'etherscan'). */
  provider: string;
}

export interface SourceProviderHealth {
  status: 'operational' | 'unavailable' | 'not_configured';
  provider: string;
}

/** Who deployed a contract, as an explorer records it. */
export interface ExplorerCreation {
  creator: Address;
  transaction: Hex;
  /** Absent when the explorer does not say. */
  block?: number;
}

export interface VerifyHints {
  /** Runtime code the caller already holds, to spare a round trip. */
  code?: Hex;
}

/**
 * Port: is the contract's source published, and what is it. The abstract class is the DI token;
 * adapters are bound by SourceProviderModule. Vendor failures surface as ProviderUnavailableError.
 */
export abstract class SourceProvider {
  abstract verify(chain: ChainKey, address: Address, hints?: VerifyHints): Promise<SourceVerification>;
  abstract healthCheck(): Promise<SourceProviderHealth>;

  /** The contract's creator as the explorer knows it; null = unknown (the built-in answer). */
  async creation(_chain: ChainKey, _address: Address): Promise<ExplorerCreation | null> {
    return null;
  }
}
