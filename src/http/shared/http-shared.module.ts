import { Global, Module } from '@nestjs/common';
import { ApiKeyGuard } from './auth/api-key.guard';
import { IpLimitGuard } from './auth/ip-limit.guard';
import { QuotaRefundInterceptor } from './auth/quota-refund.interceptor';
import { WalletProofGuard } from './auth/wallet-proof.guard';

const ENHANCERS = [ApiKeyGuard, WalletProofGuard, IpLimitGuard, QuotaRefundInterceptor];

/** The guards and interceptors every surface's controllers use. */
@Global()
@Module({ providers: ENHANCERS, exports: ENHANCERS })
export class HttpSharedModule {}
