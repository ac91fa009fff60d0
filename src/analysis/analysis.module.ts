import { Module } from '@nestjs/common';
import { BatchScanService } from './batch/batch-scan.service';
import { ChainModule } from '../chain/chain.module';
import { SourceProviderModule } from '../providers/source/source-provider.module';
import { CreatorAnalyzer } from './creator/creator.analyzer';
import { SocialAnalysisModule } from './social/social-analysis.module';
import { ContractAnalysisModule } from './contract/contract-analysis.module';
import { HoldersModule } from './holders/holders.module';
import { MarketAnalysisModule } from './market/market-analysis.module';
import { ReportCache } from './report/report-cache';
import { ReportCacheRepository } from './report/report-cache.repository';
import { TradeSimulationModule } from './simulation/trade-simulation.module';
import { TradingAnalysisModule } from './trading/trading-analysis.module';
import { TokenAnalysisService } from './token-analysis.service';
import { PairResolver } from './token-info/pair-resolver';

/** The analysis engine, no HTTP: analyzers, scoring, the canonical TokenReport, the report cache. */
@Module({
  imports: [
    ChainModule,
    SourceProviderModule,
    ContractAnalysisModule,
    TradeSimulationModule,
    MarketAnalysisModule,
    HoldersModule,
    SocialAnalysisModule,
    TradingAnalysisModule,
  ],
  providers: [
    TokenAnalysisService,
    PairResolver,
    BatchScanService,
    ReportCache,
    ReportCacheRepository,
    CreatorAnalyzer,
  ],
  exports: [TokenAnalysisService, BatchScanService, ReportCache],
})
export class AnalysisModule {}
