import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { MetricsService } from './metrics/metrics.service';
import { RedisService } from './redis/redis.service';

@Global()
@Module({
  providers: [RedisService, { provide: Clock, useClass: SystemClock }, MetricsService],
  exports: [RedisService, Clock, MetricsService],
})
export class CommonModule {}
