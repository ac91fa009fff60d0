import { Module } from '@nestjs/common';
import { ChainModule } from '../../chain/chain.module';
import { HolderAnalyzer } from './holder.analyzer';
import { HolderIndexer } from './holder.indexer';
import { HolderMovements } from './holder.movements';
import { HolderRepository } from './holder.repository';

/** Holder analysis over an incremental Transfer-log index in PostgreSQL (PrismaService is global). */
@Module({
  imports: [ChainModule],
  providers: [HolderRepository, HolderIndexer, HolderAnalyzer, HolderMovements],
  exports: [HolderIndexer, HolderAnalyzer, HolderMovements],
})
export class HoldersModule {}
