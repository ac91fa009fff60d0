import { Module } from '@nestjs/common';
import { AiModule } from '../analysis/ai/ai.module';
import { AnalysisModule } from '../analysis/analysis.module';
import { AiController } from './ai.controller';
import { ScannerTokenController, TokenController } from './token.controller';

/** Surface A's token endpoints (scan; research, x-analysis and chat come with the AI issue). */
@Module({ imports: [AnalysisModule, AiModule], controllers: [TokenController, AiController] })
export class TokenModule {}

/** Surface B's token endpoints, mounted under SCANNER_BASE_PATH. */
@Module({ imports: [AnalysisModule], controllers: [ScannerTokenController] })
export class ScannerTokenModule {}
