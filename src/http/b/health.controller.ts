import { HealthRecordB, presentHealthB } from './presenters/health.presenter';
import { Controller, Get, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { HealthService } from '../../health/health.service';


/** Surface B: `GET {base_url_b}/health`. */
@ApiTags('B: health')
@Controller('health')
export class ScannerHealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ summary: 'Health record (surface B)' })
  @ApiOkResponse({ type: HealthRecordB })
  @ApiServiceUnavailableResponse({ type: HealthRecordB, description: 'Database unreachable' })
  async get(@Res({ passthrough: true }) res: Response): Promise<HealthRecordB> {
    const snapshot = await this.health.check();
    res.status(snapshot.serviceable ? 200 : 503);
    return presentHealthB(snapshot);
  }
}
