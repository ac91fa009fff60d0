import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { BatchTokensDto } from '../../shared/dto/batch.dto';
import { FEATURES, type Feature } from '../../../analysis/report/token-report';
import type { ChainKey } from '../../../config/app-config';
import { IsAddress, ChainField } from '../../shared/validation';

/** Surface A's chains (spec), plus the embedded devnet. */
export const A_CHAINS = ['eth', 'bsc', 'polygon', 'arbitrum', 'optimism', 'devnet'] as const;

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
  @ApiPropertyOptional({ enum: FEATURES, isArray: true, description: 'Sections to compute; omitted = all. Fewer features answer faster.' })
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

  @ApiPropertyOptional({ default: 300, minimum: 0, maximum: 86_400, description: 'Seconds a cached report may be old; 0 = analyse now' })
  @IsOptional()
  @IsInt({ message: 'cache_ttl must be an integer number of seconds' })
  @Min(0, { message: 'cache_ttl must be between 0 and 86400' })
  @Max(86_400, { message: 'cache_ttl must be between 0 and 86400' })
  cache_ttl: number = 300;
}

/** Asking for the scan as a job (202) instead of the answer (200). */
export class AsyncOptions {
  @ApiPropertyOptional({ default: false, description: 'Answer 202 with a job at once (as `Prefer: respond-async` does); GET its status_url for progress and the result' })
  @IsOptional()
  @IsBoolean({ message: 'async must be a boolean' })
  async?: boolean;

  @ApiPropertyOptional({
    maxLength: 2048,
    example: 'https://example.com/hooks/scan',
    description: 'POSTed the job status when it finishes, signed (X-Webhook-Signature); implies async. Must resolve to a public address.',
  })
  @IsOptional()
  @IsString({ message: 'callback_url must be a string' })
  @MaxLength(2048, { message: 'callback_url must be at most 2048 characters' })
  callback_url?: string;
}

/** Whether a scan request asks for a job: `async: true`, a callback URL, or `Prefer: respond-async` (RFC 7240). */
export function wantsJob(body: AsyncOptions, prefer: string | undefined): boolean {
  return body.async === true || body.callback_url !== undefined || /(^|[,;\s])respond-async([,;\s]|$)/i.test(prefer ?? '');
}

export class ScanDto extends IntersectionType(IntersectionType(TokenTargetA, ScanOptionsA), AsyncOptions) {}

export class ScanBatchDto extends IntersectionType(BatchTokensDto, ScanOptionsA) {}
