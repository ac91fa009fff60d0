import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthService } from '../../health/health.service';
import { HealthRecordA, presentHealthA } from './presenters/health.presenter';

/** Surface A: `GET /health`. */
@ApiTags('A: health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Health record (surface A)' })
  @ApiOkResponse({ type: HealthRecordA })
  @ApiServiceUnavailableResponse({ type: HealthRecordA, description: 'Database unreachable' })
  async get(@Res({ passthrough: true }) res: Response): Promise<HealthRecordA> {
    const snapshot = await this.health.check();
    res.status(snapshot.serviceable ? 200 : 503);
    return presentHealthA(snapshot);
  }
}
