import { Global, Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain.module';
import { AccountService } from './account.service';
import { ApiKeyGuard } from './api-key.guard';
import { ApiKeyRepository } from './api-key.repository';
import { ApiKeyService } from './api-key.service';
import { AuthController, ScannerAuthController, TestKeyController } from './auth.controller';
import { CallLogRepository } from './call-log/call-log.repository';
import { CallRecorder } from './call-log/call-recorder';
import { QuotaRefundInterceptor } from './quota-refund.interceptor';
import { NonceRepository } from './wallet-proof/nonce.repository';
import { WalletProofGuard } from './wallet-proof/wallet-proof.guard';
import { WalletProofService } from './wallet-proof/wallet-proof.service';

const PROVIDERS = [
  ApiKeyRepository,
  ApiKeyService,
  ApiKeyGuard,
  CallLogRepository,
  CallRecorder,
  NonceRepository,
  WalletProofService,
  WalletProofGuard,
  AccountService,
  QuotaRefundInterceptor,
];

/**
 * Keys, their guard, the call history and wallet proofs. Global, because every surface's modules use
 * the guards. Surface A's key routes live here; B's are mounted by ScannerAuthModule.
 */
@Global()
@Module({
  imports: [ChainModule],
  providers: PROVIDERS,
  controllers: [AuthController],
  exports: PROVIDERS,
})
export class AuthModule {}

/** Surface B's account routes (nonce, generate-test-key), mounted under SCANNER_BASE_PATH. */
@Module({ controllers: [ScannerAuthController, TestKeyController] })
export class ScannerAuthModule {}
