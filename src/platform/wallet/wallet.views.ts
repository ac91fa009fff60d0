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
  risk: string | null;
  flags: string[];
}

export interface TransferView {
  token: string;
  symbol: string;
  direction: string;
  counterparty: string;
  amount: string;
  block_number: number;
  tx_hash: string;
}

export interface RiskFlagView {
  token: string;
  symbol: string;
  flag: string;
  detail: string;
}

export interface WalletWindowView {
  from_block: number;
  to_block: number;
  basis: string;
}

export interface WalletAnalysisResponse {
  chain: string;
  address: string;
  native: NativeView;
  tokens: HoldingView[];
  portfolio_value_usd: number;
  recent_transfers: TransferView[];
  risk_flags: RiskFlagView[];
  window: WalletWindowView;
}
