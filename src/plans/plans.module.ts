import { Module } from '@nestjs/common';

/** Plan catalog, test keys and on-chain plan purchases. */
@Module({})
export class PlansModule {}
