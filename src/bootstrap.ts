import type { Logger as PinoLogger } from 'pino';
import { startDevnet } from '../devnet';
import { AppConfig } from './config/app-config';
import { startEmbeddedPostgres } from './prisma/embedded-postgres';
import { runMigrations } from './prisma/migration-runner';

export const EMBEDDED_DATABASE_NAME = 'token_analysis';

/** What the process runs beside the Nest app: the embedded parts, started before it and stopped after. */
export interface Runtime {
  /** The configuration completed with the embedded parts' addresses. */
  config: AppConfig;
  stop(): Promise<void>;
}

/**
 * Starts what the configuration leaves to embedded defaults — PostgreSQL when DATABASE_URL is unset, the
 * local devnet (served as chains `eth` and `devnet`) when ETH_RPC_URL is unset — and brings the database
 * schema up to date, before the app accepts requests.
 */
export async function prepareRuntime(initial: AppConfig, log: PinoLogger): Promise<Runtime> {
  let config = initial;
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch((err: unknown) => log.error({ err }, 'Stopping an embedded part failed'));
  };
  try {
    if (!config.databaseUrl) {
      const started = Date.now();
      const pg = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPostgresPort,
        database: EMBEDDED_DATABASE_NAME,
        log: (line) => log.debug({ component: 'embedded-postgres' }, line),
      });
      stops.push(pg.stop);
      config = config.with({ databaseUrl: pg.url });
      log.info({ port: config.embeddedPostgresPort, ms: Date.now() - started }, `Embedded PostgreSQL running (data in ${config.dataDir}/postgres)`);
    }
    if (!config.rpcUrls.eth) {
      const started = Date.now();
      const devnet = await startDevnet({
        port: config.devnetPort,
        dataDir: config.dataDir,
        log: (line) => log.info({ component: 'devnet' }, line),
      });
      stops.push(devnet.stop);
      config = config.with({ devnetRpcUrl: devnet.rpcUrl });
      log.info(
        { rpcUrl: devnet.rpcUrl, chainId: devnet.chainId, mode: devnet.mode, ms: Date.now() - started },
        'Chain eth is the local devnet (ETH_RPC_URL is unset); it is also served as chain devnet',
      );
    }
    const migrations = await runMigrations(config.databaseUrl!);
    log.info({ applied: migrations.applied }, `Database schema up to date (${migrations.applied.length} migration(s) applied now)`);
    return { config, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
