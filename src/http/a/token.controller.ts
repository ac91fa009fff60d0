import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { BatchScanService } from '../../analysis/batch/batch-scan.service';
import { TokenAnalysisService } from '../../analysis/token-analysis.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { ApiResult } from '../shared/openapi/api-schemas';
import { A_CHAINS, ScanBatchDto, ScanDto } from './dto/scan.dto';
import { JSON_CONTENT_TYPE, type JsonBody } from '../shared/presenters/json-body';
import { presentScanBatchA, scanBodyA } from './presenters/scan.presenter';
import { ScanBatchResponseA, ScanResponseA } from './presenters/scan.schemas';

/** Surface A: token analysis. */
@ApiTags('A: token')
@Controller('api/v1/token')
export class TokenController {
  constructor(
    private readonly analysis: TokenAnalysisService,
    private readonly batch: BatchScanService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  @Post('scan')
  @HttpCode(200)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @Authenticated('A', 'standard')
  @ApiOperation({ operationId: 'scanToken', summary: 'Full token analysis' })
  @ApiResult(ScanResponseA)
  @ApiBadRequestResponse({ description: 'Invalid contract address, chain, features or cache_ttl' })
  @ApiNotFoundResponse({ description: 'Token not found or not supported' })
  @ApiServiceUnavailableResponse({ description: "The chain's node is unreachable, or the security section could not be finished (retry)" })
  async scan(@Body() body: ScanDto): Promise<JsonBody<ScanResponseA>> {
    const served = await this.analysis.scan({
      chain: body.chain,
      address: body.contract_address,
      features: body.features,
      cacheTtl: body.cache_ttl,
      // Never a grade without its security section; any other section may come back incomplete.
      required: ['security'],
      resolvePairs: true,
    });
    return scanBodyA(served, this.presentation(body.include_metadata));
  }

  @Post('scan/batch')
  @HttpCode(200)
  @Authenticated('A', 'account')
  @ApiOperation({
    operationId: 'scanTokenBatch',
    summary: 'Up to 50 tokens in one call',
    description: 'Results in input order, each with its report or its own error; one quota call per distinct token answered, taken only while the quota lasts.',
  })
  @ApiResult(ScanBatchResponseA)
  @ApiBadRequestResponse({ description: 'Invalid tokens list, features or cache_ttl (a bad address or chain fails only its own item)' })
  async scanBatch(@Body() body: ScanBatchDto, @CurrentKey() key: ApiKeyRecord): Promise<ScanBatchResponseA> {
    const result = await this.batch.scan({ key, targets: body.tokens, chains: A_CHAINS, features: body.features, cacheTtl: body.cache_ttl, required: ['security'] });
    return presentScanBatchA(result, body.tokens, this.presentation(body.include_metadata));
  }

  private presentation(includeMetadata: boolean | undefined) {
    return { includeMetadata: includeMetadata === true, apiVersion: this.config.version, now: this.clock.now() };
  }
}
