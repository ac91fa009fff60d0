import { Body, Controller, Header, Headers, HttpCode, Post, Res } from '@nestjs/common';
import type { HttpReply } from '../shared/auth/request-context';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { BatchScanService } from '../../analysis/batch/batch-scan.service';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { ApiResult, ApiResultOr } from '../shared/openapi/api-schemas';
import { ScanJobService } from '../../jobs/scan-jobs.service';
import { presentScanJobA, ScanJobA } from './presenters/job.presenter';
import { acceptJob, JOB_ACCEPTED } from '../shared/presenters/job-accepted';
import { wantsJob } from '../shared/dto/async.dto';
import { A_CHAINS, ScanBatchDto, ScanDto } from './dto/scan.dto';
import { JSON_CONTENT_TYPE, type JsonBody } from '../shared/presenters/json-body';
import { presentScanBatchA, scanBodyA } from './presenters/scan.presenter';
import { ScanBatchResponseA, ScanResponseA } from './presenters/scan.schemas';

/** Surface A: token analysis. */
@ApiTags('A: token')
@Controller('api/v1/token')
export class TokenController {
  constructor(
    private readonly batch: BatchScanService,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly jobs: ScanJobService,
  ) {}

  @Post('scan')
  @HttpCode(200)
  @Header('Content-Type', JSON_CONTENT_TYPE)
  @Authenticated('A', 'standard')
  @ApiOperation({
    operationId: 'scanToken',
    summary: 'Full token analysis',
    description:
      'Answers the report (200), or, with `Prefer: respond-async`, `async: true` or a `callback_url`, a job at once (202, Location: its status URL) whose result is this same answer. One quota call either way.',
  })
  @ApiResultOr(ScanResponseA, { schema: ScanJobA, ...JOB_ACCEPTED })
  @ApiBadRequestResponse({ description: 'Invalid contract address, chain, features, cache_ttl or callback_url' })
  @ApiNotFoundResponse({ description: 'Token not found or not supported' })
  @ApiServiceUnavailableResponse({
    description: "The chain's node is unreachable, or the security section could not be finished (retry)",
  })
  async scan(
    @Body() body: ScanDto,
    @CurrentKey() key: ApiKeyRecord,
    @Headers('prefer') prefer: string | undefined,
    @Res({ passthrough: true }) res: HttpReply,
  ): Promise<JsonBody<ScanResponseA> | ScanJobA> {
    const request = {
      chain: body.chain,
      address: body.contract_address,
      features: body.features,
      cacheTtl: body.cache_ttl,
      // Never a grade without its security section; any other section may come back incomplete.
      required: ['security' as const],
      resolvePairs: true,
      presentation: { includeMetadata: body.include_metadata === true },
    };
    if (wantsJob(body, prefer)) {
      const job = await this.jobs.submit({
        keyId: key.id,
        surface: 'A',
        request: { ...request, quotaTaken: true },
        callbackUrl: body.callback_url,
      });
      const accepted = presentScanJobA(job, this.clock.now(), this.config.version);
      return acceptJob(res, accepted, accepted.data.status_url);
    }
    const { served, job } = await this.jobs.scanWithinDeadline({ keyId: key.id, surface: 'A', request });
    return scanBodyA(served, { ...this.presentation(body.include_metadata), pendingJob: job });
  }

  @Post('scan/batch')
  @HttpCode(200)
  @Authenticated('A', 'account')
  @ApiOperation({
    operationId: 'scanTokenBatch',
    summary: 'Up to 50 tokens in one call',
    description:
      'Results in input order, each with its report or its own error; one quota call per distinct token answered, taken only while the quota lasts.',
  })
  @ApiResult(ScanBatchResponseA)
  @ApiBadRequestResponse({
    description: 'Invalid tokens list, features or cache_ttl (a bad address or chain fails only its own item)',
  })
  async scanBatch(@Body() body: ScanBatchDto, @CurrentKey() key: ApiKeyRecord): Promise<ScanBatchResponseA> {
    const result = await this.batch.scan({
      key,
      targets: body.tokens,
      chains: A_CHAINS,
      features: body.features,
      cacheTtl: body.cache_ttl,
      required: ['security'],
    });
    return presentScanBatchA(result, body.tokens, this.presentation(body.include_metadata));
  }

  private presentation(includeMetadata: boolean | undefined) {
    return { includeMetadata: includeMetadata === true, apiVersion: this.config.version, now: this.clock.now() };
  }
}
