import { DynamicModule, Module } from '@nestjs/common';
import { AiModule } from '../analysis/ai/ai.module';
import { Analyst } from '../analysis/ai/analyst';
import { AnalysisModule } from '../analysis/analysis.module';
import { HoldersModule } from '../analysis/holders/holders.module';
import { ChainModule } from '../chain/chain.module';
import { LlmModule } from '../providers/llm/llm.module';
import { PlatformAiService } from './ai/platform-ai.service';
import { PlatformAnalysisService } from './analyze/platform-analysis.service';
import { TokenResolver } from './analyze/token-resolver';
import { PlatformAccountService } from './account/platform-account.service';
import { PlatformMarketService } from './market/platform-market.service';
import { PLATFORM_OPTIONS, type PlatformOptions } from './platform.options';
import { PlatformRepository } from './platform.repository';
import { StakeReader } from './tiers/stake-reader';
import { TierService } from './tiers/tier.service';
import { TransactionPrepareService } from './transaction/transaction-prepare.service';
import { TransactionSimulateService } from './transaction/transaction-simulate.service';
import { WalletAnalysisService } from './wallet/wallet-analysis.service';

const PROVIDERS = [
  PlatformRepository,
  StakeReader,
  TierService,
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
 * Surface C's domain: accounts by stake, tiers, wallets, transactions and portfolio insights (its
 * HTTP is src/http/c). Imported as is, stakes are read only where the devnet serves the staking
 * chain; `withOptions` adds a real chain's vault and token.
 */
@Module({
  imports: [ChainModule, AnalysisModule, HoldersModule, AiModule, LlmModule],
  providers: [...PROVIDERS, { provide: PLATFORM_OPTIONS, useValue: {} satisfies PlatformOptions }],
  exports: PROVIDERS,
})
export class PlatformModule {
  static withOptions(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      providers: [{ provide: PLATFORM_OPTIONS, useValue: options }],
      exports: PROVIDERS,
    };
  }
}
