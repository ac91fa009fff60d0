import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FINDING_KINDS } from '../../../analysis/contract/engine/findings';
import { FEATURES } from '../../../analysis/report/token-report';

// OpenAPI shapes of the token reports. The presenters build the bodies; these classes describe them.

class TokenInfoA {
  @ApiProperty({ example: 'Clean Token' }) name!: string;
  @ApiProperty({ example: 'CLEAN' }) symbol!: string;
  @ApiProperty({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }) contract_address!: string;
  @ApiProperty({ example: 'Ethereum' }) chain!: string;
  @ApiProperty({ example: 1, description: 'The chain id of `chain`' }) chain_id!: number;
  @ApiProperty({ example: 18 }) decimals!: number;
  @ApiProperty({ example: '1000000000' }) total_supply!: string;
}

class OwnershipA {
  @ApiProperty({ example: '0x0000000000000000000000000000000000000000' }) owner_address!: string;
  @ApiProperty() can_mint!: boolean;
  @ApiProperty() can_pause!: boolean;
  @ApiProperty() can_blacklist!: boolean;
}

class MaliciousFunctionA {
  @ApiProperty({ example: 'syncRewards(address,uint256)' }) function!: string;
  @ApiProperty({ example: '0xa568e2ee', nullable: true }) selector!: string | null;
  @ApiProperty({ enum: FINDING_KINDS, example: 'mint', description: 'What running the function proved it does' }) kind!: string;
  @ApiProperty({ enum: ['live', 'dormant'], description: 'dormant: nobody holds the authority (renounced)' }) status!: string;
  @ApiProperty({ example: 'CRITICAL' }) severity!: string;
  @ApiProperty({ example: 'Can create new tokens. as the authority: `syncRewards(address,uint256)` with (probe victim, amount): totalSupply +1e21' }) risk!: string;
}

class TaxesA {
  @ApiProperty({ example: '5.00%' }) buy!: string;
  @ApiProperty({ example: '25.00%' }) sell!: string;
  @ApiProperty({ example: '0.00%' }) transfer!: string;
}

class SecurityA {
  @ApiProperty({ example: '✅ SAFE' }) honeypot_risk!: string;
  @ApiProperty({ example: '✅ VERY_LOW' }) rug_pull_risk!: string;
  @ApiProperty() contract_verified!: boolean;
  @ApiProperty() proxy_contract!: boolean;
  @ApiProperty({ type: [MaliciousFunctionA] }) malicious_functions!: MaliciousFunctionA[];
  @ApiProperty({ type: OwnershipA }) ownership_analysis!: OwnershipA;
  @ApiProperty({ type: TaxesA }) taxes!: TaxesA;
  @ApiProperty({ example: 'completed' }) trade_simulation!: string;
}

class LiquidityA {
  @ApiProperty({ example: '$1.2M' }) total_liquidity!: string;
  @ApiProperty({ example: '✅ EXCELLENT' }) status!: string;
}

class TradingPairA {
  @ApiProperty({ example: 'Uniswap V2' }) dex!: string;
  @ApiProperty({ example: 'CLEAN/WETH' }) pair!: string;
  @ApiProperty({ example: '0x...' }) pair_address!: string;
  @ApiProperty({ example: '$1.2M' }) liquidity!: string;
  @ApiProperty({ example: '$45.6K' }) volume_24h!: string;
}

class MarketA {
  @ApiProperty({ example: '$1.23' }) price!: string;
  @ApiProperty({ example: '+4.56%' }) price_change_24h!: string;
  @ApiProperty({ example: '$1.2M' }) market_cap!: string;
  @ApiProperty({ example: '$45.6K' }) volume_24h!: string;
  @ApiProperty({ type: LiquidityA }) liquidity!: LiquidityA;
  @ApiProperty({ type: [TradingPairA] }) trading_pairs!: TradingPairA[];
}

class RecentActivityA {
  @ApiProperty({ example: 12 }) new_holders_24h!: number;
  @ApiProperty({ example: 3 }) large_transactions!: number;
}

class HoldersA {
  @ApiProperty({ example: 312 }) total_holders!: number;
  @ApiProperty({ example: 23.5 }) top_10_percentage!: number;
  @ApiProperty({ example: 61.2 }) top_100_percentage!: number;
  @ApiProperty({ example: '🟡 MODERATE' }) whale_activity!: string;
  @ApiProperty({ example: '✅ HEALTHY' }) distribution!: string;
  @ApiProperty({ type: RecentActivityA }) recent_activity!: RecentActivityA;
}

class AnalysisA {
  @ApiPropertyOptional({ type: SecurityA }) security?: SecurityA;
  @ApiPropertyOptional({ type: MarketA }) market?: MarketA;
  @ApiPropertyOptional({ type: HoldersA }) holder_analysis?: HoldersA;
}

class MetadataA {
  @ApiProperty({ example: '0.23s' }) analysis_time!: string;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) timestamp!: string;
  @ApiProperty({ example: '1.0.0' }) api_version!: string;
  @ApiProperty({ example: 'FRESH', enum: ['FRESH', 'CACHED'] }) cache_status!: string;
  @ApiProperty({ example: 0 }) cache_age_seconds!: number;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) analyzed_at!: string;
}

class IncompleteSectionA {
  @ApiProperty({ example: 'holder_analysis', enum: FEATURES }) section!: string;
  @ApiProperty({ example: 'unexpected error while analysing (reference 1f2e3d4c)' }) reason!: string;
}

class ScanReportA {
  @ApiProperty({ type: TokenInfoA }) token_info!: TokenInfoA;
  @ApiProperty({ example: 92, minimum: 0, maximum: 100 }) service_score!: number;
  @ApiProperty({ example: 'A+', enum: ['F', 'D', 'C', 'B', 'A', 'A+'] }) grade!: string;
  @ApiProperty({ example: '🟢 SAFE TO TRADE' }) recommendation!: string;
  @ApiProperty({ type: AnalysisA }) analysis!: AnalysisA;
  @ApiPropertyOptional({
    type: [IncompleteSectionA],
    description: 'Requested sections left out of `analysis` because they could not be finished (retry later); absent when every section is there',
  })
  incomplete_sections?: IncompleteSectionA[];
  @ApiPropertyOptional({ type: MetadataA }) metadata?: MetadataA;
}

export class ScanResponseA {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: ScanReportA }) data!: ScanReportA;
}

class BatchItemErrorA {
  @ApiProperty({ example: 404 }) code!: number;
  @ApiProperty({ example: 'not_found_error' }) type!: string;
  @ApiProperty({ example: 'No contract at this address on eth' }) message!: string;
  @ApiPropertyOptional({ type: Object }) details?: Record<string, unknown>;
}

class BatchItemA {
  @ApiProperty({ example: 0, description: "The token's position in the request" }) index!: number;
  @ApiProperty({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }) contract_address!: string;
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: true }) success!: boolean;
  @ApiPropertyOptional({ type: ScanReportA, description: 'The report, as POST /token/scan answers it (when success)' }) data?: ScanReportA;
  @ApiPropertyOptional({ type: BatchItemErrorA, description: 'Why this token has no report (when not success)' }) error?: BatchItemErrorA;
}

class BatchSummaryA {
  @ApiProperty({ example: 3 }) requested!: number;
  @ApiProperty({ example: 2 }) succeeded!: number;
  @ApiProperty({ example: 1 }) failed!: number;
  @ApiProperty({ example: 2, description: 'Quota calls taken: one per distinct token answered' }) quota_charged!: number;
}

class ScanBatchDataA {
  @ApiProperty({ type: [BatchItemA] }) results!: BatchItemA[];
  @ApiProperty({ type: BatchSummaryA }) summary!: BatchSummaryA;
}

export class ScanBatchResponseA {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: ScanBatchDataA }) data!: ScanBatchDataA;
}
