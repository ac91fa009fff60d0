import { Global, Injectable, Module } from '@nestjs/common';
import { DailyCounter } from '../../metering/counters';
import { PlatformRepository } from '../platform.repository';

/** Surface C's daily tier calls, counted in platform_daily_usage for metering. */
@Injectable()
export class PlatformDailyCounter extends DailyCounter {
  constructor(private readonly repository: PlatformRepository) {
    super();
  }

  take(subject: string, day: string, limit: number | null): Promise<number | null> {
    return this.repository.consumeDaily({ subject, day, limit });
  }
}

/** Global, so the metering module finds the counter its owner provides. */
@Global()
@Module({
  providers: [PlatformRepository, { provide: DailyCounter, useClass: PlatformDailyCounter }],
  exports: [DailyCounter],
})
export class DailyCounterModule {}
