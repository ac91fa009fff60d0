import { INestApplication, Type } from '@nestjs/common';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import type { DestinationStream } from 'pino';
import { createApp } from '../../src/app.factory';
import { AppConfig, Env, loadConfig } from '../../src/config/app-config';
import type { FastifyInstance } from 'fastify';
import { installDriftGate } from './drift-gate';
import { recordRoutes } from './routes';
import { createTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: INestApplication;
  http: TestAgent;
  config: AppConfig;
  db: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Env;
  extraModules?: Type[];
  /** Use this database instead of a fresh one (the suite owns it). */
  databaseUrl?: string;
  /** Receives every log line (set LOG_LEVEL in env to see them). */
  logStream?: DestinationStream;
}

/** Boots the real AppModule on a fresh migrated database, without listening on a port. */
export async function bootTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.databaseUrl
    ? { url: options.databaseUrl, name: '', drop: async () => undefined }
    : await createTestDatabase();
  // PROCESS_ROLE api: no job workers unless a suite asks for them (the queue then starts on a first job);
  // SCAN_DEADLINE_MS 0: whole reports, however loaded the machine, unless a suite tests the deadline.
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PROCESS_ROLE: 'api',
    SCAN_DEADLINE_MS: '0',
    ...options.env,
  });
  // Chain eth is the test devnet started by the global setup, unless the suite configures ETH_RPC_URL.
  const devnetRpcUrl = base.rpcUrls.eth ? undefined : process.env.TEST_DEVNET_RPC_URL;
  const config = base.with({ databaseUrl: db.url, devnetRpcUrl });
  const app = await createApp(config, { extraModules: options.extraModules, logStream: options.logStream });
  const driftGate = installDriftGate(app);
  recordRoutes(app);
  await app.init();
  await (app.getHttpAdapter().getInstance() as FastifyInstance).ready();
  const http = request(app.getHttpServer());
  driftGate.arm((await http.get('/v1/openapi.json').expect(200)).body);
  return {
    app,
    http,
    config,
    db,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
