import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HttpReply } from '../shared/auth/request-context';
import { HealthService } from '../../health/health.service';
import { ApiResult } from '../shared/openapi/api-schemas';
import { HealthRecordA, presentHealthA } from './presenters/health.presenter';

/** Surface A: `GET /health`. */
@ApiTags('A: health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ operationId: 'getHealth', summary: 'Health record (surface A)' })
  @ApiResult(HealthRecordA)
  @ApiResult(HealthRecordA, { status: 503, description: 'Database unreachable' })
  async get(@Res({ passthrough: true }) res: HttpReply): Promise<HealthRecordA> {
    const snapshot = await this.health.check();
    res.status(snapshot.serviceable ? 200 : 503);
    return presentHealthA(snapshot);
  }
}
