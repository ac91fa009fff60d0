import { Controller, Get, Param, Sse, type MessageEvent } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { ScanJobService } from '../../jobs/scan-jobs.service';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { jobEvents, jobEventsDoc } from '../shared/job-events';
import { ApiResult } from '../shared/openapi/api-schemas';
import { presentScanJobA, ScanJobA, WebhooksA, presentWebhooksA } from './presenters/job.presenter';

const JOB_ID = { name: 'id', description: 'The job id from the 202', example: '0b6f5f0e-3c1a-4f7e-9a57-2f1d1b1c9e42' };

/** Surface A: scan jobs (POST /api/v1/token/scan with Prefer: respond-async) and their webhooks. */
@ApiTags('A: jobs')
@ApiNotFoundResponse({ description: 'No such job for this key' })
@Controller('api/v1')
export class JobsController {
  constructor(
    private readonly jobs: ScanJobService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  @Get('jobs/:id')
  @Authenticated('A', 'account')
  @ApiOperation({ operationId: 'getScanJob', summary: "A scan job's status, progress per section, and result" })
  @ApiParam(JOB_ID)
  @ApiResult(ScanJobA)
  async job(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<ScanJobA> {
    return this.present(await this.jobs.get(id, key.id));
  }

  @Sse('jobs/:id/events')
  @Authenticated('A', 'account')
  @ApiOperation({
    operationId: 'streamScanJob',
    summary: "A scan job's status as server-sent events until it is finished",
  })
  @ApiParam(JOB_ID)
  @ApiResponse(jobEventsDoc('A'))
  async events(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<Observable<MessageEvent>> {
    const job = await this.jobs.get(id, key.id);
    return jobEvents(this.jobs, job, (j) => this.present(j));
  }

  @Get('webhooks')
  @Authenticated('A', 'account')
  @ApiOperation({ operationId: 'getWebhooks', summary: "This key's webhook signing secret and its recent deliveries" })
  @ApiResult(WebhooksA)
  async webhooks(@CurrentKey() key: ApiKeyRecord): Promise<WebhooksA> {
    return presentWebhooksA(await this.jobs.deliveries(key.id));
  }

  private present(job: Parameters<typeof presentScanJobA>[0]): ScanJobA {
    return presentScanJobA(job, this.clock.now(), this.config.version);
  }
}
