import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { ApiKeyService } from '../../src/accounts/api-key.service';
import { createApp } from '../../src/app.factory';
import { loadConfig } from '../../src/config/app-config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../src/prisma/embedded-postgres';
import { scratchDatabase } from '../scratch-database';

/** The service as a user meets it: listening on a port, with a paid key and its quota. */
export interface ScanService {
  baseUrl: string;
  /** A team key issued by the service itself: every scan is counted against its quota. */
  key: string;
  stop(): Promise<void>;
}

export interface ScanServiceOptions {
  /** The eval chain, served as chain `eth` (the chain id it answers decides which chain's facts apply). */
  rpcUrl: string;
  /**
   * A PostgreSQL server to create this run's own database on (dropped at stop). Unset: an embedded server
   * with its data in `<dataDir>/postgres`.
   */
  pgServerUrl?: string;
  dataDir?: string;
  /** The service's scan deadline; 0 (the default here) lets every section finish, whatever the machine's load. */
  scanDeadlineMs?: number;
}

/** Upstream buckets a run of back-to-back scans does not meet (the buckets are the service's own tests' business). */
const ROOMY_UPSTREAMS =
  'audit_provider=100000/100000,scanner_provider=100000/100000,market_data=100000/100000,social_data=100000/100000';

/**
 * Boots the real service in this process on a fresh database of its own, pointed at the eval chain, and
 * issues a team key through its key service. Scans then go over HTTP exactly as a client's do.
 */
export async function startScanService(opts: ScanServiceOptions): Promise<ScanService> {
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  try {
    let serverUrl = opts.pgServerUrl;
    if (!serverUrl) {
      const pg: EmbeddedPostgresHandle = await startEmbeddedPostgres({
        dataDir: opts.dataDir ?? '.data/eval-deployed',
        port: 54341,
        database: 'postgres',
      });
      stops.push(pg.stop);
      serverUrl = pg.serverUrl;
    }
    const database = await scratchDatabase(`eval_deployed_${randomBytes(3).toString('hex')}`, serverUrl);
    stops.push(database.drop);
    const databaseUrl = database.url;

    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      PROCESS_ROLE: 'api',
      ETH_RPC_URL: opts.rpcUrl,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      SCAN_DEADLINE_MS: String(opts.scanDeadlineMs ?? 0),
      UPSTREAM_LIMITS: ROOMY_UPSTREAMS,
    });
    const app: INestApplication = await createApp(config);
    await app.listen(0, '127.0.0.1');
    stops.push(() => app.close());
    const port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
    const issued = await app.get(ApiKeyService).issue({ plan: 'team' });
    return { baseUrl: `http://127.0.0.1:${port}`, key: issued.apiKey, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
