import { Body, Controller, Header, Headers, HttpCode, Post, Res } from '@nestjs/common';
import type { HttpReply } from '../shared/auth/request-context';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BatchScanService } from '../../analysis/batch/batch-scan.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { AppConfig } from '../../config/app-config';
import { ScanJobService } from '../../jobs/scan-jobs.service';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { BatchTokensDto } from '../shared/dto/batch.dto';
import { wantsJob } from '../shared/dto/async.dto';
import { ApiResult, ApiResultOr } from '../shared/openapi/api-schemas';
import { acceptJob, JOB_ACCEPTED } from '../shared/presenters/job-accepted';
import { JSON_CONTENT_TYPE } from '../shared/presenters/json-body';
import { B_CHAINS, TokenScanDto } from './dto/token.dto';
import { AnalyzeBatchResponseB, presentAnalyzeBatchB } from './presenters/batch.presenter';
import { presentScanJobB, scannerApiBase, ScanJobB } from './presenters/job.presenter';
import { presentPending } from '../shared/presenters/job';
import {
  AnalyzeResponseB,
  analyzeBodyB,
  SecurityAnalysisResponseB,
  SecurityOnlyResponseB,
  ServiceScoresResponseB,
} from './presenters/token.presenter';
import { SCANNER_CACHE_TTL } from './scan-cache';
import { TOKEN_ENDPOINTS_B, type TokenEndpointB } from './token-endpoints';

const TOKEN_NOT_FOUND = 'Token not found or not supported';
const ASYNC =
  'With `Prefer: respond-async`, `async: true` or a `callback_url`: a job at once (202, Location: its status URL) whose result is this same answer. One quota call either way.';
const BAD_BODY = 'Invalid body (details name the field refused), e.g. a callback_url that is not a public http(s) URL';

/** What a single-token handler gets: the body, the caller, and how to answer a job. */
interface Asked {
  body: TokenScanDto;
  key: ApiKeyRecord;
  prefer: string | undefined;
  res: HttpReply;
}

/** Surface B: token analysis records (Standard class). */
@ApiTags('B: token')
@ApiBadRequestResponse({ description: 'Invalid body (details name the field refused)' })
@Controller('api/v1/token')
export class ScannerTokenController {
  constructor(
    private readonly batch: BatchScanService,
    private readonly jobs: ScanJobService,
    private readonly config: AppConfig,
  ) {}

  @Post('analyze')
  @HttpCode(200)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'analyzeToken', summary: 'Complete analysis', description: ASYNC })
  @ApiResultOr(AnalyzeResponseB, { schema: ScanJobB, ...JOB_ACCEPTED })
  @ApiBadRequestResponse({ description: BAD_BODY })
  @ApiNotFoundResponse({ description: TOKEN_NOT_FOUND })
  analyze(
    @Body() body: TokenScanDto,
    @CurrentKey() key: ApiKeyRecord,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    return this.answer('analyze', { body, key, prefer, res }) as Promise<AnalyzeResponseB | ScanJobB>;
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
    const result = await this.batch.scan({
      key,
      targets: body.tokens,
      chains: B_CHAINS,
      cacheTtl: SCANNER_CACHE_TTL,
      required: ['security', 'market'],
    });
    return presentAnalyzeBatchB(result, body.tokens);
  }

  @Post('security-analysis')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'getSecurityAnalysis', summary: 'Security analysis', description: ASYNC })
  @ApiResultOr(SecurityAnalysisResponseB, { schema: ScanJobB, ...JOB_ACCEPTED })
  @ApiBadRequestResponse({ description: BAD_BODY })
  @ApiNotFoundResponse({ description: TOKEN_NOT_FOUND })
  securityAnalysis(
    @Body() body: TokenScanDto,
    @CurrentKey() key: ApiKeyRecord,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    return this.answer('security-analysis', { body, key, prefer, res }) as Promise<
      SecurityAnalysisResponseB | ScanJobB
    >;
  }

  @Post('service-scores')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'getServiceScores', summary: 'Scores only', description: ASYNC })
  @ApiResultOr(ServiceScoresResponseB, { schema: ScanJobB, ...JOB_ACCEPTED })
  @ApiBadRequestResponse({ description: BAD_BODY })
  @ApiNotFoundResponse({ description: TOKEN_NOT_FOUND })
  serviceScores(
    @Body() body: TokenScanDto,
    @CurrentKey() key: ApiKeyRecord,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    return this.answer('service-scores', { body, key, prefer, res }) as Promise<ServiceScoresResponseB | ScanJobB>;
  }

  @Post('security-only')
  @HttpCode(200)
  @Authenticated('B', 'standard')
  @ApiOperation({ operationId: 'getSecurityOnly', summary: 'Security verdict only', description: ASYNC })
  @ApiResultOr(SecurityOnlyResponseB, { schema: ScanJobB, ...JOB_ACCEPTED })
  @ApiBadRequestResponse({ description: BAD_BODY })
  @ApiNotFoundResponse({ description: TOKEN_NOT_FOUND })
  securityOnly(
    @Body() body: TokenScanDto,
    @CurrentKey() key: ApiKeyRecord,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ) {
    return this.answer('security-only', { body, key, prefer, res }) as Promise<SecurityOnlyResponseB | ScanJobB>;
  }

  /** The endpoint's answer now, or, when asked, its job (202) whose result is that answer. */
  private async answer(endpoint: TokenEndpointB, { body, key, prefer, res }: Asked): Promise<unknown> {
    const { features, required, present } = TOKEN_ENDPOINTS_B[endpoint];
    const request = {
      chain: body.chain,
      address: body.contract_address,
      features,
      cacheTtl: SCANNER_CACHE_TTL,
      required,
      resolvePairs: true,
    };
    if (wantsJob(body, prefer)) {
      const job = await this.jobs.submit({
        keyId: key.id,
        surface: 'B',
        request: { ...request, presentation: { endpoint }, quotaTaken: true },
        callbackUrl: body.callback_url,
      });
      const accepted = presentScanJobB(job, scannerApiBase(this.config.scannerBasePath));
      return acceptJob(res, accepted, accepted.status_url);
    }
    const { served, job } = await this.jobs.scanWithinDeadline({
      keyId: key.id,
      surface: 'B',
      request: { ...request, presentation: { endpoint } },
    });
    // The complete analysis, the hot path, is serialised once per report (sent as text: see @Header on analyze).
    if (endpoint === 'analyze' && !served.pending) return analyzeBodyB(served.report);
    return {
      ...(present(served.report) as object),
      ...presentPending(served.pending, job, scannerApiBase(this.config.scannerBasePath)),
    };
  }
}
