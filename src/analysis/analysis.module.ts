import { Module } from '@nestjs/common';

/** The analysis engine, no HTTP: analyzers, scoring, the canonical TokenReport, the report cache. */
@Module({})
export class AnalysisModule {}
