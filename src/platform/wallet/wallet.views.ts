import type { RiskLevel } from '../../analysis/scoring/risk';
import type { ChainKey } from '../../config/app-config';

/** What a held token's report says against it. */
export type RiskFlag =
  'honeypot' | 'high_risk' | 'can_mint' | 'can_pause' | 'can_blacklist' | 'hidden_mint' | 'high_tax';
/** `unpriced`: no DEX pool gave the token a price (or it could not be analysed). Not a risk. */
export type HoldingFlag = RiskFlag | 'unpriced';

export interface NativeView {
  symbol: string;
  balance: string;
  price_usd: number | null;
  value_usd: number | null;
}

export interface HoldingView {
  address: string;
  symbol: string;
  balance: string;
  price_usd: number | null;
  value_usd: number | null;
  risk: RiskLevel | null;
  flags: HoldingFlag[];
}

export interface TransferView {
  token: string;
  symbol: string;
  direction: 'in' | 'out';
  counterparty: string;
  amount: string;
  block_number: number;
  tx_hash: string;
}

export interface RiskFlagView {
  token: string;
  symbol: string;
  flag: RiskFlag;
  detail: string;
}

export interface WalletWindowView {
  from_block: number;
  to_block: number;
  basis: string;
}

export interface WalletAnalysisResponse {
  chain: ChainKey;
  /** The id of the chain as served (31337 for `eth` on the embedded devnet). */
  chain_id: number;
  address: string;
  native: NativeView;
  tokens: HoldingView[];
  portfolio_value_usd: number;
  recent_transfers: TransferView[];
  risk_flags: RiskFlagView[];
  window: WalletWindowView;
}
