import { IntersectionType } from '@nestjs/swagger';
import { WatchCallback } from '../../shared/dto/watch.dto';
import { TokenTargetA } from './scan.dto';

export { AlertsQuery as AlertsQueryA } from '../../shared/dto/watch.dto';

/** POST /api/v1/watches: a token to watch, and where to POST its alerts (optional). */
export class CreateWatchDto extends IntersectionType(TokenTargetA, WatchCallback) {}
