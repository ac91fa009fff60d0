import type { Logger as PinoLogger } from 'pino';
import { startDevnet, type DevnetHandle } from '../devnet';
import { AppConfig } from './config/app-config';
import { bindDevnetLineage, embeddedDatabaseName } from './devnet-binding';
import { startEmbeddedPostgres } from './prisma/embedded-postgres';
import { runMigrations } from './prisma/migration-runner';

/** What the process runs beside the Nest app: the embedded parts, started before it and stopped after. */
export interface Runtime {
  /** The configuration completed with the embedded parts' addresses. */
  config: AppConfig;
  stop(): Promise<void>;
}

/**
 * Starts what the configuration leaves to embedded defaults — the local devnet (served as chains `eth` and
 * `devnet`) when ETH_RPC_URL is unset, PostgreSQL when DATABASE_URL is unset — and brings the database
 * schema up to date, before the app accepts requests. The devnet comes first: its chain lineage names the
 * embedded database, and is checked against a database given by DATABASE_URL (src/devnet-binding.ts).
 */
export async function prepareRuntime(initial: AppConfig, log: PinoLogger): Promise<Runtime> {
  let config = initial;
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse())
      await fn().catch((err: unknown) => log.error({ err }, 'Stopping an embedded part failed'));
  };
  try {
    let devnet: DevnetHandle | undefined;
    if (!config.rpcUrls.eth) {
      const started = Date.now();
      devnet = await startDevnet({
        port: config.devnetPort,
        dataDir: config.dataDir,
        persist: true,
        log: (line) => log.info({ component: 'devnet' }, line),
      });
      stops.push(devnet.stop);
      config = config.with({ devnetRpcUrl: devnet.rpcUrl });
      log.info(
        {
          rpcUrl: devnet.rpcUrl,
          chainId: devnet.chainId,
          mode: devnet.mode,
          lineage: devnet.lineage,
          ms: Date.now() - started,
        },
        'Chain eth is the local devnet (ETH_RPC_URL is unset); it is also served as chain devnet',
      );
      if (devnet.lineage === undefined) {
        log.warn(
          { rpcUrl: devnet.rpcUrl },
          `The running devnet left no session marker in ${config.dataDir}/devnet: its lineage is unknown, so a rewind of it cannot be detected`,
        );
      }
    }
    if (!config.databaseUrl) {
      const started = Date.now();
      const database = embeddedDatabaseName(devnet?.lineage);
      const pg = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPostgresPort,
        database,
        log: (line) => log.debug({ component: 'embedded-postgres' }, line),
      });
      stops.push(pg.stop);
      config = config.with({ databaseUrl: pg.url, embeddedDatabase: true });
      log.info(
        { port: config.embeddedPostgresPort, database, ms: Date.now() - started },
        `Embedded PostgreSQL running (data in ${pg.databaseDir}, database ${database})`,
      );
      if (devnet?.previousLineage) {
        log.warn(
          { database, leftBehind: embeddedDatabaseName(devnet.previousLineage) },
          `The chain was rewound to the built world (new lineage ${devnet.lineage}): database ${database} starts empty; ` +
            `what was recorded against the old chain stays in ${embeddedDatabaseName(devnet.previousLineage)}, unused`,
        );
      }
    }
    const migrations = await runMigrations(config.databaseUrl!);
    log.info(
      { applied: migrations.applied },
      `Database schema up to date (${migrations.applied.length} migration(s) applied now)`,
    );
    if (devnet?.lineage) {
      const devnetState = await bindDevnetLineage(config.databaseUrl!, devnet.lineage);
      if (!devnetState.consistent)
        log.warn({ lineage: devnet.lineage }, `Devnet and database disagree: ${devnetState.reason}`);
      config = config.with({ devnetState });
    }
    return { config, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
