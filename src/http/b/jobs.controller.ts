import { Controller, Get, Param, Sse, type MessageEvent } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { AppConfig } from '../../config/app-config';
import { ScanJobService } from '../../jobs/scan-jobs.service';
import type { ScanJob } from '../../jobs/scan-job.types';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { jobEvents, jobEventsDoc } from '../shared/job-events';
import { ApiResult } from '../shared/openapi/api-schemas';
import { presentScanJobB, scannerApiBase, ScanJobB, WebhooksB, presentWebhooksB } from './presenters/job.presenter';

const JOB_ID = { name: 'id', description: 'The job id from the 202', example: '0b6f5f0e-3c1a-4f7e-9a57-2f1d1b1c9e42' };

/**
 * Surface B: jobs of the token endpoints (asked with Prefer: respond-async, async: true or a
 * callback_url) and their webhooks. Reads, so Low class: no quota.
 */
@ApiTags('B: jobs')
@ApiNotFoundResponse({ description: 'No such job for this key' })
@Controller('api/v1')
export class ScannerJobsController {
  constructor(
    private readonly jobs: ScanJobService,
    private readonly config: AppConfig,
  ) {}

  @Get('jobs/:id')
  @Authenticated('B', 'low')
  @ApiOperation({
    operationId: 'getScannerJob',
    summary: "A token analysis job's status, progress per section, and result (the asked endpoint's answer)",
  })
  @ApiParam(JOB_ID)
  @ApiResult(ScanJobB)
  async job(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<ScanJobB> {
    return this.present(await this.jobs.get(id, key.id));
  }

  @Sse('jobs/:id/events')
  @Authenticated('B', 'low')
  @ApiOperation({
    operationId: 'streamScannerJob',
    summary: "A token analysis job's status as server-sent events until it is finished",
  })
  @ApiParam(JOB_ID)
  @ApiResponse(jobEventsDoc('B'))
  async events(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<Observable<MessageEvent>> {
    const job = await this.jobs.get(id, key.id);
    return jobEvents(this.jobs, job, (j) => this.present(j));
  }

  @Get('webhooks')
  @Authenticated('B', 'low')
  @ApiOperation({
    operationId: 'getScannerWebhooks',
    summary: "This key's webhook signing secret and its recent deliveries",
  })
  @ApiResult(WebhooksB)
  async webhooks(@CurrentKey() key: ApiKeyRecord): Promise<WebhooksB> {
    return presentWebhooksB(await this.jobs.deliveries(key.id));
  }

  private present(job: ScanJob): ScanJobB {
    return presentScanJobB(job, scannerApiBase(this.config.scannerBasePath));
  }
}
