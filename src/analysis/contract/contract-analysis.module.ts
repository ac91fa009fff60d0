import { Module } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { SourceProviderModule } from '../../providers/source/source-provider.module';
import { TokenInfoAnalyzer } from '../token-info/token-info.analyzer';
import { ContractAnalyzer } from './contract.analyzer';

/** Token info and contract analysis (powers, proxy, ownership, hidden mint, verification). */
@Module({
  imports: [ChainModule, SourceProviderModule],
  providers: [TokenInfoAnalyzer, ContractAnalyzer],
  exports: [TokenInfoAnalyzer, ContractAnalyzer],
})
export class ContractAnalysisModule {}
