import { ApiProperty } from '@nestjs/swagger';
import { IsEmail, IsString, Length } from 'class-validator';

export class RequestKeyDto {
  @ApiProperty({ example: 'My Trading Bot', minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  client_name!: string;

  @ApiProperty({ example: 'dev@example.com' })
  @IsEmail({}, { message: 'email must be a valid e-mail address' })
  email!: string;

  @ApiProperty({ example: 'Screening tokens before my bot trades them', minLength: 1, maxLength: 500 })
  @IsString()
  @Length(1, 500)
  intended_usage!: string;
}

class KeyIssuance {
  @ApiProperty({ example: `ta_${'0'.repeat(64)}`, description: 'Shown only once: store it' }) api_key!: string;
  @ApiProperty({ example: '8b2d0c9e-5f1a-4c5e-9a53-3c1c5f2b7e10' }) client_id!: string;
  @ApiProperty({ example: '60/minute' }) rate_limit!: string;
  @ApiProperty({ example: 'free' }) tier!: string;
  @ApiProperty({ example: '2027-11-21T12:00:00.000Z' }) expires_at!: string;
}

export class KeyIssuanceResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: KeyIssuance }) data!: KeyIssuance;
}

class KeyValidation {
  @ApiProperty({ example: true }) valid!: boolean;
  @ApiProperty({ example: 'free' }) tier!: string;
  @ApiProperty({ example: '60/minute' }) rate_limit!: string;
  @ApiProperty({ example: '2027-11-21T12:00:00.000Z' }) expires_at!: string;
  @ApiProperty({ example: 9_990, nullable: true, description: 'null = unlimited' }) remaining_quota!: number | null;
}

export class KeyValidationResponse {
  @ApiProperty({ example: true }) success!: boolean;
  @ApiProperty({ type: KeyValidation }) data!: KeyValidation;
}
