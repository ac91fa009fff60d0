import { Controller, Get, Param, Sse, type MessageEvent } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Observable } from 'rxjs';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { ScanJobService } from '../../jobs/scan-jobs.service';
import { Authenticated, CurrentKey } from '../shared/auth/authenticated.decorator';
import { jobEvents, jobEventsDoc } from '../shared/job-events';
import { ApiResult } from '../shared/openapi/api-schemas';
import { presentWebhooks } from '../shared/presenters/job';
import { presentScanJobC, ScanJobC, WebhooksC } from './presenters/job.presenter';

const JOB_ID = { name: 'id', description: 'The job id from the 202', example: '0b6f5f0e-3c1a-4f7e-9a57-2f1d1b1c9e42' };

/**
 * Surface C: jobs of the analysis GETs (asked with Prefer: respond-async or a callback_url query
 * parameter) and their webhooks. Any tier; the key's per-minute limit, never its daily limit.
 */
@ApiTags('C: jobs')
@ApiNotFoundResponse({ description: 'NOT_FOUND: no such job for this key' })
@Controller()
export class PlatformJobsController {
  constructor(private readonly jobs: ScanJobService) {}

  @Get('jobs/:id')
  @Authenticated('C', 'account')
  @ApiOperation({
    operationId: 'getPlatformJob',
    summary: "An analysis job's status, progress per section, and result (what the GET asked answers)",
  })
  @ApiParam(JOB_ID)
  @ApiResult(ScanJobC)
  async job(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<ScanJobC> {
    return presentScanJobC(await this.jobs.get(id, key.id));
  }

  @Sse('jobs/:id/events')
  @Authenticated('C', 'account')
  @ApiOperation({
    operationId: 'streamPlatformJob',
    summary: "An analysis job's status as server-sent events until it is finished",
  })
  @ApiParam(JOB_ID)
  @ApiResponse(jobEventsDoc('C'))
  async events(@Param('id') id: string, @CurrentKey() key: ApiKeyRecord): Promise<Observable<MessageEvent>> {
    return jobEvents(this.jobs, await this.jobs.get(id, key.id), presentScanJobC);
  }

  @Get('webhooks')
  @Authenticated('C', 'account')
  @ApiOperation({
    operationId: 'getPlatformWebhooks',
    summary:
      "This key's webhook signing secret and its recent deliveries (jobs asked with a callback_url query parameter)",
  })
  @ApiResult(WebhooksC)
  async webhooks(@CurrentKey() key: ApiKeyRecord) {
    return presentWebhooks(await this.jobs.deliveries(key.id));
  }
}
