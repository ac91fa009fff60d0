import { Module } from '@nestjs/common';
import { AiModule } from '../../analysis/ai/ai.module';
import { AnalysisModule } from '../../analysis/analysis.module';
import { HealthModule } from '../../health/health.module';
import { AiController } from './ai.controller';
import { AuthController } from './auth.controller';
import { HealthController } from './health.controller';
import { TokenController } from './token.controller';

/**
 * Surface A (primary): every controller in this folder, and only these, mounted at the root by
 * AppModule's router. Its auth header, envelope and limits follow from the paths it serves.
 */
@Module({
  imports: [AnalysisModule, AiModule, HealthModule],
  controllers: [HealthController, AuthController, TokenController, AiController],
})
export class SurfaceAModule {}
