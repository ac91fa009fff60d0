import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { LimitsService } from './limits/limits.service';
import { RedisService } from './redis/redis.service';

@Global()
@Module({
  providers: [RedisService, LimitsService, { provide: Clock, useClass: SystemClock }],
  exports: [RedisService, LimitsService, Clock],
})
export class CommonModule {}
