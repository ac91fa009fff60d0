import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';
import { B_CHAINS, type ChainKey } from '../../../config/chains';
import { AsyncOptions } from '../../shared/dto/async.dto';
import { IsAddress, ChainField } from '../../shared/validation';

export { B_CHAINS } from '../../../config/chains';

export class TokenRequestDto {
  @ApiProperty({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })
  @IsAddress({ message: 'Invalid contract address format' })
  contract_address!: string;

  @ChainField(B_CHAINS)
  chain: ChainKey = 'eth';
}

export class SocialScoreDto extends TokenRequestDto {
  @ApiPropertyOptional({
    description: 'Your own social-data (X API) bearer token for this request; never logged or stored',
    writeOnly: true,
  })
  @IsOptional()
  @IsString()
  @Length(10, 500, { message: 'data_provider_api_key must be 10 to 500 characters' })
  data_provider_api_key?: string;
}

/** A single-token analysis, answered now (200) or, when asked, as a job (202). */
export class TokenScanDto extends IntersectionType(TokenRequestDto, AsyncOptions) {}
