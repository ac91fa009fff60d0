import { TokenRequestDto } from './dto/token.dto';
import { AnalyzeResponseB, SecurityAnalysisResponseB, SecurityOnlyResponseB, ServiceScoresResponseB } from './dto/token-responses';
import { SCANNER_CACHE_TTL } from './scan-cache';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Feature } from '../../analysis/report/token-report';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';


import { Authenticated } from '../shared/auth/authenticated.decorator';
import { ErrorEnvelopeB } from '../shared/openapi-envelopes';
import {
    presentAnalyzeB,
    presentSecurityAnalysisB,
    presentSecurityOnlyB,
    presentServiceScoresB,
} from './presenters/token.presenter';

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
