import { Injectable, Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DAY_MS, Clock } from '../common/clock';
import { AppConfig } from '../config/app-config';
import { EMBEDDED_DATABASE_NAME, embeddedDatabaseName } from '../devnet-binding';

const LINEAGE_DATABASE = new RegExp(`^${EMBEDDED_DATABASE_NAME}_[0-9a-f]{8}$`);

export interface LineageCleanup {
  /** Why nothing was looked at, when nothing was. */
  skipped?: string;
  dropped: string[];
  /** Abandoned databases still kept: too young, or in use (DROP refused). */
  kept: string[];
}

/**
 * Drops the embedded server's databases of abandoned devnet lineages (`token_analysis_<lineage>`, left
 * behind by rewinds). Conservative: only when this service started the embedded server and runs on a
 * known lineage; never the current database or any other name; only once the current lineage has been
 * recorded for DEVNET_DATABASE_RETENTION_DAYS (every other lineage was abandoned before it began); a
 * database someone is connected to is kept (plain DROP DATABASE refuses it). Each drop is logged.
 */
@Injectable()
export class LineageDatabaseCleaner {
  private readonly logger = new Logger(LineageDatabaseCleaner.name);

  constructor(
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async run(): Promise<LineageCleanup> {
    const { embeddedDatabase, databaseUrl, devnetState, retention } = this.config;
    const lineage = devnetState?.lineage;
    if (!embeddedDatabase || !databaseUrl) return { skipped: 'not the embedded server', dropped: [], kept: [] };
    if (!lineage) return { skipped: 'no devnet lineage', dropped: [], kept: [] };
    if (retention.devnetDatabaseDays === 0)
      return { skipped: 'DEVNET_DATABASE_RETENTION_DAYS is 0', dropped: [], kept: [] };
    const current = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
    if (current !== embeddedDatabaseName(lineage))
      return { skipped: `database ${current} is not the lineage's own`, dropped: [], kept: [] };

    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ recorded_at: Date }>('SELECT recorded_at FROM devnet_lineage WHERE id = 1');
      const since = rows[0]?.recorded_at;
      const others = (await client.query<{ datname: string }>('SELECT datname FROM pg_database ORDER BY datname')).rows
        .map((r) => r.datname)
        .filter((name) => LINEAGE_DATABASE.test(name) && name !== current);
      const oldEnough = since && this.clock.now().getTime() - since.getTime() >= retention.devnetDatabaseDays * DAY_MS;
      if (!oldEnough) return { dropped: [], kept: others };
      const result: LineageCleanup = { dropped: [], kept: [] };
      for (const name of others) {
        try {
          await client.query(`DROP DATABASE "${name}"`);
          result.dropped.push(name);
          this.logger.warn(
            { database: name, currentLineage: lineage },
            `Dropped ${name}: an abandoned devnet lineage's database (the current lineage began ${since.toISOString()})`,
          );
        } catch (err) {
          result.kept.push(name);
          this.logger.warn({ database: name, err }, `Kept ${name}: it could not be dropped`);
        }
      }
      return result;
    } finally {
      await client.end();
    }
  }
}
