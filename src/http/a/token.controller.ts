import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { Authenticated } from '../shared/auth/authenticated.decorator';
import { ErrorEnvelopeA } from '../shared/openapi-envelopes';
import { ScanDto } from './dto/scan.dto';
import { ScanResponseA } from './dto/token-responses';
import { presentScanA } from './presenters/scan.presenter';


/** Surface A: token analysis. */
@ApiTags('A: token')
@ApiBadRequestResponse({ type: ErrorEnvelopeA, description: 'Invalid contract address, chain, features or cache_ttl' })
@ApiNotFoundResponse({ type: ErrorEnvelopeA, description: 'Token not found or not supported' })
@ApiServiceUnavailableResponse({ type: ErrorEnvelopeA, description: "The chain's node is unreachable (retry)" })
@Controller('api/v1/token')
export class TokenController {
  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  @Post('scan')
  @HttpCode(200)
  @Authenticated('A', 'standard')
  @ApiOperation({ summary: 'Full token analysis' })
  @ApiOkResponse({ type: ScanResponseA })
  async scan(@Body() body: ScanDto) {
    const served = await this.analysis.scan({
      chain: body.chain,
      address: body.contract_address,
      features: body.features,
      cacheTtl: body.cache_ttl,
      // Never a grade without its security section; any other section may come back incomplete.
      required: ['security'],
    });
    return presentScanA(served, { includeMetadata: body.include_metadata === true, apiVersion: this.config.version, now: this.clock.now() });
  }
}
