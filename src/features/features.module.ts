import { Module } from '@nestjs/common';
import { AnalysisModule } from '../analysis/analysis.module';
import { FeaturesController } from './features.controller';

/** Surface B /features/* endpoints, one report section each (mounted under SCANNER_BASE_PATH). */
@Module({ imports: [AnalysisModule], controllers: [FeaturesController] })
export class FeaturesModule {}
