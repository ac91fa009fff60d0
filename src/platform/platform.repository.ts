import { Injectable } from '@nestjs/common';
import type { ChainKey } from '../config/app-config';
import { apiKeyData, SELECT_FIELDS, toRecord, type ApiKeyRecord, type NewApiKey } from '../accounts/api-key.repository';
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

export interface LargeTransferRow {
  blockNumber: number;
  logIndex: number;
  from: string;
  to: string;
  value: bigint;
  blockTime: Date;
}

export interface HolderShiftRow {
  holder: string;
  netChange: bigint;
  balance: bigint;
}

/** The only door to platform_* tables (and read-only to holder_transfers/holder_balances for whales). */
@Injectable()
export class PlatformRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The key and its account in one transaction: a sign-up never leaves a key without its wallet. */
  async createAccount(key: NewApiKey & { id: string }, account: { email: string; wallet: string | null }): Promise<ApiKeyRecord> {
    const [row] = await this.prisma.$transaction([
      this.prisma.apiKey.create({ data: apiKeyData(key), select: SELECT_FIELDS }),
      this.prisma.platformAccount.create({ data: { keyId: key.id, email: account.email, wallet: account.wallet } }),
    ]);
    return toRecord(row);
  }

  async findAccount(keyId: string): Promise<PlatformAccount | null> {
    return this.prisma.platformAccount.findUnique({ where: { keyId }, select: { keyId: true, email: true, wallet: true } });
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
    const data = { symbol: input.symbol, symbolUpper: input.symbol.toUpperCase(), name: input.name.slice(0, 200), seenAt: new Date() };
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

  /** Transfers of at least `min` since `since`, largest first (holder_transfers keeps ~25 h). */
  async largeTransfers(input: { chain: ChainKey; token: string; since: Date; min: bigint; limit: number }): Promise<LargeTransferRow[]> {
    const rows = await this.prisma.$queryRaw<Array<{ block_number: bigint; log_index: number; from_address: string; to_address: string; value: string; block_time: Date }>>`
      SELECT block_number, log_index, from_address, to_address, value::text AS value, block_time
      FROM holder_transfers
      WHERE chain = ${input.chain} AND token = ${input.token.toLowerCase()} AND block_time >= ${input.since}
        AND value >= ${input.min.toString()}::numeric
      ORDER BY value DESC, block_number DESC LIMIT ${input.limit}`;
    return rows.map((r) => ({
      blockNumber: Number(r.block_number),
      logIndex: r.log_index,
      from: r.from_address,
      to: r.to_address,
      value: BigInt(r.value),
      blockTime: r.block_time,
    }));
  }

  /** Net change of every address whose transfers since `since` moved it by at least `min`, with its balance now. */
  async holderShifts(input: { chain: ChainKey; token: string; since: Date; min: bigint; limit: number }): Promise<HolderShiftRow[]> {
    const rows = await this.prisma.$queryRaw<Array<{ holder: string; net: string; balance: string | null }>>`
      WITH moves AS (
        SELECT to_address AS holder, value AS delta FROM holder_transfers
          WHERE chain = ${input.chain} AND token = ${input.token.toLowerCase()} AND block_time >= ${input.since}
        UNION ALL
        SELECT from_address, -value FROM holder_transfers
          WHERE chain = ${input.chain} AND token = ${input.token.toLowerCase()} AND block_time >= ${input.since}
      ), net AS (SELECT holder, SUM(delta) AS net FROM moves GROUP BY holder)
      SELECT net.holder, net.net::text AS net, b.balance::text AS balance
      FROM net LEFT JOIN holder_balances b ON b.chain = ${input.chain} AND b.token = ${input.token.toLowerCase()} AND b.holder = net.holder
      WHERE abs(net.net) >= ${input.min.toString()}::numeric
      ORDER BY abs(net.net) DESC LIMIT ${input.limit}`;
    return rows.map((r) => ({ holder: r.holder, netChange: BigInt(r.net), balance: BigInt(r.balance ?? '0') }));
  }
}
