import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { FINDING_KINDS } from '../../../analysis/contract/engine/findings';

// OpenAPI shapes of the token reports. The presenters build the bodies; these classes describe them.

class TokenDataB {
  @ApiProperty() name!: string;
  @ApiProperty() symbol!: string;
  @ApiProperty() decimals!: number;
  @ApiProperty() description!: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) description_confidence!: number;
}

class GradeSummaryB {
  @ApiPropertyOptional({ example: 'A' }) security_analysis?: string;
  @ApiPropertyOptional({ example: 'B' }) market_analysis?: string;
  @ApiPropertyOptional({ example: 'A' }) holder_analysis?: string;
  @ApiPropertyOptional({ example: 'A' }) wash_trading_analysis?: string;
  @ApiPropertyOptional({ example: 'A' }) sniper_sellers_analysis?: string;
}

class ComponentScoresB {
  @ApiPropertyOptional({ example: 95 }) security_analysis?: number;
  @ApiPropertyOptional({ example: 75 }) market_analysis?: number;
  @ApiPropertyOptional({ example: 90 }) holder_analysis?: number;
  @ApiPropertyOptional({ example: 90 }) wash_trading_analysis?: number;
  @ApiPropertyOptional({ example: 90 }) sniper_sellers_analysis?: number;
}

class AuditSummaryB {
  @ApiProperty({ example: 'A' }) overall_audit_rating!: string;
  @ApiProperty() is_renounced!: boolean;
  @ApiProperty() token_name!: string;
}

class ScannerSummaryB {
  @ApiProperty({ nullable: true, description: 'null when no trade could be simulated' }) is_honeypot!: boolean | null;
  @ApiProperty({ example: '0.05', nullable: true }) buy_tax!: string | null;
  @ApiProperty({ example: '0.25', nullable: true }) sell_tax!: string | null;
}

class SecuritySummaryB {
  @ApiProperty({ example: 95 }) security_score!: number;
  @ApiProperty({ example: 'LOW', enum: ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] }) overall_risk!: string;
  @ApiProperty({ type: AuditSummaryB }) audit_provider_analysis!: AuditSummaryB;
  @ApiProperty({ type: ScannerSummaryB }) scanner_provider_analysis!: ScannerSummaryB;
}

class MarketSummaryB {
  @ApiProperty({ nullable: true, example: 1.23 }) price_usd!: number | null;
  @ApiProperty({ nullable: true, example: 1_230_000 }) market_cap!: number | null;
  @ApiProperty({ nullable: true, example: 45_600 }) volume_24h!: number | null;
}

class AnalysisDetailsB {
  @ApiProperty({ type: TokenDataB }) token_data!: TokenDataB;
  @ApiProperty({ type: SecuritySummaryB }) security_analysis!: SecuritySummaryB;
  @ApiProperty({ type: MarketSummaryB }) market_analysis!: MarketSummaryB;
}

export class AnalyzeResponseB {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: AnalysisDetailsB }) analysis_details!: AnalysisDetailsB;
  @ApiProperty({ example: 88 }) service_score!: number;
  @ApiProperty({ type: GradeSummaryB }) grade_summary!: GradeSummaryB;
}

class AuditFindingB {
  @ApiProperty({ example: 'CRITICAL' }) severity!: string;
  @ApiProperty({ example: 'syncRewards(address,uint256)' }) issue!: string;
  @ApiProperty({ enum: FINDING_KINDS, example: 'mint' }) kind!: string;
  @ApiProperty() description!: string;
}

class AuditDetailB {
  @ApiProperty() audit_provider_available!: boolean;
  @ApiProperty({ example: 'A' }) overall_audit_rating!: string;
  @ApiProperty() is_renounced!: boolean;
  @ApiProperty() has_owner!: boolean;
  @ApiProperty({ type: [AuditFindingB] }) ai_audit_findings!: AuditFindingB[];
}

class ScannerDetailB {
  @ApiProperty() scanner_provider_available!: boolean;
  @ApiProperty({ nullable: true }) is_honeypot!: boolean | null;
  @ApiProperty() is_mintable!: boolean;
  @ApiProperty({ example: '0.05', nullable: true }) buy_tax!: string | null;
  @ApiProperty({ example: '0.25', nullable: true }) sell_tax!: string | null;
  @ApiProperty() contract_verified!: boolean;
}

class SecurityDetailB {
  @ApiProperty({ example: 95 }) security_score!: number;
  @ApiProperty({ example: 'A+' }) security_grade!: string;
  @ApiProperty({ example: 'LOW' }) overall_risk!: string;
  @ApiProperty({ type: AuditDetailB }) audit_provider_analysis!: AuditDetailB;
  @ApiProperty({ type: ScannerDetailB }) scanner_provider_analysis!: ScannerDetailB;
  @ApiProperty({ type: [String] }) key_findings!: string[];
}

export class SecurityAnalysisResponseB {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: SecurityDetailB }) security_analysis!: SecurityDetailB;
}

class TokenNameB {
  @ApiProperty() name!: string;
  @ApiProperty() symbol!: string;
  @ApiPropertyOptional() description?: string;
}

export class ServiceScoresResponseB {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 88 }) service_score!: number;
  @ApiProperty({ type: GradeSummaryB }) grade_summary!: GradeSummaryB;
  @ApiProperty({ type: ComponentScoresB }) component_scores!: ComponentScoresB;
  @ApiProperty({ type: TokenNameB }) token_data!: TokenNameB;
}

export class SecurityOnlyResponseB {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: 95 }) security_score!: number;
  @ApiProperty({ example: 'A+' }) security_grade!: string;
  @ApiProperty({ example: 'LOW' }) overall_risk!: string;
  @ApiProperty({ type: [String] }) critical_issues!: string[];
  @ApiProperty() critical_override_applied!: boolean;
  @ApiProperty({ type: [String] }) key_security_findings!: string[];
  @ApiProperty({ example: 'SAFE', enum: ['SAFE', 'HONEYPOT', 'CANNOT_SELL_ALL', 'UNKNOWN'] }) honeypot!: string;
  @ApiProperty({ type: TokenNameB }) token_info!: TokenNameB;
}

class BatchItemB {
  @ApiProperty({ example: 0, description: "The token's position in the request" }) index!: number;
  @ApiProperty({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3' }) contract_address!: string;
  @ApiProperty({ example: 'eth' }) chain!: string;
  @ApiProperty({ example: true }) success!: boolean;
  @ApiPropertyOptional({ type: AnalyzeResponseB, description: 'The analysis, as POST /token/analyze answers it (when success)' }) data?: AnalyzeResponseB;
  @ApiPropertyOptional({ example: 'not_found', description: "B's error name (when not success)" }) error?: string;
  @ApiPropertyOptional({ example: 'No contract at this address on eth' }) message?: string;
}

class BatchSummaryB {
  @ApiProperty({ example: 3 }) requested!: number;
  @ApiProperty({ example: 2 }) succeeded!: number;
  @ApiProperty({ example: 1 }) failed!: number;
  @ApiProperty({ example: 2, description: 'Quota calls taken: one per distinct token answered' }) quota_charged!: number;
}

export class AnalyzeBatchResponseB {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: [BatchItemB] }) results!: BatchItemB[];
  @ApiProperty({ type: BatchSummaryB }) summary!: BatchSummaryB;
}
