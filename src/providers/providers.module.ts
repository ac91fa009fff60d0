import { Module } from '@nestjs/common';

/** External data behind ports: source verification, market data, social, LLM. */
@Module({})
export class ProvidersModule {}
