import type { RiskLevel } from '../../analysis/scoring/risk';
import type { ChainKey } from '../../config/app-config';
import type { GasSource, StepKind } from './gas-planner';

export const INTENTS = ['swap', 'transfer'] as const;
export type Intent = (typeof INTENTS)[number];

export interface PrepareTransactionRequest {
  chain: ChainKey;
  from: string;
  intent: Intent;
  token_in?: string;
  token_out?: string;
  amount_in: string;
  to?: string;
  slippage_bps: number;
  allow_risky: boolean;
}

export interface SimulateTransactionRequest {
  chain: ChainKey;
  from: string;
  to: string;
  data?: string;
  value?: string;
  gas?: string;
}

export type WarningSeverity = 'critical' | 'high' | 'medium' | 'info';

/** One thing a trader should know before signing, about one token (or the transaction itself). */
export interface TxWarningView {
  code: string;
  severity: WarningSeverity;
  /** The token it is about; null for warnings about the transaction. */
  token: string | null;
  symbol: string | null;
  message: string;
}

/** Field names as wallets and EIP-1193 `eth_sendTransaction` use them; quantities as decimal text. */
export interface UnsignedTransactionView {
  type: 'eip1559';
  chainId: number;
  from: string;
  to: string;
  data: string;
  value: string;
  gas: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  nonce: number;
}

export interface TxStepView {
  kind: StepKind;
  description: string;
  transaction: UnsignedTransactionView;
  gas_estimate: string | null;
  gas_source: GasSource;
}

export interface TokenSideView {
  token: string;
  symbol: string;
  decimals: number;
  amount: string;
  amount_raw: string;
}

export interface RouteAlternativeView {
  dex: string;
  path: string[];
  amount_out_raw: string;
}

export interface RouteView {
  dex: string;
  router: string;
  path: string[];
  path_symbols: string[];
  input: TokenSideView;
  quoted_out: TokenSideView;
  expected_out: TokenSideView;
  minimum_out: TokenSideView;
  slippage_bps: number;
  price_impact_percent: number | null;
  tax_adjustment_percent: number;
  deadline: string;
  alternatives: RouteAlternativeView[];
}

/** The engine's verdict on a token a transaction buys, sells or moves. */
export interface RiskVerdictView {
  token: string;
  symbol: string;
  service_score: number;
  risk: RiskLevel;
  is_honeypot: boolean | null;
  cannot_sell: boolean | null;
  buy_tax: number | null;
  sell_tax: number | null;
  /** True when a swap of it is refused unless `allow_risky` (it cannot be sold). */
  blocking: boolean;
  warnings: TxWarningView[];
}

export interface PrepareTransactionResponse {
  chain: ChainKey;
  /** The id of the chain as served (31337 for `eth` on the embedded devnet). */
  chain_id: number;
  intent: Intent;
  from: string;
  transaction: UnsignedTransactionView;
  steps: TxStepView[];
  route: RouteView | null;
  risk: RiskVerdictView[];
  warnings: TxWarningView[];
  block_number: number;
}

export interface BalanceChangeView {
  token: string;
  symbol: string;
  decimals: number;
  before: string;
  after: string;
  change: string;
  change_raw: string;
}

export interface SimulateTransactionResponse {
  chain: ChainKey;
  /** The id of the chain as served (31337 for `eth` on the embedded devnet). */
  chain_id: number;
  from: string;
  to: string;
  success: boolean;
  revert_reason: string | null;
  gas_used: number | null;
  balance_changes: BalanceChangeView[];
  warnings: TxWarningView[];
  tokens_analysed: string[];
  /** eth_call is the fallback for nodes without eth_simulateV1: it cannot trace token balance changes. */
  method: 'eth_simulateV1' | 'eth_call';
  block_number: number | null;
}
