import { Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ApiKeyRecord } from './api-key.repository';
import { ApiKeyService, IssuedKey } from './api-key.service';
import { NonceGrant, WalletProofService } from './wallet-proof/wallet-proof.service';

/** Who asks for a free key, and why (surface A's request-key body). */
export interface FreeKeyRequest {
  client_name: string;
  email: string;
  intended_usage: string;
}

/** Getting and checking keys without holding one: free keys, test keys, wallet-proof nonces (limited per address by their routes). */
@Injectable()
export class AccountService {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly proofs: WalletProofService,
    private readonly config: AppConfig,
  ) {}

  requestFreeKey(body: FreeKeyRequest): Promise<IssuedKey> {
    return this.keys.issue({
      plan: 'free',
      clientName: body.client_name,
      email: body.email.toLowerCase(),
      intendedUsage: body.intended_usage,
    });
  }

  generateTestKey(wallet: string): Promise<IssuedKey> {
    return this.keys.issueTestKey(wallet);
  }

  nonce(input: { wallet?: string; host: string; protocol: string }): Promise<NonceGrant> {
    const domain = this.config.siweDomain ?? input.host;
    return this.proofs.issueNonce({ domain, uri: `${input.protocol}://${domain}`, wallet: input.wallet });
  }

  /** The key as stored now (its quota moves with every scan). */
  async validate(key: ApiKeyRecord): Promise<ApiKeyRecord> {
    return (await this.keys.findById(key.id)) ?? key;
  }
}
