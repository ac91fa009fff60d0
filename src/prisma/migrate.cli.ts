import { loadConfig, ConfigError } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres';
import { runMigrations } from './migration-runner';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'token_analysis' });
  try {
    const result = await runMigrations(config.databaseUrl ?? embedded!.url);
    console.log(
      result.applied.length
        ? `Applied ${result.applied.length} migration(s): ${result.applied.join(', ')}`
        : `Database is up to date (${result.alreadyApplied} migration(s) applied earlier)`,
    );
  } finally {
    await embedded?.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
