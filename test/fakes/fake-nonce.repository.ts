import { NonceRepository } from '../../src/accounts/wallet-proof/nonce.repository';

/** wallet_nonces in memory: a nonce passes once, before it expires. */
export class FakeNonceRepository extends NonceRepository {
  readonly nonces = new Map<string, { expiresAt: Date; usedAt: Date | null }>();

  constructor() {
    super(undefined as never);
  }

  override async create(nonce: string, expiresAt: Date): Promise<void> {
    if (this.nonces.has(nonce)) throw new Error('unique constraint: nonce');
    this.nonces.set(nonce, { expiresAt, usedAt: null });
  }

  override async consume(nonce: string, now: Date): Promise<boolean> {
    const row = this.nonces.get(nonce);
    if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return false;
    row.usedAt = now;
    return true;
  }
}
