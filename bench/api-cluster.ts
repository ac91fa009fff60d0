import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The built service (dist/src/main.js) with API_PROCESSES > 1, on the bench's database and devnet. */
export interface ApiCluster {
  base: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * Starts `processes` API processes sharing one port (node:cluster, the service's own primary) with
 * PROCESS_ROLE=api, on `databaseUrl`, reusing the devnet on `devnetPort` (its data in `dataDir`), with
 * Redis for the shared rate limits when `redisUrl` is given (else the primary holds them); resolves once
 * /health answers.
 */
export async function startApiCluster(options: {
  processes: number;
  databaseUrl: string;
  devnetPort: number;
  dataDir: string;
  redisUrl?: string;
  env: Record<string, string>;
}): Promise<ApiCluster> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, '../src/main.js')], {
    env: {
      ...process.env,
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_PROCESSES: String(options.processes),
      PROCESS_ROLE: 'api',
      DATABASE_URL: options.databaseUrl,
      DEVNET_PORT: String(options.devnetPort),
      DATA_DIR: options.dataDir,
      ...(options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_KEY_PREFIX: `bench${process.pid}:` } : {}),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit');
  await untilAnswers(child, `${base}/health`, 'the API cluster');
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resolves once `url` answers 2xx (polled every 100 ms, for up to 60 s); throws if `child` exits first. */
export async function untilAnswers(child: ChildProcess, url: string, what: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (tries > 600) throw new Error(`${what} did not answer ${url} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
