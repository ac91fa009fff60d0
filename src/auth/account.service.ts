import { Injectable } from '@nestjs/common';
import { LimitsService } from '../common/limits/limits.service';
import { AppConfig } from '../config/app-config';
import { ApiKeyRecord } from './api-key.repository';
import { ApiKeyService, IssuedKey } from './api-key.service';
import { RequestKeyDto } from './dto/auth.dto';
import { NonceGrant, WalletProofService } from './wallet-proof/wallet-proof.service';

const HOUR = 3600;

/** Getting and checking keys without holding one: free keys, test keys, wallet-proof nonces. */
@Injectable()
export class AccountService {
  constructor(
    private readonly keys: ApiKeyService,
    private readonly limits: LimitsService,
    private readonly proofs: WalletProofService,
    private readonly config: AppConfig,
  ) {}

  async requestFreeKey(body: RequestKeyDto, ip: string): Promise<IssuedKey> {
    await this.limits.admitIp(ip, { name: 'request-key', points: this.config.limits.keyIssuesPerIpPerHour, durationSec: HOUR });
    return this.keys.issue({
      plan: 'free',
      clientName: body.client_name,
      email: body.email.toLowerCase(),
      intendedUsage: body.intended_usage,
    });
  }

  async generateTestKey(wallet: string, ip: string): Promise<IssuedKey> {
    await this.limits.admitIp(ip, { name: 'test-key', points: this.config.limits.keyIssuesPerIpPerHour, durationSec: HOUR });
    return this.keys.issueTestKey(wallet);
  }

  async nonce(input: { wallet?: string; host: string; protocol: string; ip: string }): Promise<NonceGrant> {
    await this.limits.admitIp(input.ip, { name: 'nonce', points: this.config.limits.lowClassPerMinute, durationSec: 60 });
    const domain = this.config.siweDomain ?? input.host;
    return this.proofs.issueNonce({ domain, uri: `${input.protocol}://${domain}`, wallet: input.wallet });
  }

  /** The key as stored now (its quota moves with every scan). */
  async validate(key: ApiKeyRecord): Promise<ApiKeyRecord> {
    return (await this.keys.findById(key.id)) ?? key;
  }
}
