import { Module } from '@nestjs/common';

/** Surface A token endpoints: scan, research, x-analysis, chat (filled by the analysis issues). */
@Module({})
export class TokenModule {}
