import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { RedisService } from './redis/redis.service';

@Global()
@Module({
  providers: [RedisService, { provide: Clock, useClass: SystemClock }],
  exports: [RedisService, Clock],
})
export class CommonModule {}
