import { z } from 'zod';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { projectRoot } from '../common/project-root';
import {
  CHAIN_KEYS,
  MAINNET_CHAIN_KEYS,
  rpcEnvVarOf,
  type ChainKey,
  type MainnetChainKey,
  type RpcEnvVar,
} from './chains';

export { CHAIN_KEYS, type ChainKey } from './chains';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

const rpcUrlList = z
  .string()
  .transform((raw) =>
    raw
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(z.url({ protocol: /^(https?|wss?)$/, error: 'must be http(s) or ws(s) URLs, comma-separated' })).min(1),
  );

/** `ETH_RPC_URL`, `BSC_RPC_URL`, …: one per mainnet chain of the chain table. */
const rpcUrlVars = Object.fromEntries(
  MAINNET_CHAIN_KEYS.map((key) => [rpcEnvVarOf(key), rpcUrlList.optional()]),
) as Record<RpcEnvVar, z.ZodOptional<typeof rpcUrlList>>;

const port = z.coerce.number().int().min(1).max(65535);
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** What a process runs: the HTTP API and the job workers (`all`, `npm start`), or one of them. */
export const PROCESS_ROLES = ['all', 'api', 'worker'] as const;
export type ProcessRole = (typeof PROCESS_ROLES)[number];

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgresql:// URL' }).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    EMBEDDED_PG_PORT: port.default(54329),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,40}$/, 'letters, digits, and _ : . - only')
      .default('tas:'),
    SCANNER_BASE_PATH: z
      .string()
      .regex(/^\/[a-z0-9][a-z0-9-/]*[a-z0-9]$/i, 'must start with "/" and not end with "/", e.g. /scanner')
      .refine((p) => !['/api', '/v1', '/health', '/docs'].includes(p), 'must not collide with another surface')
      .default('/scanner'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    LOG_FORMAT: z.enum(LOG_FORMATS).default('json'),
    ACCESS_LOG_SAMPLE: z.coerce.number().min(0).max(1).default(1),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, 'must be 16 to 256 visible ASCII characters, no spaces')
      .optional(),
    METRICS_PORT: port.optional(),
    ...rpcUrlVars,
    DEVNET_PORT: port.default(8545),
    RPC_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    CREATOR_LOOKUP_BUDGET: z.coerce.number().int().min(0).max(256).default(40),
    LP_LOCKERS: z
      .string()
      .regex(
        lockerListPattern(),
        'must look like chain:0xaddress[:name][:uncx_v2],… with a known chain key, e.g. eth:0x663A5C229c09b049E36dCc11a9B0d4a8Eb9db214:UNCX V2:uncx_v2',
      )
      .optional(),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    HEALTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    WATCH_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
    SCANNER_GLOBAL_RPM: z.coerce.number().int().min(1).default(300),
    SCANNER_MAX_CONCURRENT: z.coerce.number().int().min(1).default(50),
    LOW_CLASS_RPM: z.coerce.number().int().min(1).default(30),
    KEY_ISSUES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
    TREASURY_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
      .optional(),
    PAYMENT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).optional(),
    UPSTREAM_LIMITS: z
      .string()
      .regex(
        /^([a-z_]+=\d+\/\d+(\/\d+)?)(,[a-z_]+=\d+\/\d+(\/\d+)?)*$/,
        'must look like kind=rps/burst[/daily],… e.g. audit_provider=4/8/100000',
      )
      .optional(),
    LLM_BASE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL, e.g. http://127.0.0.1:11434/v1' })
      .optional(),
    LLM_API_KEY: z.string().min(1).optional(),
    LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
    LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    X_BEARER_TOKEN: z.string().min(1).optional(),
    X_API_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default('https://api.x.com'),
    EXPLORER_API_KEY: z.string().min(1).optional(),
    EXPLORER_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    STAKING_CHAIN: z.enum(CHAIN_KEYS).default('eth'),
    STAKING_VAULT_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
      .optional(),
    SERVICE_TOKEN_ADDRESS: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte address')
      .optional(),
    SIWE_DOMAIN: z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be a host[:port], e.g. api.example.com')
      .optional(),
    PROCESS_ROLE: z.enum(PROCESS_ROLES).default('all'),
    API_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default('auto'),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(300),
    JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(3),
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
    SCAN_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(2_500),
    WEBHOOK_ALLOW_PRIVATE: flag.default(false),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
    WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(6),
    API_CALLS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
    REPORT_CACHE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
    DEVNET_DATABASE_RETENTION_DAYS: z.coerce.number().int().min(0).max(3_650).default(7),
  })
  .refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT !== e.PORT, {
    path: ['METRICS_PORT'],
    message: 'must differ from PORT',
  })
  // `auto` is one per core for HTTP; a worker has none, so it stays one process.
  .refine((e) => e.API_PROCESSES === 1 || e.API_PROCESSES === 'auto' || e.PROCESS_ROLE !== 'worker', {
    path: ['API_PROCESSES'],
    message: 'applies to PROCESS_ROLE all or api (a worker serves no HTTP)',
  });

export type Env = Record<string, string | undefined>;

/** Typed, validated configuration. Only this folder reads `process.env`. */
export class AppConfig {
  readonly env!: 'development' | 'production' | 'test';
  readonly version!: string;
  readonly port!: number;
  readonly host!: string;
  /** Unset means: start the embedded PostgreSQL in `dataDir`. */
  readonly databaseUrl?: string;
  readonly dataDir!: string;
  readonly embeddedPostgresPort!: number;
  readonly redisUrl?: string;
  /** Namespace of every Redis key, so deployments (and test runs) sharing a Redis stay apart. */
  readonly redisKeyPrefix!: string;
  readonly scannerBasePath!: string;
  readonly logLevel!: LogLevel;
  /** JSON lines (for collectors), or human-readable lines for a terminal. */
  readonly logFormat!: LogFormat;
  /** The share of answered requests (below 400) given an access line; 4xx and 5xx always get one. */
  readonly accessLogSample!: number;
  /**
   * /metrics: with `token`, callers must send it as a Bearer token; with `port`, it is served on that
   * port only (not on PORT). Neither: served on PORT to loopback clients only.
   */
  readonly metrics!: { token?: string; port?: number };
  readonly rpcTimeoutMs!: number;
  /** Most eth_getCode calls one creator lookup may make (binary search over history); 0 = explorer only. */
  readonly creatorLookupBudget!: number;
  /** LP lockers beyond the built-in ones, per chain (LP_LOCKERS). */
  readonly extraLockers!: Partial<Record<ChainKey, ConfiguredLocker[]>>;
  /** Bounds on every database use: getting a connection, and one statement (server and client side). */
  readonly db!: { connectTimeoutMs: number; statementTimeoutMs: number };
  readonly shutdownTimeoutMs!: number;
  /** RPC URLs per chain, from `<CHAIN>_RPC_URL`; a chain without URLs is not configured. */
  readonly rpcUrls!: Partial<Record<ChainKey, string[]>>;
  readonly devnetPort!: number;
  readonly limits!: {
    /** Surface B, all users together (spec: 300/min, 50 concurrent). */
    scannerGlobalPerMinute: number;
    scannerMaxConcurrent: number;
    /** Surface B's Low class (user endpoints), per key or per caller. */
    lowClassPerMinute: number;
    /** Key issuing without a key (request-key, generate-test-key), per client IP. */
    keyIssuesPerIpPerHour: number;
  };
  /** Where plan payments go on real chains (the devnet's treasury comes from its manifest). */
  readonly treasuryAddress?: string;
  /** Blocks a payment must be deep; unset = 12 on real chains, 1 on the devnet. */
  readonly paymentConfirmations?: number;
  /** OpenAI-compatible endpoint; unset = the built-in analyst writes research and chat. */
  readonly llm!: { baseUrl?: string; apiKey?: string; model: string; timeoutMs: number };
  /** X API v2 for social data on real chains (the devnet has its own post set). */
  readonly x!: { bearerToken?: string; apiBaseUrl: string };
  /** Etherscan-compatible explorer for source verification on real chains. */
  readonly explorer!: { apiKey?: string; baseUrl?: string };
  /** Surface C's stake-based tiers on real chains (the devnet's vault comes from its manifest). */
  readonly staking!: { chain: ChainKey; vault?: string; serviceToken?: string };
  /** Overrides of the upstream buckets: kind → { rps, burst, daily }. */
  readonly upstreamLimits!: Record<string, { rps: number; burst: number; daily?: number }>;
  /** Scan jobs (pg-boss on the same PostgreSQL): this process's role and the workers' settings. */
  readonly jobs!: {
    role: ProcessRole;
    /** HTTP processes sharing the port (node:cluster); 1 = this process alone. */
    apiProcesses: number;
    concurrency: number;
    timeoutSeconds: number;
    retryLimit: number;
    maintenanceSeconds: number;
    pollSeconds: number;
    /** A synchronous scan answers within this (0 = waits for everything); later sections come back pending with a job. */
    scanDeadlineMs: number;
  };
  /** Webhook deliveries of finished jobs. `allowPrivate`: callback URLs may resolve to private or loopback addresses. */
  readonly webhooks!: { allowPrivate: boolean; timeoutMs: number; retryLimit: number };
  /**
   * How long data is kept (run by the worker role's scheduled housekeeping jobs): raw calls by UTC day
   * (the daily rollups stay), stored reports, and the embedded server's databases of abandoned devnet
   * lineages once the current lineage is that old (0 = never dropped).
   */
  readonly retention!: { apiCallsDays: number; reportCacheDays: number; devnetDatabaseDays: number };
  /** Set at boot when the service started the embedded PostgreSQL (no DATABASE_URL). */
  readonly embeddedDatabase?: boolean;
  /** Host[:port] that wallet-proof messages must name; unset = the request's Host header. */
  readonly siweDomain?: string;
  /**
   * Set at boot when the embedded devnet runs (no ETH_RPC_URL): the devnet is then served as chain
   * `devnet` and as `eth`.
   */
  readonly devnetRpcUrl?: string;
  /** How long `/health` serves its last check of the components (database, Redis, chains, providers); 0 = checks on every request. */
  readonly healthCacheMs!: number;
  /** How often the watcher (worker role) asks each chain with watches for its next block; 0 = no watcher here. */
  readonly watchPollMs!: number;
  /** Set at boot when the embedded devnet's lineage is known: whether the database's records belong to its chain. */
  readonly devnetState?: DevnetState;

  constructor(values: AppConfig) {
    Object.assign(this, values);
  }

  /** Copy with some values replaced (tests, and the boot sequence once embedded parts are up). */
  with(overrides: Partial<AppConfig>): AppConfig {
    return new AppConfig({ ...this, ...overrides });
  }
}

/** The embedded devnet's chain lineage and whether the database was recorded against it (src/devnet-binding.ts). */
export interface DevnetState {
  lineage: string;
  consistent: boolean;
  /** Why not, when not consistent. */
  reason?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Env = process.env): AppConfig {
  const blanked = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = envSchema.safeParse(blanked);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        // URLs carry credentials (database passwords, RPC API keys), as do tokens and keys: never echo them.
        const got = /(_URL|_TOKEN|_KEY)$/.test(name) ? '' : ` (got ${JSON.stringify(blanked[name] ?? null)})`;
        return `${name}: ${issue.message}${got}`;
      }),
    );
  }
  const e = parsed.data;
  return new AppConfig({
    env: e.NODE_ENV,
    version: packageVersion(),
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    embeddedPostgresPort: e.EMBEDDED_PG_PORT,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    scannerBasePath: e.SCANNER_BASE_PATH,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    accessLogSample: e.ACCESS_LOG_SAMPLE,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    rpcTimeoutMs: e.RPC_TIMEOUT_MS,
    creatorLookupBudget: e.CREATOR_LOOKUP_BUDGET,
    extraLockers: parseLockers(e.LP_LOCKERS),
    db: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    healthCacheMs: e.HEALTH_CACHE_MS,
    watchPollMs: e.WATCH_POLL_MS,
    devnetPort: e.DEVNET_PORT,
    limits: {
      scannerGlobalPerMinute: e.SCANNER_GLOBAL_RPM,
      scannerMaxConcurrent: e.SCANNER_MAX_CONCURRENT,
      lowClassPerMinute: e.LOW_CLASS_RPM,
      keyIssuesPerIpPerHour: e.KEY_ISSUES_PER_IP_PER_HOUR,
    },
    siweDomain: e.SIWE_DOMAIN,
    jobs: {
      role: e.PROCESS_ROLE,
      apiProcesses:
        e.API_PROCESSES !== 'auto' ? e.API_PROCESSES : e.PROCESS_ROLE === 'worker' ? 1 : availableParallelism(),
      concurrency: e.WORKER_CONCURRENCY,
      timeoutSeconds: e.JOB_TIMEOUT_SECONDS,
      retryLimit: e.JOB_RETRY_LIMIT,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      pollSeconds: e.JOB_POLL_SECONDS,
      scanDeadlineMs: e.SCAN_DEADLINE_MS,
    },
    retention: {
      apiCallsDays: e.API_CALLS_RETENTION_DAYS,
      reportCacheDays: e.REPORT_CACHE_RETENTION_DAYS,
      devnetDatabaseDays: e.DEVNET_DATABASE_RETENTION_DAYS,
    },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
    },
    treasuryAddress: e.TREASURY_ADDRESS,
    upstreamLimits: parseUpstreamLimits(e.UPSTREAM_LIMITS),
    llm: { baseUrl: e.LLM_BASE_URL, apiKey: e.LLM_API_KEY, model: e.LLM_MODEL, timeoutMs: e.LLM_TIMEOUT_MS },
    x: { bearerToken: e.X_BEARER_TOKEN, apiBaseUrl: e.X_API_BASE_URL },
    explorer: { apiKey: e.EXPLORER_API_KEY, baseUrl: e.EXPLORER_BASE_URL },
    staking: { chain: e.STAKING_CHAIN, vault: e.STAKING_VAULT_ADDRESS, serviceToken: e.SERVICE_TOKEN_ADDRESS },
    paymentConfirmations: e.PAYMENT_CONFIRMATIONS,
    rpcUrls: dropUndefined(
      Object.fromEntries(MAINNET_CHAIN_KEYS.map((key) => [key, e[rpcEnvVarOf(key)]])) as Record<
        MainnetChainKey,
        string[] | undefined
      >,
    ),
  } as AppConfig);
}

function parseUpstreamLimits(raw: string | undefined): AppConfig['upstreamLimits'] {
  const out: AppConfig['upstreamLimits'] = {};
  for (const entry of raw ? raw.split(',') : []) {
    const [kind, spec] = entry.split('=');
    const [rps, burst, daily] = spec.split('/').map(Number);
    out[kind] = { rps, burst: Math.max(burst, rps), daily };
  }
  return out;
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

let cachedVersion: string | undefined;
function packageVersion(): string {
  cachedVersion ??= (JSON.parse(readFileSync(join(projectRoot(), 'package.json'), 'utf8')) as { version: string })
    .version;
  return cachedVersion;
}

/** An LP locker named in LP_LOCKERS; `uncx_v2` ones also tell their unlock dates. */
export interface ConfiguredLocker {
  name: string;
  address: string;
  kind: 'uncx_v2' | 'balance_only';
}

function lockerListPattern(): RegExp {
  const entry = `(${CHAIN_KEYS.join('|')}):0x[0-9a-fA-F]{40}(:[^,:]+)?(:uncx_v2)?`;
  return new RegExp(`^${entry}(,${entry})*$`);
}

/** LP_LOCKERS, already checked against lockerListPattern(). */
function parseLockers(value: string | undefined): Partial<Record<ChainKey, ConfiguredLocker[]>> {
  const out: Partial<Record<ChainKey, ConfiguredLocker[]>> = {};
  for (const entry of value ? value.split(',') : []) {
    const [chain, address, ...rest] = entry.split(':');
    const kind = rest[rest.length - 1] === 'uncx_v2' ? 'uncx_v2' : 'balance_only';
    const name = (kind === 'uncx_v2' ? rest.slice(0, -1) : rest)[0] ?? `locker ${address.slice(0, 10)}`;
    (out[chain as ChainKey] ??= []).push({ name, address, kind });
  }
  return out;
}
