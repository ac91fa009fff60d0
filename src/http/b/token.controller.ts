import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Feature } from '../../analysis/report/token-report';
import { BatchScanService } from '../../analysis/batch/batch-scan.service';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { BatchTokensDto } from '../shared/dto/batch.dto';
import { ApiResult } from '../shared/openapi/api-schemas';
import { JSON_CONTENT_TYPE } from '../shared/presenters/json-body';
import { B_CHAINS, TokenRequestDto } from './dto/token.dto';
import { AnalyzeBatchResponseB, presentAnalyzeBatchB } from './presenters/batch.presenter';
import {
  AnalyzeResponseB,
  analyzeBodyB,
  presentSecurityAnalysisB,
  presentSecurityOnlyB,
  presentServiceScoresB,
  SecurityAnalysisResponseB,
  SecurityOnlyResponseB,
  ServiceScoresResponseB,
} from './presenters/token.presenter';
import { SCANNER_CACHE_TTL } from './scan-cache';

const TOKEN_NOT_FOUND = 'Token not found or not supported';

/** Surface B: token analysis records (Standard class). */
@ApiTags('B: token')
@ApiBadRequestResponse({ description: 'Invalid body (details name the field refused)' })
@Controller('api/v1/token')
export class ScannerTokenController {
  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly batch: BatchScanService,
  ) {}

  /** `required`: the sections the answer is built from (default: every one asked for). */
  private report(body: TokenRequestDto, features?: Feature[], required?: Feature[]) {
    return this.analysis
      .scan({ chain: body.chain, address: body.contract_address, features, cacheTtl: SCANNER_CACHE_TTL, required, resolvePairs: true })
      .then((served) => served.report);
  }

  @Post('analyze')
  @HttpCode(200)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'analyzeToken', summary: 'Complete analysis' })
  @ApiResult(AnalyzeResponseB)
  @ApiNotFoundResponse({ description: TOKEN_NOT_FOUND })
  async analyze(@Body() body: TokenRequestDto) {
    return analyzeBodyB(await this.report(body, undefined, ['security', 'market']));
  }

  @Post('analyze/batch')
  @HttpCode(200)
  @Authenticated('B', 'account')
  @ApiOperation({
    operationId: 'analyzeTokenBatch',
    summary: 'Complete analysis of up to 50 tokens',
    description:
      'Results in input order, each with its analysis or its own error (a token not found, a bad address or chain, a spent quota: in the item, never as the status); one quota call per distinct token answered, taken only while the quota lasts.',
  })
  @ApiResult(AnalyzeBatchResponseB)
  async analyzeBatch(@Body() body: BatchTokensDto, @CurrentKey() key: ApiKeyRecord) {
    const result = await this.batch.scan({ key, targets: body.tokens, chains: B_CHAINS, cacheTtl: SCANNER_CACHE_TTL, required: ['security', 'market'] });
    return presentAnalyzeBatchB(result, body.tokens);
  }

  @Post('security-analysis')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'getSecurityAnalysis', summary: 'Security analysis' })
  @ApiResult(SecurityAnalysisResponseB)
  @ApiNotFoundResponse({ description: TOKEN_NOT_FOUND })
  async securityAnalysis(@Body() body: TokenRequestDto) {
    return presentSecurityAnalysisB(await this.report(body, ['security']));
  }

  @Post('service-scores')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'getServiceScores', summary: 'Scores only' })
  @ApiResult(ServiceScoresResponseB)
  @ApiNotFoundResponse({ description: TOKEN_NOT_FOUND })
  async serviceScores(@Body() body: TokenRequestDto) {
    return presentServiceScoresB(await this.report(body, undefined, ['security']));
  }

  @Post('security-only')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'getSecurityOnly', summary: 'Security verdict only' })
  @ApiResult(SecurityOnlyResponseB)
  @ApiNotFoundResponse({ description: TOKEN_NOT_FOUND })
  async securityOnly(@Body() body: TokenRequestDto) {
    return presentSecurityOnlyB(await this.report(body, ['security']));
  }
}
