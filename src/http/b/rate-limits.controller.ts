import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { LimitsService } from '../../metering/limits.service';
import { ProviderUsageService } from '../../metering/provider-usage.service';
import { ApiResult } from '../shared/openapi/api-schemas';
import { presentRateLimits, RateLimitsResponseB } from './presenters/rate-limits.presenter';

/** Surface B: `GET /api/v1/system/rate-limits` (class None). */
@ApiTags('B: system')
@Controller('api/v1/system')
export class RateLimitsController {
  constructor(
    private readonly limits: LimitsService,
    private readonly usage: ProviderUsageService,
  ) {}

  @Get('rate-limits')
  @ApiOperation({ operationId: 'getRateLimits', summary: 'Live rate-limit figures and integrator guidelines' })
  @ApiResult(RateLimitsResponseB)
  async get(): Promise<RateLimitsResponseB> {
    const stats = await this.limits.stats();
    return presentRateLimits(stats, await this.usage.snapshot(), this.limits.globalPerMinute);
  }
}
