import { randomUUID } from 'node:crypto';
import { startDevnet } from '../../devnet';
import { startEmbeddedPostgres } from '../../src/prisma/embedded-postgres';

/**
 * Once per `jest` run: the local devnet (anvil with the demo world, on TEST_DEVNET_PORT, default 8546)
 * and a PostgreSQL server for the e2e suites (TEST_DATABASE_URL or DATABASE_URL when set — CI has one
 * on 127.0.0.1:5432 — otherwise an embedded one in .data/test). Each suite then creates its own fresh
 * database on it (test/support/test-database.ts).
 */
export default async function globalSetup(): Promise<void> {
  process.env.TEST_RUN_ID = randomUUID(); // names this run's build (test/support/build.ts)
  const devnet = await startDevnet({
    port: Number(process.env.TEST_DEVNET_PORT ?? 8546),
    dataDir: '.data',
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.env.TEST_DEVNET_RPC_URL = devnet.rpcUrl;
  (globalThis as Record<string, unknown>).__testDevnet = devnet;

  const external = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (external) {
    process.env.TEST_PG_SERVER_URL = external;
    return;
  }
  const pg = await startEmbeddedPostgres({
    dataDir: '.data/test',
    port: Number(process.env.TEST_EMBEDDED_PG_PORT ?? 54330),
    database: 'postgres',
  });
  process.env.TEST_PG_SERVER_URL = pg.serverUrl;
  (globalThis as Record<string, unknown>).__testPostgres = pg;
}
