import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../config/app-config';
import type { Prisma } from '../prisma/generated/client';
import { PrismaService } from '../prisma/prisma.service';

export interface PlatformAccount {
  keyId: string;
  email: string;
  wallet: string | null;
}

export interface KnownTokenRow {
  address: string;
  symbol: string;
  name: string;
}

/** The only door to platform_* tables (holder tables are read through analysis/holders' HolderMovements). */
@Injectable()
export class PlatformRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The account row of a new key, written in the key's own transaction (ApiKeyService.issueWith). */
  async createAccount(
    tx: Prisma.TransactionClient,
    account: { keyId: string; email: string; wallet: string | null },
  ): Promise<void> {
    await tx.platformAccount.create({ data: account });
  }

  async findAccount(keyId: string): Promise<PlatformAccount | null> {
    return this.prisma.platformAccount.findUnique({
      where: { keyId },
      select: { keyId: true, email: true, wallet: true },
    });
  }

  /**
   * Takes one call from the subject's counter of `day` in one statement: the row is created at 1 or
   * raised by 1 only while below the limit, so concurrent calls can never pass it. Returns the count
   * after this call, or null when the limit is reached.
   */
  async consumeDaily(input: { subject: string; day: string; limit: number | null }): Promise<number | null> {
    const rows = await this.prisma.$queryRaw<Array<{ calls: number }>>`
      INSERT INTO platform_daily_usage (subject, day, calls) VALUES (${input.subject}, ${input.day}::date, 1)
      ON CONFLICT (subject, day) DO UPDATE SET calls = platform_daily_usage.calls + 1
        WHERE ${input.limit}::int IS NULL OR platform_daily_usage.calls < ${input.limit}::int
      RETURNING calls`;
    return rows.length === 1 ? rows[0].calls : null;
  }

  async dailyCalls(subject: string, day: string): Promise<number> {
    const rows = await this.prisma.$queryRaw<Array<{ calls: number }>>`
      SELECT calls FROM platform_daily_usage WHERE subject = ${subject} AND day = ${day}::date`;
    return rows[0]?.calls ?? 0;
  }

  async rememberToken(input: { chain: ChainKey; address: string; symbol: string; name: string }): Promise<void> {
    const data = {
      symbol: input.symbol,
      symbolUpper: input.symbol.toUpperCase(),
      name: input.name.slice(0, 200),
      seenAt: new Date(),
    };
    await this.prisma.platformKnownToken.upsert({
      where: { chain_address: { chain: input.chain, address: input.address.toLowerCase() } },
      create: { chain: input.chain, address: input.address.toLowerCase(), ...data },
      update: data,
    });
  }

  async tokensBySymbol(chain: ChainKey, symbol: string): Promise<KnownTokenRow[]> {
    return this.prisma.platformKnownToken.findMany({
      where: { chain, symbolUpper: symbol.toUpperCase() },
      select: { address: true, symbol: true, name: true },
      take: 20,
    });
  }
}
