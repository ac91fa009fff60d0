import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { AppConfig } from '../config/app-config';
import { PrismaClient } from './generated/client';

/** The Prisma client over a pg pool. Only repositories inject it. */
@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  constructor(config: AppConfig) {
    if (!config.databaseUrl) throw new Error('PrismaService needs a database URL (the boot sequence sets one)');
    super({
      adapter: new PrismaPg({
        connectionString: config.databaseUrl,
        max: 20,
        // A server that stops answering (paused, partitioned) must cost a request seconds, not minutes:
        // getting a connection, and each statement (the server cancels it; the client stops waiting).
        connectionTimeoutMillis: config.db.connectTimeoutMs,
        statement_timeout: config.db.statementTimeoutMs,
        query_timeout: config.db.statementTimeoutMs + 500,
        keepAlive: true,
        idleTimeoutMillis: 30_000,
      }),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.$connect();
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }

  /** Round trip to the database, bounded so a dead server cannot stall a health check. */
  async ping(timeoutMs = 2_000): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    try {
      return await Promise.race([this.$queryRaw`SELECT 1`.then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
