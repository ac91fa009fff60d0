import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional } from 'class-validator';
import { IsAddress } from '../../shared/validation';

export class SignupDto {
  @ApiProperty({ example: 'dev@example.com' })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email!: string;

  @ApiPropertyOptional({
    example: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    description:
      'Wallet whose stake sets the tier; needs a SIWE proof in X-Wallet-Message / X-Wallet-Signature (nonce from GET /v1/auth/nonce)',
  })
  @IsOptional()
  @IsAddress({ message: 'Invalid wallet address' })
  wallet?: string;
}
