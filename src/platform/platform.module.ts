import { Module } from '@nestjs/common';

/** Surface C (/v1/...): the planned API, mounted under /v1. */
@Module({})
export class PlatformModule {}
