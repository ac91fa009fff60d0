import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional } from 'class-validator';
import { ENDPOINT_TIERS, TIER_NAMES } from '../../../platform/tiers/tier-catalog';
import { IsAddress } from '../../shared/validation';

const ENDPOINTS = Object.keys(ENDPOINT_TIERS);

export class SignupDto {
  @ApiProperty({ example: 'dev@example.com' })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email!: string;

  @ApiPropertyOptional({
    example: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    description: 'Wallet whose stake sets the tier; needs a SIWE proof in X-Wallet-Message / X-Wallet-Signature (nonce from GET /v1/auth/nonce)',
  })
  @IsOptional()
  @IsAddress({ message: 'Invalid wallet address' })
  wallet?: string;
}

class StakeView {
  @ApiProperty({ example: '1000000', description: 'Whole service tokens staked by the bound wallet' }) amount!: string;
  @ApiProperty({ example: '1000000000000000000000000', description: 'Raw units (18 decimals)' }) amount_raw!: string;
  @ApiProperty({ example: 'eth', nullable: true }) chain!: string | null;
  @ApiProperty({ example: '0x959922bE3CAee4b8Cd9a407cc3ac1C251C2007B1', nullable: true }) vault!: string | null;
  @ApiProperty({ example: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9', nullable: true }) token!: string | null;
  @ApiProperty({ example: 123, nullable: true, description: 'Block the stake was read at' }) block_number!: number | null;
  @ApiProperty({ example: '2026-11-21T12:00:00.000Z' }) read_at!: string;
}

class DailyView {
  @ApiProperty({ example: 2500, nullable: true, description: 'null = unlimited' }) limit!: number | null;
  @ApiProperty({ example: 12 }) used!: number;
  @ApiProperty({ example: 2488, nullable: true }) remaining!: number | null;
  @ApiProperty({ example: '2026-11-22T00:00:00.000Z', description: 'Next 00:00 UTC' }) resets_at!: string;
  @ApiProperty({ example: 'wallet', enum: ['wallet', 'key'], description: 'Counted per bound wallet (all its keys together) or per key' })
  counted_per!: string;
}

class NextTierView {
  @ApiProperty({ example: 'gold', enum: TIER_NAMES }) tier!: string;
  @ApiProperty({ example: '10000000', description: 'Whole service tokens the tier needs staked' }) required_stake!: string;
}

export class AccountResponse {
  @ApiProperty({ example: 'ta_1a2b3c4d' }) key_prefix!: string;
  @ApiProperty({ example: 'dev@example.com', nullable: true }) email!: string | null;
  @ApiProperty({ example: '0x90f79bf6eb2c4f870365e785982e1f101e93b906', nullable: true }) wallet!: string | null;
  @ApiProperty({ example: 'silver', enum: TIER_NAMES }) tier!: string;
  @ApiProperty({ type: StakeView }) stake!: StakeView;
  @ApiProperty({ type: DailyView }) daily!: DailyView;
  @ApiProperty({ example: 60 }) rate_limit_per_minute!: number;
  @ApiProperty({ example: ['analyze/contract', 'analyze/token'], enum: ENDPOINTS, isArray: true, description: 'Metered endpoints this tier opens' })
  endpoints!: string[];
  @ApiProperty({ type: NextTierView, nullable: true }) next_tier!: NextTierView | null;
}

export class SignupResponse extends AccountResponse {
  @ApiProperty({ example: `ta_${'0'.repeat(64)}`, description: 'Shown only once: store it' }) api_key!: string;
  @ApiProperty({ example: '8b2d0c9e-5f1a-4c5e-9a53-3c1c5f2b7e10' }) key_id!: string;
  @ApiProperty({ example: '2027-11-21T12:00:00.000Z' }) expires_at!: string;
}

export class PlatformNonceResponse {
  @ApiProperty({ example: 'f3a9c2d1e0b4a5968778695a4b3c2d1e' }) nonce!: string;
  @ApiProperty({ example: '2026-11-21T12:05:00.000Z' }) expires_at!: string;
  @ApiProperty({ example: 'api.example.com' }) domain!: string;
  @ApiProperty({ example: 'https://api.example.com' }) uri!: string;
  @ApiProperty({ example: 1 }) chain_id!: number;
  @ApiPropertyOptional({ description: 'A ready-to-sign SIWE message, when ?wallet= is given' }) message?: string;
}
