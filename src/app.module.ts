import { DynamicModule, Inject, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE, RouterModule } from '@nestjs/core';
import { json } from 'body-parser';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AccountsModule } from './accounts/accounts.module';
import { ChainModule } from './chain/chain.module';
import { CommonModule } from './common/common.module';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { SurfaceAModule } from './http/a/a.module';
import { SurfaceBModule } from './http/b/b.module';
import { SurfaceCModule } from './http/c/c.module';
import { ErrorRouterFilter } from './http/shared/filters/surface-error.filters';
import { HttpSharedModule } from './http/shared/http-shared.module';
import { echoRequestId, requestLogging, type Middleware } from './http/shared/logging';
import { RequestGuardMiddleware } from './http/shared/request-guard.middleware';
import { createValidationPipe } from './http/shared/validation';
import { MeteringModule } from './metering/metering.module';
import { DailyCounterModule } from './platform/tiers/daily-counter.module';
import { PrismaModule } from './prisma/prisma.module';

/** The access log's middleware (see requestLogging). */
const ACCESS_LOG = Symbol('AccessLog');

@Module({})
export class AppModule implements NestModule {
  constructor(@Inject(ACCESS_LOG) private readonly accessLog: Middleware) {}

  /**
   * The access log first, so that refused requests — keys in URLs, malformed or oversized bodies — are
   * logged too, and carry the id they are logged with.
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(this.accessLog, echoRequestId, RequestGuardMiddleware, json({ limit: '100kb' }))
      .forRoutes('{*path}');
  }

  /** The whole application for one validated configuration (main.ts and the e2e tests build it alike). */
  static register(config: AppConfig, logStream?: DestinationStream): DynamicModule {
    const logging = requestLogging(config, logStream);
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(config),
        LoggerModule.forRoot(logging.params),
        CommonModule,
        PrismaModule,
        MeteringModule,
        ChainModule,
        AccountsModule,
        DailyCounterModule,
        HttpSharedModule,
        // One module per surface; its folder's controllers get its prefix (and so its header, envelope and limits).
        SurfaceAModule,
        SurfaceBModule,
        SurfaceCModule.register({
          stakingChain: config.staking.chain,
          stakingVault: config.staking.vault,
          serviceToken: config.staking.serviceToken,
        }),
        RouterModule.register([
          { path: config.scannerBasePath, module: SurfaceBModule },
          { path: 'v1', module: SurfaceCModule },
        ]),
      ],
      providers: [
        { provide: ACCESS_LOG, useValue: logging.accessLog },
        { provide: APP_FILTER, useClass: ErrorRouterFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
