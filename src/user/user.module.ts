import { Module } from '@nestjs/common';

/** Surface B /user/* endpoints (mounted under SCANNER_BASE_PATH). */
@Module({})
export class UserModule {}
