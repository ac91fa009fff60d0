import { Client } from 'pg';
import { loadConfig, ConfigError } from '../config/app-config';
import { EMBEDDED_DATABASE_NAME } from '../devnet-binding';
import { EmbeddedPostgresError, embeddedPostgresFailureLine, startEmbeddedPostgres } from './embedded-postgres';
import { runMigrations } from './migration-runner';

/**
 * `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to every service database on the
 * embedded server (one per devnet chain lineage, see src/devnet-binding.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) return migrate(config.databaseUrl);
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPostgresPort,
    database: 'postgres',
  });
  try {
    const client = new Client({ connectionString: embedded.serverUrl });
    await client.connect();
    const { rows } = await client
      .query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname ~ $1 ORDER BY datname', [
        `^${EMBEDDED_DATABASE_NAME}(_[0-9a-f]{8})?$`,
      ])
      .finally(() => client.end());
    if (rows.length === 0) console.log('No service database on the embedded server yet (the first start creates it)');
    for (const { datname } of rows) {
      const url = new URL(embedded.url);
      url.pathname = `/${datname}`;
      process.stdout.write(`${datname}: `);
      await migrate(url.toString());
    }
  } finally {
    await embedded.stop();
  }
}

async function migrate(url: string): Promise<void> {
  const result = await runMigrations(url);
  console.log(
    result.applied.length
      ? `Applied ${result.applied.length} migration(s): ${result.applied.join(', ')}`
      : `Database is up to date (${result.alreadyApplied} migration(s) applied earlier)`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof EmbeddedPostgresError) console.error(embeddedPostgresFailureLine(err));
  else console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
