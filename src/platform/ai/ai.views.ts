import type { ChatIntent } from '../../analysis/ai/chat-intent';
import type { LiquidityStatus } from '../../analysis/market/market.types';
import type { RiskLevel } from '../../analysis/scoring/risk';
import type { ChainKey } from '../../config/app-config';
import type { LlmEngine } from '../../providers/llm/llm-provider';
import type { RiskFlag } from '../wallet/wallet.views';

export interface AiQueryRequest {
  question: string;
  chain: ChainKey;
  conversation_id?: string;
}

export interface AiInsightsRequest {
  wallet: string;
  chain: ChainKey;
}

export interface AiTokenView {
  address: string;
  name: string;
  symbol: string;
  service_score: number;
  grade: string;
  honeypot: boolean | null;
}

export interface ResolvedSymbolView {
  symbol: string;
  address: string;
}

export interface EngineFields {
  engine: LlmEngine;
  model: string;
  fallback_reason?: string;
}

export interface AiQueryResponse extends EngineFields {
  chain: ChainKey;
  /** The id of the chain as served (31337 for `eth` on the embedded devnet). */
  chain_id: number;
  question: string;
  answer: string;
  intent: ChatIntent;
  tokens: AiTokenView[];
  resolved_symbols: ResolvedSymbolView[];
  conversation_id: string;
  message_count: number;
  answered_at: string;
}

export interface PositionView {
  token: string;
  symbol: string;
  value_usd: number | null;
  share_percent: number | null;
}

export type ConcentrationLevel = 'EMPTY' | 'SINGLE_ASSET' | 'CONCENTRATED' | 'MODERATE' | 'DIVERSIFIED';

export interface ConcentrationView {
  /** Herfindahl–Hirschman index of the priced positions, 0–10,000 (10,000: one asset). */
  hhi: number;
  level: ConcentrationLevel;
  top_symbol: string | null;
  top_share_percent: number;
}

export interface RiskyHoldingView {
  token: string;
  symbol: string;
  risk: RiskLevel | null;
  flags: RiskFlag[];
  value_usd: number | null;
  share_percent: number | null;
}

export interface LiquidityView {
  token: string;
  symbol: string;
  liquidity_usd: number | null;
  status: LiquidityStatus;
  /** The position's value over the token's total pool liquidity, percent. */
  position_to_liquidity_percent: number | null;
  exit_risk: boolean;
}

export interface MoveView {
  token: string;
  symbol: string;
  price_change_24h_percent: number | null;
  volume_24h_usd: number | null;
  notable: boolean;
}

export interface UnanalysedView {
  token: string;
  symbol: string;
}

export interface ActivityView {
  transfers_in: number;
  transfers_out: number;
  window_blocks: number;
}

export interface AiInsightsResponse extends EngineFields {
  chain: ChainKey;
  /** The id of the chain as served (31337 for `eth` on the embedded devnet). */
  chain_id: number;
  wallet: string;
  portfolio_value_usd: number;
  positions: PositionView[];
  concentration: ConcentrationView;
  risky_tokens: RiskyHoldingView[];
  value_at_risk_usd: number;
  value_at_risk_percent: number;
  liquidity: LiquidityView[];
  moves: MoveView[];
  /** Value-weighted 24 h price change of the priced token positions (native coin included); null when none has one. */
  weighted_change_24h_percent: number | null;
  activity: ActivityView;
  /** Held tokens with no report now (e.g. an upstream was saturated): their value, risk and liquidity are unknown. */
  unanalysed_tokens: UnanalysedView[];
  summary: string;
  analysed_at: string;
}
