import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';

/** The only door to wallet_nonces. */
@Injectable()
export class NonceRepository {
  constructor(private readonly prisma: PrismaService) {}

  async create(nonce: string, expiresAt: Date): Promise<void> {
    await this.prisma.walletNonce.create({ data: { nonce, expiresAt } });
  }

  /** Marks the nonce used if it is unused and unexpired; one statement, so a replay can never pass twice. */
  async consume(nonce: string, now: Date): Promise<boolean> {
    const used = await this.prisma.$executeRaw`
      UPDATE wallet_nonces SET used_at = ${now}
      WHERE nonce = ${nonce} AND used_at IS NULL AND expires_at > ${now}`;
    return used === 1;
  }
}
