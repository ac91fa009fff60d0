/**
 * What a restart keeps (issue 12 item 6). A persisting devnet saves its chain on a graceful stop and
 * resumes it; a crash rewinds it to the built world under a new lineage, and on the embedded defaults the
 * new lineage gets a fresh database, so nothing recorded against the lost chain (used payment tx hashes,
 * keys) contradicts the chain. Real anvil and real embedded PostgreSQL, each in a data dir of this suite's
 * own (the built world is copied from the global setup's .data, so nothing is rebuilt).
 */
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import request from 'supertest';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { readManifest, startDevnet } from '../devnet';
import { projectRoot } from '../devnet/paths';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../src/app.factory';
import { prepareRuntime, type Runtime } from '../src/bootstrap';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { freePort } from './support/devnet-chain';
import type { TestApp } from './support/test-app';
import { walletProof } from './support/wallet-proof';

const manifest = readManifest();
const payer = privateKeyToAccount(manifest.wallets.find((w) => w.roles.includes('payer'))!.privateKey as `0x${string}`);
const chain = {
  id: manifest.chainId,
  name: 'devnet',
  nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] as string[] } },
};
const client = (rpcUrl: string) => createPublicClient({ transport: http(rpcUrl), pollingInterval: 50 });

/** USDC from the payer to the treasury: a plan payment when the amount is a plan's price. */
async function pay(rpcUrl: string, amount: string): Promise<Hash> {
  const wallet = createWalletClient({ account: payer, chain, transport: http(rpcUrl) });
  const hash = await wallet.writeContract({
    address: manifest.contracts.USDC,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [manifest.treasury, parseUnits(amount, 6)],
  });
  expect((await client(rpcUrl).waitForTransactionReceipt({ hash })).status).toBe('success');
  return hash;
}

/**
 * A data dir with the built world of the global setup, and its compiled contracts (the source provider
 * would otherwise compile them all, blocking the event loop for seconds). Postgres must reach it: 0755.
 */
function dataDirWithBuiltWorld(): { dir: string; live: string; open: string } {
  const dir = mkdtempSync(join(tmpdir(), 'devnet-state-'));
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'devnet'));
  copyFileSync(join(projectRoot(), '.data', 'devnet', 'state.json'), join(dir, 'devnet', 'state.json'));
  symlinkSync(join(projectRoot(), '.data', 'contracts-cache'), join(dir, 'contracts-cache'));
  return { dir, live: join(dir, 'devnet', 'live.json'), open: join(dir, 'devnet', 'open') };
}

/** What a crash leaves: anvil gone without a save, the session marker in place. */
function killAnvil(openMarker: string): void {
  const { anvilPid } = JSON.parse(readFileSync(openMarker, 'utf8')) as { anvilPid: number };
  process.kill(anvilPid, 'SIGKILL');
}

describe('Devnet state across restarts (startDevnet with persist)', () => {
  let files: ReturnType<typeof dataDirWithBuiltWorld>;
  beforeAll(() => (files = dataDirWithBuiltWorld()));
  afterAll(() => rmSync(files.dir, { recursive: true, force: true }));

  it('a graceful stop saves the chain; the next start resumes it with the same lineage, not rewound', async () => {
    const port = await freePort();
    const first = await startDevnet({ port, dataDir: files.dir, persist: true });
    expect({ mode: first.mode, lineage: first.lineage, open: existsSync(files.open) }).toEqual({
      mode: 'loaded',
      lineage: expect.stringMatching(/^[0-9a-f]{8}$/),
      open: true,
    });
    const hash = await pay(first.rpcUrl, '1');
    const head = await client(first.rpcUrl).getBlockNumber();
    expect(head).toBeGreaterThan(BigInt(manifest.history.toBlock));
    await first.stop();
    expect({ open: existsSync(files.open), live: existsSync(files.live) }).toEqual({ open: false, live: true });

    const second = await startDevnet({ port, dataDir: files.dir, persist: true });
    try {
      expect({ mode: second.mode, lineage: second.lineage, previousLineage: second.previousLineage }).toEqual({
        mode: 'resumed',
        lineage: first.lineage,
        previousLineage: undefined,
      });
      expect(await client(second.rpcUrl).getBlockNumber()).toBe(head);
      expect(await client(second.rpcUrl).getTransactionReceipt({ hash })).toMatchObject({
        status: 'success',
        blockNumber: head,
      });
      // A second process on the same port shares the node and learns its lineage from the session marker.
      const shared = await startDevnet({ port, dataDir: files.dir });
      expect({ mode: shared.mode, lineage: shared.lineage }).toEqual({ mode: 'reused', lineage: first.lineage });
    } finally {
      await second.stop();
    }
  });

  it('after a crash (anvil killed, the open marker left) the next start rewinds to the built world under a new lineage', async () => {
    const port = await freePort();
    const crashed = await startDevnet({ port, dataDir: files.dir, persist: true });
    const hash = await pay(crashed.rpcUrl, '1');
    killAnvil(files.open);
    await crashed.stop(); // anvil is gone: nothing can be saved, so the marker stays
    expect(existsSync(files.open)).toBe(true);

    const next = await startDevnet({ port, dataDir: files.dir, persist: true });
    try {
      expect({ mode: next.mode, previousLineage: next.previousLineage }).toEqual({
        mode: 'loaded',
        previousLineage: crashed.lineage,
      });
      expect(next.lineage).toMatch(/^[0-9a-f]{8}$/);
      expect(next.lineage).not.toBe(crashed.lineage);
      expect(await client(next.rpcUrl).getBlockNumber()).toBe(BigInt(manifest.history.toBlock));
      await expect(client(next.rpcUrl).getTransactionReceipt({ hash })).rejects.toThrow(/could not be found/);
      expect(JSON.parse(readFileSync(files.open, 'utf8'))).toMatchObject({ lineage: next.lineage, port });
    } finally {
      await next.stop();
    }
    expect(existsSync(files.open)).toBe(false);
  });
});

describe('Embedded defaults: the database follows the chain lineage (prepareRuntime)', () => {
  let files: ReturnType<typeof dataDirWithBuiltWorld>;
  const logged: Array<Record<string, unknown>> = [];
  const log = pino(
    { level: 'info' },
    { write: (line: string) => logged.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const open: Array<{ close(): Promise<void> }> = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    files = dataDirWithBuiltWorld();
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: files.dir,
      // A port the OS says is free now, not a fixed one: a fixed port in the ephemeral range can be a client socket's at that moment.
      EMBEDDED_PG_PORT: process.env.TEST_STATE_PG_PORT ?? String(await freePort()),
      DEVNET_PORT: String(await freePort()),
      SIWE_DOMAIN: 'api.test.local',
    };
  });
  afterAll(async () => {
    for (const part of open.reverse()) await part.close().catch(() => undefined);
    rmSync(files.dir, { recursive: true, force: true });
  });

  /** Each part closes once, by the test or (when it failed half-way) by afterAll. */
  const once = (fn: () => Promise<void>) => {
    let done: Promise<void> | undefined;
    return () => (done ??= fn());
  };
  const start = async (extra: Record<string, string> = {}): Promise<Runtime> => {
    const runtime = await prepareRuntime(loadConfig({ ...env, ...extra }), log);
    const stop = once(runtime.stop);
    open.push({ close: stop });
    return { ...runtime, stop };
  };
  const serve = async (config: AppConfig): Promise<Pick<TestApp, 'http'> & { close(): Promise<void> }> => {
    const app = await createApp(config);
    await app.init();
    await (app.getHttpAdapter().getInstance() as FastifyInstance).ready();
    const close = once(() => app.close());
    open.push({ close });
    return { http: request(app.getHttpServer()), close };
  };
  const purchase = async (t: Pick<TestApp, 'http'>, hash: Hash) =>
    t.http
      .post('/scanner/api/v1/purchase-plan')
      .set(await walletProof(t as TestApp, payer))
      .send({ wallet: payer.address, plan: 'pro', transaction_hash: hash, chain: 'eth' });
  const dbName = (config: AppConfig) => new URL(config.databaseUrl!).pathname.slice(1);

  it('a restart keeps chain and records; after a crash the repeated payment buys a plan in a fresh database', async () => {
    const first = await start();
    const lineage1 = first.config.devnetState!.lineage;
    expect(first.config.devnetState).toEqual({ lineage: expect.stringMatching(/^[0-9a-f]{8}$/), consistent: true });
    expect(dbName(first.config)).toBe(`token_analysis_${lineage1}`);
    let t = await serve(first.config);
    const paid = await pay(first.config.devnetRpcUrl!, '199');
    const bought = await purchase(t, paid);
    expect(bought.status).toBe(201);
    const key = bought.body.api_key as string;
    await t.close();
    await first.stop();

    // Graceful restart: same chain, same database; the key works and the payment stays used.
    const second = await start();
    expect({ lineage: second.config.devnetState?.lineage, database: dbName(second.config) }).toEqual({
      lineage: lineage1,
      database: dbName(first.config),
    });
    t = await serve(second.config);
    await t.http.get('/scanner/api/v1/user/stats').set('Authorization', `Bearer ${key}`).expect(200);
    expect((await purchase(t, paid)).status).toBe(409);
    expect(await client(second.config.devnetRpcUrl!).getTransactionReceipt({ hash: paid })).toMatchObject({
      status: 'success',
    });
    killAnvil(files.open);
    await t.close();
    await second.stop();

    // After the crash the chain is the built world again and the same payment is the same transaction.
    const third = await start();
    const lineage3 = third.config.devnetState!.lineage;
    expect(lineage3).not.toBe(lineage1);
    expect(dbName(third.config)).toBe(`token_analysis_${lineage3}`);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 40,
        database: `token_analysis_${lineage3}`,
        leftBehind: `token_analysis_${lineage1}`,
      }),
    );
    const repeated = await pay(third.config.devnetRpcUrl!, '199');
    expect(repeated).toBe(paid);

    // The issue: against the database of the lost chain that payment is refused as already used…
    const stale = await serve(third.config.with({ databaseUrl: second.config.databaseUrl }));
    const refused = await purchase(stale, repeated);
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 409,
      message: expect.stringMatching(/^This payment was already used/),
    });
    await stale.close();
    // …and in the lineage's own database it buys the plan.
    t = await serve(third.config);
    expect((await purchase(t, repeated)).status).toBe(201);
    const health = await t.http.get('/health').expect(200);
    expect(health.body).toMatchObject({
      status: 'healthy',
      components: { devnet: { lineage: lineage3, consistent: true } },
    });
    await t.close();

    // A database given by DATABASE_URL that outlived the rewind: reported on /health, not fatal.
    const given = await start({ DATABASE_URL: second.config.databaseUrl! });
    expect(given.config.devnetState).toEqual({
      lineage: lineage3,
      consistent: false,
      reason: expect.stringContaining(`lineage ${lineage1}`),
    });
    t = await serve(given.config);
    const mismatch = await t.http.get('/health').expect(200);
    expect(mismatch.body).toMatchObject({
      status: 'degraded',
      components: { devnet: { lineage: lineage3, consistent: false, reason: expect.any(String) } },
    });
    await t.close();
    await given.stop();
    await third.stop();
  });
});
