import { Global, Module } from '@nestjs/common';
import { ProviderUsageService } from './provider-usage.service';

/** External data behind ports (source verification, market data, social, LLM) and their usage counters. */
@Global()
@Module({ providers: [ProviderUsageService], exports: [ProviderUsageService] })
export class ProvidersModule {}
