import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { TokenAnalysisService } from '../analysis/token-analysis.service';
import type { Feature } from '../analysis/report/token-report';
import { Authenticated } from '../auth/authenticated.decorator';
import { Clock } from '../common/clock';
import { ErrorEnvelopeA, ErrorEnvelopeB } from '../common/openapi-envelopes';
import { AppConfig } from '../config/app-config';
import { ScanDto, TokenRequestDto } from './dto/scan.dto';
import { AnalyzeResponseB, ScanResponseA, SecurityAnalysisResponseB, SecurityOnlyResponseB, ServiceScoresResponseB } from './dto/token-responses';
import { presentScanA } from './presenters/scan-a.presenter';
import {
  presentAnalyzeB,
  presentSecurityAnalysisB,
  presentSecurityOnlyB,
  presentServiceScoresB,
} from './presenters/scanner-b.presenter';

/** B's token endpoints serve reports up to this old (B has no cache_ttl parameter). */
export const SCANNER_CACHE_TTL = 300;

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

/** Surface B: token analysis records (Standard class). */
@ApiTags('B: token')
@ApiBadRequestResponse({ type: ErrorEnvelopeB })
@ApiNotFoundResponse({ type: ErrorEnvelopeB, description: 'Token not found or not supported' })
@ApiServiceUnavailableResponse({ type: ErrorEnvelopeB, description: "The chain's node is unreachable (retry)" })
@Controller('api/v1/token')
export class ScannerTokenController {
  constructor(private readonly analysis: TokenAnalysisService) {}

  /** `required`: the sections the answer is built from (default: every one asked for). */
  private report(body: TokenRequestDto, features?: Feature[], required?: Feature[]) {
    return this.analysis
      .scan({ chain: body.chain, address: body.contract_address, features, cacheTtl: SCANNER_CACHE_TTL, required })
      .then((served) => served.report);
  }

  @Post('analyze')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Complete analysis' })
  @ApiOkResponse({ type: AnalyzeResponseB })
  async analyze(@Body() body: TokenRequestDto) {
    return presentAnalyzeB(await this.report(body, undefined, ['security', 'market']));
  }

  @Post('security-analysis')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Security analysis' })
  @ApiOkResponse({ type: SecurityAnalysisResponseB })
  async securityAnalysis(@Body() body: TokenRequestDto) {
    return presentSecurityAnalysisB(await this.report(body, ['security']));
  }

  @Post('service-scores')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Scores only' })
  @ApiOkResponse({ type: ServiceScoresResponseB })
  async serviceScores(@Body() body: TokenRequestDto) {
    return presentServiceScoresB(await this.report(body, undefined, ['security']));
  }

  @Post('security-only')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ summary: 'Security verdict only' })
  @ApiOkResponse({ type: SecurityOnlyResponseB })
  async securityOnly(@Body() body: TokenRequestDto) {
    return presentSecurityOnlyB(await this.report(body, ['security']));
  }
}
