import { Global, Module } from '@nestjs/common';
import { ApiKeyGuard } from './auth/api-key.guard';
import { IpLimitGuard } from './auth/ip-limit.guard';
import { WalletProofGuard } from './auth/wallet-proof.guard';
import { MetricsPortServer } from './metrics/metrics-port.server';

const ENHANCERS = [ApiKeyGuard, WalletProofGuard, IpLimitGuard];

/** The guards and interceptors every surface's controllers use; and /metrics on its own port when configured. */
@Global()
@Module({ providers: [...ENHANCERS, MetricsPortServer], exports: ENHANCERS })
export class HttpSharedModule {}
