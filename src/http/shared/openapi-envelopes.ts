import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class ErrorBodyA {
  @ApiProperty({ example: 401 }) code!: number;
  @ApiProperty({ example: 'Invalid API key: no such key' }) message!: string;
  @ApiProperty({ example: 'authentication_error' }) type!: string;
  @ApiPropertyOptional({ example: { field: 'contract_address', value: '0x123' } }) details?: Record<string, unknown>;
  @ApiPropertyOptional({ example: 60 }) retry_after?: number;
}

/** Surface A's error body. */
export class ErrorEnvelopeA {
  @ApiProperty({ example: false }) success!: boolean;
  @ApiProperty({ type: ErrorBodyA }) error!: ErrorBodyA;
}

/** Surface B's error body (other than 429). */
export class ErrorEnvelopeB {
  @ApiProperty({ example: false }) success!: boolean;
  @ApiProperty({ example: 'unauthorized' }) error!: string;
  @ApiProperty({ example: 'Invalid API key: no such key' }) message!: string;
  @ApiPropertyOptional() details?: Record<string, unknown>;
}

/** Surface B's 429 body. */
export class RateLimitedEnvelopeB {
  @ApiProperty({ example: false }) success!: boolean;
  @ApiProperty({ example: 'rate_limited' }) error!: string;
  @ApiProperty({ example: 'api', description: 'Who limited the call: `api` for our own limits, else the upstream kind' })
  provider!: string;
  @ApiProperty({ example: 'Rate limit exceeded: 60 requests per minute for this key' }) reason!: string;
  @ApiProperty({ example: 1 }) retry_after!: number;
}

class ErrorBodyC {
  @ApiProperty({ example: 'INVALID_API_KEY' }) code!: string;
  @ApiProperty({ example: 'Invalid API key: no such key' }) message!: string;
  @ApiProperty({ example: 'check the key' }) hint!: string;
}

/** Surface C's error body. */
export class ErrorEnvelopeC {
  @ApiProperty({ type: ErrorBodyC }) error!: ErrorBodyC;
}
