import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { PURCHASABLE_PLANS } from '../../../accounts/plans/plan-catalog';
import { IsAddress } from '../../shared/validation';

export class RecentCallsQuery {
  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: 'limit must be between 1 and 50' })
  @Max(50, { message: 'limit must be between 1 and 50' })
  limit: number = 10;
}

export class WalletQuery {
  @ApiProperty({ example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
  @IsAddress({ message: 'Invalid wallet address' })
  wallet!: string;
}

export class CreateKeyDto extends WalletQuery {
  @ApiProperty({ enum: PURCHASABLE_PLANS })
  @IsIn(PURCHASABLE_PLANS, { message: `plan must be one of ${PURCHASABLE_PLANS.join(', ')}` })
  plan!: (typeof PURCHASABLE_PLANS)[number];
}

class UsageStats {
  @ApiProperty({ example: 42 }) total_calls!: number;
  @ApiProperty({ example: 3 }) calls_today!: number;
  @ApiProperty({ example: 40 }) calls_this_month!: number;
  @ApiProperty({ example: 7, nullable: true, description: 'null = unlimited' }) remaining_quota!: number | null;
  @ApiProperty({ example: 'test' }) plan!: string;
  @ApiProperty({ example: '2026-12-21T12:00:00.000Z', description: "When the quota refills; for test keys, whose quota never refills, the key's expiry" })
  quota_reset_date!: string;
}

export class UsageStatsResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: UsageStats }) stats!: UsageStats;
}

class RecentCall {
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) timestamp!: string;
  @ApiProperty({ example: 'POST' }) method!: string;
  @ApiProperty({ example: '/scanner/api/v1/token/analyze' }) endpoint!: string;
  @ApiProperty({ example: 200 }) status!: number;
  @ApiProperty({ example: 182 }) latency_ms!: number;
}

export class RecentCallsResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: [RecentCall] }) calls!: RecentCall[];
}

class KeySummary {
  @ApiProperty({ example: 'ta_1a2b3c4d' }) key_prefix!: string;
  @ApiProperty({ example: 'pro' }) plan!: string;
  @ApiProperty({ example: 'active', enum: ['active', 'expired', 'revoked'] }) status!: string;
  @ApiProperty({ example: '300/minute' }) rate_limit!: string;
  @ApiProperty({ example: 299_000, nullable: true }) remaining_quota!: number | null;
  @ApiProperty({ example: '2026-12-21T12:00:00.000Z', nullable: true }) quota_reset_date!: string | null;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) created_at!: string;
  @ApiProperty({ example: '2026-12-21T12:00:00.000Z' }) expires_at!: string;
}

export class WalletKeysResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }) wallet!: string;
  @ApiProperty({ type: [KeySummary] }) keys!: KeySummary[];
}

export class CreatedKeyResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: `ta_${'0'.repeat(64)}`, description: 'Shown only once: store it' }) api_key!: string;
  @ApiProperty({ type: KeySummary }) key!: KeySummary;
}

class WalletStats {
  @ApiProperty({ example: 120 }) total_calls!: number;
  @ApiProperty({ example: 10 }) calls_today!: number;
  @ApiProperty({ example: 100 }) calls_this_month!: number;
  @ApiProperty({ example: 2 }) keys!: number;
  @ApiProperty({ example: 1 }) active_keys!: number;
  @ApiProperty({ example: ['pro'] }) active_plans!: string[];
}

export class WalletStatsResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' }) wallet!: string;
  @ApiProperty({ type: WalletStats }) stats!: WalletStats;
}
