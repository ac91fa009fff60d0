import { Injectable } from '@nestjs/common';
import type { ApiKeyRecord } from '../../accounts/api-key.repository';
import { ApiKeyService, type IssuedKey } from '../../accounts/api-key.service';
import { WalletProofError, WalletProofService } from '../../accounts/wallet-proof/wallet-proof.service';
import { AppError } from '../../common/errors/app-error';
import { LimitsService } from '../../metering/limits.service';
import { AppConfig } from '../../config/app-config';
import { WalletMismatchError } from '../platform.errors';
import { PlatformRepository } from '../platform.repository';
import { TierService, type TierStatus } from '../tiers/tier.service';

export interface SignupInput {
  email: string;
  wallet?: string;
  /** X-Wallet-Message / X-Wallet-Signature, when the caller binds a wallet. */
  proof: { messageB64?: string; signature?: string };
  host: string;
  ip: string;
}

export interface SignupResult {
  issued: IssuedKey;
  status: TierStatus;
}

/** Sign-up (a free-plan key, with a wallet bound when proven) and the key's tier status. */
@Injectable()
export class PlatformAccountService {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly repository: PlatformRepository,
    private readonly proofs: WalletProofService,
    private readonly limits: LimitsService,
    private readonly tiers: TierService,
    private readonly config: AppConfig,
  ) {}

  async signup(input: SignupInput): Promise<SignupResult> {
    await this.limits.admitIp(input.ip, this.limits.ipBucket('signup', 'key-issue'));
    const wallet = await this.provenWallet(input);
    const email = input.email.toLowerCase();
    const issued = await this.keys.issueWith({ plan: 'free', email, ownerWallet: wallet ?? undefined }, (tx, keyId) =>
      this.repository.createAccount(tx, { keyId, email, wallet }),
    );
    return { issued, status: await this.tiers.status(issued.record, { fresh: true }) };
  }

  /** The account endpoint always reads the stake anew: it is where a caller checks a stake change. */
  status(key: ApiKeyRecord): Promise<TierStatus> {
    return this.tiers.status(key, { fresh: true });
  }

  usedToday(status: TierStatus): Promise<number> {
    return this.tiers.usedToday(status);
  }

  /** A wallet is bound only with a SIWE proof; a named wallet must be the proven one. */
  private async provenWallet(input: SignupInput): Promise<string | null> {
    if (!input.wallet && !input.proof.messageB64 && !input.proof.signature) return null;
    const proven = await this.proofs
      .verify({
        messageB64: input.proof.messageB64,
        signature: input.proof.signature,
        domain: this.config.siweDomain ?? input.host,
      })
      .catch((err: unknown) => {
        if (err instanceof WalletProofError)
          throw new AppError('unauthenticated', err.message, { cCode: 'INVALID_WALLET_PROOF' });
        throw err;
      });
    if (input.wallet && input.wallet.toLowerCase() !== proven) throw new WalletMismatchError();
    return proven;
  }
}
