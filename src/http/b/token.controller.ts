import { TokenRequestDto } from './dto/token.dto';
import { AnalyzeBatchResponseB, AnalyzeResponseB, SecurityAnalysisResponseB, SecurityOnlyResponseB, ServiceScoresResponseB } from './dto/token-responses';
import { SCANNER_CACHE_TTL } from './scan-cache';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Feature } from '../../analysis/report/token-report';
import { BatchScanService } from '../../analysis/batch/batch-scan.service';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { BatchTokensDto } from '../shared/dto/batch.dto';
import { batchResults } from '../shared/presenters/batch';
import { B_CHAINS } from './dto/token.dto';


import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import {
    presentAnalyzeB,
    presentSecurityAnalysisB,
    presentSecurityOnlyB,
    presentServiceScoresB,
} from './presenters/token.presenter';

/** Surface B: token analysis records (Standard class). */
@ApiTags('B: token')
@ApiBadRequestResponse()
@ApiNotFoundResponse({ description: 'Token not found or not supported' })
@ApiServiceUnavailableResponse({ description: "The chain's node is unreachable (retry)" })
@Controller('api/v1/token')
export class ScannerTokenController {
  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly batch: BatchScanService,
  ) {}

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

  @Post('analyze/batch')
  @HttpCode(200)
  @Authenticated('B', 'account')
  @ApiOperation({
    summary: 'Complete analysis of up to 50 tokens',
    description: 'Results in input order, each with its analysis or its own error; one quota call per distinct token answered, taken only while the quota lasts.',
  })
  @ApiOkResponse({ type: AnalyzeBatchResponseB })
  async analyzeBatch(@Body() body: BatchTokensDto, @CurrentKey() key: ApiKeyRecord) {
    const result = await this.batch.scan({ key, targets: body.tokens, chains: B_CHAINS, cacheTtl: SCANNER_CACHE_TTL, required: ['security', 'market'] });
    return { success: true as const, ...batchResults(result, body.tokens, 'B', (served) => presentAnalyzeB(served.report)) };
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
