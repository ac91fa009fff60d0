import os, { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from './app-config';
import { CHAIN_KEYS, MAINNET_CHAIN_KEYS } from './chains';

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    const sut = loadConfig({});
    expect(sut).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redisUrl: undefined,
      scannerBasePath: '/scanner',
      logLevel: 'info',
      logFormat: 'json',
      metrics: { token: undefined, port: undefined },
      rpcUrls: {},
      devnetPort: 8545,
      version: '1.0.0',
    });
  });

  it('reads comma-separated RPC URLs per chain', () => {
    const sut = loadConfig({
      ETH_RPC_URL: 'https://a.example/v2/KEY, https://b.example',
      BSC_RPC_URL: 'wss://c.example',
    });
    expect(sut.rpcUrls).toEqual({ eth: ['https://a.example/v2/KEY', 'https://b.example'], bsc: ['wss://c.example'] });
  });

  it('reads one variable per mainnet chain of the chain table, `<KEY>_RPC_URL`, and none for the devnet', () => {
    const env = Object.fromEntries(
      [...MAINNET_CHAIN_KEYS, 'devnet'].map((key) => [`${key.toUpperCase()}_RPC_URL`, `https://${key}.example`]),
    );
    const sut = loadConfig(env);
    expect(sut.rpcUrls).toEqual(Object.fromEntries(MAINNET_CHAIN_KEYS.map((key) => [key, [`https://${key}.example`]])));
    expect(MAINNET_CHAIN_KEYS).toHaveLength(CHAIN_KEYS.length - 1);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['REDIS_URL', 'http://localhost'],
    ['SCANNER_BASE_PATH', 'scanner'],
    ['SCANNER_BASE_PATH', '/scanner/'],
    ['SCANNER_BASE_PATH', '/v1'],
    ['LOG_LEVEL', 'loud'],
    ['ETH_RPC_URL', 'not a url'],
    ['POLYGON_RPC_URL', 'ftp://node.example'],
    ['LOG_FORMAT', 'yaml'],
    ['ACCESS_LOG_SAMPLE', '1.5'],
    ['ACCESS_LOG_SAMPLE', 'half'],
    ['METRICS_PORT', '0'],
    ['METRICS_TOKEN', 'short'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(`${name}:`);
  });

  it('reads the metrics settings, refuses a metrics port equal to PORT, and never echoes a bad token', () => {
    expect(
      loadConfig({ METRICS_TOKEN: 'a-long-enough-token', METRICS_PORT: '9464', LOG_FORMAT: 'pretty' }),
    ).toMatchObject({
      metrics: { token: 'a-long-enough-token', port: 9464 },
      logFormat: 'pretty',
    });
    expect(() => loadConfig({ PORT: '9464', METRICS_PORT: '9464' })).toThrow('METRICS_PORT: must differ from PORT');
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it ok' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it ok' })).not.toThrow(/space in it/);
  });

  it('runs one API process per core unless told, without Redis; a worker is one process; 1 is one', () => {
    expect(loadConfig({}).jobs.apiProcesses).toBe(availableParallelism());
    expect(loadConfig({ API_PROCESSES: 'auto' }).jobs.apiProcesses).toBe(availableParallelism());
    expect(loadConfig({ API_PROCESSES: '1' }).jobs.apiProcesses).toBe(1);
    expect(loadConfig({ API_PROCESSES: '3' }).jobs.apiProcesses).toBe(3);
    expect(loadConfig({ API_PROCESSES: '3', REDIS_URL: 'redis://127.0.0.1:6379' }).jobs.apiProcesses).toBe(3);
    expect(loadConfig({ PROCESS_ROLE: 'worker' }).jobs.apiProcesses).toBe(1);
    expect(() => loadConfig({ API_PROCESSES: '2', PROCESS_ROLE: 'worker' })).toThrow(
      'API_PROCESSES: applies to PROCESS_ROLE all or api',
    );
    expect(() => loadConfig({ API_PROCESSES: '0' })).toThrow(/API_PROCESSES/);
  });

  it('auto on a machine with one core is one process', () => {
    const cores = jest.spyOn(os, 'availableParallelism').mockReturnValue(1);
    try {
      expect(loadConfig({}).jobs.apiProcesses).toBe(1);
      cores.mockReturnValue(4);
      expect(loadConfig({ API_PROCESSES: 'auto' }).jobs.apiProcesses).toBe(4);
    } finally {
      cores.mockRestore();
    }
  });

  it('reads extra LP lockers per chain, with a name and the UNCX V2 kind when given', () => {
    const sut = loadConfig({
      LP_LOCKERS:
        'eth:0x1111111111111111111111111111111111111111:Team Finance,bsc:0x2222222222222222222222222222222222222222:Pink:uncx_v2,eth:0x3333333333333333333333333333333333333333',
    });
    expect(sut.extraLockers).toEqual({
      eth: [
        { name: 'Team Finance', address: '0x1111111111111111111111111111111111111111', kind: 'balance_only' },
        { name: 'locker 0x33333333', address: '0x3333333333333333333333333333333333333333', kind: 'balance_only' },
      ],
      bsc: [{ name: 'Pink', address: '0x2222222222222222222222222222222222222222', kind: 'uncx_v2' }],
    });
    expect(loadConfig({}).extraLockers).toEqual({});
    expect(() => loadConfig({ LP_LOCKERS: 'solana:0x1111111111111111111111111111111111111111' })).toThrow(/LP_LOCKERS/);
    expect(() => loadConfig({ LP_LOCKERS: 'eth:0x1234' })).toThrow(/LP_LOCKERS/);
  });

  it('reads the retention settings: raw calls and stored reports at least a day, lineage databases 0 (never) or more', () => {
    expect(loadConfig({}).retention).toEqual({ apiCallsDays: 30, reportCacheDays: 30, devnetDatabaseDays: 7 });
    expect(
      loadConfig({
        API_CALLS_RETENTION_DAYS: '3',
        REPORT_CACHE_RETENTION_DAYS: '2',
        DEVNET_DATABASE_RETENTION_DAYS: '0',
      }).retention,
    ).toEqual({ apiCallsDays: 3, reportCacheDays: 2, devnetDatabaseDays: 0 });
    expect(() => loadConfig({ API_CALLS_RETENTION_DAYS: '0' })).toThrow(/API_CALLS_RETENTION_DAYS: .*\(got "0"\)/);
    expect(() => loadConfig({ REPORT_CACHE_RETENTION_DAYS: '1.5' })).toThrow(/REPORT_CACHE_RETENTION_DAYS/);
    expect(() => loadConfig({ DEVNET_DATABASE_RETENTION_DAYS: '-1' })).toThrow(/DEVNET_DATABASE_RETENTION_DAYS/);
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' })).toMatchObject({ databaseUrl: undefined, port: 3000 });
  });
});

describe('loadConfig error messages', () => {
  it('never echo a URL value, which may hold a password or an API key', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://admin:hunter2@db/x' })).toThrow(/^(?![\s\S]*hunter2)/);
  });
});
