import { Module } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { SourceProviderModule } from '../../providers/source/source-provider.module';
import { TokenInfoAnalyzer } from '../token-info/token-info.analyzer';
import { ContractAnalyzer } from './contract.analyzer';
import { EngineRuntime } from './engine/engine-runtime';

/** Token info and contract analysis (powers, proxy, ownership, hidden mint, verification). */
@Module({
  imports: [ChainModule, SourceProviderModule],
  // One engine runtime per app: its caches serve every scan, and making it patches @ethereumjs once.
  providers: [TokenInfoAnalyzer, ContractAnalyzer, { provide: EngineRuntime, useFactory: () => new EngineRuntime() }],
  exports: [TokenInfoAnalyzer, ContractAnalyzer],
})
export class ContractAnalysisModule {}
