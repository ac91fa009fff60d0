import { ApiProperty } from '@nestjs/swagger';
import { CHAIN_KEYS, type ChainKey } from '../../../config/app-config';
import { ChainField } from '../../shared/validation';

export class ChainQuery {
  @ChainField(CHAIN_KEYS)
  chain: ChainKey = 'eth';
}

export class ContractFunctionView {
  @ApiProperty({ example: 'mint(address,uint256)' }) signature!: string;
  @ApiProperty({ example: '0x40c10f19', nullable: true }) selector!: string | null;
  @ApiProperty({ example: 'mint', nullable: true, type: String, description: 'The finding kind proven by execution, or null' }) capability!: string | null;
  @ApiProperty({ example: 'high', enum: ['critical', 'high', 'medium', 'low', 'none'] }) risk!: string;
  @ApiProperty({ example: 'Owner can create new tokens and dilute holders', nullable: true }) why!: string | null;
  @ApiProperty({ example: 'contract', enum: ['contract', 'implementation', 'behaviour', 'opcode'] }) found_in!: string;
}

class ContractFactsView {
  @ApiProperty({ example: true, nullable: true }) verified!: boolean | null;
  @ApiProperty() is_proxy!: boolean;
  @ApiProperty({ example: null, nullable: true }) implementation!: string | null;
  @ApiProperty({ example: '0x0000000000000000000000000000000000000000', nullable: true }) owner!: string | null;
  @ApiProperty({ example: true, nullable: true }) owner_renounced!: boolean | null;
  @ApiProperty() can_mint!: boolean;
  @ApiProperty() can_pause!: boolean;
  @ApiProperty() can_blacklist!: boolean;
  @ApiProperty() can_change_fees!: boolean;
  @ApiProperty({ example: false, nullable: true }) hidden_mint!: boolean | null;
  @ApiProperty() selfdestruct!: boolean;
  @ApiProperty() delegatecall!: boolean;
}

class TradeView {
  @ApiProperty({ example: false, nullable: true }) is_honeypot!: boolean | null;
  @ApiProperty({ example: null, nullable: true }) honeypot_reason!: string | null;
  @ApiProperty({ example: 0, nullable: true, description: 'Percent' }) buy_tax!: number | null;
  @ApiProperty({ example: 0, nullable: true }) sell_tax!: number | null;
  @ApiProperty({ example: 0, nullable: true }) transfer_tax!: number | null;
  @ApiProperty({ example: true, description: 'A buy-transfer-sell round trip was simulated' }) simulated!: boolean;
}

export class ContractAnalysisResponse {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: 1, description: 'The chain id of `chain`' }) chain_id!: number;
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) address!: string;
  @ApiProperty({ example: 'Clean Token' }) name!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: 92, description: 'Security component score, 0-100 (higher is safer)' }) security_score!: number;
  @ApiProperty({ example: 'A' }) grade!: string;
  @ApiProperty({ example: 'LOW', enum: ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'] }) overall_risk!: string;
  @ApiProperty({ example: [], type: [String], description: 'Why points were taken, largest first' }) findings!: string[];
  @ApiProperty({ example: [], type: [String], description: 'Findings that cap the score (honeypot, hidden mint)' }) critical_issues!: string[];
  @ApiProperty({ type: [ContractFunctionView], description: 'Functions found in the bytecode (and behaviour), with their risk' })
  functions!: ContractFunctionView[];
  @ApiProperty({ type: ContractFactsView }) contract!: ContractFactsView;
  @ApiProperty({ type: TradeView }) trading!: TradeView;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) analysed_at!: string;
  @ApiProperty({ example: false, description: 'Served from the report cache (≤ 5 minutes old)' }) cached!: boolean;
}

class PriceView {
  @ApiProperty({ example: 0.0123, nullable: true }) usd!: number | null;
  @ApiProperty({ example: -2.5, nullable: true }) change_24h_percent!: number | null;
  @ApiProperty({ example: '0xaDaA1Ea0106589956419179E11c06891dDf4A789', nullable: true, description: 'Pool the price comes from' }) pool!: string | null;
  @ApiProperty({ example: 42, nullable: true }) block_number!: number | null;
}

class PairView {
  @ApiProperty({ example: 'Uniswap V2' }) dex!: string;
  @ApiProperty({ example: 'CLEAN/WETH' }) pair!: string;
  @ApiProperty({ example: '0xaDaA1Ea0106589956419179E11c06891dDf4A789' }) address!: string;
  @ApiProperty({ example: 120000.5, nullable: true }) liquidity_usd!: number | null;
  @ApiProperty({ example: 0.0123, nullable: true }) price_usd!: number | null;
}

class LiquidityView {
  @ApiProperty({ example: 120000.5, nullable: true }) total_usd!: number | null;
  @ApiProperty({ example: 'GOOD' }) status!: string;
  @ApiProperty({ type: [PairView] }) pairs!: PairView[];
}

class HolderView {
  @ApiProperty({ example: '0x9965507d1a55bcc2695c58ba16fb37d819b0a4dc' }) address!: string;
  @ApiProperty({ example: '1500000', description: 'Whole tokens' }) amount!: string;
  @ApiProperty({ example: 1.5 }) percentage!: number;
  @ApiProperty({ example: ['contract'], type: [String] }) tags!: string[];
}

class HoldersView {
  @ApiProperty({ example: 120 }) count!: number;
  @ApiProperty({ example: 35.2 }) top_10_percentage!: number;
  @ApiProperty({ example: 'MODERATE' }) distribution!: string;
  @ApiProperty({ example: 'LOW' }) whale_activity!: string;
  @ApiProperty({ type: [HolderView], description: 'Ten largest holders (pairs and burn addresses flagged by tags)' }) top!: HolderView[];
}

class TokenSecurityView {
  @ApiProperty({ example: 92 }) score!: number;
  @ApiProperty({ example: 'LOW' }) risk!: string;
  @ApiProperty({ type: TradeView }) trading!: TradeView;
  @ApiProperty({ type: ContractFactsView }) contract!: ContractFactsView;
  @ApiProperty({ example: [], type: [String] }) critical_issues!: string[];
}

class ScoreView {
  @ApiProperty({ example: 85 }) service_score!: number;
  @ApiProperty({ example: 'A' }) grade!: string;
  @ApiProperty({ example: 'LOW RISK' }) recommendation!: string;
  @ApiProperty({ example: 'VERY_LOW' }) risk!: string;
}

export class TokenAnalysisResponse {
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: 1, description: 'The chain id of `chain`' }) chain_id!: number;
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) address!: string;
  @ApiProperty({ example: 'Clean Token' }) name!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: 18 }) decimals!: number;
  @ApiProperty({ example: '1000000000', description: 'Whole tokens' }) total_supply!: string;
  @ApiProperty({ example: 'CLEAN', nullable: true, description: 'The symbol the token was asked by, when it was' }) resolved_from!: string | null;
  @ApiProperty({ type: PriceView }) price!: PriceView;
  @ApiProperty({ example: 1200000, nullable: true }) market_cap_usd!: number | null;
  @ApiProperty({ example: 5000, nullable: true }) volume_24h_usd!: number | null;
  @ApiProperty({ type: LiquidityView }) liquidity!: LiquidityView;
  @ApiProperty({ type: HoldersView }) holders!: HoldersView;
  @ApiProperty({ type: TokenSecurityView }) security!: TokenSecurityView;
  @ApiProperty({ type: ScoreView }) score!: ScoreView;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) analysed_at!: string;
  @ApiProperty({ example: false }) cached!: boolean;
}

class CandidateView {
  @ApiProperty({ example: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9' }) address!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: 'Clean Token' }) name!: string;
  @ApiProperty({ example: 'token_list', enum: ['chain_facts', 'token_list', 'analysed'] }) source!: string;
}

class AmbiguousDetails {
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ type: [CandidateView] }) candidates!: CandidateView[];
}

class AmbiguousBody {
  @ApiProperty({ example: 'AMBIGUOUS_SYMBOL' }) code!: string;
  @ApiProperty({ example: 'Symbol CLEAN names 2 tokens; ask again by address' }) message!: string;
  @ApiProperty({ example: 'the resource already exists or is not ready' }) hint!: string;
  @ApiProperty({ type: AmbiguousDetails }) details!: AmbiguousDetails;
}

/** 409: the symbol names several tokens. */
export class AmbiguousSymbolEnvelope {
  @ApiProperty({ type: AmbiguousBody }) error!: AmbiguousBody;
}
