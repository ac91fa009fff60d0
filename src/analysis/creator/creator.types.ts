import type { Address, Hex } from 'viem';
import type { ChainKey } from '../../config/app-config';
import type { Grade } from '../scoring/grades';

/** node_history: binary search of eth_getCode over the node's state; explorer: the explorer's record. */
export type CreatorSource = 'node_history' | 'explorer' | 'unknown';

/** Who deployed a token and where; never changes once known. */
export interface Creation {
  /**
   * The account that sent the deploying transaction. For a token created by an internal call (a
   * factory), still that transaction's sender: the account that caused the deployment.
   */
  address: Address | null;
  block: number | null;
  transaction: Hex | null;
  /** The contract the deploying transaction called, when the token was created by an internal call. */
  factory: Address | null;
  source: CreatorSource;
}

/** A token by the same creator that has a stored report. */
export interface CreatedToken {
  chain: ChainKey;
  /** The id of the chain that answered that report (31337 for `eth` on the embedded devnet). */
  chainId: number;
  address: Address;
  grade: Grade;
  serviceScore: number;
  /** When that report was made. */
  scannedAt: string;
}

/** The report's creator part: the creation, plus what the creator holds now and made before. */
export interface CreatorSection extends Creation {
  /** The creator's balance as a percent of the supply now; null when the creator or the supply is unknown. */
  balanceSharePercent: number | null;
  otherTokens: CreatedToken[];
}
