import { ApiProperty } from '@nestjs/swagger';
import { IsAddress } from '../../shared/validation';

export class WalletDto {
  @ApiProperty({ example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
  @IsAddress({ message: 'Invalid wallet address' })
  wallet!: string;
}

export class TestKeyResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ example: `test_${'0'.repeat(64)}`, description: 'Shown only once: store it' }) api_key!: string;
  @ApiProperty({ example: 10 }) quota!: number;
  @ApiProperty({ example: '2026-11-28T12:00:00.000Z' }) expires_at!: string;
  @ApiProperty({ example: 'test' }) plan!: string;
}
