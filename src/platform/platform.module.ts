import { DynamicModule, Module } from '@nestjs/common';
import { AiModule } from '../analysis/ai/ai.module';
import { Analyst } from '../analysis/ai/analyst';
import { AnalysisModule } from '../analysis/analysis.module';
import { ChainModule } from '../chain/chain.module';
import { LlmModule } from '../providers/llm/llm.module';
import { AiController } from './ai/ai.controller';
import { PlatformAiService } from './ai/platform-ai.service';
import { AnalyzeController } from './analyze/analyze.controller';
import { PlatformAnalysisService } from './analyze/platform-analysis.service';
import { TokenResolver } from './analyze/token-resolver';
import { PlatformAccountService } from './auth/platform-account.service';
import { PlatformAuthController } from './auth/platform-auth.controller';
import { MarketController } from './market/market.controller';
import { PlatformMarketService } from './market/platform-market.service';
import { PLATFORM_OPTIONS, type PlatformOptions } from './platform.options';
import { PlatformRepository } from './platform.repository';
import { PlatformAccessGuard } from './tiers/platform-access.guard';
import { StakeReader } from './tiers/stake-reader';
import { TierService } from './tiers/tier.service';
import { TransactionPrepareService } from './transaction/transaction-prepare.service';
import { TransactionSimulateService } from './transaction/transaction-simulate.service';
import { TransactionController } from './transaction/transaction.controller';
import { WalletAnalysisService } from './wallet/wallet-analysis.service';
import { WalletController } from './wallet/wallet.controller';

const PROVIDERS = [
  PlatformRepository,
  StakeReader,
  TierService,
  PlatformAccessGuard,
  PlatformAccountService,
  TokenResolver,
  PlatformAnalysisService,
  PlatformMarketService,
  WalletAnalysisService,
  TransactionPrepareService,
  TransactionSimulateService,
  Analyst,
  PlatformAiService,
];

/**
 * Surface C (/v1/...), mounted under /v1 by AppModule. Imported as is, stakes are read only where
 * the devnet serves the staking chain; `withOptions` adds a real chain's vault and token.
 */
@Module({
  imports: [ChainModule, AnalysisModule, AiModule, LlmModule],
  controllers: [PlatformAuthController, AnalyzeController, WalletController, MarketController, TransactionController, AiController],
  providers: [...PROVIDERS, { provide: PLATFORM_OPTIONS, useValue: {} satisfies PlatformOptions }],
  exports: [TierService, StakeReader],
})
export class PlatformModule {
  static withOptions(options: PlatformOptions): DynamicModule {
    return { module: PlatformModule, providers: [{ provide: PLATFORM_OPTIONS, useValue: options }] };
  }
}
