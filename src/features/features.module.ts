import { Module } from '@nestjs/common';

/** Surface B /features/* endpoints, one report section each (mounted under SCANNER_BASE_PATH). */
@Module({})
export class FeaturesModule {}
