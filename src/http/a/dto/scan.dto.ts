import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AsyncOptions } from '../../shared/dto/async.dto';
import { BatchTokensDto } from '../../shared/dto/batch.dto';
import { FEATURES, type Feature } from '../../../analysis/report/token-report';
import { A_CHAINS, type ChainKey } from '../../../config/chains';
import { IsAddress, ChainField } from '../../shared/validation';

export { A_CHAINS } from '../../../config/chains';

/** A token on one of surface A's chains. */
export class TokenTargetA {
  @ApiProperty({ example: '0x5FbDB2315678afecb367f032d93F642f64180aa3' })
  @IsAddress({ message: 'Invalid contract address format' })
  contract_address!: string;

  @ChainField(A_CHAINS)
  chain: ChainKey = 'eth';
}

/** How a scan is run, for one token or a batch. */
export class ScanOptionsA {
  @ApiPropertyOptional({
    enum: FEATURES,
    isArray: true,
    description: 'Sections to compute; omitted = all. Fewer features answer faster.',
  })
  @IsOptional()
  @IsArray({ message: 'features must be an array' })
  @ArrayMinSize(1, { message: 'features must not be empty' })
  @ArrayMaxSize(FEATURES.length)
  @IsIn(FEATURES, { each: true, message: `each feature must be one of ${FEATURES.join(', ')}` })
  features?: Feature[];

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean({ message: 'include_metadata must be a boolean' })
  include_metadata?: boolean;

  @ApiPropertyOptional({
    default: 300,
    minimum: 0,
    maximum: 86_400,
    description: 'Seconds a cached report may be old; 0 = analyse now',
  })
  @IsOptional()
  @IsInt({ message: 'cache_ttl must be an integer number of seconds' })
  @Min(0, { message: 'cache_ttl must be between 0 and 86400' })
  @Max(86_400, { message: 'cache_ttl must be between 0 and 86400' })
  cache_ttl: number = 300;
}

export class ScanDto extends IntersectionType(IntersectionType(TokenTargetA, ScanOptionsA), AsyncOptions) {}

export class ScanBatchDto extends IntersectionType(BatchTokensDto, ScanOptionsA) {}
