import { ApiProperty } from '@nestjs/swagger';
import { IsAddress } from '../../shared/validation';

export class WalletDto {
  @ApiProperty({ example: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
  @IsAddress({ message: 'Invalid wallet address' })
  wallet!: string;
}
