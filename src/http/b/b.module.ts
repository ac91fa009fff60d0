import { Module } from '@nestjs/common';
import { AnalysisModule } from '../../analysis/analysis.module';
import { HealthModule } from '../../health/health.module';
import { ScannerAuthController, TestKeyController } from './auth.controller';
import { FeaturesController } from './features.controller';
import { ScannerHealthController } from './health.controller';
import { PlansController } from './plans.controller';
import { RateLimitsController } from './rate-limits.controller';
import { ScannerTokenController } from './token.controller';
import { UserController } from './user.controller';

/**
 * Surface B (scanner): every controller in this folder, and only these, mounted under
 * SCANNER_BASE_PATH by AppModule's router.
 */
@Module({
  imports: [AnalysisModule, HealthModule],
  controllers: [
    ScannerHealthController,
    RateLimitsController,
    ScannerAuthController,
    TestKeyController,
    ScannerTokenController,
    FeaturesController,
    PlansController,
    UserController,
  ],
})
export class SurfaceBModule {}
