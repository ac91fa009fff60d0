import { Controller, Get, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HttpReply } from '../shared/auth/request-context';
import { HealthService } from '../../health/health.service';
import { ApiResult } from '../shared/openapi/api-schemas';
import { HealthRecordB, presentHealthB } from './presenters/health.presenter';

/** Surface B: `GET {base_url_b}/health`. */
@ApiTags('B: health')
@Controller('health')
export class ScannerHealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOperation({ operationId: 'getScannerHealth', summary: 'Health record (surface B)' })
  @ApiResult(HealthRecordB)
  @ApiResult(HealthRecordB, { status: 503, description: 'Database unreachable' })
  async get(@Res({ passthrough: true }) res: HttpReply): Promise<HealthRecordB> {
    const snapshot = await this.health.check();
    res.status(snapshot.serviceable ? 200 : 503);
    return presentHealthB(snapshot);
  }
}
