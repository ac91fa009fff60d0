import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE, RouterModule } from '@nestjs/core';
import { json } from 'express';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AnalysisModule } from './analysis/analysis.module';
import { AuthModule, ScannerAuthModule } from './auth/auth.module';
import { RequestGuardMiddleware } from './auth/request-guard.middleware';
import { ChainModule } from './chain/chain.module';
import { CommonModule } from './common/common.module';
import { ErrorRouterFilter } from './common/filters/surface-error.filters';
import { loggerParams } from './common/logging';
import { createValidationPipe } from './common/validation';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { FeaturesModule } from './features/features.module';
import { HealthModule, ScannerHealthModule } from './health/health.module';
import { PlansModule, ScannerPlansModule } from './plans/plans.module';
import { PlatformModule } from './platform/platform.module';
import { PrismaModule } from './prisma/prisma.module';
import { ProvidersModule } from './providers/providers.module';
import { ScannerTokenModule, TokenModule } from './token/token.module';
import { UserModule } from './user/user.module';

/** Modules whose controllers form surface B; mounted under SCANNER_BASE_PATH. */
const SCANNER_MODULES = [ScannerHealthModule, ScannerAuthModule, ScannerTokenModule, ScannerPlansModule, FeaturesModule, UserModule];
/** Modules whose controllers form surface C; mounted under /v1. */
const PLATFORM_MODULES = [PlatformModule];

@Module({})
export class AppModule implements NestModule {
  /**
   * After the request logger (LoggerModule's middleware), so that refused requests — keys in URLs,
   * malformed or oversized bodies — are logged too.
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestGuardMiddleware, json({ limit: '100kb' })).forRoutes('{*path}');
  }

  /** The whole application for one validated configuration (main.ts and the e2e tests build it alike). */
  static register(config: AppConfig, logStream?: DestinationStream): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(config),
        LoggerModule.forRoot(loggerParams(config, logStream)),
        CommonModule,
        PrismaModule,
        ChainModule,
        HealthModule,
        AuthModule,
        PlansModule,
        AnalysisModule,
        ProvidersModule,
        TokenModule,
        ...SCANNER_MODULES,
        PlatformModule.withOptions({ stakingChain: config.staking.chain, stakingVault: config.staking.vault, serviceToken: config.staking.serviceToken }),
        RouterModule.register([
          { path: config.scannerBasePath, children: SCANNER_MODULES },
          { path: 'v1', children: PLATFORM_MODULES },
        ]),
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorRouterFilter },
        { provide: APP_PIPE, useFactory: createValidationPipe },
      ],
    };
  }
}
